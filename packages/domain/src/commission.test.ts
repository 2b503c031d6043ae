// The commission rules table by table (docs/decisions/0035-agent-commissions.md).
import { describe, expect, it } from 'vitest';
import {
  availableAtOf,
  balanceOf,
  chinaMonthOf,
  chinaMonthRange,
  commissionOfOrder,
  creditAvailableAt,
  maskAccount,
  nextWithdrawalState,
  payoutAccountProblem,
  returnsAmount,
  reversalAvailableAt,
  reversalOf,
  statementTotals,
  withdrawalProblem,
} from './commission';

describe('commissionOfOrder', () => {
  const pkg = { cost_fen: 3000, price_fen: 5000 };
  it.each([
    // goods, total, discount, package → commission (null: earns none)
    ['package', 5000, 0, pkg, 2000],
    ['package', 5000, 250, pkg, 1750], // member price borne by the agent
    ['package', 5000, 1000, pkg, 1000], // member price and a voucher
    ['package', 5000, 2500, pkg, -500], // discounted below cost: the agent pays the difference
    ['package', 5000, 5000, pkg, -3000], // free with a voucher: the platform still keeps its cost
    ['upgrade', 2500, 0, pkg, 1000], // half the target's price → half its cost
    ['upgrade', 1, 0, pkg, 0], // rounds to the nearest fen
    ['package', 5000, 0, { cost_fen: 0, price_fen: 5000 }, 5000],
    ['recharge', 5000, 0, pkg, null], // stored value: earns when spent on a package
    ['coupon_package', 990, 0, null, null],
    ['device', 19900, 0, null, null], // no cost price for devices yet
    ['package', 5000, 0, null, null], // package gone from the catalogue
  ] as const)('%s total %i discount %i → %s', (goods, total, discount, p, expected) => {
    const r = commissionOfOrder({ goods_type: goods, total_fen: total, discount_fen: discount }, p);
    expect(r?.commission_fen ?? null).toBe(expected);
    if (r) expect(r.retail_fen - r.discount_fen - r.cost_fen).toBe(r.commission_fen);
  });
});

describe('reversalOf', () => {
  it.each([
    // credited, refunded, paid, already reversed → reversal
    [2000, 5000, 5000, 0, -2000], // whole refund
    [2000, 2500, 5000, 0, -1000], // half
    [2000, 1, 3, 0, -667], // rounds
    [2000, 2, 3, 667, -1333], // the rest of the payment reverses the rest exactly
    [2000, 4000, 5000, 1500, -500], // never more than what is left
    [-500, 2500, 2500, 0, 500], // a negative commission reverses upward
    [2000, 0, 0, 0, -2000], // a free order's refund reverses it whole
    [0, 5000, 5000, 0, 0],
  ])('credited %i, refunded %i of %i (reversed %i) → %i', (c, r, p, a, expected) => {
    expect(reversalOf(c, r, p, a)).toBe(expected);
  });
});

describe('balanceOf and the holding period', () => {
  const now = '2026-11-20T00:00:00.000Z';
  it.each([
    [[], 0, 0, 0],
    [[{ amount_fen: 1000, available_at: '2026-11-19T00:00:00.000Z' }], 1000, 0, 1000],
    [[{ amount_fen: 1000, available_at: '2026-11-21T00:00:00.000Z' }], 1000, 1000, 0],
    // the reversal of a held credit is held with it: it cancels the held amount, not free money
    [
      [
        { amount_fen: 500, available_at: '2026-11-01T00:00:00.000Z' },
        { amount_fen: 1000, available_at: '2026-11-21T00:00:00.000Z' },
        { amount_fen: -1000, available_at: '2026-11-21T00:00:00.000Z' },
      ],
      500,
      0,
      500,
    ],
    // a reversal of a credit already free counts at once
    [
      [
        { amount_fen: 1000, available_at: '2026-11-01T00:00:00.000Z' },
        { amount_fen: -400, available_at: now },
      ],
      600,
      0,
      600,
    ],
    // a withdrawal counts at once
    [
      [
        { amount_fen: 3000, available_at: '2026-11-01T00:00:00.000Z' },
        { amount_fen: -2000, available_at: now },
      ],
      1000,
      0,
      1000,
    ],
    // negative overall: nothing withdrawable
    [[{ amount_fen: -500, available_at: now }], -500, 0, 0],
  ])('%j → balance %i, pending %i, withdrawable %i', (rows, balance, pending, withdrawable) => {
    expect(balanceOf(rows, now)).toEqual({ balance_fen: balance, pending_fen: pending, withdrawable_fen: withdrawable });
  });
  it('a negative credit counts at once; a reversal waits with its held credit', () => {
    expect(creditAvailableAt(-500, now, 7)).toBe(now);
    expect(creditAvailableAt(500, now, 7)).toBe('2026-11-27T00:00:00.000Z');
    expect(reversalAvailableAt('2026-11-27T00:00:00.000Z', now)).toBe('2026-11-27T00:00:00.000Z');
    expect(reversalAvailableAt('2026-11-01T00:00:00.000Z', now)).toBe(now);
  });
  it('a credit is held the agent’s days', () => {
    expect(availableAtOf('2026-11-01T10:00:00.000Z', 7)).toBe('2026-11-08T10:00:00.000Z');
    expect(availableAtOf('2026-11-01T10:00:00.000Z', 0)).toBe('2026-11-01T10:00:00.000Z');
  });
});

