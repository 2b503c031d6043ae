// `npm run backup [-- <file>]`: a consistent copy of the portal's SQLite database while the portal
// runs (./sqlite.ts); default backups/portal-<UTC time>.db. The database is DATABASE_URL, as for the server.
import { resolve } from 'node:path';
import { loadConfig } from '../../apps/server/src/config';
import { BackupError, backupSqlite, defaultBackupFile, isPostgres, POSTGRES_ADVICE } from './sqlite';

const root = resolve(import.meta.dirname, '../..');

async function main() {
  const { databaseUrl } = loadConfig();
  if (isPostgres(databaseUrl)) throw new BackupError(POSTGRES_ADVICE);
  if (databaseUrl === ':memory:') throw new BackupError('DATABASE_URL is :memory:, which nothing can back up');
  const dest = resolve(process.argv[2] ?? defaultBackupFile(root));
  const s = await backupSqlite(databaseUrl, dest);
  console.log(`backup written: ${s.file} (${s.bytes} bytes, ${s.migrations} migrations)`);
  console.log(
    `  ${Object.entries(s.rows)
      .map(([t, n]) => `${t} ${n}`)
      .join(', ')}`,
  );
}

main().catch((err) => {
  console.error(err instanceof BackupError || (err as Error).name === 'ConfigError' ? (err as Error).message : err);
  process.exit(1);
});
