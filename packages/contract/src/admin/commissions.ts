// Agents' commission in the console (docs/decisions/0035-agent-commissions.md): an agent's
// figures, ledger and monthly statement (with a CSV), withdrawals asked for by the agent
// administrator and decided by finance, the payout recorded by hand or paid through the payout
// gateway, finance adjustments, the account on file (changed with the agent's SMS code) and the
// holding period. Money is integer fen; every change carries a request id (a double click acts
// once) and is audited.
import { z } from 'zod';
import { wholeNumber } from '../wholeNumber';
import { adminArea } from './define';
import { AdminReason } from './orders';
import { PendingApproval } from './approvals';

export const COMMISSION_KINDS = ['order', 'refund', 'adjustment', 'withdrawal', 'withdrawal_return'] as const;
export type CommissionKindName = (typeof COMMISSION_KINDS)[number];
export const COMMISSION_KIND_LABEL: Record<CommissionKindName, string> = {
  order: '订单佣金',
  refund: '退款冲回',
  adjustment: '财务调整',
  withdrawal: '提现',
  withdrawal_return: '提现退回',
};

export const WITHDRAWAL_STATES = ['requested', 'approved', 'paid', 'rejected', 'failed'] as const;
export type WithdrawalStateName = (typeof WITHDRAWAL_STATES)[number];
export const WITHDRAWAL_STATE_LABEL: Record<WithdrawalStateName, string> = {
  requested: '待审核',
  approved: '待打款',
  paid: '已打款',
  rejected: '已驳回',
  failed: '打款失败',
};

export const PAYOUT_METHOD_LABEL: Record<number, string> = { 0: '未设置', 1: '银行卡', 2: '支付宝', 3: '微信零钱' };
export const PAYOUT_CHANNEL_LABEL: Record<string, string> = { '': '-', manual: '手工打款', gateway: '接口打款' };

const AgentId = wholeNumber('请选择代理', { min: 1, max: 2_000_000_000 });
const RequestId = z.string({ error: '请求编号有误' }).trim().min(8, '请求编号有误').max(64, '请求编号有误');
const WithdrawalId = wholeNumber('提现编号有误', { min: 1, max: 2_000_000_000 });
const limit = wholeNumber('分页参数有误', { min: 1, max: 200 }).default(50);
const beforeId = wholeNumber('分页参数有误', { min: 1, max: 2_000_000_000 }).optional();
const Month = z
  .string({ error: '请选择月份' })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 YYYY-MM');

/** An amount in fen: a whole positive number. */
const AmountFen = (what: string) =>
  z
    .number({ error: `${what}须为数字` })
    .int('金额最多两位小数')
    .positive(`${what}必须大于 0`);

/** The most one adjustment may move, either way: 50,000.00 元. */
export const COMMISSION_ADJUST_LIMIT_FEN = 5_000_000;

export const CommissionFigures = z.object({
  agent_id: z.number().int(),
  /** the kept balance; equal to ledger_sum_fen */
  balance_fen: z.number().int(),
  ledger_sum_fen: z.number().int(),
  pending_fen: z.number().int(),
  withdrawable_fen: z.number().int(),
  holding_days: z.number().int(),
  payout_method: z.number().int(),
  payee: z.string(),
  /** masked */
  payout_account: z.string(),
  verify_mobile_set: z.boolean(),
});

export const CommissionAgentRow = CommissionFigures.extend({
  nickname: z.string(),
  mark: z.string(),
  waiting_withdrawals: z.number().int(),
});

export const CommissionEntry = z.object({
  id: z.number().int(),
  kind: z.enum(COMMISSION_KINDS),
  amount_fen: z.number().int(),
  order_no: z.string(),
  retail_fen: z.number().int(),
  discount_fen: z.number().int(),
  cost_fen: z.number().int(),
  note: z.string(),
  available_at: z.string(),
  created_at: z.string(),
});

