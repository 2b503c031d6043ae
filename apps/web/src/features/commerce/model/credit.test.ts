import { describe, expect, it } from 'vitest';
import { creditText } from './credit';

describe('creditText: what a paid top-up credited', () => {
  it('names the bonus within the credit, as the quote did before paying', () =>
    expect(creditText({ goods_type: 'recharge', total: 50, credit: 60 })).toBe('余额到账 ¥60.00（含赠送 ¥10.00）'));
  it('says the credit alone without a bonus', () =>
    expect(creditText({ goods_type: 'recharge', total: 20, credit: 20 })).toBe('余额到账 ¥20.00'));
  it('counts in fen (no 0.1 + 0.2 drift)', () =>
    expect(creditText({ goods_type: 'recharge', total: 0.1, credit: 0.3 })).toBe('余额到账 ¥0.30（含赠送 ¥0.20）'));
  it('says nothing for a package, or a recharge whose credit is not known', () => {
    expect(creditText({ goods_type: 'package', total: 19, credit: undefined })).toBeNull();
    expect(creditText({ goods_type: 'recharge', total: 50, credit: undefined })).toBeNull();
  });
});
