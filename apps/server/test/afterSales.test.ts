// A holder's refund and invoice requests and the console's queues
// (docs/decisions/0045-partial-refunds-and-requests.md): an unused package asked back within the
// agent's days lands in the queue once, is approved into a real refund (the package taken back,
// the money the way it came) or rejected with a reason the holder reads; an invoice request is
// checked field by field (a company's taxpayer number by China's rules), kept once per order unless
// rejected, and issued with its number. Agent scope and roles hold. On SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { Code } from '@portal/contract/codes';
import { loginAs } from './adminHelpers';
import { notify, rid, sandboxOf } from './commerceHelpers';
import { databases, useTestApp, type TestApp } from './harness';

const paymentIdOf = (url: string) => url.split('/').pop()!;

async function buy(t: TestApp, token: string, body: Record<string, unknown>): Promise<string> {
  const res = await t.post('/api/v1/order/create', { ...body, request_id: rid() }, token);
  expect(res.statusCode, res.body).toBe(200);
  const o = res.json().data;
  if (o.pay.kind !== 'settled') {
    const sandbox = sandboxOf(t);
    const row = (await sandbox.finish(paymentIdOf(o.pay.url), 'pay', { drop: true }))!;
    expect((await notify(t, body.pay_channel as number, sandbox.notificationFor(row))).json().data.result).toBe('success');
  }
  return o.order_no as string;
}

async function buyPackage(t: TestApp, token: string): Promise<string> {
  const list = (await t.get('/api/v1/package/list?custom_num=1000000001', token)).json().data.list as { id: number; price: number }[];
  return buy(t, token, {
    custom_num: '1000000001',
    goods_type: 'package',
    package_id: list.find((p) => p.price >= 10)!.id,
    pay_channel: 1,
  });
}

