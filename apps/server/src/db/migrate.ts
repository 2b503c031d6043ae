import { sql, type Kysely } from 'kysely';
import type { Db, DialectName } from './connect';
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

interface Migration {
  name: string;
  up(db: Kysely<any>, dialect: DialectName): Promise<void>;
}

// Ordered list; append only. Each runs once, in a transaction, recorded in schema_migrations.
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
];

export async function migrate(db: Db): Promise<string[]> {
  const k = db.kysely as unknown as Kysely<any>;
  await k.schema
    .createTable('schema_migrations')
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .execute();
  const applied: string[] = [];
  for (const m of MIGRATIONS) {
    const done = await k.selectFrom('schema_migrations').select('name').where('name', '=', m.name).executeTakeFirst();
    if (done) continue;
    await k.transaction().execute(async (trx) => {
      // Several processes may start together on PostgreSQL: serialize migrations.
      if (db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(724001)`.execute(trx);
      const again = await trx.selectFrom('schema_migrations').select('name').where('name', '=', m.name).executeTakeFirst();
      if (again) return;
      await m.up(trx, db.dialect);
      await trx.insertInto('schema_migrations').values({ name: m.name, applied_at: new Date().toISOString() }).execute();
      applied.push(m.name);
    });
  }
  return applied;
}
