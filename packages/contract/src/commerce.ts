// Commerce: catalogue, vouchers, balance, orders and payments.
// Money leaves the server as yuan numbers with at most 2 decimals; the database keeps integer
// fen, and the client never computes a price (docs/spec/decisions.md).
import { z } from 'zod';
import { ORDER_NO, RECHARGE_MAX_YUAN, RECHARGE_MIN_YUAN } from './patterns/commerce';
export { RECHARGE_MAX_YUAN, RECHARGE_MIN_YUAN };
import { CardNum, DateTime, Yuan } from './schemas';
import { wholeNumber } from './wholeNumber';
import { OrderDevice, ShopDelivery, ShopProductId, ShopQuantity } from './shop';

// ---------- primitives ----------
/** A positive integer id in a query string ("12") or a body (12). */
function idField(message: string) {
  return wholeNumber(message, { min: 1, max: 2_147_483_647 });
}
export const PackageId = idField('请选择套餐');
export const VoucherId = idField('优惠券有误');
export const CouponPackageId = idField('请选择券包');

/** pay channel, docs/spec/portal-spec.md §3: 1 messaging-app pay, 2 e-wallet, 3 balance, 4 e-wallet instalment */
export const PayChannelValue = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
  error: '请选择支付方式',
});
export type PayChannelValue = z.infer<typeof PayChannelValue>;

export const ORDER_STATES = ['pending', 'paid', 'fulfilled', 'closed', 'failed', 'refunded'] as const;
export const OrderState = z.enum(ORDER_STATES);
export type OrderState = z.infer<typeof OrderState>;

export const GOODS_TYPES = ['package', 'recharge', 'coupon_package', 'upgrade', 'device'] as const;
export const GoodsType = z.enum(GOODS_TYPES, { error: '商品类型有误' });
export type GoodsType = z.infer<typeof GoodsType>;

/** An order's state in words: the console's lists, drawers and exports say the same. */
export const ORDER_STATE_LABEL: Record<OrderState, string> = {
  pending: '待支付',
  paid: '已支付',
  fulfilled: '已完成',
  closed: '已关闭',
  failed: '失败',
  refunded: '已退款',
};
/** What an order buys, in words. */
export const GOODS_TYPE_LABEL: Record<GoodsType, string> = {
  package: '套餐',
  recharge: '余额充值',
  coupon_package: '券包',
  upgrade: '套餐升级',
  device: '设备',
};

export const VOUCHER_STATUSES = ['usable', 'locked', 'used', 'expired'] as const;
export const VoucherStatus = z.enum(VOUCHER_STATUSES);
export type VoucherStatus = z.infer<typeof VoucherStatus>;

const MSG_RECHARGE = `请输入${RECHARGE_MIN_YUAN}-${RECHARGE_MAX_YUAN}之间的整数金额`;
/** Whole yuan 1..5000. Accepts "50" from a query string too. */
export const RechargeAmount = wholeNumber(MSG_RECHARGE, { min: RECHARGE_MIN_YUAN, max: RECHARGE_MAX_YUAN });

