// What the refunds tests share: an order bought and paid through the sandbox, the rows a refund
// touches, a snapshot of everything money, a refusal's shape, and a gateway that fails on purpose.
import { expect } from 'vitest';
import type { AppContext } from '../src/context';
import { PaymentGatewayError, type PaymentGateway } from '../src/integrations/payment/gateway';
import { AppError } from '../src/lib/errors';
import { businessSnapshot, ctxOf, notify, rid, sandboxOf } from './commerceHelpers';
import { type TestApp } from './harness';

export const GB = 1024 * 1024; // KB
export const paymentIdOf = (url: string) => url.split('/').pop()!;

export async function pkgId(t: TestApp, name: string): Promise<number> {
  return (await t.db.kysely.selectFrom('packages').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}
export async function cardOf(t: TestApp, num: string) {
  return t.db.kysely.selectFrom('cards').selectAll().where('custom_num', '=', num).executeTakeFirstOrThrow();
}
export async function orderRow(t: TestApp, orderNo: string) {
  return t.db.kysely.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
}
export async function refundsOf(t: TestApp, orderNo: string) {
  return t.db.kysely.selectFrom('refunds').selectAll().where('order_no', '=', orderNo).execute();
}

/** Create an order through the API; a gateway order is paid at the sandbox and its notification delivered. */
export async function buy(
  t: TestApp,
  token: string,
  body: Record<string, unknown>,
): Promise<{ order_no: string; payment_id: string | null }> {
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

export async function simState(t: TestApp, paymentId: string) {
  const p = await t.db.kysely.selectFrom('sim_payments').select('state').where('payment_id', '=', paymentId).executeTakeFirstOrThrow();
  const refunds = await t.db.kysely.selectFrom('sim_refunds').selectAll().where('payment_id', '=', paymentId).execute();
  return { state: p.state, refunds };
}

/** Everything a refund may touch: row counts, balances, orders, vouchers, packages, card flags, refunds. */
export async function moneySnapshot(t: TestApp) {
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

export async function expectRefused(p: Promise<unknown>, code: number, message?: RegExp): Promise<AppError> {
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
export function failingCtx(t: TestApp, when: 'before' | 'after'): AppContext {
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
/** The app the refunds tests run: no reconciler of its own (a test runs it), the sandbox's notification dropped (a test sends it). */
export const REFUNDS_APP = { payReconcileIntervalMs: 0, paySandboxDropNotify: true };