describe.each(databases())('refund and invoice requests on %s', (kind) => {
  const t = useTestApp(kind, { payReconcileIntervalMs: 0, paySandboxDropNotify: true });
  const cget = (url: string, cookie: string) => t.inject({ method: 'GET', url, headers: { cookie } });
  const cpost = (url: string, body: unknown, cookie: string) =>
    t.inject({ method: 'POST', url, payload: body as object, headers: { cookie } });
  const afterSales = async (orderNo: string, token: string) =>
    (await t.get(`/api/v1/order/after_sales?order_no=${orderNo}`, token)).json().data;
  const count = async (table: 'refund_requests' | 'invoice_requests', orderNo: string) =>
    (await t.db.kysely.selectFrom(table).select('id').where('order_no', '=', orderNo).execute()).length;

  it('an unused package: asked once (twice at once makes one), approved into a real refund the holder sees', async () => {
    const token = await t.loginAccount();
    const orderNo = await buyPackage(t, token);
    const before = await afterSales(orderNo, token);
    expect(before.refund).toMatchObject({ can_request: true, why: null, request: null });
    expect(Date.parse(before.refund.until)).toBeGreaterThan(Date.now() + 6 * 86_400_000);

    const body = { order_no: orderNo, reason: '买错了套餐' };
    const [a, b] = await Promise.all([
      t.post('/api/v1/order/refund_request', body, token),
      t.post('/api/v1/order/refund_request', body, token),
    ]);
    expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([200, 200]);
    expect(await count('refund_requests', orderNo)).toBe(1);
    expect(a.json().data.refund).toMatchObject({
      can_request: false,
      why: '退款申请审核中',
      request: { status: 'open', reason: '买错了套餐' },
    });

    // in the queue of the platform, of finance and of the demo agent's administrator
    for (const who of ['admin', 'finance', 'agent', 'support'] as const) {
      const list = (await cget('/api/admin/refund-requests?status=open', await loginAs(t, who))).json().data.items as {
        order_no: string;
      }[];
      expect(
        list.map((r) => r.order_no),
        who,
      ).toContain(orderNo);
    }
    const id = a.json().data.refund.request.id as number;
    // the dashboard counts it for those who decide
    const queue = async () =>
      ((await cget('/api/admin/dashboard', await loginAs(t, 'finance'))).json().data.queues as { key: string; count: number }[]).find(
        (q) => q.key === 'refund_requests',
      )!.count;
    expect(await queue()).toBeGreaterThanOrEqual(1);
    const waiting = await queue();
    // the agent's administrator and support see it but cannot decide
    expect((await cpost('/api/admin/refund-requests/approve', { id, reason: '同意退款' }, await loginAs(t, 'agent'))).statusCode).toBe(403);

    const finance = await loginAs(t, 'finance');
    const approved = await cpost('/api/admin/refund-requests/approve', { id, reason: '核实未使用，同意退款' }, finance);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 'approved',
      refund_no: `RF${orderNo}`,
      operator_username: 'finance',
      order_state: 'refunded',
    });
    expect(await queue()).toBe(waiting - 1);
    const again = await cpost('/api/admin/refund-requests/approve', { id, reason: '核实未使用，同意退款' }, finance);
    expect(again.json()).toMatchObject({ code: Code.AFTER_SALES_DECIDED, message: '该退款申请已处理' });
    const refunds = await t.db.kysely.selectFrom('refunds').selectAll().where('order_no', '=', orderNo).execute();
    expect(refunds).toEqual([
      expect.objectContaining({ kind: 'order', state: 'done', operator_username: 'finance', reason: '核实未使用，同意退款' }),
    ]);
    const pkgs = await t.db.kysely.selectFrom('card_packages').select('expired_at').where('order_no', '=', orderNo).execute();
    for (const p of pkgs) expect(Date.parse(p.expired_at)).toBeLessThanOrEqual(Date.now());

    const seen = await afterSales(orderNo, token);
    expect(seen.refund).toMatchObject({ can_request: false, why: '订单已退款', request: { status: 'approved' } });
    const audit = await t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'refund_request.approved').execute();
    expect(audit.filter((r) => r.target_id === String(id))).toHaveLength(1);
  });

  it('rejected with a reason the holder reads, who may then ask again; refusals say why in Chinese and write nothing', async () => {
    const token = await t.loginAccount();
    const orderNo = await buyPackage(t, token);
    const first = (await t.post('/api/v1/order/refund_request', { order_no: orderNo, reason: '' }, token)).json().data;
    const finance = await loginAs(t, 'finance');
    const empty = await cpost('/api/admin/refund-requests/reject', { id: first.refund.request.id, reason: ' ' }, finance);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/[\u4e00-\u9fa5]/);
    const rejected = await cpost('/api/admin/refund-requests/reject', { id: first.refund.request.id, reason: '套餐已开始使用' }, finance);
    expect(rejected.statusCode, rejected.body).toBe(200);
    const seen = await afterSales(orderNo, token);
    expect(seen.refund).toMatchObject({ can_request: true, request: { status: 'rejected', answer: '套餐已开始使用' } });
    expect((await t.post('/api/v1/order/refund_request', { order_no: orderNo, reason: '再申请一次' }, token)).statusCode).toBe(200);
    expect(await count('refund_requests', orderNo)).toBe(2);

    // a recharge is not asked back online; nor anything when the agent allows no days
    const recharge = await buy(t, token, { custom_num: '1000000001', goods_type: 'recharge', amount: 10, pay_channel: 1 });
    const before = await t.snapshot();
    const r1 = await t.post('/api/v1/order/refund_request', { order_no: recharge, reason: '' }, token);
    expect(r1.statusCode).toBe(400);
    expect(r1.json()).toMatchObject({
      code: Code.AFTER_SALES_NOT_ALLOWED,
      message: '仅未使用的套餐订单可在线申请退款，其他订单请联系客服',
    });
    const other = await buyPackage(t, token);
    // the demo agent's administrator turns online refund requests off (功能开关: 0 days)
    const agentOp = await loginAs(t, 'agent');
    const demoId = (await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', 'demo').executeTakeFirstOrThrow()).id;
    const d = (await cget(`/api/admin/agents/detail?id=${demoId}`, agentOp)).json().data;
    expect(d.features.refund_request_days).toBe(7);
    const off = await cpost(
      '/api/admin/agents/features',
      { id: demoId, features: { ...d.features, refund_request_days: 0 }, reason: '暂停在线退款申请' },
      agentOp,
    );
    expect(off.statusCode, off.body).toBe(200);
    const mid = await t.snapshot();
    const r2 = await t.post('/api/v1/order/refund_request', { order_no: other, reason: '' }, token);
    expect(r2.json().message).toBe('该订单不支持在线申请退款，如有疑问请联系客服');
    expect(await t.snapshot()).toEqual(mid);
    await cpost('/api/admin/agents/features', { id: demoId, features: d.features, reason: '恢复在线退款申请' }, agentOp);
    expect(before.refund_requests).toBe(mid.refund_requests);
    // someone else's order is not theirs to ask about
    const stranger = await t.loginCard('1000000020');
    expect((await t.post('/api/v1/order/refund_request', { order_no: other, reason: '' }, stranger)).statusCode).toBe(403);
    expect((await t.get(`/api/v1/order/after_sales?order_no=${other}`, stranger)).statusCode).toBe(403);
  });

  it('a partial refund in the console lowers the open invoice request in its transaction, never below 0, and says so', async () => {
    const token = await t.loginAccount();
    const orderNo = await buyPackage(t, token);
    const invoice = await t.post(
      '/api/v1/order/invoice_request',
      { order_no: orderNo, title_type: 'personal', title: '张三', tax_no: '', email: 'zs@example.com' },
      token,
    );
    expect(invoice.statusCode, invoice.body).toBe(200);
    const asked = Math.round(Number(invoice.json().data.invoice.request.amount) * 100);
    expect(asked).toBeGreaterThan(100);
    const finance = await loginAs(t, 'finance');
    const part = await cpost(
      '/api/admin/orders/partial-refund',
      { order_no: orderNo, amount_fen: 100, reason: '补偿差价', request_id: rid() },
      finance,
    );
    expect(part.statusCode, part.body).toBe(200);
    const seen = await afterSales(orderNo, token);
    expect(seen.invoice.request).toMatchObject({
      status: 'open',
      amount: (asked - 100) / 100,
      answer: `订单已部分退款 ¥1.00，发票金额已调整为 ¥${((asked - 100) / 100).toFixed(2)}`,
    });
    // the rest but one fen back: the request asks for that fen, never less than 0
    const rest = await cpost(
      '/api/admin/orders/partial-refund',
      { order_no: orderNo, amount_fen: asked - 101, reason: '补偿差价', request_id: rid() },
      finance,
    );
    expect(rest.statusCode, rest.body).toBe(200);
    expect((await afterSales(orderNo, token)).invoice.request).toMatchObject({ status: 'open', amount: 0.01 });
  });

  it('a refund approved while an invoice request waits on the same order closes the invoice request, saying why (decision 0070)', async () => {
    const token = await t.loginAccount();
    const orderNo = await buyPackage(t, token);
    const refund = await t.post('/api/v1/order/refund_request', { order_no: orderNo, reason: '买错了' }, token);
    expect(refund.statusCode, refund.body).toBe(200);
    const invoice = await t.post(
      '/api/v1/order/invoice_request',
      { order_no: orderNo, title_type: 'personal', title: '张三', tax_no: '', email: 'zs@example.com' },
      token,
    );
    expect(invoice.statusCode, invoice.body).toBe(200);
    expect(invoice.json().data.invoice.request).toMatchObject({ status: 'open' });

    const finance = await loginAs(t, 'finance');
    const id = refund.json().data.refund.request.id as number;
    expect((await cpost('/api/admin/refund-requests/approve', { id, reason: '同意退款' }, finance)).statusCode).toBe(200);
    const seen = await afterSales(orderNo, token);
    expect(seen.refund.request).toMatchObject({ status: 'approved' });
    expect(seen.invoice.request).toMatchObject({ status: 'rejected', answer: '订单已全额退款，无需开票，发票申请已自动关闭' });
    // nothing left in finance's invoice queue for it
    const queue = (await cget('/api/admin/invoice-requests?status=open', finance)).json().data.items as { order_no: string }[];
    expect(queue.map((r) => r.order_no)).not.toContain(orderNo);
  });

  it('an invoice: checked field by field, once per order unless rejected, issued with its number', async () => {
    const token = await t.loginAccount();
    const orderNo = await buyPackage(t, token);
    const order = await t.db.kysely.selectFrom('orders').select('payable_fen').where('order_no', '=', orderNo).executeTakeFirstOrThrow();
    expect((await afterSales(orderNo, token)).invoice).toMatchObject({ can_request: true, amount: order.payable_fen / 100, request: null });
    const before = await t.snapshot();
    for (const [body, message] of [
      [{ title_type: 'company', title: '某某科技有限公司', tax_no: '', email: 'cw@example.com' }, '请填写单位的纳税人识别号'],
      [
        { title_type: 'company', title: '某某科技有限公司', tax_no: '91330100716105852G', email: 'cw@example.com' },
        '统一社会信用代码校验位不正确，请核对',
      ],
      [
        { title_type: 'company', title: '某某科技有限公司', tax_no: '1234567890123456', email: 'cw@example.com' },
        '纳税人识别号应为 15、18 或 20 位',
      ],
      [{ title_type: 'personal', title: '张三', tax_no: '', email: 'zhangsan' }, '邮箱格式不正确'],
      [{ title_type: 'personal', title: ' ', tax_no: '', email: 'a@example.com' }, '请填写个人姓名或抬头'],
    ] as const) {
      const res = await t.post('/api/v1/order/invoice_request', { order_no: orderNo, ...body }, token);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await t.snapshot()).toEqual(before);

    const form = {
      order_no: orderNo,
      title_type: 'company',
      title: '某某科技有限公司',
      tax_no: '91330100716105852f',
      email: 'cw@example.com',
    };
    const ok = await t.post('/api/v1/order/invoice_request', form, token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.invoice).toMatchObject({
      can_request: false,
      why: '该订单已申请发票',
      request: { status: 'open', tax_no: '91330100716105852F' },
    });
    const twice = await t.post('/api/v1/order/invoice_request', form, token);
    expect(twice.json()).toMatchObject({ code: Code.AFTER_SALES_NOT_ALLOWED, message: '该订单已申请发票' });
    expect(await count('invoice_requests', orderNo)).toBe(1);

    const finance = await loginAs(t, 'finance');
    const id = ok.json().data.invoice.request.id as number;
    const listed = (await cget('/api/admin/invoice-requests?status=open', finance)).json().data.items as {
      id: number;
      amount_fen: number;
    }[];
    expect(listed.find((r) => r.id === id)).toMatchObject({ amount_fen: order.payable_fen });
    expect((await cpost('/api/admin/invoice-requests/issue', { id, invoice_no: '12ab' }, finance)).json().message).toBe(
      '发票号码应为 8–20 位数字',
    );
    expect(
      (await cpost('/api/admin/invoice-requests/issue', { id, invoice_no: '26442000000123456789' }, await loginAs(t, 'support')))
        .statusCode,
    ).toBe(403);
    const issued = await cpost('/api/admin/invoice-requests/issue', { id, invoice_no: '26442000000123456789' }, finance);
    expect(issued.statusCode, issued.body).toBe(200);
    expect((await afterSales(orderNo, token)).invoice.request).toMatchObject({ status: 'issued', invoice_no: '26442000000123456789' });

    // a rejected request may be made again
    const other = await buyPackage(t, token);
    const req = (await t.post('/api/v1/order/invoice_request', { ...form, order_no: other }, token)).json().data.invoice.request;
    expect((await cpost('/api/admin/invoice-requests/reject', { id: req.id, reason: '抬头与付款人不符' }, finance)).statusCode).toBe(200);
    const seen = (await afterSales(other, token)).invoice;
    expect(seen).toMatchObject({ can_request: true, request: { status: 'rejected', answer: '抬头与付款人不符' } });
    const personal = await t.post(
      '/api/v1/order/invoice_request',
      { order_no: other, title_type: 'personal', title: '张三', tax_no: '', email: 'z@example.com' },
      token,
    );
    expect(personal.statusCode, personal.body).toBe(200);
    expect(await count('invoice_requests', other)).toBe(2);
  });
});
