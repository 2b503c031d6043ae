// What the test machine offers the journeys: memory-backed scratch space and the flags its Chromium
// runs with. Apart from the harness so that it reads as what it is: facts about the machine.
import { existsSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';

/** Flags for a quiet, offline, container-friendly Chromium (no phoning home, no GPU). */
export const chromiumArgs = [
  '--no-sandbox', // CI runs as root in a container
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
  // Containers often have a 64 MB /dev/shm, too small for the browser's shared memory, which then
  // goes to files under /tmp — on a disk, where it adds to what a whole run writes. Only then.
  ...(shmIsSmall() ? ['--disable-dev-shm-usage'] : []),
];

function shmIsSmall(): boolean {
  try {
    const { bsize, blocks } = statfsSync('/dev/shm');
    return bsize * blocks < 1024 ** 3;
  } catch {
    return true;
  }
}

/**
 * Where a journey's server keeps its database: memory-backed /dev/shm where there is one. The
 * server's SQLite syncs the disk on every commit (WAL, synchronous FULL), as it should in a
 * deployment; a test database needs no durability, and during a whole `npm test` those syncs queue
 * behind everything else the run writes (measured on PostgreSQL: a commit-heavy test 25 s → 81 s
 * beside a disk writer), slowing the journeys by waits, not work.
 */
export function scratchRoot(): string {
  return existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
}
