import { describe, expect, it } from 'vitest';
import type { ApprovalKind } from '@portal/contract/admin';
import { heldForApproval, heldText, heldTitle, type HeldApproval } from './heldForApproval';

const held = (kind: ApprovalKind): HeldApproval => ({
  id: 9,
  kind,
  agent_id: null,
  agent_name: null,
  summary: '…',
  breaches: ['放宽限额需另一位平台管理员审批'],
  reason: '原因',
  requested_by: 'admin',
  requested_at: '2026-12-01T00:00:00.000Z',
  state: 'pending',
  decided_by: null,
  decided_at: null,
  decision_reason: '',
  outcome: '',
  can_decide: false,
  can_withdraw: true,
});

describe('a held answer, in the console’s words', () => {
  it.each<[ApprovalKind, string]>([
    ['voucher_issue', '超出限额，已提交审批'],
    ['balance_adjust', '超出限额，已提交审批'],
    ['price_save', '超出限额，已提交审批'],
    ['package_save', '超出限额，已提交审批'],
    ['coupon_package_save', '超出限额，已提交审批'],
    ['commission_adjust', '超出限额，已提交审批'],
    ['limits_save', '已提交，等待另一位管理员审批'],
    ['operator_create', '已提交，等待另一位管理员审批'],
    ['operator_password', '已提交，等待另一位管理员审批'],
    ['operator_role', '已提交，等待另一位管理员审批'],
    ['commission_settings', '已提交，等待另一位管理员审批'],
    ['operator_totp', '已提交，等待另一位管理员审批'],
    ['order_refund', '超出单笔退款上限，待第二人审批'],
    ['order_partial_refund', '超出单笔退款上限，待第二人审批'],
    ['refund_request', '超出单笔退款上限，待第二人审批'],
  ])('%s: %s', (kind, title) => {
    expect(heldTitle(held(kind))).toBe(title);
  });

  it('a held refund says it has not been refunded', () => {
    expect(heldText({ ...held('order_refund'), breaches: ['退款金额 ¥2000.00 超过上限 ¥1000.00'] })).toMatch(
      /^退款金额 ¥2000\.00 超过上限 ¥1000\.00。尚未退款：已提交审批（编号 9）/,
    );
  });

  it('tells a held answer from a done one', () => {
    expect(heldForApproval({ pending_approval: held('limits_save') })?.id).toBe(9);
    expect(heldForApproval({ id: 3, username: 'li.si' })).toBeNull();
    expect(heldForApproval(null)).toBeNull();
  });
});
