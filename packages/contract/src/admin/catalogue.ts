// The catalogue in the console (docs/decisions/0018): package series, packages of every type,
// prices per agent (cost and retail, margin), coupon packages, first-recharge offers and vouchers
// issued in bulk. Retail is the price the portal quotes (packages.price_fen): the console edits
// that very column, there is no second price. Money is in fen.
import { z } from 'zod';
import { wholeNumber } from '../wholeNumber';
import { PendingApproval } from './approvals';
import { adminArea } from './define';

/** docs/spec/portal-spec.md §3 "Package type 1 to 9", as the portal labels them. */
export const PACKAGE_TYPE_NAME: Record<number, string> = {
  1: '体验包',
  2: '加油包',
  3: '基础套餐',
  4: '加餐包',
  5: '天数套餐',
  6: '30天叠加包',
  7: '叠加包',
  8: '免费叠加包',
  9: '月底清零套餐',
};

const reason = z.string({ error: '请填写原因' }).trim().min(2, '原因至少 2 个字').max(200, '原因最多 200 字');
const id = (label: string) => wholeNumber(`${label}有误`, { min: 1 });
const fen = (label: string) =>
  z
    .number({ error: `请填写${label}` })
    .int(`${label}须精确到分`)
    .min(0, `${label}不能为负数`)
    .max(100_000_000, `${label}过大`);
const text = (label: string, max: number) => z.string().trim().max(max, `${label}过长（最多 ${max} 字）`);
const packageType = z.number({ error: '请选择套餐类型' }).int().min(1, '套餐类型有误').max(9, '套餐类型有误');

/** Margin of a price: retail − cost, and its share of retail in per cent (one decimal). */
export function marginOf(costFen: number, retailFen: number): { margin_fen: number; margin_pct: number | null } {
  const margin = retailFen - costFen;
  return { margin_fen: margin, margin_pct: retailFen > 0 ? Math.round((margin / retailFen) * 1000) / 10 : null };
}

export const SeriesRow = z.object({
  id: z.number().int(),
  agent_id: z.number().int(),
  agent_name: z.string(),
  name: z.string(),
  description: z.string(),
  sort: z.number().int(),
  package_count: z.number().int(),
});

export const SeriesInput = z.object({
  /** absent: a new series */
  id: id('系列编号').optional(),
  agent_id: id('代理'),
  name: text('系列名称', 40).min(1, '请填写系列名称'),
  description: text('系列说明', 200),
  sort: z.number().int('排序须为整数').min(0, '排序不能为负数').max(9999, '排序过大'),
  reason,
});

export const PackageRow = z.object({
  id: z.number().int(),
  series_id: z.number().int(),
  series_name: z.string(),
  agent_id: z.number().int(),
  agent_name: z.string(),
  name: z.string(),
  package_type: z.number().int(),
  period: z.number().int(),
  period_count: z.number().int(),
  flow_mb: z.number().int(),
  cost_fen: z.number().int(),
  retail_fen: z.number().int(),
  original_price_fen: z.number().int(),
  margin_fen: z.number().int(),
  margin_pct: z.number().nullable(),
  description: z.string(),
  voucher_allowed: z.boolean(),
  recommended: z.boolean(),
  on_sale: z.boolean(),
  sort: z.number().int(),
});

export const PackageInput = z
  .object({
    id: id('套餐编号').optional(),
    series_id: id('套餐系列'),
    name: text('套餐名称', 40).min(1, '请填写套餐名称'),
    package_type: packageType,
    period: z.union([z.literal(1), z.literal(2)], { error: '周期单位只能是天或月' }),
    period_count: z.number().int('周期须为整数').min(1, '周期至少为 1').max(36, '周期过长'),
    flow_mb: z.number().int('流量须为整数（MB）').min(0, '流量不能为负数').max(100_000_000, '流量过大'),
    cost_fen: fen('成本价'),
    retail_fen: fen('零售价'),
    original_price_fen: fen('划线价'),
    description: text('套餐说明', 200),
    voucher_allowed: z.boolean(),
    recommended: z.boolean(),
    on_sale: z.boolean(),
    sort: z.number().int('排序须为整数').min(0, '排序不能为负数').max(9999, '排序过大'),
    reason,
    /** the operator checked a price far from the series' others (answered PRICE_NEEDS_CONFIRM without it) */
    price_confirmed: z.boolean().optional(),
  })
  .refine((p) => p.retail_fen >= p.cost_fen, { message: '零售价不能低于成本价', path: ['retail_fen'] });

