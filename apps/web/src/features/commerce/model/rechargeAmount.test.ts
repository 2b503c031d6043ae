import { describe, expect, it } from 'vitest';
import { checkRechargeAmount } from './rechargeAmount';

describe('checkRechargeAmount', () => {
  it.each([
    ['1', 1],
    ['50', 50],
    [' 5000 ', 5000],
  ])('%j is %i yuan', (t, amount) => expect(checkRechargeAmount(t)).toEqual({ ok: true, amount }));
  it.each([
    ['', '请输入充值金额'],
    ['0', '请输入 1 到 5000 之间的整数金额'],
    ['5001', '请输入 1 到 5000 之间的整数金额'],
    ['10.5', '请输入 1 到 5000 之间的整数金额'],
    ['-3', '请输入 1 到 5000 之间的整数金额'],
    ['abc', '请输入 1 到 5000 之间的整数金额'],
  ])('%j is refused: %s', (t, error) => expect(checkRechargeAmount(t)).toEqual({ ok: false, error }));
});