/** Client idempotency key of an order creation: 8 to 64 of [A-Za-z0-9_-]. */
export const RequestId = z
  .string({ error: '缺少请求标识' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, '请求标识有误');

export const OrderNo = z.string({ error: '请输入订单号' }).trim().regex(ORDER_NO.pattern, ORDER_NO.message);

/** `in_messaging_app` from a query string ("1", "true") or a body (true). */
export const MessagingAppFlag = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false', ''])])
  .optional()
  .transform((v) => v === true || v === '1' || v === 'true');

// ---------- catalogue ----------
/** What buying the package does to the card, decided on the server by the rule that fulfils it (packages/domain purchaseEffect). */
export const PurchaseEffect = z.object({
  kind: z.enum(['starts_now', 'queued', 'stacks', 'refused']),
  /** first China-time day the data can be used (YYYY-MM-DD; "" when refused) */
  first_day: z.string(),
  /** last China-time day the package works (YYYY-MM-DD; "" when refused) */
  valid_until: z.string(),
  /** the sentence the page shows; when refused, why */
  text: z.string(),
  /**
   * For a card that is stopped or out of data (the line's read model): whether paying for this
   * brings it back online today; absent when the card needs nothing. `line_note` says why not.
   */
  restores_line: z.boolean().optional(),
  line_note: z.string().optional(),
});
export type PurchaseEffect = z.infer<typeof PurchaseEffect>;
export const Package = z.object({
  id: z.number().int(),
  series_id: z.number().int(),
  name: z.string(),
  /** 1-9, docs/spec/portal-spec.md §3 (1 experience … 9 basic end-of-month reset) */
  package_type: z.number().int(),
  /** 1 day, 2 month */
  period: z.number().int(),
  period_count: z.number().int(),
  flow_mb: z.number().int(),
  price: Yuan,
  original_price: Yuan,
  description: z.string(),
  voucher_allowed: z.boolean(),
  recommended: z.boolean(),
  /** on the package list and detail of a card: what buying it now does to that card */
  effect: PurchaseEffect.optional(),
});
export type Package = z.infer<typeof Package>;
export const PackageListAnswer = z.object({ list: z.array(Package) });
export type PackageListAnswer = z.infer<typeof PackageListAnswer>;
export const PackageDetailQuery = z.object({ custom_num: CardNum, package_id: PackageId });

export const CouponPackageVoucher = z.object({
  amount: Yuan,
  min_spend: Yuan,
  valid_days: z.number().int(),
  package_types: z.array(z.number().int()),
});
export const CouponPackage = z.object({
  id: z.number().int(),
  name: z.string(),
  price: Yuan,
  vouchers: z.array(CouponPackageVoucher),
  description: z.string(),
});
export type CouponPackage = z.infer<typeof CouponPackage>;
export const CouponPackageListAnswer = z.object({ list: z.array(CouponPackage) });
export type CouponPackageListAnswer = z.infer<typeof CouponPackageListAnswer>;

export const FirstRechargeOffer = z.object({
  amount: Yuan,
  bonus_amount: Yuan.optional(),
  package: Package.optional(),
  title: z.string(),
  description: z.string(),
});
export type FirstRechargeOffer = z.infer<typeof FirstRechargeOffer>;
export const RechargeOptions = z.object({
  presets: z.array(Yuan),
  min: z.number(),
  max: z.number(),
  balance: Yuan,
  first_recharge: FirstRechargeOffer.nullable(),
  pre_store: z.boolean(),
  pre_store_mold: z.number().int(),
});
export type RechargeOptions = z.infer<typeof RechargeOptions>;
/** /recharge's amounts and first-recharge offer for a visitor of /quick_payment: no balance (a
 *  card number alone shows no figures). */
export const QuickRechargeOptions = RechargeOptions.pick({ presets: true, min: true, max: true, first_recharge: true });
export type QuickRechargeOptions = z.infer<typeof QuickRechargeOptions>;

// ---------- vouchers ----------
export const Voucher = z.object({
  id: z.number().int(),
  name: z.string(),
  amount: Yuan,
  min_spend: Yuan,
  /** package types it applies to; empty = any */
  package_types: z.array(z.number().int()),
  expires_at: DateTime,
  /** locked = held by a pending order */
  status: VoucherStatus,
  source: z.string(),
});
export type Voucher = z.infer<typeof Voucher>;
export const VoucherListQuery = z.object({
  custom_num: CardNum,
  status: z.enum(['usable', 'invalid'], { error: '券状态有误' }).default('usable'),
});
export const VoucherListAnswer = z.object({ list: z.array(Voucher) });
export type VoucherListAnswer = z.infer<typeof VoucherListAnswer>;
export const UsableVoucherQuery = z.object({ custom_num: CardNum, package_id: PackageId });

// ---------- orders ----------
export const PayChannelOption = z.object({
  channel: PayChannelValue,
  name: z.string(),
  available: z.boolean(),
  /** why it is not available, e.g. 余额不足, 分期需满 X 元, 请在浏览器中打开 */
  reason: z.string().optional(),
  /** the balance channel of a logged-in quote: the card's balance (never in quick payment) */
  balance: Yuan.optional(),
});
export type PayChannelOption = z.infer<typeof PayChannelOption>;

const QuoteFields = {
  custom_num: CardNum,
  goods_type: GoodsType,
  package_id: PackageId.optional(),
  coupon_package_id: CouponPackageId.optional(),
  /** recharge: whole yuan 1..5000 */
  amount: RechargeAmount.optional(),
  voucher_id: VoucherId.nullish(),
  in_messaging_app: MessagingAppFlag,
  /** device (docs/decisions/0020): the product, how many, and where it goes (needed to order, not to quote) */
  product_id: ShopProductId.optional(),
  quantity: ShopQuantity.optional(),
  delivery: ShopDelivery.optional(),
};
export const QuoteRequest = z.object(QuoteFields);
export type QuoteRequest = z.input<typeof QuoteRequest>;
export const Quote = z.object({
  goods_type: GoodsType,
  title: z.string(),
  total: Yuan,
  discount: Yuan,
  payable: Yuan,
  voucher_id: z.number().int().nullable(),
  channels: z.array(PayChannelOption),
  /** the part of `discount` that is the card owner's member price (docs/decisions/0019); absent: none */
  member_discount: Yuan.optional(),
  /** the member level that gives it, e.g. 金卡会员 */
  member_level: z.string().optional(),
  /** with a member discount: the voucher's part of `discount` (the client computes no price) */
  voucher_discount: Yuan.optional(),
  /** a recharge: what lands on the balance once paid (the amount and any bonus) */
  credit: Yuan.optional(),
  /** a recharge: the first-recharge bonus in `credit` (0 when the offer does not apply) */
  bonus: Yuan.optional(),
});
export type Quote = z.infer<typeof Quote>;

export const CreateOrderRequest = z.object({
  ...QuoteFields,
  pay_channel: PayChannelValue,
  request_id: RequestId,
});
export type CreateOrderRequest = z.input<typeof CreateOrderRequest>;

export const Order = z.object({
  order_no: z.string(),
  goods_type: GoodsType,
  title: z.string(),
  custom_num: z.string(),
  total: Yuan,
  discount: Yuan,
  payable: Yuan,
  pay_channel: z.number().int(),
  state: OrderState,
  created_at: DateTime,
  paid_at: DateTime.nullable(),
  voucher: z.object({ id: z.number().int(), name: z.string(), amount: Yuan }).nullable(),
  package: Package.optional(),
  /** a delivered package order: the China-time days the package it delivered works (YYYY-MM-DD) */
  package_window: z.object({ first_day: z.string(), valid_until: z.string() }).optional(),
  /** recharge: the yuan credited to the balance (amount plus any first-recharge bonus) */
  credit: Yuan.optional(),
  /** when a pending order closes by itself */
  expires_at: DateTime.optional(),
  /**
   * order detail of a pending order: true when the gateway, asked during this request, said nothing
   * has been paid (the payer left the cashier): the result page says 支付未完成 instead of waiting
   */
  gateway_unpaid: z.boolean().optional(),
  /** a device order: the goods, the address and the shipping (docs/decisions/0020) */
  device: OrderDevice.optional(),
  /**
   * order detail of a delivered order for a card that was stopped: back_online — this order fixed
   * the stop and the line is in service again; restoring — it fixed it and the carrier is putting
   * the line back (刷新 to check); stopped — the line is still stopped (this order does not fix that
   * stop: a plan that starts later, or another reason). Absent when the card was not stopped.
   */
  line_after: z.enum(['back_online', 'restoring', 'stopped']).optional(),
  /** the part of `discount` that was the card owner's member price (docs/decisions/0019); absent: none */
  member_discount: Yuan.optional(),
  /** with a member discount: the voucher's part of `discount` (the client computes no price) */
  voucher_discount: Yuan.optional(),
});
export type Order = z.infer<typeof Order>;

export const PayAction = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  z.object({ kind: z.literal('settled') }),
]);
export type PayAction = z.infer<typeof PayAction>;
export const CreateOrderAnswer = Order.extend({ pay: PayAction });
export type CreateOrderAnswer = z.infer<typeof CreateOrderAnswer>;