/** One price change: retail by the agent or the platform, cost by the platform only. */
export const PriceInput = z.object({
  package_id: id('套餐编号'),
  retail_fen: fen('零售价'),
  /** the platform's cost to the agent: platform administrator only */
  cost_fen: fen('成本价').optional(),
  reason,
  /** the operator checked a price far from the series' others (answered PRICE_NEEDS_CONFIRM without it) */
  price_confirmed: z.boolean().optional(),
});

const VoucherTemplate = z.object({
  amount_fen: fen('券面额').min(1, '券面额至少 0.01 元'),
  min_spend_fen: fen('使用门槛'),
  valid_days: z.number().int('有效天数须为整数').min(1, '有效天数至少 1 天').max(3650, '有效天数过长'),
  package_types: z.array(packageType).max(9),
});

export const CouponPackageRow = z.object({
  id: z.number().int(),
  agent_id: z.number().int(),
  agent_name: z.string(),
  name: z.string(),
  price_fen: z.number().int(),
  description: z.string(),
  vouchers: z.array(VoucherTemplate),
  on_sale: z.boolean(),
});

export const CouponPackageInput = z.object({
  id: id('券包编号').optional(),
  agent_id: id('代理'),
  name: text('券包名称', 40).min(1, '请填写券包名称'),
  price_fen: fen('售价'),
  description: text('券包说明', 200),
  vouchers: z.array(VoucherTemplate).min(1, '券包至少包含一张券').max(20, '券包最多 20 张券'),
  on_sale: z.boolean(),
  reason,
});

export const RechargeOfferRow = z.object({
  agent_id: z.number().int(),
  agent_name: z.string(),
  /** null: the agent has no first-recharge offer */
  offer: z.object({ amount_fen: z.number().int(), bonus_fen: z.number().int(), title: z.string(), description: z.string() }).nullable(),
});

export const RechargeOfferInput = z.object({
  agent_id: id('代理'),
  /** null: remove the offer */
  offer: z
    .object({
      amount_fen: fen('充值金额').min(100, '充值金额至少 1 元'),
      bonus_fen: fen('赠送金额').min(1, '赠送金额至少 0.01 元'),
      title: text('标题', 40).min(1, '请填写标题'),
      description: text('说明', 200),
    })
    .refine((o) => o.bonus_fen <= o.amount_fen, { message: '赠送金额不能高于充值金额', path: ['bonus_fen'] })
    .nullable(),
  reason,
});

/** Which cards receive the vouchers: a list of card numbers, every card of a series, or of an agent. */
export const VoucherTarget = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('cards'),
      custom_nums: z
        .array(
          z
            .string()
            .trim()
            .regex(/^\d{6,20}$/, '卡号格式有误'),
        )
        .min(1, '请填写卡号')
        .max(10_000, '一次最多 10000 张卡'),
    }),
    z.object({ kind: z.literal('series'), series_id: id('套餐系列') }),
    z.object({ kind: z.literal('agent'), agent_id: id('代理') }),
  ],
  { error: '请选择发放对象' },
);

export const VoucherIssueInput = z.object({
  /** the console's id of this submission: the same id twice issues once */
  request_id: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, '请求编号有误'),
  target: VoucherTarget,
  name: text('券名称', 30).min(1, '请填写券名称'),
  amount_fen: fen('券面额').min(1, '券面额至少 0.01 元'),
  min_spend_fen: fen('使用门槛'),
  valid_days: z.number({ error: '请填写有效天数' }).int('有效天数须为整数').min(1, '有效天数至少 1 天').max(3650, '有效天数过长'),
  package_types: z.array(packageType).max(9),
  reason,
});

export const VoucherBatch = z.object({
  id: z.number().int(),
  agent_id: z.number().int().nullable(),
  name: z.string(),
  amount_fen: z.number().int(),
  min_spend_fen: z.number().int(),
  valid_days: z.number().int(),
  target: z.string(),
  card_count: z.number().int(),
  reason: z.string(),
  operator_username: z.string(),
  created_at: z.string(),
  /** where the batch's vouchers are now */
  vouchers: z.object({
    usable: z.number().int(),
    used: z.number().int(),
    /** held by an order being paid */
    locked: z.number().int(),
    revoked: z.number().int(),
    expired: z.number().int(),
  }),
});

export const VoucherBatchRevokeInput = z.object({ id: id('发放批次'), reason });

