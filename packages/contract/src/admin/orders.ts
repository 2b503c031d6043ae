// Orders and money in the operator console (docs/decisions/0018): search orders, an
// order's payments and gateway notifications, refunds through the portal's one refund service,
// late payments, a card's balance ledger and manual balance adjustments. Money actions need a
// reason and are audited (docs/decisions/0018).
import { z } from 'zod';
import { GOODS_TYPES, LEDGER_KINDS, ORDER_STATES } from '../commerce';
import { adminArea } from './define';
import { PendingApproval } from './approvals';

const iso = z.iso.datetime({ offset: true, error: '时间格式有误' });
const limit = z.coerce.number({ error: '分页参数有误' }).int('分页参数有误').min(1, '分页参数有误').max(200, '每页最多 200 条').default(50);
const beforeId = z.coerce.number({ error: '分页参数有误' }).int('分页参数有误').positive('分页参数有误').optional();
/** Why a money action is taken: required, 2–200 characters. */
/** An order's refunds by kind (refunds.kind): the whole order, part of it, a late payment sent back. */
export const REFUND_KINDS = ['order', 'partial', 'late'] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];
export const REFUND_KIND_LABEL: Record<RefundKind, string> = { order: '全额退款', partial: '部分退款', late: '异常到账退回' };

/** What became of a gateway's payment notification (pay_notifications.outcome), in the console's words. */
export const NOTIFICATION_OUTCOMES = [
  'credited',
  'failed',
  'duplicate',
  'unknown_order',
  'wrong_amount',
  'wrong_channel',
  'bad_signature',
  'late',
  'ignored',
] as const;
export type NotificationOutcome = (typeof NOTIFICATION_OUTCOMES)[number];
export const NOTIFICATION_OUTCOME_LABEL: Record<NotificationOutcome, string> = {
  credited: '已入账',
  failed: '支付失败',
  duplicate: '重复通知',
  unknown_order: '订单不存在',
  wrong_amount: '金额不符',
  wrong_channel: '渠道不符',
  bad_signature: '签名错误',
  late: '订单关闭后到账',
  ignored: '已忽略',
};

export const AdminReason = z.string({ error: '请填写原因' }).trim().min(2, '原因至少 2 个字').max(200, '原因最多 200 个字');
const OrderNo = z.string({ error: '请填写订单号' }).trim().min(1, '请填写订单号').max(64, '订单号有误');
const CardNumber = z.string({ error: '请填写卡号' }).trim().min(1, '请填写卡号').max(32, '卡号有误');

export const AdminOrderQuery = z.object({
  order_no: z.string().trim().max(64, '订单号过长').optional(),
  /** the card's number (custom_num) or its ICCID */
  card: z.string().trim().max(32, '卡号过长').optional(),
  /** the buyer's mobile */
  mobile: z.string().trim().max(20, '手机号过长').optional(),
  state: z.enum(ORDER_STATES, { error: '订单状态有误' }).optional(),
  goods_type: z.enum(GOODS_TYPES, { error: '商品类型有误' }).optional(),
  channel: z.coerce.number({ error: '支付方式有误' }).int('支付方式有误').min(1, '支付方式有误').max(9, '支付方式有误').optional(),
  from: iso.optional(),
  to: iso.optional(),
  before_id: beforeId,
  limit,
});

export const AdminOrderRow = z.object({
  id: z.number().int(),
  order_no: z.string(),
  custom_num: z.string(),
  agent_id: z.number().int(),
  user_mobile: z.string().nullable(),
  goods_type: z.string(),
  title: z.string(),
  total_fen: z.number().int(),
  discount_fen: z.number().int(),
  payable_fen: z.number().int(),
  pay_channel: z.number().int(),
  state: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  closed_at: z.string().nullable(),
});

export const AdminOrderListAnswer = z.object({ items: z.array(AdminOrderRow), next_before_id: z.number().int().nullable() });

