// Refunds (docs/decisions/0006 "Refunds") of each kind of goods: an operator refunds a paid order —
// its goods are taken back and its money goes back the way it came. SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { Code } from '@portal/contract/codes';
import { clock } from '../src/lib/clock';
import { refundOrder } from '../src/modules/commerce';
import { ctxOf, ledgerMatches, notify, rid, sandboxOf } from './commerceHelpers';
import { databases, useTestApp } from './harness';
import {
  GB,
  paymentIdOf,
  pkgId,
  cardOf,
  orderRow,
  refundsOf,
  buy,
  simState,
  moneySnapshot,
  expectRefused,
  REFUNDS_APP,
} from './refundsHelpers';

describe.each(databases())('refunds on %s', (kind) => {
  const t = useTestApp(kind, REFUNDS_APP);

  it('a recharge through the gateway: recharge and bonus taken back, money back through the gateway, once', async () => {
    const token = await t.loginAccount();
    const card = await cardOf(t, '1000000013');
    expect(card).toMatchObject({ balance_fen: 0, has_first_balance_order: 0, balance_order_has_payment: 1 });
    const o = await buy(t, token, { custom_num: '1000000013', goods_type: 'recharge', amount: 50, pay_channel: 1 });
    expect((await cardOf(t, '1000000013')).balance_fen).toBe(6000);

    const r = await refundOrder(ctxOf(t), o.order_no, '客户误充值');
    expect(r).toMatchObject({ outcome: 'refunded', refund_no: `RF${o.order_no}`, amount_fen: 5000, route: 'gateway' });
    expect(r.effects).toEqual(expect.arrayContaining(['从余额收回 60.00 元', '原路退回 50.00 元（微信支付）']));

    const after = await cardOf(t, '1000000013');
    expect(after.balance_fen).toBe(0);
    expect(await ledgerMatches(t, '1000000013')).toEqual({ balance: 0, sum: 0 });
    const ledger = await t.db.kysely
      .selectFrom('balance_ledger')
      .select(['kind', 'amount_fen'])
      .where('order_no', '=', o.order_no)
      .orderBy('id')
      .execute();
    expect(ledger).toEqual([
      { kind: 'recharge', amount_fen: 5000 },
      { kind: 'bonus', amount_fen: 1000 },
      { kind: 'refund', amount_fen: -5000 },
      { kind: 'refund', amount_fen: -1000 },
    ]);
    // this order made the card's first recharge; refunded, the card has had none (the seeded flag stays)
    expect(after).toMatchObject({ has_first_balance_order: 0, balance_order_has_payment: 1 });
    expect(await refundsOf(t, o.order_no)).toEqual([
      expect.objectContaining({
        kind: 'order',
        state: 'done',
        amount_fen: 5000,
        channel: 1,
        reason: '客户误充值',
        gateway_refund_id: expect.stringMatching(/^sr/),
      }),
    ]);
    const sim = await simState(t, o.payment_id!);
    expect(sim.state).toBe('refunded');
    expect(sim.refunds).toHaveLength(1);
    expect(sim.refunds[0]).toMatchObject({ refund_no: `RF${o.order_no}`, amount_fen: 5000 });

    // the API shows it refunded
    const detail = (await t.get(`/api/v1/order/detail?order_no=${o.order_no}`, token)).json().data;
    expect(detail.state).toBe('refunded');
    const list = (await t.get('/api/v1/order/list?custom_num=1000000013&page=1', token)).json().data.list;
    expect(list.find((x: { order_no: string }) => x.order_no === o.order_no).state).toBe('refunded');

    // refunding it again answers the earlier refund and changes nothing
    const before = await moneySnapshot(t);
    expect(await refundOrder(ctxOf(t), o.order_no, '再退一次')).toMatchObject({
      outcome: 'already',
      refund_no: `RF${o.order_no}`,
      amount_fen: 5000,
      effects: [],
    });
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it('a recharge whose balance was spent is not refunded, and nothing is written', async () => {
    const token = await t.loginAccount();
    const o = await buy(t, token, { custom_num: '1000000013', goods_type: 'recharge', amount: 50, pay_channel: 2 });
    const month = await pkgId(t, '畅享50G月包');
    await buy(t, token, { custom_num: '1000000013', goods_type: 'package', package_id: month, pay_channel: 3 });
    expect((await cardOf(t, '1000000013')).balance_fen).toBe(6000 - 1900);
    const before = await moneySnapshot(t);
    await expectRefused(
      refundOrder(ctxOf(t), o.order_no, '客户投诉'),
      Code.REFUND_BALANCE_SPENT,
      /余额仅剩 41\.00 元，不足以收回本次充值 60\.00 元/,
    );
    expect(await moneySnapshot(t)).toEqual(before);
    expect((await orderRow(t, o.order_no)).state).toBe('fulfilled');
  });

  it('a package paid through the gateway with a voucher: package ended, voucher back, the card must buy again', async () => {
    const token = await t.loginAccount();
    const month = await pkgId(t, '畅享100G月包');
    const v = (await t.db.kysely.selectFrom('vouchers').select('id').where('name', '=', '新人5元券').executeTakeFirstOrThrow()).id;
    const card = await cardOf(t, '1000000002');
    expect(card.order_has_payment).toBe(0);
    const o = await buy(t, token, { custom_num: '1000000002', goods_type: 'package', package_id: month, voucher_id: v, pay_channel: 2 });
    expect((await cardOf(t, '1000000002')).order_has_payment).toBe(1);
    const [pkg] = await t.db.kysely.selectFrom('card_packages').selectAll().where('order_no', '=', o.order_no).execute();
    expect(pkg).toMatchObject({ card_id: card.id, total_kb: 100 * GB });

    const r = await refundOrder(ctxOf(t), o.order_no, '网络信号差，客户投诉');
    expect(r).toMatchObject({ outcome: 'refunded', amount_fen: 2400, route: 'gateway', channel: 2 });
    expect(r.effects).toEqual(
      expect.arrayContaining([
        '套餐「畅享100G月包」已终止',
        '订单使用的优惠券已退回',
        '原路退回 24.00 元（支付宝支付）',
        '卡片「已购套餐」标记恢复为否',
      ]),
    );
    const ended = await t.db.kysely.selectFrom('card_packages').selectAll().where('id', '=', pkg!.id).executeTakeFirstOrThrow();
    expect(Date.parse(ended.expired_at)).toBeLessThanOrEqual(clock.now().getTime());
    const after = await cardOf(t, '1000000002');
    expect(after).toMatchObject({ order_has_payment: 0, ordered_flag: 0, expired_at: card.expired_at });
    expect(
      await t.db.kysely.selectFrom('vouchers').select(['status', 'order_no', 'used_at']).where('id', '=', v).executeTakeFirstOrThrow(),
    ).toEqual({ status: 'usable', order_no: null, used_at: null });
    expect((await simState(t, o.payment_id!)).state).toBe('refunded');

    const info = (await t.get('/api/v2/card/info?custom_num=1000000002', token)).json().data.info;
    expect(info.order_has_payment).toBe(false);
    const flow = (await t.get('/api/v2/card/flow?custom_num=1000000002', token)).json().data;
    expect(flow.package).toBeNull();
  });

  it('a refuel from the balance: its data taken back, never below what was used', async () => {
    const token = await t.loginAccount();
    const refuel = await pkgId(t, '10G加油包');
    const card = await cardOf(t, '1000000001');
    const [base] = await t.db.kysely
      .selectFrom('card_packages')
      .selectAll()
      .where('card_id', '=', card.id)
      .where('order_no', 'is', null)
      .execute();
    await t.db.kysely.deleteFrom('card_flow_daily').where('card_id', '=', card.id).execute();
    // the card info page would sync usage from the carrier; keep the test's own figures
    await t.db.kysely.updateTable('cards').set({ flow_synced_at: '2999-01-01T00:00:00.000Z' }).where('id', '=', card.id).execute();

    const o1 = await buy(t, token, { custom_num: '1000000001', goods_type: 'package', package_id: refuel, pay_channel: 3 });
    expect(
      (await t.db.kysely.selectFrom('card_packages').select('total_kb').where('id', '=', base!.id).executeTakeFirstOrThrow()).total_kb,
    ).toBe(base!.total_kb + 10 * GB);
    const r1 = await refundOrder(ctxOf(t), o1.order_no, '误购加油包');
    expect(r1).toMatchObject({ outcome: 'refunded', route: 'balance', amount_fen: 500 });
    expect(r1.effects).toEqual(expect.arrayContaining(['从套餐「畅享100G月包」收回流量 10.00GB', '退回余额 5.00 元']));
    expect(
      await t.db.kysely.selectFrom('card_packages').select(['total_kb', 'expired_at']).where('id', '=', base!.id).executeTakeFirstOrThrow(),
    ).toEqual({
      total_kb: base!.total_kb,
      expired_at: base!.expired_at,
    });
    expect(await ledgerMatches(t, '1000000001')).toEqual({ balance: card.balance_fen, sum: card.balance_fen });
    expect(await refundsOf(t, o1.order_no)).toEqual([
      expect.objectContaining({ state: 'done', channel: 3, amount_fen: 500, transaction_id: null }),
    ]);

    // 105 GB of the 110 GB used: only the unused 5 GB comes back
    const o2 = await buy(t, token, { custom_num: '1000000001', goods_type: 'package', package_id: refuel, pay_channel: 3 });
    const today = new Date(clock.now().getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    await t.db.kysely
      .insertInto('card_flow_daily')
      .values({ card_id: card.id, day: today, used_kb: base!.total_kb + 5 * GB })
      .execute();
    const r2 = await refundOrder(ctxOf(t), o2.order_no, '误购加油包');
    expect(r2.effects).toEqual(expect.arrayContaining(['从套餐「畅享100G月包」收回流量 5.00GB（已使用的部分不收回）']));
    expect(
      (await t.db.kysely.selectFrom('card_packages').select('total_kb').where('id', '=', base!.id).executeTakeFirstOrThrow()).total_kb,
    ).toBe(base!.total_kb + 5 * GB);
    expect(await ledgerMatches(t, '1000000001')).toEqual({ balance: card.balance_fen, sum: card.balance_fen });
    // a refuel's card flags were the seeded ones, not the order's: they stay
    expect(await cardOf(t, '1000000001')).toMatchObject({ order_has_payment: 1, ordered_flag: 1 });
    await t.db.kysely.deleteFrom('card_flow_daily').where('card_id', '=', card.id).execute();
    await t.db.kysely.updateTable('card_packages').set({ total_kb: base!.total_kb }).where('id', '=', base!.id).execute();
  });

  it('a superposition: data taken back and the expiry it moved put back', async () => {
    const token = await t.loginAccount();
    const stack = await pkgId(t, '30天叠加包30G');
    const card = await cardOf(t, '1000000001');
    const [base] = await t.db.kysely
      .selectFrom('card_packages')
      .selectAll()
      .where('card_id', '=', card.id)
      .where('order_no', 'is', null)
      .execute();
    const o = await buy(t, token, { custom_num: '1000000001', goods_type: 'package', package_id: stack, pay_channel: 3 });
    const grown = await t.db.kysely.selectFrom('card_packages').selectAll().where('id', '=', base!.id).executeTakeFirstOrThrow();
    expect(grown.total_kb).toBe(base!.total_kb + 30 * GB);
    await refundOrder(ctxOf(t), o.order_no, '重复购买');
    const back = await t.db.kysely.selectFrom('card_packages').selectAll().where('id', '=', base!.id).executeTakeFirstOrThrow();
    expect({ total_kb: back.total_kb, expired_at: back.expired_at }).toEqual({ total_kb: base!.total_kb, expired_at: base!.expired_at });
    expect((await cardOf(t, '1000000001')).expired_at).toBe(card.expired_at);
    expect(await ledgerMatches(t, '1000000001')).toEqual({ balance: card.balance_fen, sum: card.balance_fen });
  });

  it('a coupon package: its vouchers revoked; refused while one is held by a pending order or used', async () => {
    const token = await t.loginAccount();
    const cp = (await t.db.kysely.selectFrom('coupon_packages').select('id').where('name', '=', '省钱券包').executeTakeFirstOrThrow()).id;
    const card = await cardOf(t, '1000000001');
    const o = await buy(t, token, { custom_num: '1000000001', goods_type: 'coupon_package', coupon_package_id: cp, pay_channel: 3 });
    const mine = await t.db.kysely.selectFrom('vouchers').select('id').where('origin_order_no', '=', o.order_no).execute();
    expect(mine).toHaveLength(3);
    const r = await refundOrder(ctxOf(t), o.order_no, '不需要了');
    expect(r.effects).toEqual(expect.arrayContaining(['作废券包优惠券 3 张', '退回余额 9.90 元']));
    const usable = (await t.get('/api/v1/voucher/list?custom_num=1000000001', token)).json().data.list.map((v: { id: number }) => v.id);
    for (const v of mine) expect(usable).not.toContain(v.id);
    expect(await ledgerMatches(t, '1000000001')).toEqual({ balance: card.balance_fen, sum: card.balance_fen });
    // a revoked voucher cannot be ordered with
    const month = await pkgId(t, '畅享50G月包');
    const res = await t.post(
      '/api/v1/order/create',
      { custom_num: '1000000001', goods_type: 'package', package_id: month, voucher_id: mine[2]!.id, pay_channel: 1, request_id: rid() },
      token,
    );
    expect(res.statusCode).toBe(400);

    // bought again; its 3-yuan voucher goes on a package order that is left pending
    const o2 = await buy(t, token, { custom_num: '1000000001', goods_type: 'coupon_package', coupon_package_id: cp, pay_channel: 3 });
    const three = (
      await t.db.kysely
        .selectFrom('vouchers')
        .select('id')
        .where('origin_order_no', '=', o2.order_no)
        .where('amount_fen', '=', 300)
        .executeTakeFirstOrThrow()
    ).id;
    const pending = (
      await t.post(
        '/api/v1/order/create',
        { custom_num: '1000000001', goods_type: 'package', package_id: month, voucher_id: three, pay_channel: 1, request_id: rid() },
        token,
      )
    ).json().data;
    expect(pending.state).toBe('pending');
    let before = await moneySnapshot(t);
    await expectRefused(refundOrder(ctxOf(t), o2.order_no, '不需要了'), Code.REFUND_VOUCHERS_USED, /待支付订单占用/);
    expect(await moneySnapshot(t)).toEqual(before);
    // paid: the voucher is used
    const sandbox = sandboxOf(t);
    const row = (await sandbox.finish(paymentIdOf(pending.pay.url), 'pay', { drop: true }))!;
    await notify(t, 1, sandbox.notificationFor(row));
    before = await moneySnapshot(t);
    await expectRefused(refundOrder(ctxOf(t), o2.order_no, '不需要了'), Code.REFUND_VOUCHERS_USED, /「3元满10可用券」已使用/);
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it('a package that later orders build on is refused until those are refunded', async () => {
    const token = await t.loginAccount();
    const card = await cardOf(t, '1000000002');
    const live = await t.db.kysely
      .selectFrom('card_packages')
      .select('id')
      .where('card_id', '=', card.id)
      .where('expired_at', '>', clock.iso())
      .execute();
    expect(live).toEqual([]);
    const a = await buy(t, token, {
      custom_num: '1000000002',
      goods_type: 'package',
      package_id: await pkgId(t, '畅享50G月包'),
      pay_channel: 1,
    });
    const b = await buy(t, token, {
      custom_num: '1000000002',
      goods_type: 'package',
      package_id: await pkgId(t, '10G加油包'),
      pay_channel: 2,
    });
    const c = await buy(t, token, {
      custom_num: '1000000002',
      goods_type: 'package',
      package_id: await pkgId(t, '畅享100G月包'),
      pay_channel: 1,
    });
    const [segA] = await t.db.kysely.selectFrom('card_packages').selectAll().where('order_no', '=', a.order_no).execute();
    expect(segA!.total_kb).toBe(60 * GB);

    const before = await moneySnapshot(t);
    const e = await expectRefused(refundOrder(ctxOf(t), a.order_no, '投诉'), Code.REFUND_GOODS_IN_USE);
    expect(e.message).toContain(b.order_no);
    expect(e.message).toContain(c.order_no);
    expect(await moneySnapshot(t)).toEqual(before);

    // the later ones first: the refuel's data leaves A's package, the queued package ends unstarted
    await refundOrder(ctxOf(t), b.order_no, '投诉');
    expect(
      (await t.db.kysely.selectFrom('card_packages').select('total_kb').where('id', '=', segA!.id).executeTakeFirstOrThrow()).total_kb,
    ).toBe(50 * GB);
    await refundOrder(ctxOf(t), c.order_no, '投诉');
    const [segC] = await t.db.kysely.selectFrom('card_packages').selectAll().where('order_no', '=', c.order_no).execute();
    expect(segC!.started_at).toBe(segC!.expired_at);
    expect((await cardOf(t, '1000000002')).order_has_payment).toBe(1);
    expect((await refundOrder(ctxOf(t), a.order_no, '投诉')).outcome).toBe('refunded');
    expect((await cardOf(t, '1000000002')).order_has_payment).toBe(0);
    for (const o of [a, b, c]) expect((await simState(t, o.payment_id!)).state).toBe('refunded');
  });
});
