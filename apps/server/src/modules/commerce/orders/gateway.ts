// An order's payment as the gateway sees it: asking about a pending order, closing it there,
// and settling what the answer says (orders/fulfil.ts, one transaction each). Used by the order
// pages (detail, close, 继续支付), quick payment, and the reconciler (commerce/payments).
import { Code } from '@portal/contract/codes';
import type { AppContext } from '../../../context';
import type { OrderRow } from '../../../db/schema';
import type { PaymentGateway, PaymentStatus } from '../../../integrations/payment/gateway';
import { clock } from '../../../lib/clock';
import { countPayment } from '../../../lib/metrics';
import { AppError } from '../../../lib/errors';
import { afterSettled, settlePaid, settleUnpaid, type SettleOutcome } from './fulfil';
import * as repo from './repo';

/** A polling page asks for a pending order at most this often per order (across processes). */
const QUERY_GAP_MS = 3000;

export function gatewayOf(ctx: AppContext): PaymentGateway {
  if (!ctx.payments) throw new AppError(Code.PAYMENT_GATEWAY_ERROR);
  return ctx.payments;
}

export function reportOutcome(ctx: AppContext, order: OrderRow, outcome: SettleOutcome, source: string): void {
  if (outcome !== 'duplicate') countPayment(order.pay_channel, outcome === 'late' ? 'late' : 'paid');
  if (outcome === 'late')
    ctx.log.error(
      { order_no: order.order_no, source },
      'money received for an order that is no longer pending: refund it with npm run refund -- --late',
    );
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
    if (outcome === 'credited') await afterSettled(ctx, order);
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
  return (await repo.orderByNo(ctx.db.kysely, order.order_no))!;
}

/** Ask the gateway about one pending order; close it when it is past its expiry and still unpaid. */
export async function reconcileOrder(ctx: AppContext, order: OrderRow): Promise<OrderRow> {
  if (order.state !== 'pending') return order;
  return (await askGateway(ctx, order)).order;
}

/**
 * The order after asking the gateway, and `unpaid`: the gateway answered that nothing has been
 * paid for it (the payer left the cashier, or has not paid yet) and the order is still pending.
 */
async function askGateway(ctx: AppContext, order: OrderRow): Promise<{ order: OrderRow; unpaid: boolean }> {
  let answeredUnpaid = false;
  if (order.payment_id) {
    const st = await gatewayOf(ctx).queryPayment(order.payment_id);
    await applyStatus(ctx, order, st);
    answeredUnpaid = st?.state === 'pending';
  }
  const after = (await repo.orderByNo(ctx.db.kysely, order.order_no))!;
  if (after.state === 'pending' && after.expires_at <= clock.iso()) return { order: await closeAtGateway(ctx, after), unpaid: false };
  return { order: after, unpaid: answeredUnpaid && after.state === 'pending' };
}

/**
 * For order detail: a pending order is looked up at the gateway, at most every QUERY_GAP_MS.
 * `unpaid` only when the gateway was asked in this call and said nothing was paid: a result page
 * then says 支付未完成 at once instead of waiting for a notification that will not come.
 */
export async function refreshPending(ctx: AppContext, order: OrderRow): Promise<{ order: OrderRow; unpaid: boolean }> {
  if (!order.payment_id && order.expires_at > clock.iso()) return { order, unpaid: false };
  const now = clock.now();
  const claimed = await repo.claimQuery(
    ctx.db.kysely,
    order.order_no,
    now.toISOString(),
    new Date(now.getTime() - QUERY_GAP_MS).toISOString(),
  );
  if (!claimed) return { order, unpaid: false };
  try {
    return await askGateway(ctx, order);
  } catch (err) {
    // the gateway being down costs freshness, not the page
    ctx.log.warn({ err, order_no: order.order_no }, 'gateway query failed');
    return { order, unpaid: false };
  }
}
