import type { GoodsType, OrderState } from '@portal/contract';

export const PACKAGE_TYPE_LABEL: Record<number, string> = {
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

export const ORDER_STATE_LABEL: Record<OrderState, string> = {
  pending: '待支付',
  paid: '已支付',
  fulfilled: '已完成',
  closed: '已关闭',
  failed: '支付失败',
  refunded: '已退款',
};

/** Names of goods types in the order list. */
export const GOODS_TYPE_LABEL: Record<GoodsType, string> = {
  package: '套餐',
  recharge: '余额充值',
  coupon_package: '券包',
  upgrade: '套餐升级',
  device: '设备',
};

/** 1024 MB → "1GB"; whole numbers only (volumes are integers, docs/spec/decisions.md). */
export function flowLabel(mb: number): string {
  if (mb >= 1024 && mb % 1024 === 0) return `${mb / 1024}GB`;
  if (mb >= 1024) return `${(mb / 1024).toFixed(1)}GB`;
  return `${mb}MB`;
}

export function periodLabel(period: number, count: number): string {
  return period === 1 ? `${count}天` : `${count}个月`;
}

/** Where a settled order's result page is; undefined while it is still pending. */
export function resultPathOf(
  state: OrderState,
  goods: GoodsType = 'package',
): '/pay_success' | '/coupon_success' | '/shopping_success' | '/pay_fail' | undefined {
  if (state === 'paid' || state === 'fulfilled') return successPathOf(goods);
  if (state === 'failed' || state === 'closed' || state === 'refunded') return '/pay_fail';
  return undefined;
}

/** A bought coupon package has its own success page (its vouchers), a device its shop's (its shipping); everything else /pay_success. */
export function successPathOf(goods: GoodsType): '/pay_success' | '/coupon_success' | '/shopping_success' {
  if (goods === 'device') return '/shopping_success';
  return goods === 'coupon_package' ? '/coupon_success' : '/pay_success';
}

/** "满20.00元可用" or "无门槛" (amounts as the server sent them, formatted only). */
export function minSpendLabel(minSpend: number, format: (yuan: number) => string): string {
  return minSpend > 0 ? `满${format(minSpend)}元可用` : '无门槛';
}

/** "限基础套餐、月底清零套餐" or "全部套餐可用". */
export function packageTypesLabel(types: readonly number[]): string {
  if (types.length === 0) return '全部套餐可用';
  return `限${types.map((t) => PACKAGE_TYPE_LABEL[t] ?? `类型${t}`).join('、')}`;
}

export const LEDGER_KIND_LABEL: Record<string, string> = {
  recharge: '充值',
  bonus: '赠送',
  purchase: '消费',
  refund: '退款',
  adjust: '人工调整',
};

/**
 * A balance entry as the history names it: 收入 or 支出 by its sign, and what kind of movement it
 * was (a refund either returns money paid from the balance or takes back a refunded recharge).
 */
export function ledgerEntryLabel(kind: string, amount: number): { direction: '收入' | '支出'; kind: string } {
  const direction = amount >= 0 ? '收入' : '支出';
  if (kind === 'refund') return { direction, kind: amount >= 0 ? '退款退回' : '退款收回' };
  return { direction, kind: LEDGER_KIND_LABEL[kind] ?? '余额变动' };
}

export const VOUCHER_STATUS_LABEL: Record<string, string> = {
  usable: '可使用',
  locked: '待支付订单占用',
  used: '已使用',
  expired: '已过期',
};

/**
 * How an order's amount is named: 实付 only for money actually taken. An order never paid (待支付,
 * 已关闭, 支付失败) shows 应付 and 未扣款, as its result page says; a refunded one says so.
 */
export function amountLabelOf(state: OrderState): { label: '实付' | '应付'; note: string | null } {
  if (state === 'paid' || state === 'fulfilled') return { label: '实付', note: null };
  if (state === 'refunded') return { label: '实付', note: '已退款' };
  return { label: '应付', note: '未扣款' };
}