export const AdminOrderDetailAnswer = z.object({
  order: AdminOrderRow.extend({ fulfilled_at: z.string().nullable(), expires_at: z.string(), voucher_id: z.number().int().nullable() }),
  payments: z.array(
    z.object({
      id: z.number().int(),
      channel: z.number().int(),
      transaction_id: z.string(),
      amount_fen: z.number().int(),
      source: z.string(),
      late: z.boolean(),
      created_at: z.string(),
    }),
  ),
  notifications: z.array(
    z.object({
      id: z.number().int(),
      channel: z.number().int(),
      transaction_id: z.string(),
      amount_fen: z.number().int(),
      outcome: z.string(),
      created_at: z.string(),
    }),
  ),
  refunds: z.array(
    z.object({
      refund_no: z.string(),
      kind: z.string(),
      amount_fen: z.number().int(),
      reason: z.string(),
      state: z.string(),
      created_at: z.string(),
      done_at: z.string().nullable(),
      /** who refunded ('' = the command line) */
      operator_username: z.string(),
    }),
  ),
  /** the refund service would accept it (paid or fulfilled) */
  refundable: z.boolean(),
  /** given back so far by partial refunds, and what is left to give back (docs/decisions/0045) */
  refunded_fen: z.number().int(),
  refundable_left_fen: z.number().int(),
});

export const AdminRefundBody = z.object({ order_no: OrderNo, reason: AdminReason });
export const AdminRefundAnswer = z.object({
  order_no: z.string(),
  /** refunded now | already refunded earlier (a double submit: nothing done) | an earlier refund's gateway step completed */
  outcome: z.enum(['refunded', 'already', 'completed']),
  refund_no: z.string().nullable(),
  amount_fen: z.number().int(),
  effects: z.array(z.string()),
});

/** A partial refund (docs/decisions/0045): an amount up to what is left, a reason, the goods kept. */
export const AdminPartialRefundBody = z.object({
  order_no: OrderNo,
  amount_fen: z.number({ error: '请填写退款金额' }).int('金额最多两位小数').positive('退款金额须大于 0'),
  reason: AdminReason,
  /** the console's id of this refund: a repeated submit refunds once */
  request_id: z.string({ error: '请求编号有误' }).trim().min(8, '请求编号有误').max(64, '请求编号有误'),
});
export const AdminPartialRefundAnswer = z.object({
  order_no: z.string(),
  /** refunded now | this request was refunded before (nothing done now) */
  outcome: z.enum(['refunded', 'already']),
  refund_no: z.string(),
  amount_fen: z.number().int(),
  /** done, or pending: recorded, the payment channel has not confirmed yet (retried automatically) */
  state: z.enum(['done', 'pending']),
  left_fen: z.number().int(),
  effects: z.array(z.string()),
});

export const AdminLatePaymentsAnswer = z.object({
  items: z.array(
    z.object({
      payment_id: z.number().int(),
      order_no: z.string(),
      order_state: z.string(),
      title: z.string(),
      custom_num: z.string(),
      channel: z.number().int(),
      amount_fen: z.number().int(),
      received_at: z.string(),
      refund_pending: z.boolean(),
    }),
  ),
});

export const AdminLedgerQuery = z.object({ card: CardNumber, before_id: beforeId, limit });
export const AdminLedgerAnswer = z.object({
  card: z.object({
    id: z.number().int(),
    custom_num: z.string(),
    iccid: z.string(),
    agent_id: z.number().int(),
    balance_fen: z.number().int(),
  }),
  /** Σ of the card's whole ledger: equal to balance_fen */
  ledger_sum_fen: z.number().int(),
  items: z.array(
    z.object({
      id: z.number().int(),
      amount_fen: z.number().int(),
      kind: z.enum([...LEDGER_KINDS]),
      order_no: z.string(),
      note: z.string(),
      balance_after_fen: z.number().int(),
      created_at: z.string(),
    }),
  ),
  next_before_id: z.number().int().nullable(),
});

