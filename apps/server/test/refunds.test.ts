// Refunds (docs/decisions/0006 "Refunds"): an operator refunds a paid order — its goods are taken
// back and its money goes back the way it came — or money that arrived for an order no longer
// pending. On SQLite and PostgreSQL; the command line itself runs once against a SQLite file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Code } from '@portal/contract/codes';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { connect } from '../src/db/connect';
import { migrate } from '../src/db/migrate';
import { DEMO, seedDemo } from '../src/db/seed';
import { PaymentGatewayError, type PaymentGateway } from '../src/integrations/payment/gateway';
import { clock } from '../src/lib/clock';
import { AppError } from '../src/lib/errors';
import { latePayments, refundAllLate, refundOrder, retryPendingRefunds } from '../src/modules/commerce';
import { settleUnpaid } from '../src/modules/commerce/orders/fulfil';
import { REFUND_RETRY_RULE } from '../src/modules/commerce/refunds/service';
import { businessSnapshot, ctxOf, ledgerMatches, notify, rid, sandboxOf } from './commerceHelpers';
import { runCli } from './cli';
import { databases, useTestApp, type TestApp } from './harness';

const GB = 1024 * 1024; // KB
const paymentIdOf = (url: string) => url.split('/').pop()!;

async function pkgId(t: TestApp, name: string): Promise<number> {
  return (await t.db.kysely.selectFrom('packages').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}
async function cardOf(t: TestApp, num: string) {
  return t.db.kysely.selectFrom('cards').selectAll().where('custom_num', '=', num).executeTakeFirstOrThrow();
}
async function orderRow(t: TestApp, orderNo: string) {
  return t.db.kysely.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
}
async function refundsOf(t: TestApp, orderNo: string) {
  return t.db.kysely.selectFrom('refunds').selectAll().where('order_no', '=', orderNo).execute();
}

/** Create an order through the API; a gateway order is paid at the sandbox and its notification delivered. */
async function buy(t: TestApp, token: string, body: Record<string, unknown>): Promise<{ order_no: string; payment_id: string | null }> {
  const res = await t.post('/api/v1/order/create', { ...body, request_id: rid() }, token);
  expect(res.statusCode, res.body).toBe(200);
  const o = res.json().data;
  if (o.pay.kind === 'settled') return { order_no: o.order_no, payment_id: null };
  const sandbox = sandboxOf(t);
  const row = (await sandbox.finish(paymentIdOf(o.pay.url), 'pay', { drop: true }))!;
  expect((await notify(t, body.pay_channel as number, sandbox.notificationFor(row))).json().data.result).toBe('success');
  expect((await orderRow(t, o.order_no)).state).toBe('fulfilled');
  return { order_no: o.order_no, payment_id: row.payment_id };
}

async function simState(t: TestApp, paymentId: string) {
  const p = await t.db.kysely.selectFrom('sim_payments').select('state').where('payment_id', '=', paymentId).executeTakeFirstOrThrow();
  const refunds = await t.db.kysely.selectFrom('sim_refunds').selectAll().where('payment_id', '=', paymentId).execute();
  return { state: p.state, refunds };
}

/** Everything a refund may touch: row counts, balances, orders, vouchers, packages, card flags, refunds. */
async function moneySnapshot(t: TestApp) {
  const b = await businessSnapshot(t);
  const flags = await t.db.kysely
    .selectFrom('cards')
    .select(['id', 'ordered_flag', 'balance_order_has_payment', 'has_first_balance_order'])
    .orderBy('id')
    .execute();
  const refunds = await t.db.kysely.selectFrom('refunds').select(['refund_no', 'state']).orderBy('id').execute();
  const sims = await t.db.kysely.selectFrom('sim_payments').select(['payment_id', 'state']).orderBy('payment_id').execute();
  return { ...b, flags, refunds, sims };
}

async function expectRefused(p: Promise<unknown>, code: number, message?: RegExp): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const e = err as AppError;
  expect(e.code, e.message).toBe(code);
  expect(e.status).toBeGreaterThanOrEqual(400);
  expect(e.status).toBeLessThan(500);
  expect(e.message).toMatch(/[\u4e00-\u9fa5]/);
  if (message) expect(e.message).toMatch(message);
  return e;
}

