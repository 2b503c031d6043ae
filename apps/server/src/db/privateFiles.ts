// The database's files are its owner's alone (docs/decisions/0057): the SQLite file holds
// every holder's data and the sealed secrets, so it, its WAL and shared memory, and its backups are
// 0600 and the folders made for them 0700 — whatever the process's umask (the usual 022 would leave
// 0644, readable by every account on the machine). SQLite gives a database's -wal, -shm and
// -journal the mode of the database file itself, so creating that file 0600 before SQLite opens it
// is what narrows them all.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

export const PRIVATE_FILE = 0o600;
export const PRIVATE_FOLDER = 0o700;

/**
 * A folder for private files: the folders created here are 0700. One that exists already is left
 * as it is (it may be a volume or a home folder another program also uses).
 */
export function privateFolder(folder: string): void {
  mkdirSync(resolve(folder), { recursive: true, mode: PRIVATE_FOLDER });
}

/**
 * `file` exists and is 0600: created empty (SQLite takes an empty file for a new database) or, when
 * an older version left it wider, narrowed. A file this process does not own cannot be narrowed;
 * that is the deployment's to fix, and the database still opens.
 */
export function privateFile(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', PRIVATE_FILE));
  narrow(file);
  for (const side of [`${file}-wal`, `${file}-shm`, `${file}-journal`]) if (existsSync(side)) narrow(side);
}

function narrow(file: string): void {
  try {
    if ((statSync(file).mode & 0o777) !== PRIVATE_FILE) chmodSync(file, PRIVATE_FILE);
  } catch {
    // not ours to change (see above)
  }
}