/** The most one manual adjustment may move, either way: 5,000.00 元. */
export const ADJUST_LIMIT_FEN = 500_000;
export const AdminAdjustBody = z.object({
  card: CardNumber,
  amount_fen: z
    .number({ error: '请填写调整金额' })
    .int('金额最多两位小数')
    .refine((n) => n !== 0, '调整金额不能为 0')
    .refine((n) => Math.abs(n) <= ADJUST_LIMIT_FEN, '单次调整不能超过 5000 元'),
  reason: AdminReason,
  /** the console's id of this submit: a repeated submit adjusts once */
  request_id: z.string({ error: '请求编号有误' }).trim().min(8, '请求编号有误').max(64, '请求编号有误'),
});
export const AdminAdjustAnswer = z.object({
  /** false: this request id was done before (nothing changed now) */
  applied: z.boolean(),
  ledger_id: z.number().int(),
  balance_fen: z.number().int(),
});

export const adminOrderEndpoints = adminArea({
  adminOrderList: {
    route: 'GET /admin/orders',
    access: 'orders.view',
    tags: ['admin orders'],
    summary: '订单：按订单号、卡号、手机号、状态、商品类型、支付方式、时间筛选，按时间倒序分页',
    query: AdminOrderQuery,
    answer: AdminOrderListAnswer,
  },
  adminOrderExport: {
    route: 'GET /admin/orders/export',
    access: 'orders.view',
    tags: ['admin orders'],
    summary: '导出订单（CSV，筛选条件同列表，最多 10000 行）',
    query: AdminOrderQuery,
  },
  adminOrderDetail: {
    route: 'GET /admin/orders/detail',
    access: 'orders.view',
    tags: ['admin orders'],
    summary: '订单详情：支付记录、支付通知与退款',
    query: z.object({ order_no: OrderNo }),
    answer: AdminOrderDetailAnswer,
  },
  adminOrderMobileReveal: {
    route: 'POST /admin/orders/mobile-reveal',
    access: 'orders.view',
    tags: ['admin orders'],
    summary: '查看订单用户的完整手机号（客服、财务、代理须填写原因，记审计）',
    body: z.object({ order_no: OrderNo, reason: AdminReason }),
    answer: z.object({ order_no: z.string(), mobile: z.string() }),
  },
  adminOrderRefund: {
    route: 'POST /admin/orders/refund',
    idempotent: 'its body request_id (adminMoney.test.ts)',
    access: 'refunds.manage',
    tags: ['admin orders'],
    summary: '退款（必须填写原因；经退款服务，重复提交只退一次；超过单笔退款上限待另一人审批）',
    body: AdminRefundBody,
    /** above refund_fen the refund waits for another person (docs/decisions/0059) */
    answer: z.union([AdminRefundAnswer, PendingApproval]),
  },
  adminOrderPartialRefund: {
    route: 'POST /admin/orders/partial-refund',
    access: 'refunds.manage',
    tags: ['admin orders'],
    summary: '部分退款（填写金额与原因，不超过可退金额；保留订单权益；同一请求编号只退一次；超过单笔退款上限待另一人审批）',
    body: AdminPartialRefundBody,
    answer: z.union([AdminPartialRefundAnswer, PendingApproval]),
  },
  adminLatePayments: {
    route: 'GET /admin/orders/late-payments',
    access: 'ledger.view',
    tags: ['admin orders'],
    summary: '异常到账：订单关闭后才到账、尚未退回的款项',
    answer: AdminLatePaymentsAnswer,
  },
  adminCardLedger: {
    route: 'GET /admin/balance/ledger',
    access: 'ledger.view',
    tags: ['admin balance'],
    summary: '卡片余额明细（按时间倒序分页）',
    query: AdminLedgerQuery,
    answer: AdminLedgerAnswer,
  },
  adminBalanceAdjust: {
    route: 'POST /admin/balance/adjust',
    idempotent: 'its body request_id (adminMoney.test.ts)',
    access: 'ledger.adjust',
    tags: ['admin balance'],
    summary: '手工调整余额（必须填写原因；同一请求编号只调整一次；超过限额待第二位管理员审批）',
    body: AdminAdjustBody,
    answer: z.union([AdminAdjustAnswer, PendingApproval]),
  },
});