export const adminCatalogueEndpoints = adminArea({
  adminSeriesList: {
    route: 'GET /admin/catalogue/series',
    access: 'prices.view',
    tags: ['admin catalogue'],
    summary: '套餐系列（代理管理员仅本代理）',
    query: z.object({ agent_id: id('代理').optional() }),
    answer: z.object({ items: z.array(SeriesRow) }),
  },
  adminSeriesSave: {
    route: 'POST /admin/catalogue/series/save',
    access: 'catalogue.manage',
    tags: ['admin catalogue'],
    summary: '新建或修改套餐系列（平台管理员）',
    body: SeriesInput,
    answer: SeriesRow,
  },
  adminPackageList: {
    route: 'GET /admin/catalogue/packages',
    access: 'prices.view',
    tags: ['admin catalogue'],
    summary: '套餐与价格：成本价、零售价、毛利（代理管理员仅本代理）',
    query: z.object({
      agent_id: id('代理').optional(),
      series_id: id('套餐系列').optional(),
      package_type: z.coerce.number().int().min(1).max(9).optional(),
    }),
    answer: z.object({ items: z.array(PackageRow) }),
  },
  adminPackageSave: {
    route: 'POST /admin/catalogue/packages/save',
    access: 'catalogue.manage',
    tags: ['admin catalogue'],
    summary: '新建或修改套餐（平台管理员）；零售价低于成本价不予保存，高于限额待第二位管理员审批',
    body: PackageInput,
    answer: z.union([PackageRow, PendingApproval]),
  },
  adminPriceSave: {
    route: 'POST /admin/catalogue/prices/save',
    access: 'prices.manage',
    tags: ['admin catalogue'],
    summary: '修改套餐价格：代理管理员改本代理零售价，平台管理员另可改成本价；零售价低于成本价不予保存，高于限额待第二位管理员审批',
    body: PriceInput,
    answer: z.union([PackageRow, PendingApproval]),
  },
  adminCouponPackageList: {
    route: 'GET /admin/catalogue/coupon-packages',
    access: 'prices.view',
    tags: ['admin catalogue'],
    summary: '优惠券包（代理管理员仅本代理）',
    answer: z.object({ items: z.array(CouponPackageRow) }),
  },
  adminCouponPackageSave: {
    route: 'POST /admin/catalogue/coupon-packages/save',
    access: 'catalogue.manage',
    tags: ['admin catalogue'],
    summary: '新建或修改优惠券包（平台管理员）',
    body: CouponPackageInput,
    answer: z.union([CouponPackageRow, PendingApproval]),
  },
  adminRechargeOfferList: {
    route: 'GET /admin/catalogue/recharge-offers',
    access: 'prices.view',
    tags: ['admin catalogue'],
    summary: '各代理的首充优惠（代理管理员仅本代理）',
    answer: z.object({ items: z.array(RechargeOfferRow) }),
  },
  adminRechargeOfferSave: {
    route: 'POST /admin/catalogue/recharge-offers/save',
    access: 'catalogue.manage',
    tags: ['admin catalogue'],
    summary: '设置或取消代理的首充优惠（平台管理员）',
    body: RechargeOfferInput,
    answer: RechargeOfferRow,
  },
  adminVoucherIssue: {
    route: 'POST /admin/vouchers/issue',
    idempotent: 'its body request_id (adminCatalogue.test.ts: "repeated: true")',
    access: 'vouchers.issue',
    tags: ['admin catalogue'],
    summary: '批量发放优惠券（按卡号、系列或代理；同一请求编号只发放一次；超过限额待第二位管理员审批）',
    body: VoucherIssueInput,
    answer: z.union([z.object({ batch: VoucherBatch, repeated: z.boolean() }), PendingApproval]),
  },
  adminVoucherBatches: {
    route: 'GET /admin/vouchers/batches',
    access: 'vouchers.issue',
    tags: ['admin catalogue'],
    summary: '优惠券发放记录（代理管理员仅本代理），按时间倒序分页',
    query: z.object({
      before_id: z.coerce.number({ error: '分页参数有误' }).int().positive().optional(),
      limit: z.coerce.number({ error: '分页参数有误' }).int().min(1).max(200, '每页最多 200 条').default(50),
    }),
    answer: z.object({ items: z.array(VoucherBatch), next_before_id: z.number().int().nullable() }),
  },
  adminVoucherBatchRevoke: {
    route: 'POST /admin/vouchers/batches/revoke',
    access: 'vouchers.issue',
    tags: ['admin catalogue'],
    summary: '撤销一批优惠券中未使用的券（已使用和正在支付中的券不受影响），需填写原因',
    body: VoucherBatchRevokeInput,
    answer: z.object({ batch: VoucherBatch, revoked: z.number().int() }),
  },
});
