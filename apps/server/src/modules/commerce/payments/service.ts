// Payment notifications: what a gateway sends us, settling through orders/fulfil.ts in one
// transaction. Exactly once (docs/decisions/0006):
//   verify signature → find the order → check channel and amount → ONE transaction:
//   insert the payment (unique transaction id) → pending→paid (conditional) → deliver.
// A repeat changes nothing and still answers success, so the gateway stops repeating. Asking the
// gateway about an order (queries, closing) is the order's own business: orders/gateway.ts.
import { Code } from '@portal/contract/codes';
import type { AppContext } from '../../../context';
import { clock } from '../../../lib/clock';
import { countNotification } from '../../../lib/metrics';
import { AppError } from '../../../lib/errors';
import { hit, peek, type ThrottleRule } from '../../../lib/throttle';
import { afterSettled, settlePaid, settleUnpaid } from '../orders/fulfil';
import { gatewayOf, reportOutcome } from '../orders/gateway';
import * as orders from '../orders/repo';
import { logNotification, type NotificationOutcome } from './repo';

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
  if ((await peek(ctx.db.kysely, key, NOTIFY_REFUSALS))?.locked) throw new AppError(Code.RATE_LIMITED, '通知过于频繁，请稍后再试');
  try {
    return await handleNotification(ctx, channel, body);
  } catch (err) {
    if (err instanceof AppError && err.code !== Code.PAYMENT_GATEWAY_ERROR) await hit(ctx.db.kysely, key, NOTIFY_REFUSALS);
    throw err;
  }
}

export async function handleNotification(ctx: AppContext, channel: number, body: unknown): Promise<{ result: 'success' }> {
  const now = clock.now();
  const record = async (outcome: NotificationOutcome, orderNo = '', transactionId = '', amountFen = 0) => {
    countNotification(channel, outcome);
    await logNotification(ctx.db.kysely, { channel, orderNo, transactionId, amountFen, outcome, nowIso: now.toISOString() });
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
    ctx.log.warn(
      { channel, order_no: n.orderNo, amount_fen: n.amountFen, payable_fen: order.payable_fen },
      'payment notification with a wrong amount',
    );
    await record('wrong_amount', n.orderNo, n.transactionId, n.amountFen);
    throw new AppError(Code.BAD_REQUEST, '支付金额与订单金额不一致');
  }
  const outcome = await ctx.db.kysely
    .transaction()
    .execute((trx) => settlePaid(trx, order, { transactionId: n.transactionId, amountFen: n.amountFen, source: 'notify' }, now));
  reportOutcome(ctx, order, outcome, 'notify');
  await record(outcome, n.orderNo, n.transactionId, n.amountFen);
  if (outcome === 'credited') await afterSettled(ctx, order);
  return { result: 'success' };
}