export const CommissionWithdrawal = z.object({
  id: z.number().int(),
  payout_no: z.string(),
  agent_id: z.number().int(),
  agent_name: z.string().optional(),
  amount_fen: z.number().int(),
  state: z.enum(WITHDRAWAL_STATES),
  payout_method: z.number().int(),
  payee: z.string(),
  payout_account: z.string(),
  requested_at: z.string(),
  decided_at: z.string().nullable(),
  reject_reason: z.string(),
  payout_channel: z.string(),
  payout_reference: z.string(),
  paid_at: z.string().nullable(),
  failure_reason: z.string(),
  /** a transfer in flight at the payout gateway: the gateway's own state word (WAIT_USER_CONFIRM, TRANSFERING, …); '' otherwise */
  bill_state: z.string(),
  /** while the payee must confirm in WeChat: the confirmation page (path on the portal) and when the bill closes unconfirmed */
  payee_confirm: z.object({ path: z.string(), expires_at: z.string() }).nullable(),
});

/** What finance sees of a transfer in flight, by the gateway's state word (docs/decisions/0039-payee-confirms-transfer.md). */
export const BILL_STATE_LABEL: Record<string, string> = {
  ACCEPTED: '微信已受理',
  PROCESSING: '微信处理中',
  WAIT_USER_CONFIRM: '待收款人确认',
  TRANSFERING: '转账中',
  CANCELING: '撤销中',
};

export const CommissionStatementQuery = z.object({ agent_id: AgentId.optional(), month: Month });
export const CommissionStatementAnswer = z.object({
  agent: z.object({ id: z.number().int(), nickname: z.string(), mark: z.string() }),
  month: z.string(),
  from: z.string(),
  to: z.string(),
  totals: z.object({
    opening_fen: z.number().int(),
    orders_fen: z.number().int(),
    order_count: z.number().int(),
    refunds_fen: z.number().int(),
    refund_count: z.number().int(),
    adjustments_fen: z.number().int(),
    withdrawals_fen: z.number().int(),
    closing_fen: z.number().int(),
  }),
  items: z.array(CommissionEntry),
});

const WithdrawalAnswer = z.object({
  /** false: this request id acted before (nothing changed now) */
  applied: z.boolean(),
  withdrawal: CommissionWithdrawal,
});

