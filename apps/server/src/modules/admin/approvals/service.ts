// Limits on the riskiest console writes and the requests waiting above them
// (docs/decisions/0048-limits-and-a-second-approver.md). The writes themselves (catalogue, balance)
// ask `heldAbove` inside their transaction, after their own checks: nothing past a limit → they
// carry on; else the request is kept here — in the same transaction, so a double click that the
// Idempotency-Key lets through once keeps it once — and they answer it instead of writing.
import { APPROVAL_KINDS, type AdminAnswerOf, type AdminBodyOf, type AdminQueryOf, type ApprovalKind } from '@portal/contract/admin';
import { Code } from '@portal/contract/codes';
import { limitBreaches, type LimitedWrite, type WriteLimits } from '@portal/domain';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/executor';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import type { AdminActor } from '../access/actor';
import { agentFilter } from '../access/scope';
import { recordAudit } from '../audit';
import * as repo from './repo';
import { decideRefusal, withdrawRefusal } from './rules';

export type ApprovalOut = AdminAnswerOf<'adminApprovalApprove'>;
export type Pending = { pending_approval: ApprovalOut };

/** Who approved a held write, for the write's own audit row and records: both names. */
export interface ApprovedBy {
  approvalId: number;
  requestedById: number;
  requestedBy: string;
}

export const currentLimits = (db: Executor): Promise<WriteLimits> => repo.limits(db);

export async function saveLimits(ctx: AppContext, op: AdminActor, b: AdminBodyOf<'adminWriteLimitsSave'>): Promise<WriteLimits> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const before = await repo.limits(trx);
    const { reason, ...after } = b;
    await repo.saveLimits(trx, after, op.username, clock.iso());
    await recordAudit(trx, op, { action: 'write_limits.saved', target: { type: 'write_limits', id: 1 }, reason, before, after });
    return after;
  });
}

interface Held {
  kind: ApprovalKind;
  agentId: number | null;
  payload: unknown;
  summary: string;
  reason: string;
  write: LimitedWrite;
}

/**
 * Null when the write passes every limit (the caller writes it now); else the request kept for a
 * second operator, audited, as the answer to give.
 */
export async function heldAbove(trx: Executor, op: AdminActor, h: Held): Promise<Pending | null> {
  const breaches = limitBreaches(await repo.limits(trx), h.write).map((b) => b.message);
  if (breaches.length === 0) return null;
  const id = await repo.insertApproval(trx, {
    kind: h.kind,
    agent_id: h.agentId,
    payload: JSON.stringify(h.payload),
    summary: h.summary,
    breaches: JSON.stringify(breaches),
    reason: h.reason,
    requested_by_id: op.id,
    requested_by: op.username,
    requested_at: clock.iso(),
    state: 'pending',
    decided_by_id: null,
    decided_by: null,
    decided_at: null,
  });
  await recordAudit(trx, op, {
    action: 'approval.requested',
    target: { type: 'approval', id },
    reason: h.reason,
    after: { approval_kind: h.kind, write: h.summary, breaches, ...(h.agentId === null ? {} : { agent_id: h.agentId }) },
  });
  return { pending_approval: (await approvalsOut(trx, op, [(await repo.approvalById(trx, id))!]))[0]! };
}

export async function approvalsOut(db: Executor, op: AdminActor, rows: repo.ApprovalRecord[]): Promise<ApprovalOut[]> {
  const names = await repo.agentNames(db, [...new Set(rows.flatMap((r) => (r.agent_id === null ? [] : [r.agent_id])))]);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    agent_id: r.agent_id,
    agent_name: r.agent_id === null ? null : (names.get(r.agent_id) ?? `编号 ${r.agent_id}`),
    summary: r.summary,
    breaches: JSON.parse(r.breaches) as string[],
    reason: r.reason,
    requested_by: r.requested_by,
    requested_at: r.requested_at,
    state: r.state,
    decided_by: r.decided_by,
    decided_at: r.decided_at,
    decision_reason: r.decision_reason,
    outcome: r.outcome,
    can_decide: decideRefusal(op, r) === null,
    can_withdraw: withdrawRefusal(op, r) === null,
  }));
}

/**
 * The dashboard's 待超限审批: what this operator could decide now — someone else's requests, of the
 * kinds whose write they may carry out, in their agent's scope (the same rule as 通过's).
 */
export async function decidableCount(db: Executor, op: { id: number; role: AdminActor['role'] }, agent: number | null) {
  const kinds = APPROVAL_KINDS.filter((k) => decideRefusal(op, { kind: k, requested_by_id: -1, state: 'pending' }) === null);
  const r = await repo.pendingCount(db, { agent, kinds, notBy: op.id });
  return { count: Number(r?.n ?? 0), oldest_at: r?.oldest ? String(r.oldest) : null };
}

