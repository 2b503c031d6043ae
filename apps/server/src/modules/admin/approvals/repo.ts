// The platform's write limits (write_limits, one row), the writes waiting for a second person
// (approval_requests) and who may act as whom (operator_ties), written only here
// (docs/decisions/0048-limits-and-a-second-approver.md, docs/decisions/0056-no-one-moves-money-alone.md).
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
    commission_adjust_fen: Number(row.commission_adjust_fen),
    payout_change_days: Number(row.payout_change_days),
    refund_fen: Number(row.refund_fen),
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
  f: { agent: readonly number[] | null; pending: boolean; beforeId?: number; limit: number },
): Promise<ApprovalRecord[]> {
  let q = db.selectFrom('approval_requests').selectAll();
  q = f.pending ? q.where('state', '=', 'pending') : q.where('state', '!=', 'pending');
  if (f.agent !== null) q = q.where('agent_id', 'in', f.agent);
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

/**
 * Pending requests of these kinds not asked by any of `notBy`, asked since `since`, in the agent's
 * scope: how many, since when.
 */
export async function pendingCount(
  db: Executor,
  f: { agent: readonly number[] | null; kinds: readonly ApprovalRecord['kind'][]; notBy: readonly number[]; since: string },
): Promise<{ n: number | string; oldest: string | null } | undefined> {
  if (f.kinds.length === 0) return undefined;
  let q = db
    .selectFrom('approval_requests')
    .select(({ fn }) => [fn.countAll<number>().as('n'), fn.min('requested_at').as('oldest')])
    .where('state', '=', 'pending')
    .where('requested_by_id', 'not in', [...f.notBy])
    .where('requested_at', '>=', f.since)
    .where('kind', 'in', [...f.kinds]);
  if (f.agent !== null) q = q.where('agent_id', 'in', f.agent);
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

/** `tiedId` set `operatorId`'s password or role (or created them): from now on neither decides the other's requests. */
export async function tie(
  db: Executor,
  operatorId: number,
  tiedId: number,
  what: 'created' | 'password' | 'role' | 'totp',
  at: string,
): Promise<void> {
  if (operatorId === tiedId) return;
  await db.insertInto('operator_ties').values({ operator_id: operatorId, tied_id: tiedId, what, at }).execute();
}

/** Everyone tied to this operator, either way. */
export async function tiesOf(db: Executor, operatorId: number): Promise<Set<number>> {
  const [mine, theirs] = await Promise.all([
    db.selectFrom('operator_ties').select('tied_id as id').where('operator_id', '=', operatorId).execute(),
    db.selectFrom('operator_ties').select('operator_id as id').where('tied_id', '=', operatorId).execute(),
  ]);
  return new Set([...mine, ...theirs].map((r) => r.id));
}

/** When an operator was created (the start of what they may decide). */
export async function operatorCreatedAt(db: Executor, id: number): Promise<string> {
  const r = await db.selectFrom('operators').select('created_at').where('id', '=', id).executeTakeFirst();
  return r?.created_at ?? '\uffff';
}

/** Enabled platform administrators, other than these. */
export async function enabledPlatformAdminsBut(db: Executor, but: readonly number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('operators')
    .select('id')
    .where('role', '=', 'platform_admin')
    .where('disabled', '=', 0)
    .where('id', 'not in', [...but])
    .execute();
  return rows.map((r) => r.id);
}

/** Pending requests of these kinds, oldest first (the refunds waiting: few at any time). */
export async function pendingOfKinds(db: Executor, kinds: readonly ApprovalRecord['kind'][]): Promise<ApprovalRecord[]> {
  return db
    .selectFrom('approval_requests')
    .selectAll()
    .where('state', '=', 'pending')
    .where('kind', 'in', [...kinds])
    .orderBy('id')
    .execute();
}
