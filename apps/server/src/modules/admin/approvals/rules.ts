// Who may decide a write that waits for a second person (docs/decisions/0048-limits-and-a-second-approver.md,
// docs/decisions/0056-no-one-moves-money-alone.md): another operator than the one who asked — a second
// pair of eyes is the point — holding both the permission to decide approvals and the permission the
// write itself needs (finance may approve a balance adjustment, not a price); one who existed when it
// was asked; and one not tied to the asker (neither set the other's password or role, so neither can
// act as the other). The same "another person" rule decides an agent's withdrawal. Pure, table-tested.
import type { ApprovalKind, OperatorRole } from '@portal/contract/admin';
import { can, type Permission } from '../access/permissions';

/** The permission each held write needs of whoever carries it out. */
export const KIND_PERMISSION: Record<ApprovalKind, Permission> = {
  voucher_issue: 'vouchers.issue',
  balance_adjust: 'ledger.adjust',
  price_save: 'prices.manage',
  package_save: 'catalogue.manage',
  coupon_package_save: 'catalogue.manage',
  limits_save: 'limits.manage',
  operator_create: 'operators.manage',
  operator_password: 'operators.manage',
  operator_role: 'operators.manage',
  commission_adjust: 'commissions.settle',
  commission_settings: 'commissions.configure',
  order_refund: 'refunds.manage',
  order_partial_refund: 'refunds.manage',
  refund_request: 'refunds.manage',
  operator_totp: 'operators.manage',
};

/**
 * own_request: the asker; too_new: created after it was asked (a colleague made for the purpose);
 * tied: the asker set their password or role, or they the asker's; changed_payout: changed the
 * agent's payout account or verification mobile within the window (withdrawals only).
 */
export type SecondPersonRefusal = 'own_request' | 'too_new' | 'tied' | 'changed_payout' | 'own_account';

/**
 * The held writes that change one operator's account: whoever it changes does not decide it (a
 * platform administrator approving the reset of their own password or second factor would choose
 * who holds their account). The hold already counts the target out of the possible approvers.
 */
const CHANGES_AN_OPERATOR: ReadonlySet<ApprovalKind> = new Set(['operator_password', 'operator_totp', 'operator_role']);

/** The operator a held write changes (its payload's `id`), or null for a write that changes none. */
export function operatorChangedBy(req: { kind: ApprovalKind; payload: string }): number | null {
  if (!CHANGES_AN_OPERATOR.has(req.kind)) return null;
  const id = (JSON.parse(req.payload) as { id?: unknown }).id;
  return typeof id === 'number' ? id : null;
}

export interface Decider {
  id: number;
  /** when the deciding operator was created */
  createdAt: string;
  /** operators tied to the decider, either way */
  tiedTo: ReadonlySet<number>;
}

export function secondPersonRefusal(
  op: Decider,
  req: { requestedById: number; requestedAt: string; recentPayoutChangers?: readonly number[] },
): SecondPersonRefusal | null {
  if (req.requestedById === op.id) return 'own_request';
  if (op.createdAt > req.requestedAt) return 'too_new';
  if (op.tiedTo.has(req.requestedById)) return 'tied';
  if (req.recentPayoutChangers?.includes(op.id)) return 'changed_payout';
  return null;
}

export type DecideRefusal = 'not_pending' | 'no_permission' | SecondPersonRefusal;

export function decideRefusal(
  op: Decider & { role: OperatorRole },
  req: { kind: ApprovalKind; requested_by_id: number; requested_at: string; state: string; payload?: string },
): DecideRefusal | null {
  if (!can(op.role, 'approvals.decide') || !can(op.role, KIND_PERMISSION[req.kind])) return 'no_permission';
  const other = secondPersonRefusal(op, { requestedById: req.requested_by_id, requestedAt: req.requested_at });
  if (other) return other;
  if (req.payload !== undefined && operatorChangedBy({ kind: req.kind, payload: req.payload }) === op.id) return 'own_account';
  if (req.state !== 'pending') return 'not_pending';
  return null;
}

/** What each refusal tells the operator. */
export const SECOND_PERSON_WORDS: Record<SecondPersonRefusal, string> = {
  own_request: '不能审批自己提交的申请，请由另一位管理员处理',
  too_new: '该申请提交时您的账号尚未创建，请由另一位管理员处理',
  tied: '您的账号与申请人之间设置过密码或角色，不能互相审批，请由另一位管理员处理',
  changed_payout: '您近期修改过该代理的收款账户或验证手机，不能审核其提现，请由另一位管理员处理',
  own_account: '该申请修改的是您自己的账号（密码、两步验证或角色），不能由您审批，请由另一位管理员处理',
};

export type WithdrawRefusal = 'not_own' | 'not_pending';

/** Only the requester takes their request back, and only while nobody has decided it. */
export function withdrawRefusal(op: { id: number }, req: { requested_by_id: number; state: string }): WithdrawRefusal | null {
  if (req.requested_by_id !== op.id) return 'not_own';
  if (req.state !== 'pending') return 'not_pending';
  return null;
}
