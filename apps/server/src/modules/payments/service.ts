// Payment results: gateway notifications and gateway queries, both settling through
// orders/fulfil.ts in one transaction. Exactly once (docs/decisions/0006):
//   verify signature → find the order → check channel and amount → ONE transaction:
//   insert the payment (unique transaction id) → pending→paid (conditional) → deliver.
// A repeat changes nothing and still answers success, so the gateway stops repeating.
import { Code } from '@portal/contract/codes';
import type { AppContext } from '../../context';
import type { OrderRow } from '../../db/schema';
import type { PaymentGateway, PaymentStatus } from '../../integrations/payment/gateway';
import { clock } from '../../lib/clock';
import { AppError, fail } from '../../lib/errors';
import { hit, peek, type ThrottleRule } from '../../lib/throttle';
import { settlePaid, settleUnpaid, type SettleOutcome } from '../orders/fulfil';
import * as orders from '../orders/repo';
import { logNotification, type NotificationOutcome } from './repo';

/** A polling page asks for a pending order at most this often per order (across processes). */
const QUERY_GAP_MS = 3000;

function gatewayOf(ctx: AppContext): PaymentGateway {
  if (!ctx.payments) throw new AppError(Code.PAYMENT_GATEWAY_ERROR);
  return ctx.payments;
}

/**
 * Refused notifications (bad signature, unknown order, wrong amount or channel) per sending
 * address. A real gateway sends valid ones at any rate, so only refusals count: an address that
 * keeps sending forgeries is shut out for a while, which stops signature guessing and log flooding
 * without ever slowing down genuine payments from the same address.
 */
export const NOTIFY_REFUSALS: ThrottleRule = { limit: 20, windowMs: 60_000, lockMs: 10 * 60_000 };

/** The notify route: a locked-out address is refused before anything is verified or written. */
export async function notificationFrom(ctx: AppContext, ip: string, channel: number, body: unknown): Promise<{ result: 'success' }> {
  const key = `pay-notify-refused:${ip}`;
  if ((await peek(ctx.db, key, NOTIFY_REFUSALS))?.locked) throw fail.rateLimited('通知过于频繁，请稍后再试');
  try {
    return await handleNotification(ctx, channel, body);
  } catch (err) {
    if (err instanceof AppError && err.code !== Code.PAYMENT_GATEWAY_ERROR) await hit(ctx.db, key, NOTIFY_REFUSALS);
    throw err;
  }
}

export async function handleNotification(ctx: AppContext, channel: number, body: unknown): Promise<{ result: 'success' }> {
  const now = clock.now();
  const record = async (outcome: NotificationOutcome, orderNo = '', transactionId = '', amountFen = 0) => {
    await logNotification(ctx.db, { channel, orderNo, transactionId, amountFen, outcome, nowIso: now.toISOString() });
  };
  const n = gatewayOf(ctx).verifyNotification(channel, body);
  if (!n) {
    // never log the body: it carries the signature
    ctx.log.warn({ channel }, 'payment notification with a bad signature refused');
    await record('bad_signature');
    throw new AppError(Code.BAD_REQUEST, '签名校验失败');
  }
  const order = await orders.orderByNo(ctx.db.kysely, n.orderNo);
  if (!order) {
    ctx.log.warn({ channel, order_no: n.orderNo }, 'payment notification for an unknown order');
    await record('unknown_order', n.orderNo, n.transactionId, n.amountFen);
    throw new AppError(Code.NOT_FOUND, '订单不存在');
  }
  if (order.pay_channel !== channel) {
    ctx.log.warn({ channel, order_no: n.orderNo, order_channel: order.pay_channel }, 'payment notification on the wrong channel');
    await record('wrong_channel', n.orderNo, n.transactionId, n.amountFen);
    throw new AppError(Code.BAD_REQUEST, '支付渠道不一致');
  }
  if (n.status === 'fail') {
    const changed = await ctx.db.kysely.transaction().execute((trx) => settleUnpaid(trx, order, 'failed', now));
    await record(changed ? 'failed' : 'ignored', n.orderNo, n.transactionId, n.amountFen);
    return { result: 'success' };
  }
  if (n.amountFen !== order.payable_fen) {
    ctx.log.warn({ channel, order_no: n.orderNo, amount_fen: n.amountFen, payable_fen: order.payable_fen }, 'payment notification with a wrong amount');
    await record('wrong_amount', n.orderNo, n.transactionId, n.amountFen);
    throw new AppError(Code.BAD_REQUEST, '支付金额与订单金额不一致');
  }
  const outcome = await ctx.db.kysely
    .transaction()
    .execute((trx) => settlePaid(trx, order, { transactionId: n.transactionId, amountFen: n.amountFen, source: 'notify' }, now));
  reportOutcome(ctx, order, outcome, 'notify');
  await record(outcome, n.orderNo, n.transactionId, n.amountFen);
  return { result: 'success' };
}

