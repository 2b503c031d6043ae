// Backups of the embedded database that restore (docs/decisions/0033-metrics-overload-backups.md).
// `npm run backup` copies the SQLite file while the portal runs, through SQLite's online backup
// (node:sqlite's backup()): all pages in ONE step, so the copy is one read transaction's snapshot —
// consistent, every committed row up to that moment and nothing half-written — while the portal goes
// on writing (WAL: readers do not block the writer). In smaller steps, a write by the portal between
// two steps would restart the copy, and under steady writes it might never end.
// `npm run restore` puts a copy back into an EMPTY data folder and refuses any other: a restore
// never overwrites a database, not even an old one.
import { chmodSync, copyFileSync, existsSync, readdirSync, renameSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import { PRIVATE_FILE, privateFile, privateFolder } from '../../apps/server/src/db/privateFiles';

/** all pages in one step (node:sqlite wants a positive count) */
const ALL_PAGES = 2 ** 31 - 1;

export class BackupError extends Error {
  override name = 'BackupError';
}

export function isPostgres(databaseUrl: string): boolean {
  return /^postgres(ql)?:\/\//.test(databaseUrl);
}

/** what a backup holds: the tables an operator counts on, and the migrations it is at */
export interface BackupSummary {
  file: string;
  bytes: number;
  migrations: number;
  rows: Record<string, number>;
}

const COUNTED = ['cards', 'users', 'orders', 'payments', 'balance_ledger', 'audit_log', 'pay_notifications', 'uploads'];

/** Copy the database at `source` to `dest` (a new file) while it may be in use; checks the copy. */
export async function backupSqlite(source: string, dest: string): Promise<BackupSummary> {
  if (!existsSync(source)) throw new BackupError(`no database at ${source} (DATABASE_URL)`);
  if (existsSync(dest)) throw new BackupError(`${dest} already exists: a backup never overwrites a file`);
  // a backup is the whole database: 0600 in a 0700 folder, from its first byte (docs/decisions/0057)
  privateFolder(dirname(resolve(dest)));
  const partial = `${dest}.partial`;
  privateFile(partial);
  const db = new DatabaseSync(source, { readOnly: true, timeout: 5000 });
  try {
    await backup(db, partial, { rate: ALL_PAGES });
  } finally {
    db.close();
  }
  // one self-contained file (no -wal beside it), checked before it is named a backup
  const copy = new DatabaseSync(partial);
  try {
    copy.exec('PRAGMA journal_mode = DELETE');
    checkIntegrity(copy, partial);
  } finally {
    copy.close();
  }
  renameSync(partial, dest);
  return summarize(dest);
}

/**
 * Put the backup `file` back as `databaseFile`, whose folder must be empty or absent (a fresh
 * machine's data folder). Checked before and after the copy.
 */
export function restoreSqlite(file: string, databaseFile: string): BackupSummary {
  if (!existsSync(file)) throw new BackupError(`no backup at ${file}`);
  const folder = dirname(resolve(databaseFile));
  if (existsSync(folder)) {
    if (!statSync(folder).isDirectory()) throw new BackupError(`${folder} is not a folder`);
    const present = readdirSync(folder);
    if (present.length)
      throw new BackupError(
        `the data folder ${folder} is not empty (${present.slice(0, 5).join(', ')}${present.length > 5 ? ', …' : ''}): ` +
          'a restore goes into an empty folder only, so that it never overwrites a database. ' +
          'Stop the portal, move the folder aside (keep it until the restored portal is checked), then restore again.',
      );
  }
  const source = new DatabaseSync(file, { readOnly: true });
  try {
    checkIntegrity(source, file);
  } finally {
    source.close();
  }
  privateFolder(folder);
  const partial = join(folder, `.${basename(databaseFile)}.restoring`);
  // the copy takes the backup's mode (an older backup may be 0644): narrowed before it is named
  copyFileSync(file, partial);
  chmodSync(partial, PRIVATE_FILE);
  renameSync(partial, databaseFile);
  return summarize(databaseFile);
}

function checkIntegrity(db: DatabaseSync, file: string): void {
  const rows = db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[];
  if (rows.length !== 1 || rows[0]!.integrity_check !== 'ok')
    throw new BackupError(`${file} fails SQLite's integrity check: ${rows.map((r) => r.integrity_check).join('; ')}`);
  const migrations = db.prepare("select count(*) as n from sqlite_master where type = 'table' and name = 'kysely_migration'").get() as {
    n: number;
  };
  if (!migrations.n) throw new BackupError(`${file} is not a portal database (no kysely_migration table)`);
}

export function summarize(file: string): BackupSummary {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const tables = new Set(
      (db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map((r) => r.name),
    );
    const rows: Record<string, number> = {};
    for (const t of COUNTED) if (tables.has(t)) rows[t] = Number((db.prepare(`select count(*) as n from "${t}"`).get() as { n: number }).n);
    const migrations = Number((db.prepare('select count(*) as n from kysely_migration').get() as { n: number }).n);
    return { file, bytes: statSync(file).size, migrations, rows };
  } finally {
    db.close();
  }
}

/** backups/portal-20261127T083000Z.db */
export function defaultBackupFile(root: string, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return join(root, 'backups', `portal-${stamp}.db`);
}

export const POSTGRES_ADVICE =
  'DATABASE_URL names PostgreSQL: back it up with pg_dump (a consistent logical copy while the portal runs) ' +
  'or a base backup with WAL archiving for point-in-time recovery — README "Backups".';
