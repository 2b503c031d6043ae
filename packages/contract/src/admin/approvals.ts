// Limits on the riskiest console writes and the second approver above them
// (docs/decisions/0048-limits-and-a-second-approver.md). The platform administrator sets the limits;
// a voucher issue, balance adjustment or price above one is kept as a pending approval, carried out
// only when another operator approves it (once), or dropped when they reject it — each with a reason.
import { z } from 'zod';
import { wholeNumber } from '../wholeNumber';
import { adminArea } from './define';

const reason = z.string({ error: '请填写原因' }).trim().min(2, '原因至少 2 个字').max(200, '原因最多 200 字');
const fenLimit = (label: string, max: number) =>
  z
    .number({ error: `请填写${label}` })
    .int(`${label}须精确到分`)
    .min(1, `${label}至少 0.01 元`)
    .max(max, `${label}过大`);

export const WriteLimitsShape = z.object({
  voucher_amount_fen: fenLimit('单张券面额上限', 100_000_000),
  voucher_valid_days: z.number({ error: '请填写券有效天数上限' }).int('天数须为整数').min(1, '天数至少 1 天').max(3650, '天数最多 3650 天'),
  voucher_batch_total_fen: fenLimit('单批发放总额上限', 2_000_000_000),
  /** never above the schema's own ceiling of one adjustment (ADJUST_LIMIT_FEN) */
  balance_adjust_fen: fenLimit('单次余额调整上限', 500_000),
  retail_price_fen: fenLimit('套餐零售价上限', 100_000_000),
  /** never above the schema's own ceiling of one commission adjustment (COMMISSION_ADJUST_LIMIT_FEN) */
  commission_adjust_fen: fenLimit('单次佣金调整上限', 5_000_000),
  payout_change_days: z
    .number({ error: '请填写改收款账户后不得审核提现的天数' })
    .int('天数须为整数')
    .min(1, '天数至少 1 天')
    .max(90, '天数最多 90 天'),
  /** one refund above it waits for another person (docs/decisions/0059) */
  refund_fen: fenLimit('单笔退款上限', 100_000_000),
});

export const WriteLimitsInput = WriteLimitsShape.extend({ reason });

export const APPROVAL_KINDS = [
  'voucher_issue',
  'balance_adjust',
  'price_save',
  'package_save',
  'coupon_package_save',
  // held whatever their size: the rules that guard the rules, and agents' money (docs/decisions/0056)
  'limits_save',
  'operator_create',
  'operator_password',
  'operator_role',
  'commission_adjust',
  'commission_settings',
  // refunds above refund_fen, and another platform administrator's second factor (docs/decisions/0059)
  'order_refund',
  'order_partial_refund',
  'refund_request',
  'operator_totp',
] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_KIND_LABEL: Record<ApprovalKind, string> = {
  voucher_issue: '发放优惠券',
  balance_adjust: '调整余额',
  price_save: '修改套餐价格',
  package_save: '保存套餐',
  coupon_package_save: '保存券包',
  limits_save: '放宽限额',
  operator_create: '新增平台管理员',
  operator_password: '重置管理员密码',
  operator_role: '修改操作员角色',
  commission_adjust: '调整代理佣金',
  commission_settings: '修改代理验证手机',
  order_refund: '订单退款',
  order_partial_refund: '订单部分退款',
  refund_request: '同意退款申请',
  operator_totp: '重置管理员两步验证',
};

/** withdrawn: the requester took it back while it was pending (it was never carried out) */
export const APPROVAL_STATES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];
export const APPROVAL_STATE_LABEL: Record<ApprovalState, string> = {
  pending: '待审批',
  approved: '已通过',
  rejected: '已驳回',
  withdrawn: '已撤回',
};

export const ApprovalRow = z.object({
  id: z.number().int(),
  kind: z.enum(APPROVAL_KINDS),
  agent_id: z.number().int().nullable(),
  agent_name: z.string().nullable(),
  /** what would be done, in words */
  summary: z.string(),
  /** why it waits, in words: the limits it goes past, or the rule that holds it whatever its size */
  breaches: z.array(z.string()),
  /** the requester's reason */
  reason: z.string(),
  requested_by: z.string(),
  requested_at: z.string(),
  state: z.enum(APPROVAL_STATES),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  decision_reason: z.string(),
  /** what the approval did (已发放 1 张 …); '' until then */
  outcome: z.string(),
  /** whether the operator asking may approve or reject it (another operator, with the permission) */
  can_decide: z.boolean(),
  /** whether the operator asking may withdraw it: their own request, still pending */
  can_withdraw: z.boolean(),
});

/** The answer of a limited write kept for approval instead of carried out. */
export const PendingApproval = z.object({ pending_approval: ApprovalRow });

export const adminApprovalEndpoints = adminArea({
  adminWriteLimits: {
    route: 'GET /admin/limits',
    access: 'approvals.view',
    tags: ['admin approvals'],
    summary: '限额：超过即需第二位管理员审批的券面额、有效期、单批总额、余额调整和零售价',
    answer: WriteLimitsShape,
  },
  adminWriteLimitsSave: {
    route: 'POST /admin/limits/save',
    access: 'limits.manage',
    tags: ['admin approvals'],
    summary: '设置限额（平台管理员，需填写原因，记审计；放宽任一限额待另一位平台管理员审批）',
    body: WriteLimitsInput,
    /** loosening a limit waits for a second platform administrator (docs/decisions/0056) */
    answer: z.union([WriteLimitsShape, PendingApproval]),
  },
  adminApprovalList: {
    route: 'GET /admin/approvals',
    access: 'approvals.view',
    tags: ['admin approvals'],
    summary: '超限操作的审批：待审批或已处理，按时间倒序分页（代理管理员仅本代理）',
    query: z.object({
      state: z.enum(['pending', 'decided'], { error: '状态有误' }).default('pending'),
      before_id: z.coerce.number({ error: '分页参数有误' }).int().positive().optional(),
      limit: z.coerce.number({ error: '分页参数有误' }).int().min(1).max(200, '每页最多 200 条').default(50),
    }),
    answer: z.object({ items: z.array(ApprovalRow), next_before_id: z.number().int().nullable() }),
  },
  adminApprovalApprove: {
    route: 'POST /admin/approvals/approve',
    idempotent: 'its conditional pending → approved: approving twice at once carries the write out once (adminApprovals.test.ts)',
    access: 'approvals.decide',
    tags: ['admin approvals'],
    summary: '通过审批并执行（不能审批自己提交的申请；同一申请只执行一次）',
    body: z.object({ id: wholeNumber('审批编号有误', { min: 1 }), reason }),
    answer: ApprovalRow,
  },
  adminApprovalReject: {
    route: 'POST /admin/approvals/reject',
    access: 'approvals.decide',
    tags: ['admin approvals'],
    summary: '驳回审批（需填写原因，不执行）',
    body: z.object({ id: wholeNumber('审批编号有误', { min: 1 }), reason }),
    answer: ApprovalRow,
  },
  adminApprovalWithdraw: {
    route: 'POST /admin/approvals/withdraw',
    access: 'approvals.view',
    tags: ['admin approvals'],
    summary: '撤回自己提交、仍待审批的申请（需填写原因，不执行，只能撤回一次）',
    body: z.object({ id: wholeNumber('审批编号有误', { min: 1 }), reason }),
    answer: ApprovalRow,
  },
});
