// Who may decide a write waiting above a limit (docs/decisions/0048-limits-and-a-second-approver.md):
// another operator than the one who asked — a second pair of eyes is the point — holding both the
// permission to decide approvals and the permission the write itself needs (finance may approve a
// balance adjustment, not a price). Pure, table-tested.
import type { ApprovalKind, OperatorRole } from '@portal/contract/admin';
import { can, type Permission } from '../access/permissions';

/** The permission each limited write needs of whoever carries it out. */
export const KIND_PERMISSION: Record<ApprovalKind, Permission> = {
  voucher_issue: 'vouchers.issue',
  balance_adjust: 'ledger.adjust',
  price_save: 'prices.manage',
  package_save: 'catalogue.manage',
  coupon_package_save: 'catalogue.manage',
};

export type DecideRefusal = 'not_pending' | 'own_request' | 'no_permission';

export function decideRefusal(
  op: { id: number; role: OperatorRole },
  req: { kind: ApprovalKind; requested_by_id: number; state: string },
): DecideRefusal | null {
  if (!can(op.role, 'approvals.decide') || !can(op.role, KIND_PERMISSION[req.kind])) return 'no_permission';
  if (req.requested_by_id === op.id) return 'own_request';
  if (req.state !== 'pending') return 'not_pending';
  return null;
}

export type WithdrawRefusal = 'not_own' | 'not_pending';

/** Only the requester takes their request back, and only while nobody has decided it. */
export function withdrawRefusal(op: { id: number }, req: { requested_by_id: number; state: string }): WithdrawRefusal | null {
  if (req.requested_by_id !== op.id) return 'not_own';
  if (req.state !== 'pending') return 'not_pending';
  return null;
}
