import { describe, expect, it } from 'vitest';
import { giftsOf, type BonusOrderRow, type BonusRow, type GiftFacts, type VoucherGiftRow } from './rules';

const NOW = new Date('2026-05-10T12:00:00.000Z');
const bonus = (o: Partial<BonusRow>): BonusRow => ({
  id: 1,
  amount_fen: 500,
  order_no: 'R1',
  note: '首充赠送',
  created_at: '2026-05-01T00:00:00.000Z',
  order_state: 'fulfilled',
  ...o,
});
const order = (o: Partial<BonusOrderRow>): BonusOrderRow => ({
  order_no: 'R2',
  bonus_fen: 1000,
  total_fen: 10000,
  state: 'pending',
  created_at: '2026-05-10T11:55:00.000Z',
  expires_at: '2026-05-10T12:10:00.000Z',
  ...o,
});
const voucher = (o: Partial<VoucherGiftRow>): VoucherGiftRow => ({
  id: 7,
  name: '5元满减券',
  amount_fen: 500,
  min_spend_fen: 2000,
  status: 'usable',
  expires_at: '2026-06-01T00:00:00.000Z',
  source: '活动赠送',
  created_at: '2026-05-02T00:00:00.000Z',
  ...o,
});
const facts = (o: Partial<GiftFacts>): GiftFacts => ({ bonuses: [], bonusOrders: [], vouchers: [], firstRechargeDone: false, ...o });
const one = (o: Partial<GiftFacts>) => {
  const list = giftsOf(facts(o), NOW);
  expect(list).toHaveLength(1);
  return list[0]!;
};

describe('giftsOf', () => {
  it.each([
    ['a first-recharge bonus', bonus({}), { state: 'granted', source: '首充优惠', amount: 5, kind: 'balance' }],
    ['a refunded recharge takes its bonus back', bonus({ order_state: 'refunded' }), { state: 'revoked', source: '首充优惠' }],
    [
      'a bonus without an order (opening gift)',
      bonus({ order_no: '', note: '开卡赠送余额', order_state: null }),
      { state: 'granted', source: '开卡赠送余额' },
    ],
  ])('%s', (_, b, expected) => {
    expect(one({ bonuses: [b] })).toMatchObject(expected);
  });

  it.each([
    ['an unpaid first recharge: pending', order({}), false, { state: 'pending', amount: 10, detail: '充值 100元待支付，支付成功后到账' }],
    ['a paid, not yet delivered one: pending', order({ state: 'paid' }), false, { state: 'pending' }],
  ])('%s', (_, o, done, expected) => {
    expect(one({ bonusOrders: [o], firstRechargeDone: done })).toMatchObject(expected);
  });

  it.each([
    ['an unpaid order past its payment window', order({ expires_at: '2026-05-10T11:59:00.000Z' }), false],
    ['after the first recharge, an order brings no bonus', order({}), true],
  ])('no gift for %s', (_, o, done) => {
    expect(giftsOf(facts({ bonusOrders: [o], firstRechargeDone: done }), NOW)).toEqual([]);
  });

  it.each([
    ['usable', voucher({}), { state: 'granted', detail: '满20元可用，可在订购套餐时使用' }],
    ['without minimum', voucher({ min_spend_fen: 0 }), { state: 'granted', detail: '无门槛，可在订购套餐时使用' }],
    ['held by a pending order', voucher({ status: 'locked' }), { state: 'granted', detail: '满20元可用，待支付订单占用中' }],
    ['used', voucher({ status: 'used' }), { state: 'granted', detail: '已使用' }],
    ['past its expiry', voucher({ expires_at: '2026-05-10T11:00:00.000Z' }), { state: 'expired' }],
    [
      'used, even past its expiry',
      voucher({ status: 'used', expires_at: '2026-05-01T00:00:00.000Z' }),
      { state: 'granted', detail: '已使用' },
    ],
    [
      'revoked by a refund',
      voucher({ status: 'revoked', expires_at: '2026-05-09T00:00:00.000Z', source: '券包：超值券包' }),
      { state: 'revoked', source: '券包：超值券包' },
    ],
    ['with no source recorded', voucher({ source: '' }), { source: '活动赠送' }],
  ])('a voucher %s', (_, v, expected) => {
    expect(one({ vouchers: [v] })).toMatchObject({ kind: 'voucher', key: 'voucher-7', ...expected });
  });

  it('lists newest first', () => {
    const list = giftsOf(facts({ bonuses: [bonus({})], bonusOrders: [order({})], vouchers: [voucher({})] }), NOW);
    expect(list.map((g) => g.key)).toEqual(['order-R2', 'voucher-7', 'balance-1']);
  });
});