export const OrderNoQuery = z.object({ order_no: OrderNo });
export const CloseOrderRequest = z.object({ order_no: OrderNo });
export const RepayOrderRequest = z.object({ order_no: OrderNo });
/** The order list's tabs: 全部, 待支付, 已完成 (paid), 已退款. */
export const ORDER_GROUPS = ['all', 'pending', 'done', 'refunded'] as const;
export type OrderGroup = (typeof ORDER_GROUPS)[number];
export const OrderListQuery = z.object({
  /** the current card; with scope 'mine' the list holds every card of the caller */
  custom_num: CardNum,
  status: z.enum(ORDER_GROUPS, { error: '订单分类有误' }).default('all'),
  scope: z.enum(['card', 'mine'], { error: '订单范围有误' }).default('card'),
  page: z.coerce.number({ error: '页码有误' }).int('页码有误').min(1, '页码有误').max(10_000, '页码有误').default(1),
});
export const OrderListAnswer = z.object({
  list: z.array(Order),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type OrderListAnswer = z.infer<typeof OrderListAnswer>;

// ---------- balance ----------
export const LEDGER_KINDS = ['recharge', 'bonus', 'purchase', 'refund', 'adjust'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
/** A balance movement's kind in words: the console's ledger and its export say the same. */
export const LEDGER_KIND_LABEL: Record<LedgerKind, string> = {
  recharge: '充值',
  bonus: '赠送',
  purchase: '消费',
  refund: '退款',
  adjust: '人工调整',
};
export const LedgerEntry = z.object({
  id: z.number().int(),
  /** + credit (收入), - debit (支出) */
  amount: Yuan,
  kind: z.enum(LEDGER_KINDS),
  order_no: z.string(),
  /** what the money was for: the goods bought, 退款：…, 开卡赠送余额 */
  note: z.string(),
  created_at: DateTime,
  balance_after: Yuan,
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;
/** The history's tabs: 全部, 收入 (money in), 支出 (money out). */
export const LedgerQuery = z.object({
  custom_num: CardNum,
  direction: z.enum(['all', 'in', 'out'], { error: '明细分类有误' }).default('all'),
  /** the next page: entries older than this one (the last id of the page before); absent = the newest */
  before_id: z.coerce.number({ error: '分页参数有误' }).int('分页参数有误').min(1, '分页参数有误').optional(),
});
/** A page of the ledger, newest first; `has_more`: older entries remain (ask with before_id = the last id). */
export const BalanceLedgerAnswer = z.object({ balance: Yuan, list: z.array(LedgerEntry), has_more: z.boolean() });
export type BalanceLedgerAnswer = z.infer<typeof BalanceLedgerAnswer>;

// ---------- payment notifications (gateway → server) ----------
export const PayNotifyAnswer = z.object({ result: z.enum(['success', 'fail']) });
/** The channel of a gateway's notification: one that settles through a gateway (not balance). */
export const PayNotifyParams = z.object({
  channel: z.coerce
    .number({ error: '支付渠道有误' })
    .int('支付渠道有误')
    .refine((c) => c === 1 || c === 2 || c === 4, '支付渠道有误'),
});
/** The channel of an Alipay notification: e-wallet (2) or instalment (4). */
export const PayNotifyAlipayParams = z.object({
  channel: z.coerce
    .number({ error: '支付渠道有误' })
    .int('支付渠道有误')
    .refine((c) => c === 2 || c === 4, '支付渠道有误'),
});
/** The JSAPI checkout's query: our sealed ticket, and the OAuth page's code when it came back. */
export const PayWechatJsapiQuery = z.object({
  t: z.string({ error: '支付链接无效' }).min(1, '支付链接无效').max(4096, '支付链接无效'),
  code: z.string().max(512).optional(),
  state: z.string().max(128).optional(),
});
/** A gateway's own fields; the gateway adapter checks the signature and reads them. */
export const PayNotifyBody = z.record(z.string(), z.unknown(), { error: '通知内容有误' });

// ---------- quick payment (no login) ----------
export const QuickCardCheck = z.object({
  custom_num: z.string(),
  masked_iccid: z.string(),
  supplier: z.number().int(),
  state: z.number().int(),
  agent_name: z.string(),
  can_buy: z.boolean(),
  reason: z.string().optional(),
  /** the line's one problem in a few words (流量已用完 …), "" when it works: no personal data */
  problem_title: z.string(),
  /** what buying must do to bring it back today (the line's read model); null when buying does not help */
  needs: z.enum(['refuel', 'package', 'recharge']).nullable(),
});
export type QuickCardCheck = z.infer<typeof QuickCardCheck>;
/**
 * Vouchers are the holder's, used only after a login: without one, anybody who knows a card
 * number could read its vouchers or hold one in an unpaid order (so the owner is told 该优惠券不可用).
 * Quick payment therefore takes none; a client that still sends one is told to log in.
 */
const NoVoucher = z.null({ error: '免登录支付不能使用优惠券，请登录后使用' }).optional();
/** Quick payment buys a package (package_id) or tops up the card's balance (amount, whole yuan,
 *  the same limits and offers as /recharge): one of the two. */
const oneGoods = (b: { package_id?: number | undefined; amount?: number | undefined }) =>
  (b.package_id === undefined) !== (b.amount === undefined);
const ONE_GOODS = { message: '请选择套餐或充值金额', path: ['package_id'] };
export const QuickQuoteRequest = z
  .object({
    custom_num: CardNum,
    package_id: PackageId.optional(),
    amount: RechargeAmount.optional(),
    voucher_id: NoVoucher,
    in_messaging_app: MessagingAppFlag,
  })
  .refine(oneGoods, ONE_GOODS);
export type QuickQuoteRequest = z.input<typeof QuickQuoteRequest>;
export const QuickOrderRequest = z
  .object({
    custom_num: CardNum,
    package_id: PackageId.optional(),
    amount: RechargeAmount.optional(),
    voucher_id: NoVoucher,
    pay_channel: PayChannelValue,
    request_id: RequestId,
    in_messaging_app: MessagingAppFlag,
  })
  .refine(oneGoods, ONE_GOODS);
export type QuickOrderRequest = z.input<typeof QuickOrderRequest>;
export const QuickOrderAnswer = Order.extend({ access_key: z.string(), pay: PayAction });
export type QuickOrderAnswer = z.infer<typeof QuickOrderAnswer>;
export const QuickOrderQuery = z.object({
  order_no: OrderNo,
  access_key: z
    .string({ error: '缺少访问凭证' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, '访问凭证有误'),
});
export const QuickRepayRequest = QuickOrderQuery;
