import { describe, expect, it } from 'vitest';
import { issueBody, targetOf, issueWarning } from './issueForm';

describe('targetOf', () => {
  it.each([
    [
      'cards, split on whitespace, commas and 、',
      { kind: 'cards' as const, custom_nums: '1001\n1002, 1003，1004、1005' },
      { kind: 'cards', custom_nums: ['1001', '1002', '1003', '1004', '1005'] },
    ],
    ['no cards typed', { kind: 'cards' as const }, { kind: 'cards', custom_nums: [] }],
    ['a series', { kind: 'series' as const, series_id: 7 }, { kind: 'series', series_id: 7 }],
    ['an agent', { kind: 'agent' as const, agent_id: 3 }, { kind: 'agent', agent_id: 3 }],
  ])('%s', (_name, fields, target) => expect(targetOf(fields)).toEqual(target));
});

it('issueBody sends fen and the form’s request id', () => {
  expect(
    issueBody('r-1', { kind: 'series', series_id: 2, name: '五元券', amount: 5, min_spend: 19.9, valid_days: 30, reason: '活动补偿' }),
  ).toEqual({
    request_id: 'r-1',
    target: { kind: 'series', series_id: 2 },
    name: '五元券',
    amount_fen: 500,
    min_spend_fen: 1990,
    valid_days: 30,
    package_types: [],
    reason: '活动补偿',
  });
});

describe('issueWarning: the confirmation says when the issue waits for a second administrator', () => {
  const limits = {
    voucher_amount_fen: 10_000,
    voucher_valid_days: 365,
    voucher_batch_total_fen: 30_000,
    balance_adjust_fen: 100_000,
    retail_price_fen: 100_000,
    commission_adjust_fen: 100_000,
    payout_change_days: 7,
    refund_fen: 100_000,
  };
  const base = { name: '回馈券', min_spend: 0, reason: '回馈老用户' };
  it.each([
    ['within every limit', { kind: 'cards', custom_nums: '1000000001', amount: 50, valid_days: 30 }, null],
    [
      'a voucher above its face-value limit',
      { kind: 'cards', custom_nums: '1000000001', amount: 150, valid_days: 30 },
      /单张券面额 ¥150.00 超过上限 ¥100.00/,
    ],
    ['too long', { kind: 'series', series_id: 1, amount: 10, valid_days: 400 }, /有效天数 400 天 超过上限 365 天/],
    [
      'the batch total of four cards',
      { kind: 'cards', custom_nums: '1,2,3,4', amount: 80, valid_days: 30 },
      /本批总额 ¥320.00 超过上限 ¥300.00/,
    ],
  ] as const)('%s', (_name, v, expected) => {
    const w = issueWarning(limits, { ...base, ...v } as never);
    if (expected === null) expect(w).toBeNull();
    else {
      expect(w).toMatch(expected);
      expect(w).toContain('超限审批');
    }
  });
  it('says nothing until the limits are known', () => {
    expect(issueWarning(undefined, { ...base, kind: 'cards', custom_nums: '1', amount: 1000, valid_days: 30 } as never)).toBeNull();
  });
});
