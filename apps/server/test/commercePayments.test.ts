// Payments (docs/decisions/0006 "Exactly once"): notifications credit exactly once; unknown order, wrong amount
// and bad signature change nothing; a lost notification is settled by the gateway query.
import { describe, expect, it } from 'vitest';
import { clock } from '../src/lib/clock';
import { reconcile } from '../src/modules/commerce';
import { expectRejected } from './badInput';
import { businessSnapshot, ctxOf, ledgerMatches, notify, rid, sandboxOf } from './commerceHelpers';
import { databases, useTestApp, type TestApp } from './harness';

async function pkgId(t: TestApp, name: string): Promise<number> {
  return (await t.db.kysely.selectFrom('packages').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}
const paymentIdOf = (url: string) => url.split('/').pop()!;

describe.each(databases())('payments on %s', (kind) => {
  const t = useTestApp(kind, { payReconcileIntervalMs: 0, paySandboxDropNotify: true });

  it('100 concurrent duplicate notifications credit a recharge once', async () => {
    const token = await t.loginAccount();
    const before = await ledgerMatches(t, '1000000001');
    const o = (
      await t.post(
        '/api/v1/order/create',
        { custom_num: '1000000001', goods_type: 'recharge', amount: 50, pay_channel: 1, request_id: rid() },
        token,
      )
    ).json().data;
    expect(o).toMatchObject({ state: 'pending', payable: 50, credit: 60 });
    const sandbox = sandboxOf(t);
    const row = (await sandbox.finish(paymentIdOf(o.pay.url), 'pay', { drop: true }))!;
    const body = sandbox.notificationFor(row);
    const answers = await Promise.all(Array.from({ length: 100 }, () => notify(t, 1, body)));
    for (const a of answers) expect(a.json(), a.body).toMatchObject({ code: 0, data: { result: 'success' } });
    const payments = await t.db.kysely.selectFrom('payments').selectAll().where('order_no', '=', o.order_no).execute();
    expect(payments).toHaveLength(1);
    const after = await ledgerMatches(t, '1000000001');
    // 50 recharged + 10 first-recharge bonus, once
    expect(after.balance).toBe(before.balance + 6000);
    expect(after.sum).toBe(after.balance);
    const log = await t.db.kysely.selectFrom('pay_notifications').select('outcome').where('order_no', '=', o.order_no).execute();
    expect(log.filter((l) => l.outcome === 'credited')).toHaveLength(1);
    expect(log.filter((l) => l.outcome === 'duplicate')).toHaveLength(99);
    const card = await t.db.kysely
      .selectFrom('cards')
      .select(['has_first_balance_order', 'balance_order_has_payment'])
      .where('custom_num', '=', '1000000001')
      .executeTakeFirstOrThrow();
    expect(card).toEqual({ has_first_balance_order: 1, balance_order_has_payment: 1 });
    expect((await t.get(`/api/v1/order/detail?order_no=${o.order_no}`, token)).json().data.state).toBe('fulfilled');
    // a second recharge gets no bonus
    const o2 = (
      await t.post(
        '/api/v1/order/create',
        { custom_num: '1000000001', goods_type: 'recharge', amount: 50, pay_channel: 1, request_id: rid() },
        token,
      )
    ).json().data;
    expect(o2.credit).toBe(50);
  });

  it('100 concurrent duplicates of a package payment: one payment, one package; card 1000000002 passes its gate after buying', async () => {
    const token = await t.loginAccount();
    const month = await pkgId(t, '畅享100G月包');
    const card = await t.db.kysely
      .selectFrom('cards')
      .select(['id', 'order_has_payment'])
      .where('custom_num', '=', '1000000002')
      .executeTakeFirstOrThrow();
    expect(card.order_has_payment).toBe(0);
    const o = (
      await t.post(
        '/api/v1/order/create',
        { custom_num: '1000000002', goods_type: 'package', package_id: month, pay_channel: 2, request_id: rid() },
        token,
      )
    ).json().data;
    const sandbox = sandboxOf(t);
    const row = (await sandbox.finish(paymentIdOf(o.pay.url), 'pay', { drop: true }))!;
    const body = sandbox.notificationFor(row);
    await Promise.all(Array.from({ length: 100 }, () => notify(t, 2, body)));
    expect(await t.db.kysely.selectFrom('payments').select('id').where('order_no', '=', o.order_no).execute()).toHaveLength(1);
    const pkgs = await t.db.kysely.selectFrom('card_packages').selectAll().where('card_id', '=', card.id).execute();
    expect(pkgs).toHaveLength(1);
    expect(pkgs[0]).toMatchObject({ name: '畅享100G月包', total_kb: 100 * 1024 * 1024 });
    const info = (await t.get('/api/v2/card/info?custom_num=1000000002', token)).json().data.info;
    expect(info.order_has_payment).toBe(true);
    expect(info.expired_at >= pkgs[0]!.expired_at).toBe(true);
  });

  it('unknown order, wrong amount, wrong channel and bad signature change nothing and are logged', async () => {
    const token = await t.loginAccount();
    const month = await pkgId(t, '畅享50G月包');
    const o = (
      await t.post(
        '/api/v1/order/create',
        { custom_num: '1000000001', goods_type: 'package', package_id: month, pay_channel: 1, request_id: rid() },
        token,
      )
    ).json().data;
    const sandbox = sandboxOf(t);
    const row = (await sandbox.finish(paymentIdOf(o.pay.url), 'pay', { drop: true }))!;
    const before = await businessSnapshot(t);
    const logBefore = (await t.db.kysely.selectFrom('pay_notifications').select('id').execute()).length;
    const good = sandbox.notificationFor(row);
    const cases = [
      ['unknown order', 1, sandbox.notificationFor({ ...row, order_no: '20250101000000999999' }), 404],
      ['wrong amount', 1, sandbox.notificationFor({ ...row, amount_fen: 1 }), 400],
      ['wrong channel', 2, good, 400],
      ['bad signature', 1, { ...good, sign: 'f'.repeat(64) }, 400],
      ['tampered amount', 1, { ...good, amount_fen: 1 }, 400],
      ['no signature', 1, { ...good, sign: '' }, 400],
      [
        'signed by another secret',
        1,
        (() => {
          const other = { ...good };
          delete (other as Record<string, unknown>).sign;
          return { ...other, sign: 'a'.repeat(64) };
        })(),
        400,
      ],
    ] as const;
    for (const [name, channel, body, status] of cases) {
      const res = await notify(t, channel, body as Record<string, string | number>);
      expect(res.statusCode, name).toBe(status);
      expectRejected(res);
    }
    expect(await businessSnapshot(t)).toEqual(before);
    const logged = await t.db.kysely.selectFrom('pay_notifications').select('outcome').orderBy('id').execute();
    expect(logged.slice(logBefore).map((l) => l.outcome)).toEqual([
      'unknown_order',
      'wrong_amount',
      'wrong_channel',
      'bad_signature',
      'bad_signature',
      'bad_signature',
      'bad_signature',
    ]);
    // the real one still settles it
    expect((await notify(t, 1, good)).json().data.result).toBe('success');
    expect((await t.get(`/api/v1/order/detail?order_no=${o.order_no}`, token)).json().data.state).toBe('fulfilled');
  });

  it('an order whose notification never comes is settled by the reconciler’s query', async () => {
    const token = await t.loginAccount();
    const month = await pkgId(t, '畅享50G月包');
    const o = (
      await t.post(
        '/api/v1/order/create',
        { custom_num: '1000000001', goods_type: 'package', package_id: month, pay_channel: 1, request_id: rid() },
        token,
      )
    ).json().data;
    await sandboxOf(t).finish(paymentIdOf(o.pay.url), 'pay', { drop: true });
    const ctx = ctxOf(t);
    // too young for the reconciler
    expect((await reconcile(ctx, 60_000)).checked).toBe(0);
    const s = await reconcile(ctx, 0);
    expect(s.paid).toBeGreaterThanOrEqual(1);
    const order = await t.db.kysely.selectFrom('orders').select('state').where('order_no', '=', o.order_no).executeTakeFirstOrThrow();
    expect(order.state).toBe('fulfilled');
    const pay = await t.db.kysely.selectFrom('payments').select('source').where('order_no', '=', o.order_no).executeTakeFirstOrThrow();
    expect(pay.source).toBe('query');
    // a late notification afterwards is a duplicate
    const row = (await sandboxOf(t).payment(paymentIdOf(o.pay.url)))!;
    expect((await notify(t, 1, sandboxOf(t).notificationFor(row))).json().data.result).toBe('success');
    expect(await t.db.kysely.selectFrom('payments').select('id').where('order_no', '=', o.order_no).execute()).toHaveLength(1);
  });

  it('order detail on a pending order asks the gateway', async () => {
    const token = await t.loginAccount();
    const month = await pkgId(t, '畅享50G月包');
    const o = (
      await t.post(
        '/api/v1/order/create',
        { custom_num: '1000000001', goods_type: 'package', package_id: month, pay_channel: 1, request_id: rid() },
        token,
      )
    ).json().data;
    expect((await t.get(`/api/v1/order/detail?order_no=${o.order_no}`, token)).json().data.state).toBe('pending');
    await sandboxOf(t).finish(paymentIdOf(o.pay.url), 'pay', { drop: true });
    clock.advance(5000); // past the per-order query gap
    try {
      expect((await t.get(`/api/v1/order/detail?order_no=${o.order_no}`, token)).json().data.state).toBe('fulfilled');
    } finally {
      clock.reset();
    }
  });

  it('a failed payment fails the order and gives the voucher back', async () => {
    const token = await t.loginAccount();
    const month = await pkgId(t, '畅享100G月包');
    const v = (await t.db.kysely.selectFrom('vouchers').select('id').where('name', '=', '新人5元券').executeTakeFirstOrThrow()).id;
    const o = (
      await t.post(
        '/api/v1/order/create',
        { custom_num: '1000000002', goods_type: 'package', package_id: month, voucher_id: v, pay_channel: 1, request_id: rid() },
        token,
      )
    ).json().data;
    expect(o.payable).toBe(24);
    const sandbox = sandboxOf(t);
    const row = (await sandbox.finish(paymentIdOf(o.pay.url), 'fail', { drop: true }))!;
    expect((await notify(t, 1, sandbox.notificationFor(row))).json().data.result).toBe('success');
    expect((await t.get(`/api/v1/order/detail?order_no=${o.order_no}`, token)).json().data.state).toBe('failed');
    expect(await t.db.kysely.selectFrom('vouchers').select(['status', 'order_no']).where('id', '=', v).executeTakeFirstOrThrow()).toEqual({
      status: 'usable',
      order_no: null,
    });
  });

  it('an unpaid order past its expiry is closed by the reconciler and its voucher released', async () => {
    const token = await t.loginAccount();
    const month = await pkgId(t, '畅享100G月包');
    const v = (await t.db.kysely.selectFrom('vouchers').select('id').where('name', '=', '新人5元券').executeTakeFirstOrThrow()).id;
    const o = (
      await t.post(
        '/api/v1/order/create',
        { custom_num: '1000000002', goods_type: 'package', package_id: month, voucher_id: v, pay_channel: 1, request_id: rid() },
        token,
      )
    ).json().data;
    clock.advance(t.config.payOrderTtlMs + 1000);
    try {
      await reconcile(ctxOf(t));
    } finally {
      clock.reset();
    }
    expect(
      (await t.db.kysely.selectFrom('orders').select('state').where('order_no', '=', o.order_no).executeTakeFirstOrThrow()).state,
    ).toBe('closed');
    expect((await t.db.kysely.selectFrom('vouchers').select('status').where('id', '=', v).executeTakeFirstOrThrow()).status).toBe('usable');
    // the cashier can no longer take money for it
    expect((await sandboxOf(t).queryPayment(paymentIdOf(o.pay.url)))!.state).toBe('closed');
  });

  it('the hosted cashier pays, and its own (delayed, repeated) notifications settle the order once', async () => {
    const token = await t.loginAccount();
    const month = await pkgId(t, '畅享50G月包');
    const o = (
      await t.post(
        '/api/v1/order/create',
        { custom_num: '1000000001', goods_type: 'package', package_id: month, pay_channel: 2, request_id: rid() },
        token,
      )
    ).json().data;
    const page = await t.inject({ method: 'GET', url: o.pay.url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    for (const text of ['确认支付', '模拟支付失败', '放弃支付', '¥19.00', '畅享50G月包']) expect(page.body).toContain(text);
    // the app's own sandbox drops notifications in this suite; the test handle delivers them
    const sandbox = sandboxOf(t);
    sandbox.setNotificationSink(async (channel, body) => notify(t, channel, body as Record<string, string | number>));
    Object.assign(sandbox, { opts: { secret: t.config.paySandboxSecret, notifyDelayMs: 5, notifyCopies: 3, dropNotifications: false } });
    await sandbox.finish(paymentIdOf(o.pay.url), 'pay');
    for (let i = 0; i < 50; i++) {
      const n = await t.db.kysely.selectFrom('pay_notifications').select('outcome').where('order_no', '=', o.order_no).execute();
      if (n.length >= 3) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const outcomes = (await t.db.kysely.selectFrom('pay_notifications').select('outcome').where('order_no', '=', o.order_no).execute())
      .map((n) => n.outcome)
      .sort();
    expect(outcomes).toEqual(['credited', 'duplicate', 'duplicate']);
    // the browser's form post returns it to the portal's status page; a second click changes nothing
    const again = await t.inject({
      method: 'POST',
      url: o.pay.url,
      payload: 'action=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`/pay_status?order_no=${o.order_no}`);
    expect(await t.db.kysely.selectFrom('payments').select('id').where('order_no', '=', o.order_no).execute()).toHaveLength(1);
  });

  it('abandoning at the cashier leaves the order pending and changes nothing', async () => {
    const token = await t.loginAccount();
    const month = await pkgId(t, '畅享50G月包');
    const o = (
      await t.post(
        '/api/v1/order/create',
        { custom_num: '1000000001', goods_type: 'package', package_id: month, pay_channel: 1, request_id: rid() },
        token,
      )
    ).json().data;
    const before = await businessSnapshot(t);
    const res = await t.inject({
      method: 'POST',
      url: o.pay.url,
      payload: 'action=abandon',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(303);
    expect(await businessSnapshot(t)).toEqual(before);
  });

  it('quick payment: card check, order without login, read back only with the access key', async () => {
    const check = (await t.get('/api/v1/quick/card_check?custom_num=1000000002')).json().data;
    expect(check).toMatchObject({ custom_num: '1000000002', can_buy: true, agent_name: '畅联物联' });
    expect(check.masked_iccid).toMatch(/\*/);
    const blocked = (await t.get('/api/v1/quick/card_check?custom_num=1000000005')).json().data;
    expect(blocked).toMatchObject({ can_buy: false, reason: '该卡已销户，请联系客服' });
    const list = (await t.get('/api/v1/quick/packages?custom_num=1000000002')).json().data.list;
    expect(list.length).toBeGreaterThan(0);
    const month = await pkgId(t, '畅享100G月包');
    const res = await t.post('/api/v1/quick/order', { custom_num: '1000000002', package_id: month, pay_channel: 1, request_id: rid() });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json().data;
    expect(o.access_key.length).toBeGreaterThanOrEqual(32);
    expect(o.pay.kind).toBe('redirect');
    const read = await t.get(`/api/v1/quick/order?order_no=${o.order_no}&access_key=${o.access_key}`);
    expect(read.json().data).toMatchObject({ order_no: o.order_no, state: 'pending' });
    expectRejected(await t.get(`/api/v1/quick/order?order_no=${o.order_no}&access_key=${'x'.repeat(32)}`), 404);
    expectRejected(await t.post('/api/v1/quick/order', { custom_num: '1000000002', package_id: month, pay_channel: 3, request_id: rid() }));
    const sim = (await sandboxOf(t).payment(paymentIdOf(o.pay.url)))!;
    expect(sim.return_url).toBe(`/quick_payment_success?order_no=${o.order_no}&access_key=${o.access_key}`);
  });
});
