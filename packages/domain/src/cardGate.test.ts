import { describe, expect, it } from 'vitest';
import { cardGate, purchaseBlock, rechecksAfterLoad, type GateCard } from './cardGate';

// A healthy card passes every gate; each row changes what it names.
function card(o: Partial<Omit<GateCard, 'card_extensions'>> & { fake?: boolean; mold?: number } = {}): GateCard {
  const { fake = false, mold = 0, ...rest } = o;
  return {
    state: 1,
    supplier: 2,
    need_change_card: false,
    multi_series: false,
    need_id: false,
    real_name_order: 0,
    pre_store: false,
    pre_store_show: false,
    balance_order_has_payment: false,
    order_has_payment: true,
    supplier_auth_state: true,
    card_extensions: { fake_real_name: fake, pre_store_mold: mold },
    ...rest,
  };
}
const on = { openBalanceRecharge: true };
// the recharge prerequisite, met (pre-store on, not waived, nothing paid, channel shown)
const preStore = { pre_store: true, pre_store_show: false, balance_order_has_payment: false };

describe('cardGate: the ordered checks of docs/spec/portal-spec.md §4', () => {
  it.each([
    ['no card info → bind a card', undefined, on, 'bind', '请先绑定卡号'],
    ['need_change_card → replace', card({ need_change_card: true }), on, 'replace', '请先进行换卡操作'],
    ['multi_series → choose a series', card({ multi_series: true }), on, 'series', '请先完成套餐系列选择'],
    ['need_id → personal information', card({ need_id: true }), on, 'collect', '请先完善个人信息'],
    ['replace comes before series', card({ need_change_card: true, multi_series: true, need_id: true }), on, 'replace', '请先进行换卡操作'],
    ['series comes before personal information', card({ multi_series: true, need_id: true }), on, 'series', '请先完成套餐系列选择'],
    [
      'personal information comes before real-name and purchase',
      card({ need_id: true, supplier_auth_state: false, order_has_payment: false }),
      on,
      'collect',
      '请先完善个人信息',
    ],
  ] as const)('%s', (_name, c, setting, reason, message) => {
    expect(cardGate(c, setting)).toEqual({ kind: 'redirect', reason, message });
  });

  it('NaiZu passes whatever else the card says', () => {
    expect(
      cardGate(
        card({
          supplier: 4,
          state: 6,
          need_change_card: true,
          multi_series: true,
          need_id: true,
          supplier_auth_state: false,
          order_has_payment: false,
        }),
        on,
      ),
    ).toEqual({ kind: 'pass' });
  });

  it('a cancelled card (state 6) is blocked with the customer-service message, before every redirect', () => {
    expect(cardGate(card({ state: 6, need_change_card: true }), on)).toEqual({ kind: 'block', message: '该卡已销户，请联系客服' });
  });

  it('a healthy card passes', () => {
    expect(cardGate(card(), on)).toEqual({ kind: 'pass' });
  });
});

describe('cardGate: variant A (real_name_order 1: recharge, package, then real-name)', () => {
  it.each([
    ['recharge first', card({ real_name_order: 1, ...preStore, order_has_payment: false, supplier_auth_state: false }), on, 'recharge'],
    ['then the package', card({ real_name_order: 1, order_has_payment: false, supplier_auth_state: false }), on, 'combo'],
    ['then real-name (supplier not authenticated)', card({ real_name_order: 1, supplier_auth_state: false }), on, 'realName'],
    ['then real-name (fake real-name flag)', card({ real_name_order: 1, fake: true }), on, 'realName'],
  ])('%s', (_name, c, setting, reason) => {
    expect(cardGate(c, setting)).toMatchObject({ kind: 'redirect', reason });
  });
  it('passes when all three are done', () => {
    expect(cardGate(card({ real_name_order: 1 }), on)).toEqual({ kind: 'pass' });
  });
});

