import type { Gift } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { giftDate, giftsOfTab, giftValue } from './giftView';

const g = (key: string, state: Gift['state']): Gift => ({
  key,
  kind: 'voucher',
  title: key,
  amount: 5,
  state,
  source: '',
  detail: '',
  at: '',
  expires_at: '',
});
const list = [g('a', 'pending'), g('b', 'granted'), g('c', 'expired'), g('d', 'revoked')];

describe('giftsOfTab', () => {
  it.each([
    ['all', ['a', 'b', 'c', 'd']],
    ['pending', ['a']],
    ['granted', ['b']],
    ['expired', ['c', 'd']],
  ] as const)('%s', (tab, keys) => {
    expect(giftsOfTab(list, tab).map((x) => x.key)).toEqual(keys);
  });
});

describe('giftValue / giftDate', () => {
  it.each([
    [5, '¥5'],
    [0.5, '¥0.50'],
    [12.34, '¥12.34'],
  ])('%s yuan → %s', (amount, text) => {
    expect(giftValue({ kind: 'balance', amount })).toBe(text);
  });
  it.each([
    ['2026-05-10T15:59:00.000Z', '2026-05-10'],
    ['2026-05-10T16:00:00.000Z', '2026-05-11'],
    ['', ''],
  ])('%s → %s', (iso, day) => {
    expect(giftDate(iso)).toBe(day);
  });
});
