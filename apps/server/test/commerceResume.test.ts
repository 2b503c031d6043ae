// Resuming payment and quick-payment quotes (docs/decisions/0007): "继续支付" from any tab goes back to the
// order's own cashier after asking the gateway; quick payment is quoted without login and never
// offers or reveals the balance; an address that keeps sending refused notifications is shut out
// while genuine notifications from it still settle.
import { describe, expect, it } from 'vitest';
import { clock } from '../src/lib/clock';
import { NOTIFY_REFUSALS } from '../src/modules/commerce/payments/service';
import { expectAllRejectedWithoutWrites, expectRejected } from './badInput';
import { businessSnapshot, rid, sandboxOf } from './commerceHelpers';
import { databases, useTestApp, type TestApp } from './harness';

async function pkgId(t: TestApp, name: string): Promise<number> {
  return (await t.db.kysely.selectFrom('packages').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}
const paymentIdOf = (url: string) => url.split('/').pop()!;

describe.each(databases())('resume payment and quick quotes on %s', (kind) => {
  const t = useTestApp(kind, { payReconcileIntervalMs: 0, paySandboxDropNotify: true });

  async function pendingOrder(token: string, channel = 1) {
    const month = await pkgId(t, '畅享50G月包');
    const res = await t.post(
      '/api/v1/order/create',
      { custom_num: '1000000001', goods_type: 'package', package_id: month, pay_channel: channel, request_id: rid() },
      token,
    );
    expect(res.json().code, res.body).toBe(0);
    return res.json().data as { order_no: string; pay: { kind: string; url: string } };
  }

  it('继续支付 answers the same cashier, creates no second payment, and writes nothing', async () => {
    const token = await t.loginAccount();
    const o = await pendingOrder(token);
    const before = await businessSnapshot(t);
    const simBefore = (await t.db.kysely.selectFrom('sim_payments').select('payment_id').execute()).length;
    const res = await t.post('/api/v1/order/repay', { order_no: o.order_no }, token);
    expect(res.json(), res.body).toMatchObject({
      code: 0,
      data: { order_no: o.order_no, state: 'pending', pay: { kind: 'redirect', url: o.pay.url } },
    });
    expect(await businessSnapshot(t)).toEqual(before);
    expect((await t.db.kysely.selectFrom('sim_payments').select('payment_id').execute()).length).toBe(simBefore);
  });

  it('继续支付 of an order paid at the cashier whose notification never came: settled, nothing to pay', async () => {
    const token = await t.loginAccount();
    const o = await pendingOrder(token);
    await sandboxOf(t).finish(paymentIdOf(o.pay.url), 'pay', { drop: true });
    const res = await t.post('/api/v1/order/repay', { order_no: o.order_no }, token);
    expect(res.json(), res.body).toMatchObject({ code: 0, data: { state: 'fulfilled', pay: { kind: 'settled' } } });
    // asking again changes nothing: still one payment
    await t.post('/api/v1/order/repay', { order_no: o.order_no }, token);
    expect(await t.db.kysely.selectFrom('payments').select('id').where('order_no', '=', o.order_no).execute()).toHaveLength(1);
  });

  it('继续支付 is refused for a closed order, an expired order (closed on the way) and another person’s order', async () => {
    const token = await t.loginAccount();
    const closed = await pendingOrder(token);
    expect((await t.post('/api/v1/order/close', { order_no: closed.order_no }, token)).json().code).toBe(0);
    const refused = expectRejected(await t.post('/api/v1/order/repay', { order_no: closed.order_no }, token), 400);
    expect(refused.message).toBe('订单已关闭，请重新下单');

    const expiring = await pendingOrder(token);
    clock.advance(t.config.payOrderTtlMs + 60_000);
    try {
      expectRejected(await t.post('/api/v1/order/repay', { order_no: expiring.order_no }, token), 400);
    } finally {
      clock.reset();
    }
    const row = await t.db.kysely.selectFrom('orders').select('state').where('order_no', '=', expiring.order_no).executeTakeFirstOrThrow();
    expect(row.state).toBe('closed');

    const other = await t.loginCard('1000000020');
    const month = await pkgId(t, '畅享50G月包');
    const theirs = (
      await t.post(
        '/api/v1/order/create',
        { custom_num: '1000000020', goods_type: 'package', package_id: month, pay_channel: 1, request_id: rid() },
        other,
      )
    ).json().data;
    await expectAllRejectedWithoutWrites(t, [
      { name: 'another person’s order', send: () => t.post('/api/v1/order/repay', { order_no: theirs.order_no }, token), status: 403 },
      { name: 'unknown order', send: () => t.post('/api/v1/order/repay', { order_no: '20250101000000999999' }, token), status: 404 },
      { name: 'malformed order number', send: () => t.post('/api/v1/order/repay', { order_no: 'abc' }, token), status: 400 },
      { name: 'without login', send: () => t.post('/api/v1/order/repay', { order_no: theirs.order_no }) },
    ]);
  });

  it('quick quote: the server’s price and channels, never the balance; bad input is a clear 4xx', async () => {
    const month = await pkgId(t, '畅享100G月包');
    // 1000000002 has a balance that would cover it: quick payment must not say so, nor offer it
    const res = await t.post('/api/v1/quick/quote', { custom_num: '1000000002', package_id: month });
    expect(res.json().code, res.body).toBe(0);
    const q = res.json().data;
    expect(q.title).toBe('畅享100G月包');
    expect(q.channels.map((c: { channel: number }) => c.channel)).not.toContain(3);
    expect(q.channels.length).toBeGreaterThan(0);
    const inApp = (await t.post('/api/v1/quick/quote', { custom_num: '1000000002', package_id: month, in_messaging_app: true })).json()
      .data;
    expect(inApp.channels.find((c: { channel: number }) => c.channel === 2)).toMatchObject({
      available: false,
      reason: '请在浏览器中打开',
    });
    const other = await pkgId(t, '极客60G月包');
    await expectAllRejectedWithoutWrites(t, [
      { name: 'unknown card', send: () => t.post('/api/v1/quick/quote', { custom_num: '1999999999', package_id: month }), status: 400 },
      { name: 'malformed card number', send: () => t.post('/api/v1/quick/quote', { custom_num: '12ab', package_id: month }), status: 400 },
      { name: 'no package', send: () => t.post('/api/v1/quick/quote', { custom_num: '1000000002' }), status: 400 },
      { name: 'a package of another series', send: () => t.post('/api/v1/quick/quote', { custom_num: '1000000002', package_id: other }) },
    ]);
  });

  it('quick payment neither lists nor holds the holder’s vouchers: the owner can still use one', async () => {
    const month = await pkgId(t, '畅享100G月包');
    const owner = await t.loginAccount();
    const usable = await t.get(`/api/v1/voucher/usable?custom_num=1000000002&package_id=${month}`, owner);
    const voucher = usable.json().data.list[0];
    expect(voucher.name, usable.body).toBe('新人5元券');
    // the old token-less list is gone
    expect((await t.get(`/api/v1/quick/vouchers?custom_num=1000000002&package_id=${month}`)).statusCode).toBe(404);
    const refused = (path: string, body: object) => ({
      send: () => t.post(`/api/v1/quick/${path}`, body),
      status: 400,
      message: /免登录支付不能使用优惠券/,
    });
    await expectAllRejectedWithoutWrites(t, [
      { name: 'quote with a voucher', ...refused('quote', { custom_num: '1000000002', package_id: month, voucher_id: voucher.id }) },
      {
        name: 'order holding a voucher',
        ...refused('order', { custom_num: '1000000002', package_id: month, voucher_id: voucher.id, pay_channel: 1, request_id: rid() }),
      },
    ]);
    // a stranger's quick order (no voucher) leaves the voucher usable for its owner
    const quick = await t.post('/api/v1/quick/order', { custom_num: '1000000002', package_id: month, pay_channel: 1, request_id: rid() });
    expect(quick.json().code, quick.body).toBe(0);
    const after = (await t.get(`/api/v1/voucher/usable?custom_num=1000000002&package_id=${month}`, owner)).json().data.list;
    expect(after.map((v: { id: number }) => v.id)).toContain(voucher.id);
  });

  it('quick 继续支付 needs the access key and answers the same cashier', async () => {
    const month = await pkgId(t, '畅享100G月包');
    const o = (
      await t.post('/api/v1/quick/order', { custom_num: '1000000002', package_id: month, pay_channel: 1, request_id: rid() })
    ).json().data;
    const res = await t.post('/api/v1/quick/repay', { order_no: o.order_no, access_key: o.access_key });
    expect(res.json(), res.body).toMatchObject({ code: 0, data: { state: 'pending', pay: { kind: 'redirect', url: o.pay.url } } });
    await expectAllRejectedWithoutWrites(t, [
      { name: 'wrong key', send: () => t.post('/api/v1/quick/repay', { order_no: o.order_no, access_key: 'y'.repeat(32) }), status: 404 },
      { name: 'no key', send: () => t.post('/api/v1/quick/repay', { order_no: o.order_no }), status: 400 },
    ]);
  });

  it('an address sending refused notifications is shut out; a genuine notification still settled before that', async () => {
    const token = await t.loginAccount();
    const o = await pendingOrder(token);
    const sandbox = sandboxOf(t);
    const row = (await sandbox.finish(paymentIdOf(o.pay.url), 'pay', { drop: true }))!;
    const good = sandbox.notificationFor(row);
    const forged = { ...good, sign: 'f'.repeat(64) };
    const from = (ip: string, body: Record<string, string | number>) =>
      t.inject({ method: 'POST', url: '/api/v1/pay/notify/1', payload: body, remoteAddress: ip });

    // many genuine (duplicate) notifications from one address are never throttled
    for (let i = 0; i < NOTIFY_REFUSALS.limit + 5; i++) expect((await from('10.0.0.7', good)).json().code).toBe(0);
    for (let i = 0; i < NOTIFY_REFUSALS.limit; i++) expectRejected(await from('10.0.0.8', forged), 400);
    // locked out now: even a genuine notification from that address waits, and nothing is logged
    const logBefore = (await t.db.kysely.selectFrom('pay_notifications').select('id').execute()).length;
    expectRejected(await from('10.0.0.8', good), 429);
    expect((await t.db.kysely.selectFrom('pay_notifications').select('id').execute()).length).toBe(logBefore);
    // other addresses are unaffected
    expect((await from('10.0.0.9', good)).json().code).toBe(0);
    expect(await t.db.kysely.selectFrom('payments').select('id').where('order_no', '=', o.order_no).execute()).toHaveLength(1);
  });
});
