import { describe, expect, it } from 'vitest';
import { firstRechargeBonus, priceOf, rankVouchers, rechargeAmountFen, voucherProblem, voucherStatus, type VoucherTerms } from './pricing';

const now = new Date('2025-03-10T04:00:00Z');
const v = (o: Partial<VoucherTerms> = {}): VoucherTerms => ({
  amount_fen: 500,
  min_spend_fen: 2000,
  package_types: [],
  expires_at: '2025-04-01T00:00:00Z',
  status: 'usable',
  ...o,
});
const pkg = { total_fen: 3000, package_type: 3, voucher_allowed: true };

describe('voucherProblem: applicability, checked in order', () => {
  it.each<
    [
      string,
      VoucherTerms,
      typeof pkg | { total_fen: number; package_type: number | null; voucher_allowed: boolean },
      ReturnType<typeof voucherProblem>,
    ]
  >([
    ['applies', v(), pkg, null],
    ['exactly the minimum spend', v({ min_spend_fen: 3000 }), pkg, null],
    ['below the minimum spend', v({ min_spend_fen: 3001 }), pkg, 'min_spend'],
    ['expired a second ago', v({ expires_at: '2025-03-10T03:59:59Z' }), pkg, 'expired'],
    ['expires exactly now', v({ expires_at: now.toISOString() }), pkg, 'expired'],
    ['locked by another order', v({ status: 'locked' }), pkg, 'unusable'],
    ['already used', v({ status: 'used' }), pkg, 'unusable'],
    ['listed package type', v({ package_types: [3, 9] }), pkg, null],
    ['other package types only', v({ package_types: [2, 4] }), pkg, 'package_type'],
    ['package forbids vouchers', v(), { ...pkg, voucher_allowed: false }, 'not_allowed'],
    ['a recharge', v(), { total_fen: 3000, package_type: null, voucher_allowed: false }, 'not_allowed'],
    ['larger than the price', v({ amount_fen: 3001, min_spend_fen: 0 }), pkg, 'too_large'],
    ['equal to the price', v({ amount_fen: 3000, min_spend_fen: 0 }), pkg, null],
  ])('%s', (_name, voucher, goods, problem) => expect(voucherProblem(voucher, goods, now)).toBe(problem));
});

describe('priceOf: the discount never makes the payable negative', () => {
  it.each([
    [3000, null, { total_fen: 3000, discount_fen: 0, payable_fen: 3000 }],
    [3000, 500, { total_fen: 3000, discount_fen: 500, payable_fen: 2500 }],
    [3000, 2999, { total_fen: 3000, discount_fen: 2999, payable_fen: 1 }],
    [3000, 3000, { total_fen: 3000, discount_fen: 3000, payable_fen: 0 }],
    [3000, 5000, { total_fen: 3000, discount_fen: 3000, payable_fen: 0 }],
    [3000, -100, { total_fen: 3000, discount_fen: 0, payable_fen: 3000 }],
  ])('total %s, voucher %s', (total, amount, expected) => expect(priceOf(total, amount)).toEqual(expected));
  it('refuses a fractional or negative total', () => {
    expect(() => priceOf(10.5, null)).toThrow(RangeError);
    expect(() => priceOf(-1, null)).toThrow(RangeError);
  });
});

describe('rankVouchers: best first', () => {
  it('largest amount, then soonest expiry, then oldest', () => {
    const list = [
      { id: 1, ...v({ amount_fen: 300 }) },
      { id: 2, ...v({ amount_fen: 500, expires_at: '2025-05-01T00:00:00Z' }) },
      { id: 3, ...v({ amount_fen: 500, expires_at: '2025-04-01T00:00:00Z' }) },
      { id: 4, ...v({ amount_fen: 500, expires_at: '2025-04-01T00:00:00Z' }) },
    ];
    expect(rankVouchers(list).map((x) => x.id)).toEqual([3, 4, 2, 1]);
  });
});

describe('voucherStatus', () => {
  it.each([
    ['usable', '2025-04-01T00:00:00Z', 'usable'],
    ['locked', '2025-04-01T00:00:00Z', 'locked'],
    ['used', '2025-01-01T00:00:00Z', 'used'],
    ['usable', '2025-03-01T00:00:00Z', 'expired'],
    ['locked', '2025-03-01T00:00:00Z', 'expired'],
  ])('%s until %s → %s', (status, expires_at, shown) => expect(voucherStatus({ status, expires_at }, now)).toBe(shown));
});

describe('rechargeAmountFen: whole yuan 1..5000', () => {
  it.each<[unknown, number | null]>([
    [1, 100],
    [50, 5000],
    [5000, 500_000],
    [0, null],
    [-10, null],
    [5001, null],
    [10.5, null],
    [0.01, null],
    ['50', null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [null, null],
  ])('%s → %s', (yuan, fen) => expect(rechargeAmountFen(yuan)).toBe(fen));
});

describe('firstRechargeBonus', () => {
  const offer = { amount_fen: 5000, bonus_fen: 1000 };
  it.each([
    [5000, false, offer, 1000],
    [10000, false, offer, 1000],
    [4900, false, offer, 0],
    [5000, true, offer, 0],
    [5000, false, null, 0],
  ])('%s fen, had first %s', (amount, had, o, bonus) => expect(firstRechargeBonus(amount, had, o)).toBe(bonus));
});