export async function listApprovals(ctx: AppContext, op: AdminActor, q: AdminQueryOf<'adminApprovalList'>) {
  const rows = await repo.approvals(ctx.db.kysely, {
    agent: agentFilter(op),
    pending: q.state === 'pending',
    beforeId: q.before_id,
    limit: q.limit + 1,
  });
  const items = await approvalsOut(ctx.db.kysely, op, rows.slice(0, q.limit));
  return { items, next_before_id: rows.length > q.limit ? items[items.length - 1]!.id : null };
}

/** The request an operator is about to decide, or why they may not. */
export async function decidable(db: Executor, op: AdminActor, id: number): Promise<repo.ApprovalRecord> {
  const r = await repo.approvalById(db, id);
  const own = agentFilter(op);
  if (!r || (own !== null && r.agent_id !== own)) throw new AppError(Code.NOT_FOUND, '审批不存在');
  const refusal = decideRefusal(op, r);
  if (refusal === 'own_request') throw new AppError(Code.FORBIDDEN, '不能审批自己提交的申请，请由另一位管理员处理');
  if (refusal === 'no_permission') throw new AppError(Code.FORBIDDEN, '当前账号无权审批此类操作');
  if (refusal === 'not_pending')
    throw new AppError(Code.APPROVAL_ALREADY_DECIDED, `该申请已由 ${r.decided_by ?? '他人'}${DONE_WORD[r.state]}，无需再处理`);
  return r;
}

const DONE_WORD: Record<repo.ApprovalRecord['state'], string> = { pending: '处理', approved: '通过', rejected: '驳回', withdrawn: '撤回' };

/** The request its requester is about to take back, or why they may not. */
async function withdrawable(db: Executor, op: AdminActor, id: number): Promise<repo.ApprovalRecord> {
  const r = await repo.approvalById(db, id);
  const own = agentFilter(op);
  if (!r || (own !== null && r.agent_id !== own)) throw new AppError(Code.NOT_FOUND, '审批不存在');
  const refusal = withdrawRefusal(op, r);
  if (refusal === 'not_own') throw new AppError(Code.FORBIDDEN, '只能撤回自己提交的申请');
  if (refusal === 'not_pending')
    throw new AppError(Code.APPROVAL_ALREADY_DECIDED, `该申请已由 ${r.decided_by ?? '他人'}${DONE_WORD[r.state]}，无法撤回`);
  return r;
}

/**
 * 撤回: the requester takes back their own pending request — never carried out, audited, once (the
 * same conditional pending → decided update as a decision: a withdrawal racing an approval loses or
 * wins whole).
 */
export async function withdrawApproval(ctx: AppContext, op: AdminActor, b: AdminBodyOf<'adminApprovalWithdraw'>): Promise<ApprovalOut> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const r = await withdrawable(trx, op, b.id);
    await claimDecision(trx, op, r, 'withdrawn', b.reason);
    await recordAudit(trx, op, {
      action: 'approval.withdrawn',
      target: { type: 'approval', id: r.id },
      reason: b.reason,
      before: { state: 'pending' },
      after: { state: 'withdrawn', approval_kind: r.kind, write: r.summary, requested_by: r.requested_by },
    });
    return (await approvalsOut(trx, op, [(await repo.approvalById(trx, r.id))!]))[0]!;
  });
}

/** Marks it decided (once) or says who was first. */
export async function claimDecision(
  trx: Executor,
  op: AdminActor,
  r: repo.ApprovalRecord,
  state: 'approved' | 'rejected' | 'withdrawn',
  reason: string,
) {
  const won = await repo.decide(trx, r.id, { state, byId: op.id, by: op.username, at: clock.iso(), reason });
  if (!won) await (state === 'withdrawn' ? withdrawable(trx, op, r.id) : decidable(trx, op, r.id));
  if (!won) throw new AppError(Code.APPROVAL_ALREADY_DECIDED);
}

export async function rejectApproval(ctx: AppContext, op: AdminActor, b: AdminBodyOf<'adminApprovalReject'>): Promise<ApprovalOut> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const r = await decidable(trx, op, b.id);
    await claimDecision(trx, op, r, 'rejected', b.reason);
    await recordAudit(trx, op, {
      action: 'approval.rejected',
      target: { type: 'approval', id: r.id },
      reason: b.reason,
      before: { state: 'pending' },
      after: { state: 'rejected', approval_kind: r.kind, write: r.summary, requested_by: r.requested_by, rejected_by: op.username },
    });
    return (await approvalsOut(trx, op, [(await repo.approvalById(trx, r.id))!]))[0]!;
  });
}

export const setOutcome = repo.setOutcome;
export const approvalById = repo.approvalById;