describe('cardGate: variant B (any other real_name_order: real-name, recharge, then package)', () => {
  it.each([0, 2, 7])('real_name_order %i: real-name first', (order) => {
    expect(cardGate(card({ real_name_order: order, ...preStore, order_has_payment: false, supplier_auth_state: false }), on)).toMatchObject(
      { reason: 'realName', message: '请先完成实名认证' },
    );
  });
  it('then the recharge prerequisite', () => {
    expect(cardGate(card({ real_name_order: 2, ...preStore, order_has_payment: false }), on)).toMatchObject({
      reason: 'recharge',
      message: '请先完成余额充值',
    });
  });
  it('then the package', () => {
    expect(cardGate(card({ real_name_order: 2, order_has_payment: false }), on)).toMatchObject({
      reason: 'combo',
      message: '请先订购套餐',
    });
  });
  it('a fake real-name flag needs real-name even when the supplier says authenticated', () => {
    expect(cardGate(card({ fake: true }), on)).toMatchObject({ reason: 'realName' });
  });
});

describe('cardGate: the recharge prerequisite and the balance channel (pre-store mold)', () => {
  it.each([
    // mold, open_balance_recharge, shown → recharge gate
    [0, true, true],
    [0, false, false],
    [1, false, true], // mix: shown
    [3, false, true], // balance: shown
    [2, true, false], // recharge: hidden
  ])('mold %i with open_balance_recharge %s → recharge gate %s', (mold, open, gated) => {
    const r = cardGate(card({ ...preStore, mold, order_has_payment: true }), { openBalanceRecharge: open });
    expect(r.kind === 'redirect' && r.reason === 'recharge').toBe(gated);
  });
  it.each([
    ['pre_store off', { pre_store: false }],
    ['pre-store waived (pre_store_show)', { pre_store_show: true }],
    ['a balance order already paid', { balance_order_has_payment: true }],
  ])('no recharge gate when %s', (_n, o) => {
    expect(cardGate(card({ ...preStore, ...o }), on)).toEqual({ kind: 'pass' });
  });
});

describe('purchaseBlock: what the server refuses to sell', () => {
  it.each([
    ['cancelled card: nothing', card({ state: 6 }), 'recharge', 'cancelled'],
    ['must replace', card({ need_change_card: true }), 'package', 'replace'],
    ['must choose a series', card({ multi_series: true }), 'recharge', 'series'],
    ['must give personal information', card({ need_id: true }), 'package', 'collect'],
    ['real-name first policy, not verified: no package', card({ real_name_order: 2, supplier_auth_state: false }), 'package', 'realName'],
    ['real-name first policy, not verified: no recharge', card({ real_name_order: 0, fake: true }), 'recharge', 'realName'],
    ['a required recharge comes before a package', card({ ...preStore }), 'package', 'recharge'],
  ] as const)('%s', (_n, c, purchase, reason) => {
    expect(purchaseBlock(c, purchase, on)?.reason).toBe(reason);
  });
  it.each([
    [
      'pay-first policy: a package before real-name',
      card({ real_name_order: 1, supplier_auth_state: false, order_has_payment: false }),
      'package',
    ],
    ['pay-first policy: a recharge before real-name', card({ real_name_order: 1, supplier_auth_state: false, ...preStore }), 'recharge'],
    ['the required recharge itself', card({ ...preStore }), 'recharge'],
    ['a card without a package buys one', card({ order_has_payment: false }), 'package'],
    ['NaiZu, not real-named and without a package', card({ supplier: 4, supplier_auth_state: false, order_has_payment: false }), 'package'],
  ] as const)('allows %s', (_n, c, purchase) => {
    expect(purchaseBlock(c, purchase, on)).toBeNull();
  });
  // the navigation gates let NaiZu through first (spec §4), but nothing is sold for a cancelled
  // card, whoever supplies it: nothing bought could be used (docs/decisions/0029)
  it('refuses a cancelled NaiZu card too', () => {
    expect(purchaseBlock(card({ supplier: 4, state: 6 }), 'package', on)?.reason).toBe('cancelled');
  });
});

// Where the gates run is route meta of the web app (apps/web/src/config/routeRules.test.ts).
describe('who re-checks after load', () => {
  it.each([
    [9, false],
    [4, false],
    [10, false],
    [2, true],
    [8, true],
  ])('supplier %i re-checks after load: %s', (s, r) => expect(rechecksAfterLoad(s)).toBe(r));
});