/** A context whose gateway fails the refund: before it reaches the gateway, or after (the answer is lost). */
function failingCtx(t: TestApp, when: 'before' | 'after'): AppContext {
  const ctx = ctxOf(t);
  const real = ctx.payments!;
  const payments: PaymentGateway = Object.assign(Object.create(Object.getPrototypeOf(real)) as PaymentGateway, real, {
    async refundPayment(input: Parameters<PaymentGateway['refundPayment']>[0]) {
      if (when === 'after') await real.refundPayment(input);
      throw new PaymentGatewayError('gateway timeout', true);
    },
  });
  return { ...ctx, payments };
}

describe.each(databases())('refunds on %s', (kind) => {
  const t = useTestApp(kind, { payReconcileIntervalMs: 0, paySandboxDropNotify: true });

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

  it('refuses an unknown order, an unpaid or closed order and a missing reason, writing nothing', async () => {
    const token = await t.loginAccount();
    const month = await pkgId(t, '畅享50G月包');
    const pending = (
      await t.post(
        '/api/v1/order/create',
        { custom_num: '1000000013', goods_type: 'package', package_id: month, pay_channel: 1, request_id: rid() },
        token,
      )
    ).json().data;
    const closed = (
      await t.post(
        '/api/v1/order/create',
        { custom_num: '1000000013', goods_type: 'package', package_id: month, pay_channel: 2, request_id: rid() },
        token,
      )
    ).json().data;
    expect((await t.post('/api/v1/order/close', { order_no: closed.order_no }, token)).json().data.state).toBe('closed');
    const paid = await buy(t, token, { custom_num: '1000000013', goods_type: 'package', package_id: month, pay_channel: 1 });
    const before = await moneySnapshot(t);
    const ctx = ctxOf(t);
    const unknown = await expectRefused(refundOrder(ctx, '20250101000000999999', '投诉'), Code.NOT_FOUND, /订单不存在/);
    expect(unknown.status).toBe(404);
    await expectRefused(refundOrder(ctx, pending.order_no, '投诉'), Code.REFUND_NOT_PAID, /订单尚未支付/);
    await expectRefused(refundOrder(ctx, closed.order_no, '投诉'), Code.REFUND_NOT_PAID, /订单已关闭/);
    for (const reason of ['', '   ', '一\n二', '长'.repeat(201)])
      await expectRefused(refundOrder(ctx, paid.order_no, reason), Code.REFUND_REASON_REQUIRED);
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it('two refunds of one order at once refund it once', async () => {
    const token = await t.loginAccount();
    const trial = await pkgId(t, '7天体验包');
    const o = await buy(t, token, { custom_num: '1000000002', goods_type: 'package', package_id: trial, pay_channel: 1 });
    const results = await Promise.all([refundOrder(ctxOf(t), o.order_no, '投诉'), refundOrder(ctxOf(t), o.order_no, '投诉')]);
    // the loser finds the refund recorded; if the winner's gateway step is still under way it
    // repeats that step under the same refund number ('completed'), which the gateway refunds once
    const outcomes = results.map((r) => r.outcome).sort();
    expect(outcomes[1]).toBe('refunded');
    expect(['already', 'completed']).toContain(outcomes[0]);
    expect(await refundsOf(t, o.order_no)).toHaveLength(1);
    expect((await simState(t, o.payment_id!)).refunds).toHaveLength(1);
    expect((await refundsOf(t, o.order_no))[0]!.state).toBe('done');
    expect((await orderRow(t, o.order_no)).state).toBe('refunded');
    // the balance-paid kind too: one ledger entry
    const refuel = await pkgId(t, '10G加油包');
    const card = await cardOf(t, '1000000001');
    const b = await buy(t, token, { custom_num: '1000000001', goods_type: 'package', package_id: refuel, pay_channel: 3 });
    const both = await Promise.all(Array.from({ length: 5 }, () => refundOrder(ctxOf(t), b.order_no, '投诉')));
    expect(both.filter((r) => r.outcome === 'refunded')).toHaveLength(1);
    const ledger = await t.db.kysely.selectFrom('balance_ledger').select('kind').where('order_no', '=', b.order_no).execute();
    expect(ledger.map((l) => l.kind).sort()).toEqual(['purchase', 'refund']);
    expect(await ledgerMatches(t, '1000000001')).toEqual({ balance: card.balance_fen, sum: card.balance_fen });
  });

  it.each(['before', 'after'] as const)(
    'a gateway failure (%s the gateway refunds) leaves a pending refund that a rerun completes, paying once',
    async (when) => {
      const token = await t.loginAccount();
      const month = await pkgId(t, '畅享50G月包');
      const o = await buy(t, token, { custom_num: '1000000002', goods_type: 'package', package_id: month, pay_channel: 1 });
      const e = await expectRefused(
        refundOrder(failingCtx(t, when), o.order_no, '客户投诉'),
        Code.REFUND_GATEWAY_FAILED,
        /退款已登记.*请稍后重新执行同一退款命令/,
      );
      expect(e.message).toContain(`RF${o.order_no}`);
      // goods taken back and the debt recorded: nothing is lost, the refund says what is owed
      expect((await orderRow(t, o.order_no)).state).toBe('refunded');
      expect(await refundsOf(t, o.order_no)).toEqual([
        expect.objectContaining({ state: 'pending', amount_fen: 1900, gateway_refund_id: null }),
      ]);
      expect((await simState(t, o.payment_id!)).state).toBe(when === 'before' ? 'paid' : 'refunded');

      const again = await refundOrder(ctxOf(t), o.order_no, '客户投诉');
      expect(again).toMatchObject({ outcome: 'completed', refund_no: `RF${o.order_no}`, amount_fen: 1900 });
      expect(await refundsOf(t, o.order_no)).toEqual([
        expect.objectContaining({ state: 'done', gateway_refund_id: expect.stringMatching(/^sr/) }),
      ]);
      const sim = await simState(t, o.payment_id!);
      expect(sim.state).toBe('refunded');
      expect(sim.refunds).toHaveLength(1);
      expect((await refundOrder(ctxOf(t), o.order_no, '客户投诉')).outcome).toBe('already');
    },
  );

  it('the reconciler completes a refund whose gateway step failed, at most once per retry window, paying once', async () => {
    const token = await t.loginAccount();
    const month = await pkgId(t, '畅享50G月包');
    const o = await buy(t, token, { custom_num: '1000000002', goods_type: 'package', package_id: month, pay_channel: 1 });
    await expectRefused(refundOrder(failingCtx(t, 'before'), o.order_no, '客户投诉'), Code.REFUND_GATEWAY_FAILED, /退款已登记/);
    try {
      // the gateway still fails on the first retry; the next run, inside the window, leaves it alone
      expect(await retryPendingRefunds(failingCtx(t, 'before'), 0)).toEqual({ completed: 0, failed: 1 });
      expect(await retryPendingRefunds(ctxOf(t), 0)).toEqual({ completed: 0, failed: 0 });
      expect(await refundsOf(t, o.order_no)).toEqual([expect.objectContaining({ state: 'pending' })]);
      // after the window the gateway answers: done, refunded once
      clock.advance(REFUND_RETRY_RULE.windowMs + 1000);
      expect(await retryPendingRefunds(ctxOf(t), 0)).toEqual({ completed: 1, failed: 0 });
      expect(await refundsOf(t, o.order_no)).toEqual([
        expect.objectContaining({ state: 'done', gateway_refund_id: expect.stringMatching(/^sr/) }),
      ]);
      expect((await simState(t, o.payment_id!)).refunds).toHaveLength(1);
      clock.advance(REFUND_RETRY_RULE.windowMs + 1000);
      expect(await retryPendingRefunds(ctxOf(t), 0)).toEqual({ completed: 0, failed: 0 });
      expect((await refundOrder(ctxOf(t), o.order_no, '客户投诉')).outcome).toBe('already');
    } finally {
      clock.reset();
    }
  });

  it('money that arrives for a closed order is listed and refunded through the gateway, once', async () => {
    const token = await t.loginAccount();
    const month = await pkgId(t, '畅享50G月包');
    const o = (
      await t.post(
        '/api/v1/order/create',
        { custom_num: '1000000013', goods_type: 'package', package_id: month, pay_channel: 2, request_id: rid() },
        token,
      )
    ).json().data;
    const sandbox = sandboxOf(t);
    const row = (await sandbox.finish(paymentIdOf(o.pay.url), 'pay', { drop: true }))!;
    // the order closed here just before the money arrived (a gateway that answered "closed", then took the payment)
    const order = await orderRow(t, o.order_no);
    await t.db.kysely.transaction().execute((trx) => settleUnpaid(trx, order, 'closed', clock.now()));
    expect((await notify(t, 2, sandbox.notificationFor(row))).json().data.result).toBe('success');
    const pay = await t.db.kysely.selectFrom('payments').selectAll().where('order_no', '=', o.order_no).executeTakeFirstOrThrow();
    expect(pay.late).toBe(1);

    const ctx = ctxOf(t);
    const list = await latePayments(ctx);
    expect(list).toEqual([
      expect.objectContaining({
        payment_id: pay.id,
        order_no: o.order_no,
        order_state: 'closed',
        amount_fen: 1900,
        channel: 2,
        refund_pending: false,
      }),
    ]);
    const before = await businessSnapshot(t);
    const res = await refundAllLate(ctx, '订单关闭后到账');
    expect(res.failed).toEqual([]);
    expect(res.done).toEqual([
      expect.objectContaining({ outcome: 'refunded', order_no: o.order_no, refund_no: `RF${o.order_no}L${pay.id}`, amount_fen: 1900 }),
    ]);
    // only the money moved: goods, balances and the order stay as they were
    const after = await businessSnapshot(t);
    expect({ ...after, s: { ...after.s, refunds: before.s.refunds, sim_refunds: before.s.sim_refunds } }).toEqual(before);
    expect(await refundsOf(t, o.order_no)).toEqual([
      expect.objectContaining({
        kind: 'late',
        state: 'done',
        transaction_id: pay.transaction_id,
        amount_fen: 1900,
        reason: '订单关闭后到账',
      }),
    ]);
    const sim = await simState(t, row.payment_id);
    expect(sim.state).toBe('refunded');
    expect(sim.refunds).toHaveLength(1);
    expect((await orderRow(t, o.order_no)).state).toBe('closed');

    expect(await latePayments(ctx)).toEqual([]);
    expect(await refundAllLate(ctx, '订单关闭后到账')).toEqual({ done: [], failed: [] });
    expect((await simState(t, row.payment_id)).refunds).toHaveLength(1);

    // the sandbox itself: the same refund number answers the same refund; never more than was paid
    const same = await sandbox.refundPayment({
      paymentId: row.payment_id,
      orderNo: o.order_no,
      transactionId: pay.transaction_id,
      amountFen: 1900,
      refundNo: `RF${o.order_no}L${pay.id}`,
    });
    expect(same.refundId).toBe(sim.refunds[0]!.refund_id);
    await expect(
      sandbox.refundPayment({
        paymentId: row.payment_id,
        orderNo: o.order_no,
        transactionId: pay.transaction_id,
        amountFen: 1,
        refundNo: 'RFextra',
      }),
    ).rejects.toThrow('退款金额超过支付金额');
    await expect(
      sandbox.refundPayment({
        paymentId: row.payment_id,
        orderNo: o.order_no,
        transactionId: 'forged',
        amountFen: 1,
        refundNo: 'RFforged',
      }),
    ).rejects.toThrow(PaymentGatewayError);
    expect((await simState(t, row.payment_id)).refunds).toHaveLength(1);
  });
});

describe('the refund command', () => {
  it('usage errors exit 2; refuses an unknown order with 1; refunds an order with 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-refund-'));
    const url = join(dir, 'portal.db');
    const db = await connect(url);
    try {
      await migrate(db);
      await seedDemo(db);
      const config = { ...loadConfig({}), databaseUrl: url, webDist: null, logLevel: 'silent', payReconcileIntervalMs: 0 };
      const app = await buildApp({ db, config, logger: false });
      let orderNo = '';
      try {
        const login = await app.inject({
          method: 'POST',
          url: '/api/v1/login',
          payload: { login_model: 'account', account: DEMO.account, password: DEMO.password },
        });
        const token = login.json().data.token as string;
        const month = (await db.kysely.selectFrom('packages').select('id').where('name', '=', '畅享50G月包').executeTakeFirstOrThrow()).id;
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/order/create',
          headers: { authorization: `Bearer ${token}` },
          payload: { custom_num: '1000000001', goods_type: 'package', package_id: month, pay_channel: 3, request_id: rid() },
        });
        orderNo = res.json().data.order_no;
        expect(res.json().data.state).toBe('fulfilled');
      } finally {
        await app.close();
      }

      const [none, noReason, allAlone, unknown] = await Promise.all([
        runCli('refund.ts', [], url),
        runCli('refund.ts', [orderNo], url),
        runCli('refund.ts', ['--all', '--reason', '投诉'], url),
        runCli('refund.ts', ['20250101000000999999', '--reason', '投诉'], url),
      ]);
      expect(none.code).toBe(2);
      expect(none.stderr).toMatch(/用法/);
      expect(noReason.code).toBe(2);
      expect(noReason.stderr).toMatch(/退款必须用 --reason 写明原因/);
      expect(allAlone.code).toBe(2);
      expect(unknown.code, unknown.stderr).toBe(1);
      expect(unknown.stderr).toMatch(/订单不存在/);
      expect(await db.kysely.selectFrom('refunds').select('id').execute()).toHaveLength(0);

      const done = await runCli('refund.ts', [orderNo, '--reason', '客户投诉：信号差'], url);
      expect(done.code, done.stderr).toBe(0);
      expect(done.stdout).toContain(`已退款：订单 ${orderNo}「畅享50G月包」`);
      expect(done.stdout).toContain('退回余额 19.00 元');
      expect((await db.kysely.selectFrom('orders').select('state').where('order_no', '=', orderNo).executeTakeFirstOrThrow()).state).toBe(
        'refunded',
      );
      const card = await db.kysely
        .selectFrom('cards')
        .select(['id', 'balance_fen'])
        .where('custom_num', '=', '1000000001')
        .executeTakeFirstOrThrow();
      expect(card.balance_fen).toBe(2000);

      const [again, late] = await Promise.all([
        runCli('refund.ts', [orderNo, '--reason', '客户投诉'], url),
        runCli('refund.ts', ['--late'], url),
      ]);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toMatch(/此前已退款.*本次未重复退款/);
      expect(late.code, late.stderr).toBe(0);
      expect(late.stdout).toMatch(/没有待退款的异常到账/);
      expect(
        (await db.kysely.selectFrom('balance_ledger').select('kind').where('order_no', '=', orderNo).execute()).map((l) => l.kind).sort(),
      ).toEqual(['purchase', 'refund']);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
