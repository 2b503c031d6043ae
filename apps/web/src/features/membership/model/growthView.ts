// How growth reads on the member pages.
import type { GrowthEntry } from '@portal/contract';

export const GROWTH_SOURCE_LABEL: Record<GrowthEntry['source'], string> = {
  order: '订单支付',
  order_refund: '订单退款',
  invite: '邀请好友',
  invite_void: '邀请奖励收回',
};

/** +30 / -30 */
export const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** 2026-11-24T02:00:00Z → 2026-11-24 (China date) */
export function chinaDay(iso: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '-';
  return new Date(t + 8 * 3600_000).toISOString().slice(0, 10);
}
