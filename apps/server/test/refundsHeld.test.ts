// Refunds above the refund limit wait for another person (docs/decisions/0059-refunds-and-second-factors-held.md):
// a console refund — whole, partial, or a holder's request approved — above `refund_fen` is kept as
// an approval request and moves no money; 通过 by another person (not the requester, not tied to
// them, older than the request) runs the refund's own transaction once, the gateway after it; an
// order refunded meanwhile makes the approval fail in words, moving nothing. Below the limit a
// refund runs at once as before. SQLite and PostgreSQL.
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { Code } from '@portal/contract/codes';
import { refundOrder } from '../src/modules/commerce';
import { adminGet, adminPost, loginAs } from './adminHelpers';
import { ctxOf, notify, rid, sandboxOf } from './commerceHelpers';
import { databases, useTestApp, type TestApp } from './harness';
import { openRefundRequest, paidBalanceOrder, setRefundLimit } from './refundHelpers';

const CARD = '1000000001';
type Res = LightMyRequestResponse;

async function balanceOf(t: TestApp, card = CARD): Promise<number> {
  return (await t.db.kysely.selectFrom('cards').select('balance_fen').where('custom_num', '=', card).executeTakeFirstOrThrow()).balance_fen;
}
async function orderOf(t: TestApp, orderNo: string) {
  return t.db.kysely.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
}
async function refundsOf(t: TestApp, orderNo: string) {
  return t.db.kysely.selectFrom('refunds').selectAll().where('order_no', '=', orderNo).execute();
}
async function approvalState(t: TestApp, id: number) {
  return (await t.db.kysely.selectFrom('approval_requests').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;
}

function pendingOf(res: Res) {
  expect(res.statusCode, res.body).toBe(200);
  const p = res.json().data.pending_approval;
  expect(p, res.body).toBeDefined();
  expect(p.state).toBe('pending');
  return p as { id: number; kind: string; breaches: string[]; summary: string };
}

function expect4xx(res: Res, status: number, message: RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toMatch(message);
}

const approve = (t: TestApp, id: number, cookie: string) =>
  adminPost(t, '/api/admin/approvals/approve', { id, reason: '已核实，同意退款' }, cookie);

/** Counts of every table but the ones a held request adds to (its row, its audit row). */
const settled = (s: Record<string, number>) => ({ ...s, approval_requests: 0, audit_log: 0 });

const paymentIdOf = (url: string) => url.split('/').pop()!;

/** A package bought through the gateway (WeChat Pay at the sandbox) by the holder: its order number. */
async function boughtThroughGateway(t: TestApp, token: string): Promise<string> {
  const list = (await t.get(`/api/v1/package/list?custom_num=${CARD}`, token)).json().data.list as { id: number; price: number }[];
  const res = await t.post(
    '/api/v1/order/create',
    { custom_num: CARD, goods_type: 'package', package_id: list.find((p) => p.price >= 10)!.id, pay_channel: 1, request_id: rid() },
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  const o = res.json().data;
  const sandbox = sandboxOf(t);
  const row = (await sandbox.finish(paymentIdOf(o.pay.url), 'pay', { drop: true }))!;
  expect((await notify(t, 1, sandbox.notificationFor(row))).json().data.result).toBe('success');
  return o.order_no as string;
}

describe.each(databases())('refunds above the refund limit on %s', (kind) => {
  const t = useTestApp(kind, { payReconcileIntervalMs: 0, paySandboxDropNotify: true });

  it('a whole refund above the limit waits, moves no money, reads in words, and runs once when another person approves', async () => {
    const [finance, admin, admin2] = [await loginAs(t, 'finance'), await loginAs(t, 'admin'), await loginAs(t, 'admin2')];
    const orderNo = await paidBalanceOrder(t, CARD, 200_000);
    const balance = await balanceOf(t);
    const snap = await t.snapshot();
    const held = pendingOf(await adminPost(t, '/api/admin/orders/refund', { order_no: orderNo, reason: '客户投诉网络差' }, finance));
    expect(held.kind).toBe('order_refund');
    expect(held.breaches).toEqual(['退款金额 ¥2000.00 超过上限 ¥1000.00']);
    // nothing but the request and its audit row
    expect(settled(await t.snapshot())).toEqual(settled(snap));
    expect((await orderOf(t, orderNo)).state).toBe('paid');
    expect(await balanceOf(t)).toBe(balance);

    const listed = (await adminGet(t, '/api/admin/approvals', admin2)).json().data.items.find((r: { id: number }) => r.id === held.id);
    expect(listed).toMatchObject({ kind: 'order_refund', requested_by: 'finance', reason: '客户投诉网络差', can_decide: true });
    expect(listed.summary).toBe(`订单 ${orderNo}（年度大流量套餐，卡号 ${CARD}）：全额退款 ¥2000.00（退回余额）`);

    // not the requester's to approve
    const before = await t.snapshot();
    expect4xx(await approve(t, held.id, finance), 403, /不能审批自己提交的申请/);
    expect(await t.snapshot()).toEqual(before);

    const ok = await approve(t, held.id, admin);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ state: 'approved', decided_by: 'admin' });
    expect(ok.json().data.outcome).toMatch(/^已退款 ¥2000\.00（退款单号 RF/);
    expect((await orderOf(t, orderNo)).state).toBe('refunded');
    expect(await balanceOf(t)).toBe(balance + 200_000);
    expect(await refundsOf(t, orderNo)).toEqual([
      expect.objectContaining({ amount_fen: 200_000, state: 'done', operator_username: 'finance' }),
    ]);
    // the refund's own audit row names both, as every held write's
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'order.refund')
      .where('target_id', '=', orderNo)
      .executeTakeFirstOrThrow();
    expect(audit.operator_username).toBe('admin');
    expect(JSON.parse(audit.after!)).toMatchObject({
      approval_id: held.id,
      requested_by: 'finance',
      approved_by: 'admin',
      amount_fen: 200_000,
    });

    // approved again (a retry, another administrator): refused, nothing moves
    const again = await t.snapshot();
    expect4xx(await approve(t, held.id, admin2), 400, /已由 admin通过/);
    expect(await t.snapshot()).toEqual(again);
    expect(await balanceOf(t)).toBe(balance + 200_000);
  });

  it('two approvals at once refund once, whole or partial', async () => {
    const [finance, admin, admin2] = [await loginAs(t, 'finance'), await loginAs(t, 'admin'), await loginAs(t, 'admin2')];
    const whole = await paidBalanceOrder(t, CARD, 200_000);
    const part = await paidBalanceOrder(t, CARD, 300_000);
    const heldWhole = pendingOf(await adminPost(t, '/api/admin/orders/refund', { order_no: whole, reason: '客户投诉' }, finance));
    const heldPart = pendingOf(
      await adminPost(
        t,
        '/api/admin/orders/partial-refund',
        { order_no: part, amount_fen: 150_000, reason: '断网补偿', request_id: rid() },
        finance,
      ),
    );
    const balance = await balanceOf(t);
    for (const held of [heldWhole, heldPart]) {
      const answers = await Promise.all([approve(t, held.id, admin), approve(t, held.id, admin2)]);
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes, answers.map((a) => a.body).join('\n')).toEqual([200, 400]);
      const lost = answers.find((a) => a.statusCode === 400)!;
      expect(lost.json()).toMatchObject({ code: Code.APPROVAL_ALREADY_DECIDED, message: expect.stringMatching(/已由 admin2?通过/) });
    }
    expect(await refundsOf(t, whole)).toHaveLength(1);
    expect(await refundsOf(t, part)).toHaveLength(1);
    expect(await balanceOf(t)).toBe(balance + 200_000 + 150_000);
    expect(await orderOf(t, part)).toMatchObject({ state: 'paid', refunded_fen: 150_000 });
  });

  it('an order refunded meanwhile by another path: the approval fails in words, moves nothing, and waits to be rejected', async () => {
    const [finance, admin] = [await loginAs(t, 'finance'), await loginAs(t, 'admin')];
    const orderNo = await paidBalanceOrder(t, CARD, 200_000);
    const held = pendingOf(await adminPost(t, '/api/admin/orders/refund', { order_no: orderNo, reason: '客户投诉' }, finance));
    // the command line on the server (npm run refund) is outside the console's rules
    expect(await refundOrder(ctxOf(t), orderNo, '服务器上直接退款')).toMatchObject({ outcome: 'refunded', amount_fen: 200_000 });
    const balance = await balanceOf(t);
    const snap = await t.snapshot();
    expect4xx(await approve(t, held.id, admin), 400, /该订单已通过其他途径退款，本次审批未执行，未退任何款项/);
    expect(await t.snapshot()).toEqual(snap);
    expect(await balanceOf(t)).toBe(balance);
    expect(await approvalState(t, held.id)).toBe('pending');
    const rejected = await adminPost(t, '/api/admin/approvals/reject', { id: held.id, reason: '已在服务器退款' }, admin);
    expect(rejected.json().data, rejected.body).toMatchObject({ state: 'rejected' });
  });

  it('below the limit refunds run at once as before; above it a partial refund waits, and one refund of an order waits at a time', async () => {
    const [finance, admin] = [await loginAs(t, 'finance'), await loginAs(t, 'admin')];
    const small = await paidBalanceOrder(t, CARD, 50_000);
    const done = await adminPost(t, '/api/admin/orders/refund', { order_no: small, reason: '客户误购' }, finance);
    expect(done.json().data, done.body).toMatchObject({ outcome: 'refunded', amount_fen: 50_000 });
    const big = await paidBalanceOrder(t, CARD, 300_000);
    const part = await adminPost(
      t,
      '/api/admin/orders/partial-refund',
      { order_no: big, amount_fen: 10_000, reason: '补偿', request_id: rid() },
      finance,
    );
    expect(part.json().data, part.body).toMatchObject({ outcome: 'refunded', state: 'done', amount_fen: 10_000 });

    const balance = await balanceOf(t);
    const held = pendingOf(
      await adminPost(
        t,
        '/api/admin/orders/partial-refund',
        { order_no: big, amount_fen: 100_001, reason: '断网补偿', request_id: rid() },
        finance,
      ),
    );
    expect(held).toMatchObject({ kind: 'order_partial_refund', breaches: ['退款金额 ¥1000.01 超过上限 ¥1000.00'] });
    expect(await orderOf(t, big)).toMatchObject({ refunded_fen: 10_000 });
    // another refund of the order while it waits — small, whole, by someone else — is refused in words, writing nothing
    const snap = await t.snapshot();
    expect4xx(
      await adminPost(t, '/api/admin/orders/partial-refund', { order_no: big, amount_fen: 100, reason: '补偿', request_id: rid() }, admin),
      400,
      new RegExp(`该订单已有一笔退款等待审批（审批编号 ${held.id}，finance 提交）`),
    );
    expect4xx(await adminPost(t, '/api/admin/orders/refund', { order_no: big, reason: '全额退' }, admin), 400, /已有一笔退款等待审批/);
    expect(await t.snapshot()).toEqual(snap);
    expect(await balanceOf(t)).toBe(balance);

    const ok = await approve(t, held.id, admin);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.outcome).toMatch(/^已部分退款 ¥1000\.01（退款单号 RF.+P2），订单剩余可退 ¥1899\.99$/);
    expect(await orderOf(t, big)).toMatchObject({ state: 'paid', refunded_fen: 110_001 });
    expect(await balanceOf(t)).toBe(balance + 100_001);
  });

  it("a holder's refund request above the limit: held, the holder still reads it as under review, and approved by another person it is refunded through the gateway once", async () => {
    const [finance, admin, admin2] = [await loginAs(t, 'finance'), await loginAs(t, 'admin'), await loginAs(t, 'admin2')];
    // tightening needs nobody: ¥10, below the package's price
    await setRefundLimit(t, 1_000, admin, admin2);
    const token = await t.loginAccount();
    const orderNo = await boughtThroughGateway(t, token);
    const asked = await t.post('/api/v1/order/refund_request', { order_no: orderNo, reason: '买错了套餐' }, token);
    const id = asked.json().data.refund.request.id as number;

    const held = pendingOf(await adminPost(t, '/api/admin/refund-requests/approve', { id, reason: '核实未使用，同意退款' }, finance));
    expect(held.kind).toBe('refund_request');
    expect(held.summary).toMatch(
      new RegExp(
        `^订单 ${orderNo}（.+，卡号 ${CARD}）：同意用户退款申请，全额退款 ¥\\d+\\.\\d\\d（原路退回微信支付）；用户申请理由：买错了套餐$`,
      ),
    );
    const sims = () => t.db.kysely.selectFrom('sim_refunds').selectAll().where('refund_no', '=', `RF${orderNo}`).execute();
    expect(await sims()).toEqual([]);
    // the holder: still under review, never 已退款
    const view = async () => (await t.get(`/api/v1/order/after_sales?order_no=${orderNo}`, token)).json().data.refund;
    expect(await view()).toMatchObject({ why: '退款申请审核中', request: { status: 'open' } });
    expect((await t.get(`/api/v1/order/detail?order_no=${orderNo}`, token)).json().data.state).toBe('fulfilled');
    // a second 同意 in the queue while it waits
    expect4xx(await adminPost(t, '/api/admin/refund-requests/approve', { id, reason: '同意退款' }, admin), 400, /已有一笔退款等待审批/);

    const ok = await approve(t, held.id, admin);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.outcome).toMatch(/^已同意退款申请并退款 ¥/);
    expect(await view()).toMatchObject({ request: { status: 'approved' } });
    expect((await t.get(`/api/v1/order/detail?order_no=${orderNo}`, token)).json().data.state).toBe('refunded');
    expect(await sims()).toHaveLength(1);
    expect(await refundsOf(t, orderNo)).toEqual([expect.objectContaining({ state: 'done', operator_username: 'finance' })]);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'refund_request.approved')
      .where('target_id', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after!)).toMatchObject({ approval_id: held.id, requested_by: 'finance', approved_by: 'admin' });

    // loosening the refund limit waits for another platform administrator, like any limit
    const loosen = pendingOf(
      await adminPost(
        t,
        '/api/admin/limits/save',
        { ...(await adminGet(t, '/api/admin/limits', admin)).json().data, refund_fen: 100_000, reason: '恢复默认' },
        admin,
      ),
    );
    expect(loosen.summary).toContain('单笔退款上限 ¥10.00 → ¥1000.00');
    expect((await approve(t, loosen.id, admin2)).statusCode).toBe(200);
    expect((await adminGet(t, '/api/admin/limits', admin)).json().data.refund_fen).toBe(100_000);
  });

  it('a held refund request the holder’s order no longer allows is refused in words, and the request can still be decided', async () => {
    const [finance, admin] = [await loginAs(t, 'finance'), await loginAs(t, 'admin')];
    const orderNo = await paidBalanceOrder(t, CARD, 200_000);
    const id = await openRefundRequest(t, orderNo);
    const held = pendingOf(await adminPost(t, '/api/admin/refund-requests/approve', { id, reason: '同意退款' }, finance));
    // rejected meanwhile in 售后 by someone else: a rejection moves no money, so it is not refused
    const rejected = await adminPost(t, '/api/admin/refund-requests/reject', { id, reason: '套餐已使用' }, admin);
    expect(rejected.statusCode, rejected.body).toBe(200);
    const balance = await balanceOf(t);
    expect4xx(await approve(t, held.id, admin), 400, /该退款申请已处理/);
    expect(await balanceOf(t)).toBe(balance);
    expect((await orderOf(t, orderNo)).state).toBe('paid');
    expect(await approvalState(t, held.id)).toBe('pending');
  });
});
