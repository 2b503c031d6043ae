// Refunds (docs/decisions/0006 "Refunds") made once or not at all: refused with nothing written, two
// at once, a gateway failing before or after, the reconciler's retry, money that arrived for an order
// no longer pending. On SQLite and PostgreSQL; the command line itself runs once against a SQLite file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Code } from '@portal/contract/codes';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { connect } from '../src/db/connect';
import { migrate } from '../src/db/migrate';
import { DEMO, seedDemo } from '../src/db/seed';
import { PaymentGatewayError } from '../src/integrations/payment/gateway';
import { clock } from '../src/lib/clock';
import { latePayments, refundAllLate, refundOrder, retryPendingRefunds } from '../src/modules/commerce';
import { settleUnpaid } from '../src/modules/commerce/orders/fulfil';
import { REFUND_RETRY_RULE } from '../src/modules/commerce/refunds/service';
import { businessSnapshot, ctxOf, ledgerMatches, notify, rid, sandboxOf } from './commerceHelpers';
import { runCli } from './cli';
import { databases, useTestApp } from './harness';
import {
  paymentIdOf,
  pkgId,
  cardOf,
  orderRow,
  refundsOf,
  buy,
  simState,
  moneySnapshot,
  expectRefused,
  failingCtx,
  REFUNDS_APP,
} from './refundsHelpers';

describe.each(databases())('refunds made once on %s', (kind) => {
  const t = useTestApp(kind, REFUNDS_APP);

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
