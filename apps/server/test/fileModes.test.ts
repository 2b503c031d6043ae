// The database file, its WAL and its backups are readable by their owner only (see
// docs/decisions/0057): they hold every holder's data and the sealed secrets. Created 0600 (folders
// 0700) whatever the umask, and a database file found wider at start is narrowed.
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupSqlite, restoreSqlite } from '../../../scripts/backup/sqlite';
import { connect } from '../src/db/connect';
import { migrate } from '../src/db/migrate';

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('file modes of the SQLite database and its backups', () => {
  const root = mkdtempSync(join(tmpdir(), 'portal-modes-'));
  // the usual umask leaves 0644 files and 0755 folders: the portal must not rely on a stricter one
  const umask = process.umask(0o022);
  afterAll(() => {
    process.umask(umask);
    rmSync(root, { recursive: true, force: true });
  });
  const file = join(root, 'data', 'nested', 'portal.db');

  it('creates the database, its WAL and shared memory 0600 in a 0700 folder', async () => {
    const db = await connect(file);
    try {
      await migrate(db);
      expect(modeOf(file).toString(8)).toBe('600');
      for (const side of [`${file}-wal`, `${file}-shm`]) {
        expect(existsSync(side), side).toBe(true);
        expect(modeOf(side).toString(8), side).toBe('600');
      }
      expect(modeOf(join(root, 'data', 'nested')).toString(8)).toBe('700');
      expect(modeOf(join(root, 'data')).toString(8)).toBe('700');
    } finally {
      await db.close();
    }
  });

  it('narrows a database file an older version left 0644', async () => {
    chmodSync(file, 0o644);
    const db = await connect(file);
    await db.close();
    expect(modeOf(file).toString(8)).toBe('600');
  });

  it('writes a backup 0600 in a 0700 folder, and restores it 0600', async () => {
    const dest = join(root, 'backups', 'b1', 'portal-1.db');
    await backupSqlite(file, dest);
    expect(modeOf(dest).toString(8)).toBe('600');
    expect(modeOf(join(root, 'backups', 'b1')).toString(8)).toBe('700');
    // a backup an older version wrote 0644 is restored 0600 all the same
    chmodSync(dest, 0o644);
    const restored = join(root, 'restored', 'portal.db');
    restoreSqlite(dest, restored);
    expect(modeOf(restored).toString(8)).toBe('600');
    expect(modeOf(join(root, 'restored')).toString(8)).toBe('700');
  });
});
