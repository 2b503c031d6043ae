// The platform's write limits (write_limits, one row) and the writes waiting above them
// (approval_requests), written only here (docs/decisions/0048-limits-and-a-second-approver.md).
import type { Insertable, Selectable } from 'kysely';
import { DEFAULT_WRITE_LIMITS, type WriteLimits } from '@portal/domain';
import type { Executor } from '../../../db/executor';
import type { ApprovalRequestsTable } from '../../../db/schema';

export type ApprovalRecord = Selectable<ApprovalRequestsTable>;

export async function limits(db: Executor): Promise<WriteLimits> {
  const row = await db.selectFrom('write_limits').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row) return DEFAULT_WRITE_LIMITS;
  return {
    voucher_amount_fen: Number(row.voucher_amount_fen),
    voucher_valid_days: Number(row.voucher_valid_days),
    voucher_batch_total_fen: Number(row.voucher_batch_total_fen),
    balance_adjust_fen: Number(row.balance_adjust_fen),
    retail_price_fen: Number(row.retail_price_fen),
  };
}

export async function saveLimits(db: Executor, l: WriteLimits, by: string, at: string): Promise<void> {
  const row = { ...l, updated_by: by, updated_at: at };
  await db
    .insertInto('write_limits')
    .values({ id: 1, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}

export async function insertApproval(db: Executor, row: Insertable<ApprovalRequestsTable>): Promise<number> {
  const r = await db.insertInto('approval_requests').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function approvalById(db: Executor, id: number): Promise<ApprovalRecord | undefined> {
  return db.selectFrom('approval_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function approvals(
  db: Executor,
  f: { agent: number | null; pending: boolean; beforeId?: number; limit: number },
): Promise<ApprovalRecord[]> {
  let q = db.selectFrom('approval_requests').selectAll();
  q = f.pending ? q.where('state', '=', 'pending') : q.where('state', '!=', 'pending');
  if (f.agent !== null) q = q.where('agent_id', '=', f.agent);
  if (f.beforeId) q = q.where('id', '<', f.beforeId);
  return q.orderBy('id', 'desc').limit(f.limit).execute();
}

/**
 * Decides a pending request, once: the update matches only while it is pending, so of two decisions
 * at once one changes it (PostgreSQL: the second waits for the first's row lock, then finds it no
 * longer pending; SQLite: one writer at a time). False: it was not pending any more.
 */
export async function decide(
  db: Executor,
  id: number,
  d: { state: 'approved' | 'rejected' | 'withdrawn'; byId: number; by: string; at: string; reason: string },
): Promise<boolean> {
  const r = await db
    .updateTable('approval_requests')
    .set({ state: d.state, decided_by_id: d.byId, decided_by: d.by, decided_at: d.at, decision_reason: d.reason })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Pending requests of these kinds not asked by `notBy`, in the agent's scope: how many, since when. */
export async function pendingCount(
  db: Executor,
  f: { agent: number | null; kinds: readonly ApprovalRecord['kind'][]; notBy: number },
): Promise<{ n: number | string; oldest: string | null } | undefined> {
  if (f.kinds.length === 0) return undefined;
  let q = db
    .selectFrom('approval_requests')
    .select(({ fn }) => [fn.countAll<number>().as('n'), fn.min('requested_at').as('oldest')])
    .where('state', '=', 'pending')
    .where('requested_by_id', '!=', f.notBy)
    .where('kind', 'in', [...f.kinds]);
  if (f.agent !== null) q = q.where('agent_id', '=', f.agent);
  return q.executeTakeFirst();
}

export async function setOutcome(db: Executor, id: number, outcome: string): Promise<void> {
  await db.updateTable('approval_requests').set({ outcome }).where('id', '=', id).execute();
}

export async function agentNames(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('agents')
    .select(['id', 'nickname'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.nickname]));
}
