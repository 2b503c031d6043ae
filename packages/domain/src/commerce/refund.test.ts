import { describe, expect, it } from 'vitest';
import {
  cardExpiryAfterRefund,
  endedSegment,
  expiryAfterTakeBack,
  flagAfterRefund,
  flagsOfGoods,
  lateRefundNo,
  orderRefundNo,
  queuedBehind,
  rechargeTakeBack,
  refundReasonProblem,
  refundRefusal,
  refundRoute,
  takeBackKb,
  voucherRevocationProblem,
} from './refund';

const now = new Date('2025-03-10T04:00:00Z');

describe('refundRefusal: only paid and fulfilled orders are refunded', () => {
  it.each<[string, ReturnType<typeof refundRefusal>]>([
    ['paid', null],
    ['fulfilled', null],
    ['refunded', { kind: 'already' }],
    ['pending', { kind: 'not_paid', message: '订单尚未支付，无需退款（可关闭订单）' }],
    ['closed', { kind: 'not_paid', message: '订单已关闭，未收款，无需退款' }],
    ['failed', { kind: 'not_paid', message: '订单支付失败，未收款，无需退款' }],
    ['weird', { kind: 'not_paid', message: '订单状态异常，无法退款' }],
  ])('%s', (state, expected) => expect(refundRefusal(state)).toEqual(expected));
});

describe('refundReasonProblem', () => {
  it.each<[string | null | undefined, string | null]>([
    ['客户投诉：网速慢', null],
    ['  重复扣款  ', null],
    ['退'.repeat(200), null],
    ['退'.repeat(201), '退款原因不能超过200个字'],
    ['', '请填写退款原因'],
    ['   ', '请填写退款原因'],
    [null, '请填写退款原因'],
    [undefined, '请填写退款原因'],
    ['第一行\n第二行', '退款原因不能包含换行或控制字符'],
    ['a\u0007b', '退款原因不能包含换行或控制字符'],
  ])('%j', (reason, problem) => expect(refundReasonProblem(reason)).toBe(problem));
});

describe('refund numbers are derived from the order (a rerun finds the same refund)', () => {
  it('order refund', () => expect(orderRefundNo('2025031012000012345678')).toBe('RF2025031012000012345678'));
  it('late payment refund', () => expect(lateRefundNo('2025031012000012345678', 42)).toBe('RF2025031012000012345678L42'));
  it('stable', () => expect(orderRefundNo('x1')).toBe(orderRefundNo('x1')));
});

describe('refundRoute: the money goes back the way it came', () => {
  it.each([
    [1, 2500, 'gateway'],
    [2, 1, 'gateway'],
    [4, 99900, 'gateway'],
    [3, 1900, 'balance'],
    [3, 0, 'none'],
    [1, 0, 'none'],
  ] as const)('channel %s, payable %s → %s', (pay_channel, payable_fen, route) =>
    expect(refundRoute({ pay_channel, payable_fen })).toBe(route),
  );
});

describe('rechargeTakeBack: what the order credited, if the balance covers it', () => {
  const credits = [
    { kind: 'recharge', amount_fen: 5000 },
    { kind: 'bonus', amount_fen: 1000 },
  ];
  it.each<[string, number, { total_fen: number; covered: boolean }]>([
    ['balance untouched', 6000, { total_fen: 6000, covered: true }],
    ['more than enough', 8000, { total_fen: 6000, covered: true }],
    ['one fen spent', 5999, { total_fen: 6000, covered: false }],
    ['all spent', 0, { total_fen: 6000, covered: false }],
  ])('%s', (_name, balance, expected) => expect(rechargeTakeBack(credits, balance)).toMatchObject(expected));
  it('ignores entries that are not credits of the order', () => {
    const r = rechargeTakeBack([...credits, { kind: 'purchase', amount_fen: -1900 }, { kind: 'refund', amount_fen: 1900 }], 6000);
    expect(r.entries).toEqual(credits);
    expect(r.total_fen).toBe(6000);
  });
  it('no bonus', () =>
    expect(rechargeTakeBack([{ kind: 'recharge', amount_fen: 100 }], 100)).toMatchObject({ total_fen: 100, covered: true }));
});

describe('voucherRevocationProblem', () => {
  it.each<[string[], ReturnType<typeof voucherRevocationProblem>]>([
    [['usable', 'usable', 'usable'], null],
    [[], null],
    [['usable', 'used'], 'used'],
    [['locked', 'usable'], 'locked'],
    [['locked', 'used'], 'used'],
  ])('%j', (statuses, problem) => expect(voucherRevocationProblem(statuses)).toBe(problem));
});

describe('takeBackKb: never below what was used', () => {
  it.each([
    // total, added, used → new total, taken
    [110, 10, 0, 100, 10],
    [110, 10, 100, 100, 10],
    [110, 10, 105, 105, 5],
    [110, 10, 110, 110, 0],
    [110, 10, 200, 110, 0],
    [10, 10, 0, 0, 10],
    [110, 0, 0, 110, 0],
    [110, 10, -5, 100, 10],
  ])('total %s, added %s, used %s → %s (took %s)', (total, add, used, newTotal, taken) =>
    expect(takeBackKb(total, add, used)).toEqual({ total_kb: newTotal, taken_kb: taken }),
  );
});

