import { describe, expect, it } from 'vitest';
import { breachSentence, DEFAULT_WRITE_LIMITS, limitBreaches, type LimitedWrite, type WriteLimitKey } from './writeLimits';

const L = DEFAULT_WRITE_LIMITS;

describe('write limits', () => {
  it.each<[string, LimitedWrite, WriteLimitKey[]]>([
    ['an everyday voucher', { kind: 'voucher_issue', amount_fen: 500, valid_days: 30, card_count: 200 }, []],
    ['a voucher exactly at every limit', { kind: 'voucher_issue', amount_fen: 10_000, valid_days: 365, card_count: 100 }, []],
    [
      'a voucher one fen over face value',
      { kind: 'voucher_issue', amount_fen: 10_001, valid_days: 30, card_count: 1 },
      ['voucher_amount_fen'],
    ],
    [
      '¥100,000 valid ten years',
      { kind: 'voucher_issue', amount_fen: 10_000_000, valid_days: 3650, card_count: 1 },
      ['voucher_amount_fen', 'voucher_valid_days', 'voucher_batch_total_fen'],
    ],
    [
      'a small voucher to very many cards',
      { kind: 'voucher_issue', amount_fen: 500, valid_days: 30, card_count: 2001 },
      ['voucher_batch_total_fen'],
    ],
    ['a year and a day', { kind: 'voucher_issue', amount_fen: 100, valid_days: 366, card_count: 1 }, ['voucher_valid_days']],
    ['an adjustment at the limit', { kind: 'balance_adjust', amount_fen: 100_000 }, []],
    ['a credit over it', { kind: 'balance_adjust', amount_fen: 100_001 }, ['balance_adjust_fen']],
    ['a debit over it', { kind: 'balance_adjust', amount_fen: -100_001 }, ['balance_adjust_fen']],
    ['an ordinary price', { kind: 'price', retail_fen: 2_990 }, []],
    ['a price at the limit', { kind: 'price', retail_fen: 100_000 }, []],
    ['¥99,999 for 30 GB', { kind: 'price', retail_fen: 9_999_900 }, ['retail_price_fen']],
    [
      'a coupon package of everyday vouchers',
      {
        kind: 'coupon_package',
        vouchers: [
          { amount_fen: 500, valid_days: 30 },
          { amount_fen: 1_000, valid_days: 90 },
        ],
      },
      [],
    ],
    [
      'a coupon package with one voucher past face value and a year',
      {
        kind: 'coupon_package',
        vouchers: [
          { amount_fen: 500, valid_days: 30 },
          { amount_fen: 10_001, valid_days: 366 },
        ],
      },
      ['voucher_amount_fen', 'voucher_valid_days'],
    ],
    [
      'a coupon package of twenty vouchers each at the limit: within a batch',
      { kind: 'coupon_package', vouchers: Array.from({ length: 20 }, () => ({ amount_fen: 10_000, valid_days: 365 })) },
      [],
    ],
  ])('%s', (_name, write, limits) => {
    expect(limitBreaches(L, write).map((b) => b.limit)).toEqual(limits);
  });

  it('holds a coupon package whose vouchers together pass a batch, and says it', () => {
    const b = limitBreaches(
      { ...L, voucher_batch_total_fen: 1_500 },
      {
        kind: 'coupon_package',
        vouchers: [
          { amount_fen: 1_000, valid_days: 30 },
          { amount_fen: 1_000, valid_days: 30 },
        ],
      },
    );
    expect(b.map((x) => x.message)).toEqual(['券包内券总额 ¥20.00 超过上限 ¥15.00']);
  });

  it('says each breach with the value and the limit, in yuan or days', () => {
    const b = limitBreaches(L, { kind: 'voucher_issue', amount_fen: 10_000_000, valid_days: 3650, card_count: 2 });
    expect(b.map((x) => x.message)).toEqual([
      '单张券面额 ¥100000.00 超过上限 ¥100.00',
      '有效天数 3650 天 超过上限 365 天',
      '本批总额 ¥200000.00 超过上限 ¥10000.00',
    ]);
    expect(breachSentence(b.slice(0, 1))).toBe('单张券面额 ¥100000.00 超过上限 ¥100.00，需另一位管理员审批后生效');
  });

  it('follows the configured figures, not the defaults', () => {
    const tight = { ...L, retail_price_fen: 5_000 };
    expect(limitBreaches(tight, { kind: 'price', retail_fen: 5_001 })).toHaveLength(1);
    expect(limitBreaches({ ...L, balance_adjust_fen: 0 }, { kind: 'balance_adjust', amount_fen: 1 })).toHaveLength(1);
  });
});
