import type { OrderState } from '@portal/contract';

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

export const PAY_CHANNEL_LABEL: Record<number, string> = { 1: '微信支付', 2: '支付宝支付', 3: '余额支付', 4: '花呗分期' };

/** 1024 MB → "1GB"; whole numbers only (volumes are integers, decisions.md). */
export function flowLabel(mb: number): string {
  if (mb >= 1024 && mb % 1024 === 0) return `${mb / 1024}GB`;
  if (mb >= 1024) return `${(mb / 1024).toFixed(1)}GB`;
  return `${mb}MB`;
}

export function periodLabel(period: number, count: number): string {
  return period === 1 ? `${count}天` : `${count}个月`;
}

/** Where a settled order's result page is; undefined while it is still pending. */
export function resultPathOf(state: OrderState): '/pay_success' | '/pay_fail' | undefined {
  if (state === 'paid' || state === 'fulfilled') return '/pay_success';
  if (state === 'failed' || state === 'closed' || state === 'refunded') return '/pay_fail';
  return undefined;
}