describe('withdrawalProblem', () => {
  it.each([
    [1000, 5000, null],
    [5000, 5000, null],
    [5001, 5000, '可提现金额仅 50.00 元'],
    [0, 5000, '提现金额必须大于 0'],
    [-100, 5000, '提现金额必须大于 0'],
    [99, 5000, '单次提现不少于 1.00 元'],
    [10.5, 5000, '金额最多两位小数'],
    [5_000_001, 9_000_000, '单次提现不能超过 50000.00 元'],
    [100, -300, '可提现金额仅 0.00 元'],
  ])('%i of %i → %s', (amount, withdrawable, expected) => {
    expect(withdrawalProblem(amount, withdrawable)).toBe(expected);
  });
});

describe('payoutAccountProblem', () => {
  it.each([
    [{ method: 1, payee: '张三', account: '6222020200112233445' }, null],
    [{ method: 1, payee: '张三', account: '6222 0202' }, '银行卡号须为 12–19 位数字'],
    [{ method: 2, payee: '示范科技', account: '13800138000' }, null],
    [{ method: 2, payee: '示范科技', account: 'pay@example.com' }, null],
    [{ method: 2, payee: '示范科技', account: 'nobody' }, '支付宝账号须为手机号或邮箱'],
    [{ method: 3, payee: '张三', account: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' }, null],
    [{ method: 3, payee: '张三', account: 'a b' }, '微信收款账号（openid）格式有误'],
    [{ method: 9, payee: '张三', account: '1' }, '请选择收款方式'],
    [{ method: 1, payee: '张', account: '6222020200112233445' }, '收款人姓名须为 2–40 个字'],
    [{ method: 1, payee: '张三', account: '  ' }, '请填写收款账号'],
  ])('%j → %s', (a, expected) => {
    expect(payoutAccountProblem(a)).toBe(expected);
  });
  it.each([
    ['6222020200112233445', '622****3445'],
    ['pay@example.com', 'p***@example.com'],
    ['1234', '****'],
    ['', ''],
  ])('mask %s → %s', (a, m) => expect(maskAccount(a)).toBe(m));
});

describe('statementTotals', () => {
  it('closing = opening + the month; withdrawals net of returns', () => {
    const t = statementTotals(1000, [
      { kind: 'order', amount_fen: 2000, created_at: '' },
      { kind: 'order', amount_fen: 500, created_at: '' },
      { kind: 'refund', amount_fen: -500, created_at: '' },
      { kind: 'adjustment', amount_fen: -100, created_at: '' },
      { kind: 'withdrawal', amount_fen: -1500, created_at: '' },
      { kind: 'withdrawal_return', amount_fen: 1500, created_at: '' },
      { kind: 'withdrawal', amount_fen: -1000, created_at: '' },
    ]);
    expect(t).toEqual({
      opening_fen: 1000,
      orders_fen: 2500,
      order_count: 2,
      refunds_fen: -500,
      refund_count: 1,
      adjustments_fen: -100,
      withdrawals_fen: -1000,
      closing_fen: 1900,
    });
  });
});

describe('China-time months', () => {
  it.each([
    ['2026-11', '2026-10-31T16:00:00.000Z', '2026-11-30T16:00:00.000Z'],
    ['2026-12', '2026-11-30T16:00:00.000Z', '2026-12-31T16:00:00.000Z'],
  ])('%s', (m, from, to) => expect(chinaMonthRange(m)).toEqual({ from, to }));
  it.each(['2026-13', '2026-1', 'abc', '1999-01', ''])('%s is refused', (m) => expect(chinaMonthRange(m)).toBeNull());
  it('an instant belongs to its China-time month', () => {
    expect(chinaMonthOf(new Date('2026-10-31T16:00:00.000Z'))).toBe('2026-11');
    expect(chinaMonthOf(new Date('2026-10-31T15:59:59.000Z'))).toBe('2026-10');
  });
});

describe('withdrawal states', () => {
  it.each([
    ['requested', 'approve', 'approved'],
    ['requested', 'reject', 'rejected'],
    ['approved', 'paid', 'paid'],
    ['approved', 'failed', 'failed'],
    ['approved', 'approve', null],
    ['approved', 'reject', null],
    ['paid', 'failed', null],
    ['rejected', 'approve', null],
    ['requested', 'paid', null],
  ] as const)('%s + %s → %s', (s, a, n) => expect(nextWithdrawalState(s, a)).toBe(n));
  it('rejected and failed give the amount back', () => {
    expect(['requested', 'approved', 'paid', 'rejected', 'failed'].filter((s) => returnsAmount(s as never))).toEqual([
      'rejected',
      'failed',
    ]);
  });
});
