import { describe, expect, it } from 'vitest';
import { chinaMonth, fenOf, recentMonths, requestIds, signedYuan, withdrawAmountProblem } from './amount';

describe('commission form rules', () => {
  it.each([
    [12.34, 1234],
    [0.1, 10],
    [100, 10000],
    [1.005, null],
    [null, null],
    [Number.NaN, null],
  ])('fenOf(%s) = %s', (y, f) => expect(fenOf(y)).toBe(f));

  it.each([
    [10, 5000, null],
    [50, 5000, null],
    [50.01, 5000, '可提现金额仅 50.00 元'],
    [0, 5000, '提现金额必须大于 0'],
    [-1, 5000, '提现金额必须大于 0'],
    [0.5, 5000, '单次提现不少于 1.00 元'],
    [1.234, 5000, '金额最多两位小数'],
    [null, 5000, '请填写提现金额'],
  ])('withdraw %s of %i fen → %s', (y, w, p) => expect(withdrawAmountProblem(y, w)).toBe(p));

  it('months in China time, newest first', () => {
    expect(chinaMonth(new Date('2026-10-31T16:00:00Z'))).toBe('2026-11');
    expect(recentMonths(new Date('2026-01-15T00:00:00Z'), 3)).toEqual(['2026-01', '2025-12', '2025-11']);
  });

  it('the same key keeps its request id; another key gets another', () => {
    let n = 0;
    const id = requestIds(() => `r${n++}`);
    expect(id('approve:1')).toBe(id('approve:1'));
    expect(id('approve:2')).not.toBe(id('approve:1'));
  });
});

describe('signedYuan', () => {
  it.each([
    [160, '¥1.60'],
    [-160, '-¥1.60'],
    [0, '¥0.00'],
    [123456, '¥1,234.56'],
  ])('%i → %s', (f, t) => expect(signedYuan(f)).toBe(t));
});
