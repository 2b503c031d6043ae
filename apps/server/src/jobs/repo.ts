// SQL of the scheduled jobs: owns scheduled_jobs. One row per job; every state change is ONE
// conditional update of that row, which SQLite (one writer) and PostgreSQL (the row lock, then
// the WHERE re-checked on the row's latest version) both apply to one caller only.
import type { Executor } from '../db/executor';

/** The job's row exists (free, never run). Idempotent: several processes may start together. */
export async function ensureJob(db: Executor, name: string): Promise<void> {
  await db
    .insertInto('scheduled_jobs')
    .values({ name, tick: -1, runner: '', started_at: '', lease_until: '', finished_at: '' })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

export interface Claim {
  name: string;
  tick: number;
  runner: string;
  nowIso: string;
  leaseUntil: string;
  /** run even though this tick already ran (a test's or an operator's "run now"); never while another run holds the lease */
  force: boolean;
}

/**
 * Take the job for a tick. Wins only if no run holds the job (the last one finished, or its lease
 * lapsed: its runner crashed) and, unless forced, this tick has not run yet (or its runner crashed
 * mid-way: the tick is picked up again). True for the one caller that took it.
 */
export async function claim(db: Executor, c: Claim): Promise<boolean> {
  let q = db
    .updateTable('scheduled_jobs')
    .set({ tick: c.tick, runner: c.runner, started_at: c.nowIso, lease_until: c.leaseUntil, finished_at: null })
    .where('name', '=', c.name)
    .where((eb) => eb.or([eb('finished_at', 'is not', null), eb('lease_until', '<', c.nowIso)]));
  if (!c.force) q = q.where((eb) => eb.or([eb('tick', '<', c.tick), eb.and([eb('tick', '=', c.tick), eb('finished_at', 'is', null)])]));
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Keep holding a run that is still going. False when the claim was lost (the lease lapsed and another runner took it). */
export async function extendLease(db: Executor, name: string, runner: string, tick: number, leaseUntil: string): Promise<boolean> {
  const res = await db
    .updateTable('scheduled_jobs')
    .set({ lease_until: leaseUntil })
    .where('name', '=', name)
    .where('runner', '=', runner)
    .where('tick', '=', tick)
    .where('finished_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function finish(db: Executor, name: string, runner: string, tick: number, nowIso: string, error: string): Promise<void> {
  await db
    .updateTable('scheduled_jobs')
    // a success also says when the job last worked (the metrics' "last success", across processes)
    .set(error ? { finished_at: nowIso, last_error: error } : { finished_at: nowIso, last_error: '', succeeded_at: nowIso })
    .where('name', '=', name)
    .where('runner', '=', runner)
    .where('tick', '=', tick)
    .where('finished_at', 'is', null)
    .execute();
}

export async function jobRow(db: Executor, name: string) {
  return db.selectFrom('scheduled_jobs').selectAll().where('name', '=', name).executeTakeFirst();
}

/** Every job's last success ('' = never), as the metrics report it. */
export async function lastSuccesses(db: Executor): Promise<{ name: string; succeeded_at: string }[]> {
  return db.selectFrom('scheduled_jobs').select(['name', 'succeeded_at']).execute();
}
