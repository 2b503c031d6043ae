// Limits on the riskiest console writes and the requests waiting above them
// (docs/decisions/0048-limits-and-a-second-approver.md). The writes themselves (catalogue, balance)
// ask `heldAbove` inside their transaction, after their own checks: nothing past a limit → they
// carry on; else the request is kept here — in the same transaction, so a double click that the
// Idempotency-Key lets through once keeps it once — and they answer it instead of writing.
// Writes that wait whatever their size — loosening a limit, the operators who approve, an agent's
// verification mobile — ask `hold` the same way (docs/decisions/0056-no-one-moves-money-alone.md):
// one table of requests, one path to approve, one audit shape.
import { APPROVAL_KINDS, type AdminAnswerOf, type AdminBodyOf, type AdminQueryOf, type ApprovalKind } from '@portal/contract/admin';
import { Code } from '@portal/contract/codes';
import { limitBreaches, limitChanges, type LimitedWrite, type WriteLimits } from '@portal/domain';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/executor';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import type { AdminActor } from '../access/actor';
import { agentFilter } from '../access/scope';
import { recordAudit } from '../audit';
import * as repo from './repo';
import { decideRefusal, secondPersonRefusal, SECOND_PERSON_WORDS, withdrawRefusal, type Decider } from './rules';

export type ApprovalOut = AdminAnswerOf<'adminApprovalApprove'>;
export type Pending = { pending_approval: ApprovalOut };

/** Who approved a held write, for the write's own audit row and records: both names. */
export interface ApprovedBy {
  approvalId: number;
  requestedById: number;
  requestedBy: string;
}

export const currentLimits = (db: Executor): Promise<WriteLimits> => repo.limits(db);

/**
 * 限额设置: tightening is done at once; loosening any limit — the first step of moving money alone —
 * waits for a second platform administrator, whatever its size.
 */
export async function saveLimits(ctx: AppContext, op: AdminActor, b: AdminBodyOf<'adminWriteLimitsSave'>): Promise<WriteLimits | Pending> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const { reason, ...after } = b;
    const changes = limitChanges(await repo.limits(trx), after);
    if (changes.some((c) => c.loosens))
      return hold(trx, op, {
        kind: 'limits_save',
        agentId: null,
        payload: b,
        summary: `修改限额：${changes.map((c) => c.message).join('；')}`,
        reason,
        why: ['放宽限额需另一位平台管理员审批'],
      });
    return saveLimitsIn(trx, op, b, null);
  });
}

/** The save inside the caller's transaction; `approved`: a second platform administrator let it loosen. */
export async function saveLimitsIn(
  trx: Executor,
  op: AdminActor,
  b: AdminBodyOf<'adminWriteLimitsSave'>,
  approved: ApprovedBy | null,
): Promise<WriteLimits> {
  const before = await repo.limits(trx);
  const { reason, ...after } = b;
  await repo.saveLimits(trx, after, approved?.requestedBy ?? op.username, clock.iso());
  await recordAudit(trx, op, {
    action: 'write_limits.saved',
    target: { type: 'write_limits', id: 1 },
    reason,
    before,
    after: { ...after, ...approvedNote(approved, op) },
  });
  return after;
}

/** What a held write's own audit row adds once approved: both names and the request (one audit shape). */
export function approvedNote(approved: ApprovedBy | null, op: AdminActor) {
  return approved ? { approval_id: approved.approvalId, requested_by: approved.requestedBy, approved_by: op.username } : {};
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
  const { write: _write, ...rest } = h;
  return hold(trx, op, { ...rest, why: breaches });
}

/**
 * Keeps a write for a second operator — its body as sent (never a password: the caller puts its hash
 * there), a sentence of what it would do with before → after, why it waits — audited, as the answer to
 * give instead of writing.
 */
export async function hold(
  trx: Executor,
  op: AdminActor,
  h: { kind: ApprovalKind; agentId: number | null; payload: unknown; summary: string; reason: string; why: string[] },
): Promise<Pending> {
  const id = await repo.insertApproval(trx, {
    kind: h.kind,
    agent_id: h.agentId,
    payload: JSON.stringify(h.payload),
    summary: h.summary,
    breaches: JSON.stringify(h.why),
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
    after: { approval_kind: h.kind, write: h.summary, breaches: h.why, ...(h.agentId === null ? {} : { agent_id: h.agentId }) },
  });
  return { pending_approval: (await approvalsOut(trx, op, [(await repo.approvalById(trx, id))!]))[0]! };
}

/** An operator as a decider: when they were created and whom they are tied to. */
export async function deciderOf(
  db: Executor,
  op: { id: number; role: AdminActor['role'] },
): Promise<Decider & { role: AdminActor['role'] }> {
  const [createdAt, tiedTo] = await Promise.all([repo.operatorCreatedAt(db, op.id), repo.tiesOf(db, op.id)]);
  return { id: op.id, role: op.role, createdAt, tiedTo };
}