describe('expiryAfterTakeBack', () => {
  const before = '2025-03-31T16:00:00.000Z';
  const after = '2025-04-09T04:00:00.000Z';
  it.each<[string, string, string | null, string | null, string]>([
    ['this order moved it: put back', after, before, after, before],
    ['moved again since: leave it', '2025-05-01T00:00:00.000Z', before, after, '2025-05-01T00:00:00.000Z'],
    ['a refuel does not move it', before, before, before, before],
    ['no record', after, null, null, after],
  ])('%s', (_name, current, b, a, expected) => expect(expiryAfterTakeBack(current, b, a)).toBe(expected));
});

describe('endedSegment: the rows an order created end now', () => {
  it.each<[string, { started_at: string; expired_at: string }, { started_at: string; expired_at: string } | null]>([
    [
      'running',
      { started_at: '2025-03-01T00:00:00.000Z', expired_at: '2025-04-01T00:00:00.000Z' },
      { started_at: '2025-03-01T00:00:00.000Z', expired_at: now.toISOString() },
    ],
    [
      'queued for later: an empty window now',
      { started_at: '2025-04-01T00:00:00.000Z', expired_at: '2025-05-01T00:00:00.000Z' },
      { started_at: now.toISOString(), expired_at: now.toISOString() },
    ],
    ['already over', { started_at: '2025-02-01T00:00:00.000Z', expired_at: '2025-03-01T00:00:00.000Z' }, null],
    ['ends exactly now', { started_at: '2025-02-01T00:00:00.000Z', expired_at: now.toISOString() }, null],
  ])('%s', (_name, seg, expected) => expect(endedSegment(seg, now)).toEqual(expected));
});

describe('flagAfterRefund', () => {
  it.each([
    // current, set by an order, other paid orders of that kind → after
    [1, true, 0, 0],
    [1, true, 1, 1],
    [1, true, 3, 1],
    [1, false, 0, 1],
    [0, false, 0, 0],
    [0, true, 0, 0],
  ])('flag %s, set by an order %s, %s other paid → %s', (current, byOrder, others, expected) =>
    expect(flagAfterRefund(current, byOrder, others)).toBe(expected),
  );
  it('each kind of goods names its flags', () => {
    expect(flagsOfGoods('package')).toEqual(['order_has_payment', 'ordered_flag']);
    expect(flagsOfGoods('recharge')).toEqual(['balance_order_has_payment', 'has_first_balance_order']);
    expect(flagsOfGoods('coupon_package')).toEqual([]);
    expect(flagsOfGoods('unknown')).toEqual([]);
  });
});

describe('cardExpiryAfterRefund', () => {
  const cur = '2025-04-09T04:00:00.000Z';
  it.each<[string, string, string, string[], string]>([
    ['back to the expiry before the order', cur, '2025-03-31T16:00:00.000Z', ['2025-03-10T04:00:00.000Z'], '2025-03-31T16:00:00.000Z'],
    [
      'a later package remains',
      '2025-06-30T16:00:00.000Z',
      '2025-03-31T16:00:00.000Z',
      ['2025-06-30T16:00:00.000Z', '2025-03-10T04:00:00.000Z'],
      '2025-06-30T16:00:00.000Z',
    ],
    ['never later than now', cur, '2025-03-31T16:00:00.000Z', ['2025-12-31T16:00:00.000Z'], cur],
    ['no expiry before', cur, '', ['2025-03-10T04:00:00.000Z'], '2025-03-10T04:00:00.000Z'],
    ['nothing known: unchanged', cur, '', [], cur],
    ['unparsable rows are skipped', cur, '2025-03-31T16:00:00.000Z', ['x'], '2025-03-31T16:00:00.000Z'],
    ['the card had no expiry', '', '', ['2025-03-10T04:00:00.000Z'], '2025-03-10T04:00:00.000Z'],
  ])('%s', (_name, current, before, remaining, expected) => expect(cardExpiryAfterRefund(current, before, remaining)).toBe(expected));
});

describe('queuedBehind', () => {
  const own = [{ started_at: '2025-03-10T04:00:00.000Z' }];
  it.each<[string, { started_at: string; order_no: string }[], string[]]>([
    ['a later basic queued after it', [{ started_at: '2025-04-10T04:00:00.000Z', order_no: 'B' }], ['B']],
    ['a package that already runs', [{ started_at: '2025-03-01T00:00:00.000Z', order_no: 'C' }], []],
    [
      'one order with several month rows counts once',
      [
        { started_at: '2025-04-10T04:00:00.000Z', order_no: 'D' },
        { started_at: '2025-04-30T16:00:00.000Z', order_no: 'D' },
      ],
      ['D'],
    ],
  ])('%s', (_name, others, expected) => expect(queuedBehind(own, others, now)).toEqual(expected));
  it('nothing of its own: nothing queued behind', () =>
    expect(queuedBehind([], [{ started_at: '2025-04-10T04:00:00.000Z', order_no: 'B' }], now)).toEqual([]));
});
