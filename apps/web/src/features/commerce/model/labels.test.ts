import { describe, expect, it } from 'vitest';
import { amountLabelOf, flowLabel, ledgerEntryLabel, minSpendLabel, packageTypesLabel, periodLabel, resultPathOf } from './labels';

describe('commerce labels', () => {
  it.each([
    [500, '500MB'],
    [1024, '1GB'],
    [102400, '100GB'],
    [1536, '1.5GB'],
  ])('flowLabel(%i) = %s', (mb, label) => expect(flowLabel(mb)).toBe(label));
  it('periods', () => {
    expect(periodLabel(1, 7)).toBe('7天');
    expect(periodLabel(2, 1)).toBe('1个月');
  });
  it.each([
    ['pending', undefined],
    ['paid', '/pay_success'],
    ['fulfilled', '/pay_success'],
    ['failed', '/pay_fail'],
    ['closed', '/pay_fail'],
  ] as const)('an order %s goes to %s', (state, path) => expect(resultPathOf(state)).toBe(path));
  it('a paid coupon package goes to its own success page', () => {
    expect(resultPathOf('paid', 'coupon_package')).toBe('/coupon_success');
    expect(resultPathOf('failed', 'coupon_package')).toBe('/pay_fail');
    expect(resultPathOf('fulfilled', 'recharge')).toBe('/pay_success');
    expect(resultPathOf('fulfilled', 'device')).toBe('/shopping_success');
    expect(resultPathOf('closed', 'device')).toBe('/pay_fail');
  });
  it.each([
    [0, '无门槛'],
    [20, '满20.00元可用'],
  ])('min spend %i: %s', (min, label) => expect(minSpendLabel(min, (y) => y.toFixed(2))).toBe(label));
  it.each([
    [[], '全部套餐可用'],
    [[3, 9], '限基础套餐、月底清零套餐'],
  ])('types %j: %s', (types, label) => expect(packageTypesLabel(types)).toBe(label));
  it.each([
    ['pending', '应付', '未扣款'],
    ['closed', '应付', '未扣款'],
    ['failed', '应付', '未扣款'],
    ['paid', '实付', null],
    ['fulfilled', '实付', null],
    ['refunded', '实付', '已退款'],
  ] as const)('an order %s shows %s (%s)', (state, label, note) => expect(amountLabelOf(state)).toEqual({ label, note }));
  it.each([
    ['recharge', 30, '收入', '充值'],
    ['bonus', 5, '收入', '赠送'],
    ['purchase', -19, '支出', '消费'],
    ['refund', 19, '收入', '退款退回'],
    ['refund', -30, '支出', '退款收回'],
    ['mystery', 1, '收入', '余额变动'],
  ] as const)('ledger %s %d is %s / %s', (kind, amount, direction, label) =>
    expect(ledgerEntryLabel(kind, amount)).toEqual({ direction, kind: label }),
  );
});
