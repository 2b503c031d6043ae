// Partial refunds in the console (docs/decisions/0045-partial-refunds-and-requests.md): part of a
// paid order's money goes back with a reason, up to what is left, the goods kept; a repeated or
// parallel submit of one request refunds once; two different refunds at once never give back more
// than was paid; a gateway refusal leaves the refund pending (owed, shown, retried) and never
// recorded as paid back twice; balance = Σ ledger. On SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { Code } from '@portal/contract/codes';
import { retryPendingRefunds } from '../src/modules/commerce';
import { loginAs } from './adminHelpers';
import { businessSnapshot, ctxOf, ledgerMatches, notify, rid, sandboxOf } from './commerceHelpers';
import { databases, useTestApp, type TestApp } from './harness';

const paymentIdOf = (url: string) => url.split('/').pop()!;

/** A package bought by the demo user through the gateway (channel 1), paid and notified: a fulfilled order. */
async function boughtPackage(t: TestApp): Promise<{ orderNo: string; paymentId: string; payable: number }> {
  const token = await t.loginAccount();
  const pkg = await t.get('/api/v1/package/list?custom_num=1000000001', token);
  const list = pkg.json().data.list as { id: number; price: number }[];
  const chosen = list.find((p) => p.price >= 10)!;
  const res = await t.post(
    '/api/v1/order/create',
    { custom_num: '1000000001', goods_type: 'package', package_id: chosen.id, pay_channel: 1, request_id: rid() },
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  const o = res.json().data;
  const sandbox = sandboxOf(t);
  const row = (await sandbox.finish(paymentIdOf(o.pay.url), 'pay', { drop: true }))!;
  expect((await notify(t, 1, sandbox.notificationFor(row))).json().data.result).toBe('success');
  const order = await t.db.kysely.selectFrom('orders').selectAll().where('order_no', '=', o.order_no).executeTakeFirstOrThrow();
  expect(order.state).toBe('fulfilled');
  return { orderNo: o.order_no, paymentId: row.payment_id, payable: order.payable_fen };
}

/** A recharge paid from … the gateway, then a package paid from the balance. */
async function balancePackage(t: TestApp): Promise<string> {
  const token = await t.loginAccount();
  const list = (await t.get('/api/v1/package/list?custom_num=1000000001', token)).json().data.list as { id: number; price: number }[];
  const chosen = list.find((p) => p.price >= 10 && p.price <= 20)!;
  const res = await t.post(
    '/api/v1/order/create',
    { custom_num: '1000000001', goods_type: 'package', package_id: chosen.id, pay_channel: 3, request_id: rid() },
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.order_no as string;
}

async function refundsOf(t: TestApp, orderNo: string) {
  return t.db.kysely.selectFrom('refunds').selectAll().where('order_no', '=', orderNo).orderBy('id').execute();
}

describe.each(databases())('partial refunds on %s', (kind) => {
  const t = useTestApp(kind, { payReconcileIntervalMs: 0, paySandboxDropNotify: true });
  const get = (url: string, cookie: string) => t.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, body: unknown, cookie: string, key?: string) =>
    t.inject({ method: 'POST', url, payload: body as object, headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) } });
  const today = async () => (await get('/api/admin/dashboard', await loginAs(t, 'admin'))).json().data.daily.at(-1);

  it('refunds part, then another part, through the gateway: goods kept, each shown with who and why, counted in net revenue', async () => {
    const { orderNo, paymentId, payable } = await boughtPackage(t);
    const finance = await loginAs(t, 'finance');
    const day = await today();
    const first = await post(
      '/api/admin/orders/partial-refund',
      { order_no: orderNo, amount_fen: 300, reason: '网络故障补偿', request_id: rid() },
      finance,
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      outcome: 'refunded',
      refund_no: `RF${orderNo}P1`,
      amount_fen: 300,
      state: 'done',
      left_fen: payable - 300,
    });
    const second = await post(
      '/api/admin/orders/partial-refund',
      { order_no: orderNo, amount_fen: 200, reason: '再次补偿', request_id: rid() },
      finance,
    );
    expect(second.json().data).toMatchObject({ refund_no: `RF${orderNo}P2`, state: 'done', left_fen: payable - 500 });

    const order = await t.db.kysely.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ state: 'fulfilled', refunded_fen: 500 });
    const sims = await t.db.kysely
      .selectFrom('sim_refunds')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .orderBy('created_at')
      .execute();
    expect(sims.map((s) => [s.refund_no, s.amount_fen])).toEqual([
      [`RF${orderNo}P1`, 300],
      [`RF${orderNo}P2`, 200],
    ]);

    const detail = (await get(`/api/admin/orders/detail?order_no=${orderNo}`, finance)).json().data;
    expect(detail.refunds).toEqual([
      expect.objectContaining({ kind: 'partial', amount_fen: 300, reason: '网络故障补偿', state: 'done', operator_username: 'finance' }),
      expect.objectContaining({ kind: 'partial', amount_fen: 200, reason: '再次补偿', state: 'done', operator_username: 'finance' }),
    ]);
    expect(detail).toMatchObject({ refundable: true, refunded_fen: 500, refundable_left_fen: payable - 500 });
    expect(await today()).toMatchObject({ refunds_fen: day.refunds_fen + 500, refunds: day.refunds + 2, net_fen: day.net_fen - 500 });
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'order.partial_refund')
      .where('target_id', '=', orderNo)
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ operator_username: 'finance', reason: '网络故障补偿' });

    // the whole refund afterwards gives back only the rest, and takes the package back
    const whole = await post('/api/admin/orders/refund', { order_no: orderNo, reason: '客户要求退订' }, finance);
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json().data).toMatchObject({ outcome: 'refunded', amount_fen: payable - 500 });
    const all = await t.db.kysely.selectFrom('sim_refunds').select('amount_fen').where('payment_id', '=', paymentId).execute();
    expect(all.reduce((a, r) => a + r.amount_fen, 0)).toBe(payable);
    const more = await post(
      '/api/admin/orders/partial-refund',
      { order_no: orderNo, amount_fen: 1, reason: '多退一分', request_id: rid() },
      finance,
    );
    expect(more.statusCode).toBe(400);
    expect(more.json().message).toBe('该订单已全额退款');
  });

  it('refuses more than is left, nothing, and an empty reason: Chinese 4xx, nothing written', async () => {
    const { orderNo, payable } = await boughtPackage(t);
    const finance = await loginAs(t, 'finance');
    const ok = await post(
      '/api/admin/orders/partial-refund',
      { order_no: orderNo, amount_fen: 100, reason: '部分补偿', request_id: rid() },
      finance,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const before = await businessSnapshot(t);
    const over = await post(
      '/api/admin/orders/partial-refund',
      { order_no: orderNo, amount_fen: payable - 99, reason: '超额退款', request_id: rid() },
      finance,
    );
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      code: Code.REFUND_AMOUNT_INVALID,
      message: `退款金额不能超过可退金额 ${((payable - 100) / 100).toFixed(2)} 元`,
    });
    for (const body of [
      { order_no: orderNo, amount_fen: 100, reason: '', request_id: rid() },
      { order_no: orderNo, amount_fen: 100, reason: '  ', request_id: rid() },
      { order_no: orderNo, amount_fen: 0, reason: '补偿', request_id: rid() },
      { order_no: orderNo, amount_fen: 1.5, reason: '补偿', request_id: rid() },
      { order_no: orderNo, amount_fen: 100, reason: '补偿' },
    ]) {
      const res = await post('/api/admin/orders/partial-refund', body, finance);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(
      (await post('/api/admin/orders/partial-refund', { order_no: 'NOPE1', amount_fen: 1, reason: '补偿', request_id: rid() }, finance))
        .statusCode,
    ).toBe(404);
    expect(await businessSnapshot(t)).toEqual(before);
    expect((await refundsOf(t, orderNo)).length).toBe(1);
  });

  it('one request sent twice at once (with or without an Idempotency-Key) refunds once; two different ones never pass what was paid', async () => {
    const { orderNo, payable } = await boughtPackage(t);
    const finance = await loginAs(t, 'finance');
    const body = { order_no: orderNo, amount_fen: 100, reason: '双击', request_id: rid() };
    const [a, b] = await Promise.all([
      post('/api/admin/orders/partial-refund', body, finance),
      post('/api/admin/orders/partial-refund', body, finance),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().data.outcome, b.json().data.outcome].sort()).toEqual(['already', 'refunded']);
    expect(a.json().data.refund_no).toBe(b.json().data.refund_no);
    const keyed = { ...body, request_id: rid() };
    const key = `k${rid()}`;
    const [c, d] = await Promise.all([
      post('/api/admin/orders/partial-refund', keyed, finance, key),
      post('/api/admin/orders/partial-refund', keyed, finance, key),
    ]);
    expect(c.json()).toEqual(d.json());
    expect((await refundsOf(t, orderNo)).length).toBe(2);

    // what is left, asked for twice by two different requests at once: one passes
    const left = payable - 200;
    const [e, f] = await Promise.all([
      post('/api/admin/orders/partial-refund', { order_no: orderNo, amount_fen: left, reason: '全部补偿', request_id: rid() }, finance),
      post('/api/admin/orders/partial-refund', { order_no: orderNo, amount_fen: left, reason: '全部补偿', request_id: rid() }, finance),
    ]);
    expect([e.statusCode, f.statusCode].sort()).toEqual([200, 400]);
    const order = await t.db.kysely.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
    expect(order.refunded_fen).toBe(payable);
    expect((await refundsOf(t, orderNo)).reduce((s, r) => s + r.amount_fen, 0)).toBe(payable);
    // the same request id for another amount is refused
    const reused = await post('/api/admin/orders/partial-refund', { ...body, amount_fen: 50 }, finance);
    expect(reused.json().code).toBe(Code.REQUEST_ID_REUSED);
  });

  it('a refusal at the gateway leaves the refund pending (owed and shown), completed once by the reconciler', async () => {
    const { orderNo, paymentId } = await boughtPackage(t);
    const finance = await loginAs(t, 'finance');
    // the gateway refuses: its payment is not refundable right now
    await t.db.kysely.updateTable('sim_payments').set({ state: 'closed' }).where('payment_id', '=', paymentId).execute();
    const res = await post(
      '/api/admin/orders/partial-refund',
      { order_no: orderNo, amount_fen: 250, reason: '补偿', request_id: rid() },
      finance,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'pending', effects: expect.arrayContaining(['支付渠道暂未完成退款，系统将自动重试']) });
    expect(await t.db.kysely.selectFrom('sim_refunds').selectAll().where('payment_id', '=', paymentId).execute()).toEqual([]);
    const detail = (await get(`/api/admin/orders/detail?order_no=${orderNo}`, finance)).json().data;
    expect(detail.refunds).toEqual([expect.objectContaining({ amount_fen: 250, state: 'pending' })]);
    // not counted as money gone until the gateway confirms
    const day = await today();

    await t.db.kysely.updateTable('sim_payments').set({ state: 'paid' }).where('payment_id', '=', paymentId).execute();
    const r = await retryPendingRefunds(ctxOf(t), 0);
    expect(r.completed).toBeGreaterThanOrEqual(1);
    expect(await retryPendingRefunds(ctxOf(t), 0)).toMatchObject({ completed: 0 });
    const sims = await t.db.kysely.selectFrom('sim_refunds').selectAll().where('payment_id', '=', paymentId).execute();
    expect(sims.map((s) => s.amount_fen)).toEqual([250]);
    expect((await refundsOf(t, orderNo))[0]).toMatchObject({ state: 'done' });
    expect(await today()).toMatchObject({ refunds_fen: day.refunds_fen + 250 });
  });

  it('a balance-paid order: the part goes back to the balance as a ledger entry (balance = Σ ledger)', async () => {
    // money on the card first, through an operator's adjustment
    const admin = await loginAs(t, 'admin');
    expect(
      (await post('/api/admin/balance/adjust', { card: '1000000001', amount_fen: 10_000, reason: '测试充值', request_id: rid() }, admin))
        .statusCode,
    ).toBe(200);
    const orderNo = await balancePackage(t);
    const before = await ledgerMatches(t, '1000000001');
    const res = await post(
      '/api/admin/orders/partial-refund',
      { order_no: orderNo, amount_fen: 123, reason: '补偿', request_id: rid() },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'done', effects: expect.arrayContaining(['退回余额 1.23 元']) });
    const after = await ledgerMatches(t, '1000000001');
    expect(after.balance).toBe(before.balance + 123);
    expect(after.balance).toBe(after.sum);
  });

  it('support cannot refund; an agent administrator cannot either', async () => {
    for (const who of ['support', 'agent'] as const) {
      const c = await loginAs(t, who);
      const res = await post('/api/admin/orders/partial-refund', { order_no: 'X', amount_fen: 1, reason: '补偿', request_id: rid() }, c);
      expect(res.statusCode).toBe(403);
    }
  });
});
