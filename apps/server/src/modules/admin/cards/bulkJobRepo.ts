// SQL of bulk jobs: the ONE writer of bulk_jobs and bulk_job_items. Reads the cards, agents and
// series a job names without changing them (cards change through modules/cardRecord).
import type { Insertable } from 'kysely';
import type { Executor } from '../../../db/executor';
import type { Database } from '../../../db/schema';
import { clock } from '../../../lib/clock';

const CHUNK = 400;

/** The facts of the cards a batch changes, by card number. */
export async function cardFactsByNumber(db: Executor, nums: string[]) {
  const out = [];
  for (let i = 0; i < nums.length; i += CHUNK) {
    out.push(
      ...(await db
        .selectFrom('cards')
        .select(['id', 'custom_num', 'agent_id', 'state', 'need_change_card', 'package_series_ids', 'carrier_account_id'])
        .where('custom_num', 'in', nums.slice(i, i + CHUNK))
        .execute()),
    );
  }
  return out;
}

/** The ICCIDs and accounts of the named cards (a cross-carrier move is judged by their issuer codes). */
export async function iccidsByNumber(
  db: Executor,
  nums: string[],
): Promise<{ custom_num: string; iccid: string; carrier_account_id: number }[]> {
  const out: { custom_num: string; iccid: string; carrier_account_id: number }[] = [];
  for (let i = 0; i < nums.length; i += CHUNK) {
    out.push(
      ...(await db
        .selectFrom('cards')
        .select(['custom_num', 'iccid', 'carrier_account_id'])
        .where('custom_num', 'in', nums.slice(i, i + CHUNK))
        .execute()),
    );
  }
  return out;
}

export function agentExists(db: Executor, id: number) {
  return db.selectFrom('agents').select('id').where('id', '=', id).executeTakeFirst();
}

/** Every agent's parent (a few hundred rows at most): a series' fit is judged against the card's lineage. */
export async function parentsOfAgents(db: Executor): Promise<Map<number, number | null>> {
  const rows = await db.selectFrom('agents').select(['id', 'parent_id']).execute();
  return new Map(rows.map((r) => [r.id, r.parent_id]));
}

export function seriesById(db: Executor, id: number) {
  return db.selectFrom('package_series').select(['id', 'agent_id']).where('id', '=', id).executeTakeFirst();
}

export function jobRowById(db: Executor, id: number) {
  return db.selectFrom('bulk_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A job as recorded. */
export type JobRow = Awaited<ReturnType<typeof jobRowById>>;

export function jobRowIfAny(db: Executor, id: number) {
  return db.selectFrom('bulk_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The oldest job still waiting or running, if any. */
export async function nextJobId(db: Executor): Promise<number | undefined> {
  const row = await db.selectFrom('bulk_jobs').select('id').where('status', 'in', ['pending', 'running']).orderBy('id').executeTakeFirst();
  return row?.id;
}

/**
 * Settles a pending item: true for the one caller whose update found it still pending (another
 * runner that took the same batch after a lapsed lease finds it settled and leaves it).
 */
export async function settleItem(db: Executor, itemId: number, set: { status: 'ok' | 'failed'; message: string; card_id: number | null }) {
  const r = await db
    .updateTable('bulk_job_items')
    .set({ ...set, updated_at: clock.iso() })
    .where('id', '=', itemId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A job's item count per result. */
export function itemCounts(db: Executor, jobId: number) {
  return db
    .selectFrom('bulk_job_items')
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
    .where('job_id', '=', jobId)
    .groupBy('status')
    .execute();
}

/** Writes a job's counts; a job already done is left as it is. */
export async function setJobCounts(db: Executor, jobId: number, counts: { ok: number; failed: number; done: boolean }): Promise<void> {
  await db
    .updateTable('bulk_jobs')
    .set({
      ok_count: counts.ok,
      failed_count: counts.failed,
      status: counts.done ? 'done' : 'running',
      ...(counts.done ? { finished_at: clock.iso() } : {}),
    })
    .where('id', '=', jobId)
    .where('status', '!=', 'done')
    .execute();
}

/** The next `size` pending items of a job, in order. */
export function pendingItems(db: Executor, jobId: number, size: number) {
  return db
    .selectFrom('bulk_job_items')
    .select(['id', 'custom_num'])
    .where('job_id', '=', jobId)
    .where('status', '=', 'pending')
    .orderBy('id')
    .limit(size)
    .execute();
}

/** Records a job and its cards, each pending. */
export async function insertJob(db: Executor, job: Insertable<Database['bulk_jobs']>, nums: readonly string[]): Promise<number> {
  const row = await db.insertInto('bulk_jobs').values(job).returning('id').executeTakeFirstOrThrow();
  const now = job.created_at;
  for (let i = 0; i < nums.length; i += CHUNK)
    await db
      .insertInto('bulk_job_items')
      .values(
        nums
          .slice(i, i + CHUNK)
          .map((n) => ({ job_id: row.id, custom_num: n, card_id: null, status: 'pending', message: '', updated_at: now })),
      )
      .execute();
  return row.id;
}

/** Jobs newest first, of one agent (null: all), before an id; `limit` rows at most. */
export function jobsNewestFirst(db: Executor, agentId: readonly number[] | null, beforeId: number | undefined, limit: number) {
  let q = db.selectFrom('bulk_jobs').selectAll();
  if (agentId !== null) q = q.where('agent_id', 'in', agentId);
  if (beforeId) q = q.where('id', '<', beforeId);
  return q.orderBy('id', 'desc').limit(limit).execute();
}

/** One keyset page of a job's cards in order, of one result or all (index job_id, status, id). */
export function jobItemsPage(db: Executor, jobId: number, p: { status?: string; afterId?: number; limit: number }) {
  let q = db.selectFrom('bulk_job_items').select(['id', 'custom_num', 'status', 'message', 'updated_at']).where('job_id', '=', jobId);
  if (p.status) q = q.where('status', '=', p.status);
  if (p.afterId) q = q.where('id', '>', p.afterId);
  return q.orderBy('id').limit(p.limit).execute();
}
