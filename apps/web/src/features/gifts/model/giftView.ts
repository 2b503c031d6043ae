// How /gift shows a gift's state: the words and the tone of its tag, and the filter tabs.
import type { Gift } from '@portal/contract';

export const GIFT_STATE_LABEL: Record<Gift['state'], string> = {
  pending: '待发放',
  granted: '已发放',
  expired: '已过期',
  revoked: '已收回',
};

export type GiftTab = 'all' | Gift['state'];
export const GIFT_TABS: { key: GiftTab; label: string }[] = [
  { key: 'all', label: '全部' },
  { key: 'pending', label: '待发放' },
  { key: 'granted', label: '已发放' },
  { key: 'expired', label: '已过期' },
];

/** The gifts a tab shows: 已过期 also holds the ones taken back (neither can be used any more). */
export function giftsOfTab(list: Gift[], tab: GiftTab): Gift[] {
  if (tab === 'all') return list;
  if (tab === 'expired') return list.filter((g) => g.state === 'expired' || g.state === 'revoked');
  return list.filter((g) => g.state === tab);
}

/** What a gift is worth, in words: ¥10 余额 / ¥5 优惠券. */
export function giftValue(g: Pick<Gift, 'kind' | 'amount'>): string {
  const yuan = Number.isInteger(g.amount) ? String(g.amount) : g.amount.toFixed(2);
  return `¥${yuan}`;
}

/** A date as the user reads it: 2026-05-10 (the server's ISO time in China's day). */
export function giftDate(iso: string): string {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return '';
  return new Date(t + 8 * 3600_000).toISOString().slice(0, 10);
}
