// A write above the platform's limits is not refused: the server keeps it for a second operator's
// approval and answers `{ pending_approval }` instead (docs/decisions/0048-limits-and-a-second-approver.md).
// Every form that may get such an answer says so the same way: a notice the operator acknowledges,
// naming the limits and where the approval waits — never 已保存 for something not saved. Writes that
// wait whatever their size (a looser limit, a platform administrator, a role, a verification mobile:
// docs/decisions/0056-no-one-moves-money-alone.md) say 已提交，等待另一位管理员审批 and the rule; a
// refund above the refund limit says it is not refunded yet, 待第二人审批 (docs/decisions/0059).
import type { AdminAnswerOf } from '@portal/contract/admin';
import type { useAppProps } from 'antd/es/app/context';

export type HeldApproval = AdminAnswerOf<'adminApprovalApprove'>;

export function heldForApproval(answer: unknown): HeldApproval | null {
  if (typeof answer !== 'object' || answer === null || !('pending_approval' in answer)) return null;
  return (answer as { pending_approval: HeldApproval }).pending_approval;
}

/** Refunds above the refund limit (docs/decisions/0059): not refunded yet — the notice says so first. */
const REFUNDS: ReadonlySet<HeldApproval['kind']> = new Set(['order_refund', 'order_partial_refund', 'refund_request']);

export function heldText(p: HeldApproval): string {
  if (REFUNDS.has(p.kind))
    return `${p.breaches.join('；')}。尚未退款：已提交审批（编号 ${p.id}），需另一位管理员在「超限审批」中通过后才会退款。`;
  return `${p.breaches.join('；')}。已提交审批（编号 ${p.id}），需另一位管理员在「超限审批」中通过后才会生效。`;
}

/** The kinds held whatever their size: the notice names no limit. */
const ALWAYS_HELD: ReadonlySet<HeldApproval['kind']> = new Set([
  'limits_save',
  'operator_create',
  'operator_password',
  'operator_role',
  'commission_settings',
  'operator_totp',
]);

export function heldTitle(p: HeldApproval): string {
  if (REFUNDS.has(p.kind)) return '超出单笔退款上限，待第二人审批';
  return ALWAYS_HELD.has(p.kind) ? '已提交，等待另一位管理员审批' : '超出限额，已提交审批';
}

/** Shows the notice when the answer was held; true when it was. */
export function sayHeld(modal: useAppProps['modal'], answer: unknown): boolean {
  const p = heldForApproval(answer);
  if (!p) return false;
  modal.warning({ title: heldTitle(p), content: heldText(p), okText: '知道了' });
  return true;
}
