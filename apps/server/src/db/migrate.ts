import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration as KyselyMigration } from 'kysely/migration';
import type { Db, DialectName } from './connect';
import type { Executor } from './executor';
import * as m001 from './migrations/001_init';
import * as m002 from './migrations/002_package_series';
import * as m003 from './migrations/003_commerce';
import * as m004 from './migrations/004_real_name';
import * as m005 from './migrations/005_refunds';
import * as m006 from './migrations/006_service_hours_and_address';
import * as m007 from './migrations/007_card_nicknames';
import * as m008 from './migrations/008_devices';
import * as m009 from './migrations/009_package_upgrades';
import * as m010 from './migrations/010_diagnoses';
import * as m011 from './migrations/011_alerts_and_jobs';
import * as m012 from './migrations/012_sms_code_subject';
import * as m013 from './migrations/013_tickets_and_agent_applications';
import * as m014 from './migrations/014_operators_and_audit';
import * as m015 from './migrations/015_membership_and_invites';
import * as m016 from './migrations/016_shop_and_binding_tokens';
import * as m017 from './migrations/017_admin_cards';
import * as m018 from './migrations/018_admin_catalogue';
import * as m019 from './migrations/019_admin_money';
import * as m020 from './migrations/020_order_member_discount';
import * as m021 from './migrations/021_bulk_jobs_in_background';
import * as m022 from './migrations/022_card_password_handouts';
import * as m024 from './migrations/024_line_read_model';
import * as m025 from './migrations/025_carrier_accounts';
import * as m026 from './migrations/026_acs_tasks';
import * as m027 from './migrations/027_job_last_success';
import * as m028 from './migrations/028_chat_messages';
import * as m029 from './migrations/029_agent_commissions';
import * as m030 from './migrations/030_error_reports';
import * as m031 from './migrations/031_carrier_sync_order';
import * as m032 from './migrations/032_alerts_in_messaging_app';
import * as m033 from './migrations/033_payee_confirmation';
import * as m034 from './migrations/034_firmware';
import * as m035 from './migrations/035_admin_request_keys';
import * as m036 from './migrations/036_card_identifiers';
import * as m037 from './migrations/037_holder_account';
import * as m038 from './migrations/038_refunds_and_invoices';
import * as m039 from './migrations/039_holder_addresses';
import * as m040 from './migrations/040_write_limits_and_approvals';
import * as m041 from './migrations/041_two_people';
import * as m042 from './migrations/042_error_report_sources';
import * as m043 from './migrations/043_refund_limit';
import * as m044 from './migrations/044_carrier_base_paths';
import * as m045 from './migrations/045_acs_task_parameters';
import * as m046 from './migrations/046_carrier_fleet';
import * as m047 from './migrations/047_agents_in_levels';
import * as m048 from './migrations/048_firmware_push_image';

interface Migration {
  name: string;
  up(db: Kysely<any>, dialect: DialectName): Promise<void>;
}

// Ordered list; append only. Run by Kysely's Migrator (docs/decisions/0017): each once, in a
// transaction, recorded in kysely_migration, under the migrator's lock.
const MIGRATIONS: Migration[] = [
  { name: '001_init', up: m001.up },
  { name: '002_package_series', up: m002.up },
  { name: '003_commerce', up: m003.up },
  { name: '004_real_name', up: m004.up },
  { name: '005_refunds', up: m005.up },
  { name: '006_service_hours_and_address', up: m006.up },
  { name: '007_card_nicknames', up: m007.up },
  { name: '008_devices', up: m008.up },
  { name: '009_package_upgrades', up: m009.up },
  { name: '010_diagnoses', up: m010.up },
  { name: '011_alerts_and_jobs', up: m011.up },
  { name: '012_sms_code_subject', up: m012.up },
  { name: '013_tickets_and_agent_applications', up: m013.up },
  { name: '014_operators_and_audit', up: m014.up },
  { name: '015_membership_and_invites', up: m015.up },
  { name: '016_shop_and_binding_tokens', up: m016.up },
  { name: '017_admin_cards', up: m017.up },
  { name: '018_admin_catalogue', up: m018.up },
  { name: '019_admin_money', up: m019.up },
  { name: '020_order_member_discount', up: m020.up },
  { name: '021_bulk_jobs_in_background', up: m021.up },
  { name: '022_card_password_handouts', up: m022.up },
  { name: '024_line_read_model', up: m024.up },
  { name: '025_carrier_accounts', up: m025.up },
  { name: '026_acs_tasks', up: m026.up },
  { name: '027_job_last_success', up: m027.up },
  { name: '028_chat_messages', up: m028.up },
  { name: '029_agent_commissions', up: m029.up },
  { name: '030_error_reports', up: m030.up },
  { name: '031_carrier_sync_order', up: m031.up },
  { name: '032_alerts_in_messaging_app', up: m032.up },
  { name: '033_payee_confirmation', up: m033.up },
  { name: '034_firmware', up: m034.up },
  { name: '035_admin_request_keys', up: m035.up },
  { name: '036_card_identifiers', up: m036.up },
  { name: '037_holder_account', up: m037.up },
  { name: '038_refunds_and_invoices', up: m038.up },
  { name: '039_holder_addresses', up: m039.up },
  { name: '040_write_limits_and_approvals', up: m040.up },
  { name: '041_two_people', up: m041.up },
  { name: '042_error_report_sources', up: m042.up },
  { name: '043_refund_limit', up: m043.up },
  { name: '044_carrier_base_paths', up: m044.up },
  { name: '045_acs_task_parameters', up: m045.up },
  { name: '046_carrier_fleet', up: m046.up },
  { name: '047_agents_in_levels', up: m047.up },
  { name: '048_firmware_push_image', up: m048.up },
];

