// `npm run restore -- <backup file>`: the backup becomes the portal's database (DATABASE_URL, as for
// the server), in an empty data folder only (./sqlite.ts). Start the portal afterwards: it migrates a
// backup taken before an upgrade as it would the database itself.
import { resolve } from 'node:path';
import { loadConfig } from '../../apps/server/src/config';
import { BackupError, isPostgres, POSTGRES_ADVICE, restoreSqlite } from './sqlite';

function main() {
  const file = process.argv[2];
  if (!file) throw new BackupError('usage: npm run restore -- <backup file>');
  const { databaseUrl } = loadConfig();
  if (isPostgres(databaseUrl)) throw new BackupError(POSTGRES_ADVICE);
  const s = restoreSqlite(resolve(file), resolve(databaseUrl));
  console.log(`restored ${resolve(file)} as ${s.file} (${s.migrations} migrations)`);
  console.log(
    `  ${Object.entries(s.rows)
      .map(([t, n]) => `${t} ${n}`)
      .join(', ')}`,
  );
}

try {
  main();
} catch (err) {
  console.error(err instanceof BackupError || (err as Error).name === 'ConfigError' ? (err as Error).message : err);
  process.exit(1);
}
