import { describe, expect, it } from 'vitest';
import { noOnlinePayment, PAY_TYPE } from './payForm';

describe('支付 form', () => {
  it('says every pay type in words, not as a code', () => {
    expect(PAY_TYPE.map((t) => t.value)).toEqual([0, 1, 2, 3, 4]);
    for (const t of PAY_TYPE) {
      expect(t.label).toMatch(/^[\u4e00-\u9fff（）]+：[\u4e00-\u9fff（），]+$/);
      expect(t.label).not.toMatch(/\d/);
    }
  });

  it.each([
    [{ wechat_pay: false, ali_pay: false, ant_credit_pay: false }, true],
    [{}, true],
    [{ wechat_pay: true, ali_pay: false, ant_credit_pay: false }, false],
    [{ wechat_pay: false, ali_pay: true, ant_credit_pay: false }, false],
    [{ wechat_pay: false, ali_pay: false, ant_credit_pay: true }, false],
  ])('%j leaves no online payment: %s', (v, none) => {
    expect(noOnlinePayment(v)).toBe(none);
  });
});
