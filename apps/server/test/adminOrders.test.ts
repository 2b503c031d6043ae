// Orders and money in the operator console (docs/decisions/0018): search with keyset paging and CSV, an
// order's payments and notifications, refunds through the portal's refund service (once under a
// double submit, audited in its transaction), late payments, a card's ledger and manual
// adjustments (balance = Σ ledger, once per request id, audited, limited). Agent scope on every
// row; bad input answers 4xx and writes nothing. On SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { loginAs } from './adminHelpers';
import { ledgerMatches, notify, rid, sandboxOf } from './commerceHelpers';
import { databases, useTestApp, type TestApp } from './harness';

const paymentIdOf = (url: string) => url.split('/').pop()!;

/** A gateway recharge by the demo user, paid at the sandbox and notified: a fulfilled order. */
async function recharge(t: TestApp, customNum: string, amount: number): Promise<string> {
  const token = await t.loginAccount();
  const res = await t.post(
    '/api/v1/order/create',
    { custom_num: customNum, goods_type: 'recharge', amount, pay_channel: 1, request_id: rid() },
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  const o = res.json().data;
  const sandbox = sandboxOf(t);
  const row = (await sandbox.finish(paymentIdOf(o.pay.url), 'pay', { drop: true }))!;
  expect((await notify(t, 1, sandbox.notificationFor(row))).json().data.result).toBe('success');
  return o.order_no as string;
}

/** An order of another agent's card (acme), written directly: the console must never show it to the demo agent. */
async function acmeOrder(t: TestApp): Promise<string> {
  const card = await t.db.kysely.selectFrom('cards').select(['id']).where('custom_num', '=', '1000000014').executeTakeFirstOrThrow();
  const user = await t.db.kysely.selectFrom('users').select('id').executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const orderNo = `ACME${Date.now()}`;
  await t.db.kysely
    .insertInto('orders')
    .values({
      order_no: orderNo,
      card_id: card.id,
      user_id: user.id,
      goods_type: 'recharge',
      title: '余额充值 10 元',
      package_id: null,
      coupon_package_id: null,
      total_fen: 1000,
      discount_fen: 0,
      payable_fen: 1000,
      credit_fen: 1000,
      bonus_fen: 0,
      voucher_id: null,
      pay_channel: 1,
      state: 'paid',
      request_id: rid(),
      request_fingerprint: '',
      payment_id: null,
      pay_url: null,
      access_key_hash: '',
      created_at: now,
      expires_at: now,
      paid_at: now,
      fulfilled_at: null,
      closed_at: null,
      last_query_at: null,
      upgrade_add_kb: null,
      upgrade_expired_at: null,
    })
    .execute();
  return orderNo;
}

async function auditOf(t: TestApp, action: string) {
  return t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
}

describe.each(databases())('console orders and money on %s', (kind) => {
  const t = useTestApp(kind, { payReconcileIntervalMs: 0, paySandboxDropNotify: true });
  const get = (url: string, cookie: string) => t.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, body: unknown, cookie: string) =>
    t.inject({ method: 'POST', url, payload: body as object, headers: { cookie } });

  it('searches orders by card, state and goods type, newest first with keyset pages, and shows payments and notifications', async () => {
    const a = await recharge(t, '1000000013', 20);
    const b = await recharge(t, '1000000013', 30);
    const admin = await loginAs(t, 'admin');
    const page1 = await get('/api/admin/orders?card=1000000013&state=fulfilled&goods_type=recharge&limit=1', admin);
    expect(page1.statusCode, page1.body).toBe(200);
    const p1 = page1.json().data;
    expect(p1.items.map((o: { order_no: string }) => o.order_no)).toEqual([b]);
    expect(p1.next_before_id).toBe(p1.items[0].id);
    const p2 = (await get(`/api/admin/orders?card=1000000013&state=fulfilled&limit=1&before_id=${p1.next_before_id}`, admin)).json().data;
    expect(p2.items.map((o: { order_no: string }) => o.order_no)).toEqual([a]);
    expect(p2.items[0]).toMatchObject({ custom_num: '1000000013', user_mobile: '13800138000', payable_fen: 2000, pay_channel: 1 });

    const byMobile = (await get('/api/admin/orders?mobile=13800138000', admin))
      .json()
      .data.items.map((o: { order_no: string }) => o.order_no);
    expect(byMobile).toEqual(expect.arrayContaining([a, b]));
    expect((await get('/api/admin/orders?channel=3', admin)).json().data.items.map((o: { order_no: string }) => o.order_no)).not.toContain(
      a,
    );

    const d = await get(`/api/admin/orders/detail?order_no=${a}`, admin);
    expect(d.statusCode, d.body).toBe(200);
    const detail = d.json().data;
    expect(detail.order).toMatchObject({ order_no: a, state: 'fulfilled' });
    expect(detail.payments).toEqual([expect.objectContaining({ channel: 1, amount_fen: 2000, late: false })]);
    expect(detail.notifications.length).toBeGreaterThanOrEqual(1);
    expect(detail.notifications[0]).toMatchObject({ amount_fen: 2000 });
    expect(detail.refundable).toBe(true);

    const csv = await get('/api/admin/orders/export?card=1000000013', admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.startsWith('\uFEFF订单号,卡号')).toBe(true);
    expect(csv.body).toContain(a);
    expect((await auditOf(t, 'orders.export')).length).toBe(1);
  });

  it('refunds through the refund service with a reason: credited and recorded once under a double submit, audited', async () => {
    const today = async () => (await get('/api/admin/dashboard', await loginAs(t, 'admin'))).json().data.daily.at(-1);
    const paidDay = await today();
    const orderNo = await recharge(t, '1000000013', 50);
    const finance = await loginAs(t, 'finance');
    // the dashboard counts the payment as revenue
    expect(await today()).toMatchObject({ revenue_fen: paidDay.revenue_fen + 5000, net_fen: paidDay.net_fen + 5000 });
    const before = await t.snapshot();
    const body = { order_no: orderNo, reason: '客户申请退款，误充值' };
    const [r1, r2] = await Promise.all([post('/api/admin/orders/refund', body, finance), post('/api/admin/orders/refund', body, finance)]);
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r2.statusCode, r2.body).toBe(200);
    const outcomes = [r1.json().data.outcome, r2.json().data.outcome].sort();
    expect(outcomes[0]).toMatch(/already|completed/);
    expect(outcomes[1]).toBe('refunded');
    const again = await post('/api/admin/orders/refund', body, finance);
    expect(again.json().data.outcome).toBe('already');
    // and its refund, once, on the day it was done: the net revenue is back where it was
    expect(await today()).toMatchObject({
      revenue_fen: paidDay.revenue_fen + 5000,
      refunds_fen: paidDay.refunds_fen + 5000,
      refunds: paidDay.refunds + 1,
      net_fen: paidDay.net_fen,
    });

    const refunds = await t.db.kysely.selectFrom('refunds').selectAll().where('order_no', '=', orderNo).execute();
    expect(refunds).toEqual([expect.objectContaining({ kind: 'order', amount_fen: 5000, reason: '客户申请退款，误充值', state: 'done' })]);
    const order = await t.db.kysely.selectFrom('orders').select('state').where('order_no', '=', orderNo).executeTakeFirstOrThrow();
    expect(order.state).toBe('refunded');
    const m = await ledgerMatches(t, '1000000013');
    expect(m.balance).toBe(m.sum);
    // what the recharge credited was taken back exactly once: its entries net to zero
    const entries = await t.db.kysely.selectFrom('balance_ledger').select('amount_fen').where('order_no', '=', orderNo).execute();
    expect(entries.filter((e) => e.amount_fen < 0)).toHaveLength(entries.filter((e) => e.amount_fen > 0).length);
    expect(entries.reduce((a, e) => a + e.amount_fen, 0)).toBe(0);
    const audit = (await auditOf(t, 'order.refund')).filter((a) => a.target_id === orderNo);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operator_username: 'finance', reason: '客户申请退款，误充值', target_type: 'order' });
    expect(JSON.parse(audit[0]!.before)).toMatchObject({ state: 'fulfilled' });
    expect(JSON.parse(audit[0]!.after)).toMatchObject({ state: 'refunded', amount_fen: 5000 });
    const after = await t.snapshot();
    expect(after.refunds).toBe(before.refunds + 1);
  });

  it('refuses a refund without a reason, of an order not paid, or of an unknown order: 4xx, nothing written', async () => {
    const orderNo = await recharge(t, '1000000013', 10);
    const admin = await loginAs(t, 'admin');
    const before = await t.snapshot();
    for (const body of [
      { order_no: orderNo },
      { order_no: orderNo, reason: ' ' },
      { order_no: orderNo, reason: 'x'.repeat(201) },
      { reason: '原因充分' },
    ]) {
      const res = await post('/api/admin/orders/refund', body, admin);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await post('/api/admin/orders/refund', { order_no: 'NOPE1', reason: '原因充分' }, admin)).statusCode).toBe(404);
    expect(await t.snapshot()).toEqual(before);
  });

  it("keeps an agent administrator to their agent: another agent's order is not found and not listed", async () => {
    const acme = await acmeOrder(t);
    const agent = await loginAs(t, 'agent');
    const list = (await get('/api/admin/orders?limit=200', agent)).json().data.items as { order_no: string; agent_id: number }[];
    expect(list.map((o) => o.order_no)).not.toContain(acme);
    expect(new Set(list.map((o) => o.agent_id)).size).toBeLessThanOrEqual(1);
    expect((await get(`/api/admin/orders?order_no=${acme}`, agent)).json().data.items).toEqual([]);
    const d = await get(`/api/admin/orders/detail?order_no=${acme}`, agent);
    expect(d.statusCode).toBe(404);
    expect((await get('/api/admin/orders/export?limit=200', agent)).body).not.toContain(acme);
    const admin = await loginAs(t, 'admin');
    expect((await get(`/api/admin/orders/detail?order_no=${acme}`, admin)).statusCode).toBe(200);
  });

  it('support reads orders but cannot refund or adjust; finance can', async () => {
    const support = await loginAs(t, 'support');
    expect((await get('/api/admin/orders', support)).statusCode).toBe(200);
    expect((await post('/api/admin/orders/refund', { order_no: 'X', reason: '原因充分' }, support)).statusCode).toBe(403);
    expect(
      (await post('/api/admin/balance/adjust', { card: '1000000020', amount_fen: 100, reason: '原因充分', request_id: rid() }, support))
        .statusCode,
    ).toBe(403);
  });

  it('adjusts a balance with a reason: one ledger row, balance = Σ ledger, once per request id, audited', async () => {
    const finance = await loginAs(t, 'finance');
    const start = (await get('/api/admin/balance/ledger?card=1000000020', finance)).json().data;
    expect(start.card.balance_fen).toBe(start.ledger_sum_fen);
    const request_id = rid();
    const body = { card: '1000000020', amount_fen: 1234, reason: '补偿网络故障', request_id };
    const [r1, r2] = await Promise.all([
      post('/api/admin/balance/adjust', body, finance),
      post('/api/admin/balance/adjust', body, finance),
    ]);
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r2.statusCode, r2.body).toBe(200);
    expect([r1.json().data.applied, r2.json().data.applied].sort()).toEqual([false, true]);
    const ledger = (await get('/api/admin/balance/ledger?card=1000000020', finance)).json().data;
    expect(ledger.card.balance_fen).toBe(start.card.balance_fen + 1234);
    expect(ledger.ledger_sum_fen).toBe(ledger.card.balance_fen);
    expect(ledger.items[0]).toMatchObject({ kind: 'adjust', amount_fen: 1234, note: '人工调整：补偿网络故障' });
    expect(ledger.items.filter((i: { kind: string }) => i.kind === 'adjust')).toHaveLength(1);
    const audit = await auditOf(t, 'balance.adjust');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operator_username: 'finance', target_id: '1000000020', reason: '补偿网络故障' });
    expect(JSON.parse(audit[0]!.before)).toEqual({ balance_fen: start.card.balance_fen });
    expect(JSON.parse(audit[0]!.after)).toMatchObject({ balance_fen: start.card.balance_fen + 1234, amount_fen: 1234 });

    // the portal shows it in the card holder's ledger
    const token = await t.loginCard('1000000020');
    const portal = await t.get('/api/v1/balance/ledger?custom_num=1000000020', token);
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json().data.list[0]).toMatchObject({ kind: 'adjust', amount: 12.34 });

    // a debit below zero is refused and writes nothing
    const snap = await t.snapshot();
    const over = await post(
      '/api/admin/balance/adjust',
      { card: '1000000020', amount_fen: -(ledger.card.balance_fen + 1), reason: '扣回', request_id: rid() },
      finance,
    );
    expect(over.statusCode, over.body).toBeGreaterThanOrEqual(400);
    expect(over.statusCode).toBeLessThan(500);
    expect(await t.snapshot()).toEqual(snap);
  });

  it('refuses bad adjustments: no reason, zero, over the limit, fractions, an unknown card', async () => {
    const admin = await loginAs(t, 'admin');
    const snap = await t.snapshot();
    const base = { card: '1000000020', amount_fen: 100, reason: '原因充分', request_id: rid() };
    for (const patch of [
      { reason: '' },
      { reason: '短' },
      { amount_fen: 0 },
      { amount_fen: 500_001 },
      { amount_fen: -500_001 },
      { amount_fen: 1.5 },
      { request_id: 'x' },
    ]) {
      const res = await post('/api/admin/balance/adjust', { ...base, ...patch }, admin);
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await post('/api/admin/balance/adjust', { ...base, card: '9999999999' }, admin)).statusCode).toBe(404);
    expect(await t.snapshot()).toEqual(snap);
  });

  it('lists late payments (money received after the order closed) to finance', async () => {
    const finance = await loginAs(t, 'finance');
    const res = await get('/api/admin/orders/late-payments', finance);
    expect(res.statusCode, res.body).toBe(200);
    expect(Array.isArray(res.json().data.items)).toBe(true);
  });
});
