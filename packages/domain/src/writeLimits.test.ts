import { describe, expect, it } from 'vitest';
import {
  breachSentence,
  DEFAULT_WRITE_LIMITS,
  limitBreaches,
  limitChanges,
  type LimitedWrite,
  type WriteLimitKey,
  type WriteLimits,
} from './writeLimits';

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
    ['a commission adjustment at the limit', { kind: 'commission_adjust', amount_fen: 100_000 }, []],
    ['¥50,000 of commission', { kind: 'commission_adjust', amount_fen: 5_000_000 }, ['commission_adjust_fen']],
    ['a commission debit over it', { kind: 'commission_adjust', amount_fen: -100_001 }, ['commission_adjust_fen']],
    ['a refund at the limit', { kind: 'refund', amount_fen: 100_000 }, []],
    ['a refund one fen over it', { kind: 'refund', amount_fen: 100_001 }, ['refund_fen']],
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

  it.each<[string, Partial<WriteLimits>, [WriteLimitKey, boolean][]]>([
    ['nothing changed', {}, []],
    ['a higher adjustment limit loosens', { balance_adjust_fen: 500_000 }, [['balance_adjust_fen', true]]],
    ['a lower price limit tightens', { retail_price_fen: 50_000 }, [['retail_price_fen', false]]],
    ['a longer voucher validity loosens', { voucher_valid_days: 366 }, [['voucher_valid_days', true]]],
    ['a higher commission limit loosens', { commission_adjust_fen: 100_001 }, [['commission_adjust_fen', true]]],
    ['a shorter payout-change window loosens', { payout_change_days: 1 }, [['payout_change_days', true]]],
    ['a longer payout-change window tightens', { payout_change_days: 30 }, [['payout_change_days', false]]],
    [
      'one up, one down',
      { voucher_amount_fen: 5_000, voucher_batch_total_fen: 2_000_000 },
      [
        ['voucher_amount_fen', false],
        ['voucher_batch_total_fen', true],
      ],
    ],
  ])('limit change: %s', (_name, change, expected) => {
    expect(limitChanges(L, { ...L, ...change }).map((c) => [c.limit, c.loosens])).toEqual(expected);
  });

  it('a limit change in words, before → after', () => {
    expect(limitChanges(L, { ...L, balance_adjust_fen: 500_000, payout_change_days: 3 }).map((c) => c.message)).toEqual([
      '单次余额调整上限 ¥1000.00 → ¥5000.00',
      '改收款账户或验证手机后不得审核该代理提现的天数 7 天 → 3 天',
    ]);
  });
});