export const adminCommissionEndpoints = adminArea({
  adminCommissionAgents: {
    route: 'GET /admin/commissions/agents',
    access: 'commissions.view',
    tags: ['admin commissions'],
    summary: '代理佣金总览：余额、冻结中、可提现、待处理提现（代理管理员只看本代理）',
    answer: z.object({ items: z.array(CommissionAgentRow) }),
  },
  adminCommissionLedger: {
    route: 'GET /admin/commissions/ledger',
    access: 'commissions.view',
    tags: ['admin commissions'],
    summary: '代理佣金流水（按时间倒序分页）与余额',
    query: z.object({ agent_id: AgentId.optional(), before_id: beforeId, limit }),
    answer: z.object({ figures: CommissionFigures, items: z.array(CommissionEntry), next_before_id: z.number().int().nullable() }),
  },
  adminCommissionStatement: {
    route: 'GET /admin/commissions/statement',
    access: 'commissions.view',
    tags: ['admin commissions'],
    summary: '代理佣金月结单：期初、订单佣金、退款冲回、调整、提现、期末',
    query: CommissionStatementQuery,
    answer: CommissionStatementAnswer,
  },
  adminCommissionStatementExport: {
    route: 'GET /admin/commissions/statement/export',
    access: 'commissions.view',
    tags: ['admin commissions'],
    summary: '导出代理佣金月结单（CSV，北京时间）',
    query: CommissionStatementQuery,
  },
  adminCommissionWithdrawals: {
    route: 'GET /admin/commissions/withdrawals',
    access: 'commissions.view',
    tags: ['admin commissions'],
    summary: '提现申请（按状态筛选，按时间倒序分页）',
    query: z.object({
      agent_id: AgentId.optional(),
      state: z.enum(WITHDRAWAL_STATES, { error: '提现状态有误' }).optional(),
      before_id: beforeId,
      limit,
    }),
    answer: z.object({ items: z.array(CommissionWithdrawal), next_before_id: z.number().int().nullable() }),
  },
  adminCommissionWithdrawalRequest: {
    route: 'POST /admin/commissions/withdrawals/request',
    idempotent: 'its body request_id (commissions.test.ts)',
    access: 'commissions.withdraw',
    tags: ['admin commissions'],
    summary: '申请提现（不超过可提现金额，打到登记的收款账户；同一请求编号只申请一次）',
    body: z.object({ agent_id: AgentId.optional(), amount_fen: AmountFen('提现金额'), request_id: RequestId }),
    answer: WithdrawalAnswer,
  },
  adminCommissionWithdrawalApprove: {
    route: 'POST /admin/commissions/withdrawals/approve',
    idempotent: 'its body request_id (commissions.test.ts: approve twice pays once)',
    access: 'commissions.settle',
    tags: ['admin commissions'],
    summary: '财务审核通过提现（重复点击只通过一次）',
    body: z.object({ id: WithdrawalId, request_id: RequestId }),
    answer: WithdrawalAnswer,
  },
  adminCommissionWithdrawalReject: {
    route: 'POST /admin/commissions/withdrawals/reject',
    idempotent: 'its body request_id (commissions.test.ts)',
    access: 'commissions.settle',
    tags: ['admin commissions'],
    summary: '财务驳回提现（须填写原因；金额退回代理余额）',
    body: z.object({ id: WithdrawalId, reason: AdminReason, request_id: RequestId }),
    answer: WithdrawalAnswer,
  },
  adminCommissionWithdrawalPaid: {
    route: 'POST /admin/commissions/withdrawals/paid',
    idempotent: 'its body request_id (commissions.test.ts)',
    access: 'commissions.settle',
    tags: ['admin commissions'],
    summary: '登记手工打款（填写打款流水号）',
    body: z.object({
      id: WithdrawalId,
      reference: z.string({ error: '请填写打款流水号' }).trim().min(4, '打款流水号至少 4 位').max(64, '打款流水号最多 64 位'),
      request_id: RequestId,
    }),
    answer: WithdrawalAnswer,
  },
  adminCommissionWithdrawalFailed: {
    route: 'POST /admin/commissions/withdrawals/failed',
    idempotent: 'its body request_id (commissions.test.ts)',
    access: 'commissions.settle',
    tags: ['admin commissions'],
    summary: '登记打款失败（须填写原因；金额退回代理余额）',
    body: z.object({ id: WithdrawalId, reason: AdminReason, request_id: RequestId }),
    answer: WithdrawalAnswer,
  },
  adminCommissionWithdrawalTransfer: {
    route: 'POST /admin/commissions/withdrawals/transfer',
    idempotent: 'its body request_id (commissions.test.ts)',
    access: 'commissions.settle',
    tags: ['admin commissions'],
    summary: '通过打款接口打款（同一提现只打款一次）',
    body: z.object({ id: WithdrawalId, request_id: RequestId }),
    // processing: handed to the gateway, not final yet (the payouts job asks again); note: what it waits for
    answer: WithdrawalAnswer.extend({ processing: z.boolean(), note: z.string().optional() }),
  },
  adminCommissionWithdrawalCancel: {
    route: 'POST /admin/commissions/withdrawals/cancel',
    idempotent: 'its body request_id (payeeConfirm.test.ts)',
    access: 'commissions.settle',
    tags: ['admin commissions'],
    summary: '撤销接口打款（收款人确认前；微信撤销完成后提现记为打款失败、金额退回代理余额）',
    body: z.object({ id: WithdrawalId, request_id: RequestId }),
    // canceling: the gateway accepted the cancel and has not finished it (the payouts job settles it)
    answer: z.object({ withdrawal: CommissionWithdrawal, canceling: z.boolean() }),
  },
  adminCommissionAdjust: {
    route: 'POST /admin/commissions/adjust',
    idempotent: 'its body request_id (commissions.test.ts)',
    access: 'commissions.settle',
    tags: ['admin commissions'],
    summary: '财务调整代理佣金（须填写原因；同一请求编号只调整一次；超过限额待第二位管理员审批）',
    body: z.object({
      agent_id: AgentId,
      amount_fen: z
        .number({ error: '调整金额须为数字' })
        .int('金额最多两位小数')
        .refine((n) => n !== 0, '调整金额不能为 0')
        .refine((n) => Math.abs(n) <= COMMISSION_ADJUST_LIMIT_FEN, '单次调整不能超过 50000 元'),
      reason: AdminReason,
      request_id: RequestId,
    }),
    /** above the commission adjustment limit it waits for a second operator (docs/decisions/0056) */
    answer: z.union([z.object({ applied: z.boolean(), balance_fen: z.number().int() }), PendingApproval]),
  },
  adminCommissionSettings: {
    route: 'POST /admin/commissions/settings',
    access: 'commissions.configure',
    tags: ['admin commissions'],
    summary: '设置代理的佣金冻结期（天）与收款账户验证手机号（改手机号待另一位平台管理员审批）',
    body: z.object({
      agent_id: AgentId,
      holding_days: wholeNumber('冻结期须为 0–90 天的整数', { min: 0, max: 90 }),
      verify_mobile: z
        .string({ error: '请填写验证手机号' })
        .trim()
        .regex(/^1\d{10}$/, '验证手机号须为 11 位手机号'),
      reason: AdminReason,
    }),
    /** a change of the verification mobile waits for a second platform administrator (docs/decisions/0056) */
    answer: z.union([CommissionFigures, PendingApproval]),
  },
  adminCommissionAccountCode: {
    route: 'POST /admin/commissions/account/code',
    access: 'commissions.withdraw',
    tags: ['admin commissions'],
    summary: '发送修改收款账户的短信验证码（发到代理登记的验证手机号）',
    body: z.object({ agent_id: AgentId.optional() }),
    answer: z.object({ mobile: z.string(), cooldown_seconds: z.number().int(), expires_in_seconds: z.number().int() }),
  },
  adminCommissionAccountSave: {
    route: 'POST /admin/commissions/account',
    access: 'commissions.withdraw',
    tags: ['admin commissions'],
    summary: '修改收款账户（须代理手机短信验证码，记审计）',
    body: z.object({
      agent_id: AgentId.optional(),
      payout_method: wholeNumber('请选择收款方式', { min: 1, max: 3 }),
      payee: z.string({ error: '请填写收款人姓名' }).trim().min(2, '收款人姓名须为 2–40 个字').max(40, '收款人姓名须为 2–40 个字'),
      payout_account: z.string({ error: '请填写收款账号' }).trim().min(1, '请填写收款账号').max(64, '收款账号最多 64 位'),
      sms_code: z
        .string({ error: '请填写短信验证码' })
        .trim()
        .regex(/^\d{6}$/, '短信验证码为 6 位数字'),
    }),
    answer: CommissionFigures,
  },
  // the payout openid bound in the messaging app, never typed (docs/decisions/0067-agents-in-levels.md)
  adminPayeeWechatStart: {
    route: 'POST /admin/commissions/payee/wechat',
    access: 'commissions.withdraw',
    idempotent: 'spends the agent’s SMS code: a second submit is refused; the link binds once, conditionally (payeeBinding.test.ts)',
    tags: ['admin commissions'],
    summary: '微信扫码绑定收款账户：验证短信后生成 10 分钟有效的公众号授权链接（二维码），收款人在微信中打开即绑定其 openid',
    body: z.object({
      agent_id: AgentId.optional(),
      payee: z.string({ error: '请填写收款人姓名' }).trim().min(2, '收款人姓名须为 2–40 个字').max(40, '收款人姓名须为 2–40 个字'),
      sms_code: z
        .string({ error: '请填写短信验证码' })
        .trim()
        .regex(/^\d{6}$/, '短信验证码为 6 位数字'),
    }),
    answer: z.object({ token: z.string(), url: z.string(), expires_at: z.string() }),
  },
  adminPayeeWechatStatus: {
    route: 'GET /admin/commissions/payee/wechat',
    access: 'commissions.withdraw',
    tags: ['admin commissions'],
    summary: '微信扫码绑定的进度：待扫码、已绑定（收款账户已更新）或已过期',
    query: z.object({ token: z.string().regex(/^[0-9a-f]{48}$/, '绑定链接无效') }),
    answer: z.object({ state: z.enum(['waiting', 'bound', 'expired']), figures: CommissionFigures.nullable() }),
  },
  payeeWechatBound: {
    route: 'GET /admin/public/payee/wechat/bound',
    access: 'open',
    tags: ['admin commissions'],
    summary: '公众号网页授权的回调：收款人在微信中打开绑定链接后到此，绑定其 openid 并显示结果页',
    query: z.object({ code: z.string().max(200).optional(), state: z.string().max(128).optional() }),
  },
});