/** The table the hand-written runner kept before 0017; read once, then dropped. */
const LEGACY_TABLE = 'schema_migrations';
const MIGRATION_TABLE = 'kysely_migration';
/** PostgreSQL advisory lock key of the one-time move out of the legacy table */
const LEGACY_LOCK = 724001;

/**
 * Brings the database up to the newest migration; returns the names applied now. Safe when several
 * processes start together: Kysely's Migrator takes its lock (PostgreSQL: an advisory lock held by
 * the migrations' transaction; SQLite: the transaction's write lock, connect.ts begins IMMEDIATE),
 * so one process migrates and the others then find nothing left to do.
 */
export async function migrate(db: Db): Promise<string[]> {
  const k = db.kysely as unknown as Kysely<any>;
  await adoptLegacyRecord(db);
  const migrations: Record<string, KyselyMigration> = {};
  for (const m of MIGRATIONS) migrations[m.name] = { up: (trx) => m.up(trx, db.dialect) };
  const migrator = new Migrator({
    db: k,
    provider: { getMigrations: async () => migrations },
    migrationTableName: MIGRATION_TABLE,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${String(error)}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * A database migrated by the hand-written runner recorded its migrations in schema_migrations.
 * Their names and times move, once, into the Migrator's table (same names: the Migrator then
 * skips them), and the old table goes — in one transaction under a lock, so two processes
 * upgrading together move the rows once.
 */
async function adoptLegacyRecord(db: Db): Promise<void> {
  if (!(await tableExists(db, LEGACY_TABLE))) return;
  await db.kysely.transaction().execute(async (trx) => {
    if (db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${sql.lit(LEGACY_LOCK)})`.execute(trx);
    if (!(await tableExists(db, LEGACY_TABLE, trx))) return; // another process moved it
    // the Migrator's own table, as it would create it (kysely/migration/migrator.js)
    await trx.schema
      .createTable(MIGRATION_TABLE)
      .ifNotExists()
      .addColumn('name', 'varchar(255)', (c) => c.notNull().primaryKey())
      .addColumn('timestamp', 'varchar(255)', (c) => c.notNull())
      .execute();
    await sql`insert into ${sql.table(MIGRATION_TABLE)} (name, timestamp)
      select name, applied_at from ${sql.table(LEGACY_TABLE)} where name not in (select name from ${sql.table(MIGRATION_TABLE)})`.execute(
      trx,
    );
    await trx.schema.dropTable(LEGACY_TABLE).execute();
  });
}

async function tableExists(db: Db, name: string, on: Executor = db.kysely): Promise<boolean> {
  const res =
    db.dialect === 'postgres'
      ? await sql<{
          n: number;
        }>`select count(*) as n from information_schema.tables where table_schema = current_schema() and table_name = ${name}`.execute(on)
      : await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = ${name}`.execute(on);
  return Number(res.rows[0]?.n ?? 0) > 0;
}

/** The migrations' names, in order (tests). */
export function migrationNames(): string[] {
  return MIGRATIONS.map((m) => m.name);
}
