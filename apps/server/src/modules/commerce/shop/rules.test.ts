import { describe, expect, it } from 'vitest';
import { addressLine, listOf, refundableBeforeShipping, shipRefusal, unpaidCapReached, worksWith } from './rules';

describe('listOf', () => {
  it.each([
    ['[1,2]', 'number', [1, 2]],
    ['[1,"x",2.5]', 'number', [1]],
    ['["电信","联通"]', 'string', ['电信', '联通']],
    ['not json', 'number', []],
    ['{"a":1}', 'string', []],
  ] as const)('%s as %s → %j', (raw, kind, want) => expect(listOf(raw, kind)).toEqual(want));
});

describe('worksWith', () => {
  it.each([
    [[], [], true],
    [[], [3], true],
    [[1, 2], [2], true],
    [[1, 2], [3], false],
    [[1], [], false],
  ])('device %j, card %j → %s', (p, c, want) => expect(worksWith(p, c)).toBe(want));
});

describe('addressLine', () => {
  it.each([
    [{ province: '广东省', city: '深圳市', district: '南山区', address: '科技园路1号' }, '广东省 深圳市 南山区 科技园路1号'],
    [{ province: '北京市', city: '北京市', district: '朝阳区', address: '建国路88号' }, '北京市 朝阳区 建国路88号'],
  ])('%j → %s', (d, want) => expect(addressLine(d)).toBe(want));
});

describe('shipRefusal', () => {
  const t = { carrier: '顺丰速运', tracking_no: 'SF1234567890' };
  it.each([
    ['fulfilled', 'awaiting', 'shipped', t, null],
    ['pending', 'awaiting', 'shipped', t, '订单未支付或已退款，不能发货'],
    ['refunded', 'awaiting', 'shipped', t, '订单未支付或已退款，不能发货'],
    ['fulfilled', 'shipped', 'shipped', t, '该订单已发货'],
    ['fulfilled', 'received', 'shipped', t, '该订单已签收'],
    ['fulfilled', 'awaiting', 'shipped', { carrier: ' ', tracking_no: 'SF1234567890' }, '请填写快递公司'],
    ['fulfilled', 'awaiting', 'shipped', { carrier: '顺丰', tracking_no: '12' }, '快递单号为 6-32 位字母或数字'],
    ['fulfilled', 'awaiting', 'shipped', undefined, '请填写快递公司'],
    ['fulfilled', 'shipped', 'received', undefined, null],
    ['fulfilled', 'awaiting', 'received', undefined, '该订单尚未发货'],
    ['fulfilled', 'shipped', 'awaiting', undefined, '不能退回到待发货'],
  ] as const)('%s %s → %s', (order, from, to, tracking, want) => expect(shipRefusal(order, from, to, tracking)).toBe(want));
});

describe('refundableBeforeShipping', () => {
  it.each([
    ['awaiting', true],
    ['shipped', false],
    ['received', false],
  ])('%s → %s', (s, want) => expect(refundableBeforeShipping(s)).toBe(want));
});

describe('unpaidCapReached', () => {
  it.each([
    [0, false],
    [2, false],
    [3, true],
    [7, true],
  ])('with %i unpaid device orders: %s', (n, want) => expect(unpaidCapReached(n)).toBe(want));
});