/**
 * Refuses a decision on someone's request — a withdrawal's approval — unless this operator is another
 * person than the asker (the same rule as 通过's), and not one who changed the agent's payout account or
 * verification mobile lately.
 */
export async function assertAnotherPerson(
  db: Executor,
  op: AdminActor,
  req: { requestedById: number; requestedAt: string; recentPayoutChangers: readonly number[] },
): Promise<void> {
  const refusal = secondPersonRefusal(await deciderOf(db, op), req);
  if (refusal) throw new AppError(Code.FORBIDDEN, SECOND_PERSON_WORDS[refusal]);
}

/** Since when a change of an agent's payout account or mobile keeps its changer from approving its withdrawals. */
export async function payoutChangeWindowStart(db: Executor): Promise<string> {
  return clock.isoIn(-(await repo.limits(db)).payout_change_days * 86_400_000);
}

/**
 * Platform administrators who could approve an operator's change of another (`target`): enabled,
 * neither the asker nor the target, not tied to the asker. None: nobody could ever decide it, so the
 * change is made at once — and tied, so neither of the two approves the other's requests.
 */
export async function couldApproveOperatorChange(db: Executor, op: AdminActor, target: number | null): Promise<boolean> {
  const tied = await repo.tiesOf(db, op.id);
  const others = await repo.enabledPlatformAdminsBut(db, target === null ? [op.id] : [op.id, target]);
  return others.some((id) => !tied.has(id));
}

/** Records that `by` set `operatorId`'s password or role: neither decides the other's requests from now on. */
export async function tie(db: Executor, operatorId: number, by: number, what: 'created' | 'password' | 'role' | 'totp'): Promise<void> {
  await repo.tie(db, operatorId, by, what, clock.iso());
}

export async function approvalsOut(db: Executor, op: AdminActor, rows: repo.ApprovalRecord[]): Promise<ApprovalOut[]> {
  const me = await deciderOf(db, op);
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
    can_decide: decideRefusal(me, r) === null,
    can_withdraw: withdrawRefusal(op, r) === null,
  }));
}

/**
 * The dashboard's 待超限审批: what this operator could decide now — someone else's requests, of the
 * kinds whose write they may carry out, in their agent's scope (the same rule as 通过's).
 */
export async function decidableCount(db: Executor, op: { id: number; role: AdminActor['role'] }, agent: readonly number[] | null) {
  const me = await deciderOf(db, op);
  const kinds = APPROVAL_KINDS.filter(
    (k) => decideRefusal(me, { kind: k, requested_by_id: -1, requested_at: me.createdAt, state: 'pending' }) === null,
  );
  const r = await repo.pendingCount(db, { agent, kinds, notBy: [op.id, ...me.tiedTo], since: me.createdAt });
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
  if (!r || (own !== null && (r.agent_id === null || !own.includes(r.agent_id)))) throw new AppError(Code.NOT_FOUND, '审批不存在');
  const refusal = decideRefusal(await deciderOf(db, op), r);
  if (refusal === 'no_permission') throw new AppError(Code.FORBIDDEN, '当前账号无权审批此类操作');
  if (refusal && refusal !== 'not_pending') throw new AppError(Code.FORBIDDEN, SECOND_PERSON_WORDS[refusal]);
  if (refusal === 'not_pending')
    throw new AppError(Code.APPROVAL_ALREADY_DECIDED, `该申请已由 ${r.decided_by ?? '他人'}${DONE_WORD[r.state]}，无需再处理`);
  return r;
}

const DONE_WORD: Record<repo.ApprovalRecord['state'], string> = { pending: '处理', approved: '通过', rejected: '驳回', withdrawn: '撤回' };

/** The request its requester is about to take back, or why they may not. */
async function withdrawable(db: Executor, op: AdminActor, id: number): Promise<repo.ApprovalRecord> {
  const r = await repo.approvalById(db, id);
  const own = agentFilter(op);
  if (!r || (own !== null && (r.agent_id === null || !own.includes(r.agent_id)))) throw new AppError(Code.NOT_FOUND, '审批不存在');
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
export const pendingOfKinds = repo.pendingOfKinds;

/** An approved request's outcome and its audit row: one shape for every held write (inside the write's transaction). */
export async function recordApproved(
  trx: Executor,
  op: AdminActor,
  r: repo.ApprovalRecord,
  reason: string,
  outcome: string,
): Promise<void> {
  await repo.setOutcome(trx, r.id, outcome);
  await recordAudit(trx, op, {
    action: 'approval.approved',
    target: { type: 'approval', id: r.id },
    reason,
    before: { state: 'pending' },
    after: { state: 'approved', approval_kind: r.kind, write: r.summary, requested_by: r.requested_by, approved_by: op.username, outcome },
  });
}
