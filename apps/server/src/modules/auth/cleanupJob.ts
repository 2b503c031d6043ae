// The clean-up job (docs/decisions/0017): sessions and SMS codes that expired, throttle rows
// whose window and lock ended, and the console's request keys older than a day
// (docs/decisions/0041-console-writes-once.md) are deleted once they are older than a grace period — they answer
// nothing any more, but would otherwise grow without end (every login a session, every SMS a
// code, every client address a throttle row). In batches, so no statement holds its table long
// while logins go on; a scheduled job (src/jobs), so one process per tick does it.
import type { AppContext } from '../../context';
import type { JobDef } from '../../jobs';
import { clock } from '../../lib/clock';
import { deleteStale } from '../../lib/throttle';
import { deleteExpiredSessions, deleteExpiredSmsCodes } from './repo';

export const CLEANUP_JOB = 'auth.cleanup';
export const CLEANUP_BATCH = 500;

export interface CleanupSummary {
  sessions: number;
  smsCodes: number;
  throttles: number;
  requestKeys: number;
}

/**
 * Deletes up to `limit` of the console's request keys older than a day; the number deleted. The
 * console's table, so the app wiring hands its owner's sweep in (modules/index.ts) rather than auth
 * importing the console.
 */
export type RequestKeySweep = (db: AppContext['db']['kysely'], limit: number) => Promise<number>;

export function cleanupJob(ctx: AppContext, sweepRequestKeys: RequestKeySweep): JobDef {
  return {
    name: CLEANUP_JOB,
    intervalMs: Math.max(0, ctx.config.cleanupIntervalMs),
    run: () => runCleanup(ctx, sweepRequestKeys),
  };
}

export async function runCleanup(ctx: AppContext, sweepRequestKeys: RequestKeySweep, batch = CLEANUP_BATCH): Promise<CleanupSummary> {
  const before = new Date(clock.now().getTime() - ctx.config.cleanupGraceMs).toISOString();
  const k = ctx.db.kysely;
  return {
    sessions: await inBatches((n) => deleteExpiredSessions(k, before, n), batch),
    smsCodes: await inBatches((n) => deleteExpiredSmsCodes(k, before, n), batch),
    throttles: await inBatches((n) => deleteStale(k, before, n), batch),
    // kept a day whatever the grace: the key's own promise to a retry
    requestKeys: await inBatches((n) => sweepRequestKeys(k, n), batch),
  };
}

/** Repeats a batch delete until a batch comes back short; the total deleted. */
async function inBatches(deleteBatch: (limit: number) => Promise<number>, batch: number): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await deleteBatch(batch);
    total += n;
    if (n < batch) return total;
  }
}