function reportOutcome(ctx: AppContext, order: OrderRow, outcome: SettleOutcome, source: string): void {
  if (outcome === 'late') ctx.log.error({ order_no: order.order_no, source }, 'money received for an order that is no longer pending: refund it with npm run refund -- --late');
  else if (outcome === 'credited') ctx.log.info({ order_no: order.order_no, source }, 'order paid');
}

/** Apply what the gateway says about a payment. */
async function applyStatus(ctx: AppContext, order: OrderRow, st: PaymentStatus | null): Promise<void> {
  const now = clock.now();
  if (!st) return;
  if (st.state === 'paid' && st.transactionId) {
    if (st.amountFen !== order.payable_fen) {
      ctx.log.error({ order_no: order.order_no, amount_fen: st.amountFen }, 'gateway reports a wrong amount; order left for an operator');
      return;
    }
    const outcome = await ctx.db.kysely
      .transaction()
      .execute((trx) => settlePaid(trx, order, { transactionId: st.transactionId!, amountFen: st.amountFen, source: 'query' }, now));
    reportOutcome(ctx, order, outcome, 'query');
  } else if (st.state === 'failed' || st.state === 'closed') {
    await ctx.db.kysely.transaction().execute((trx) => settleUnpaid(trx, order, st.state === 'failed' ? 'failed' : 'closed', now));
  }
}

/**
 * Close a pending order: first at the gateway (so it can no longer be paid), then here. If the
 * gateway says it was paid meanwhile, the order is settled as paid instead.
 */
export async function closeAtGateway(ctx: AppContext, order: OrderRow): Promise<OrderRow> {
  if (order.payment_id) {
    const st = await gatewayOf(ctx).closePayment(order.payment_id);
    if (st && st.state !== 'pending') await applyStatus(ctx, order, st.state === 'paid' ? st : { ...st, state: 'closed' });
  } else {
    await ctx.db.kysely.transaction().execute((trx) => settleUnpaid(trx, order, 'closed', clock.now()));
  }
  return (await orders.orderByNo(ctx.db.kysely, order.order_no))!;
}

/** Ask the gateway about one pending order; close it when it is past its expiry and still unpaid. */
export async function reconcileOrder(ctx: AppContext, order: OrderRow): Promise<OrderRow> {
  if (order.state !== 'pending') return order;
  if (order.payment_id) await applyStatus(ctx, order, await gatewayOf(ctx).queryPayment(order.payment_id));
  const after = (await orders.orderByNo(ctx.db.kysely, order.order_no))!;
  if (after.state === 'pending' && after.expires_at <= clock.iso()) return closeAtGateway(ctx, after);
  return after;
}

/** For order detail: a pending order is looked up at the gateway, at most every QUERY_GAP_MS. */
export async function refreshPending(ctx: AppContext, order: OrderRow): Promise<OrderRow> {
  if (!order.payment_id && order.expires_at > clock.iso()) return order;
  const now = clock.now();
  const claimed = await orders.claimQuery(ctx.db, order.order_no, now.toISOString(), new Date(now.getTime() - QUERY_GAP_MS).toISOString());
  if (!claimed) return order;
  try {
    return await reconcileOrder(ctx, order);
  } catch (err) {
    // the gateway being down costs freshness, not the page
    ctx.log.warn({ err, order_no: order.order_no }, 'gateway query failed');
    return order;
  }
}
