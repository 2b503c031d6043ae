// Case (a) of refunds/service.ts: money that arrived for an order no longer pending (payments.late),
// listed and given back whole through the gateway it came from.
import { Code } from '@portal/contract/codes';

import { lateRefundNo } from '@portal/domain';

import type { AppContext } from '../../../context';

import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';

import * as orders from '../orders/repo';

import * as repo from './repo';
import { checkReason, completeAtGateway, type LatePayment, type RefundReport } from './service';
import { channelName, yuan } from './words';

/** Case (a): payments that arrived when their order was no longer pending, not yet refunded. */
export async function latePayments(ctx: AppContext): Promise<LatePayment[]> {
  return (await repo.latePayments(ctx.db.kysely)).map((p) => ({
    payment_id: p.id,
    order_no: p.order_no,
    order_state: p.order_state,
    title: p.title,
    channel: p.channel,
    amount_fen: p.amount_fen,
    received_at: p.created_at,
    refund_pending: p.refund_state === 'pending',
  }));
}

/** Refund one late payment in full, back through the gateway it came from. */
async function refundLatePayment(ctx: AppContext, paymentId: number, reasonInput: string): Promise<RefundReport> {
  const reason = checkReason(reasonInput);
  const p = await repo.paymentById(ctx.db.kysely, paymentId);
  if (!p || p.late !== 1) throw new AppError(Code.REFUND_PAYMENT_NOT_FOUND, '未找到该笔异常到账');
  const order = (await orders.orderByNo(ctx.db.kysely, p.order_no))!;
  const refundNo = lateRefundNo(p.order_no, p.id);
  const fresh = await repo.insertRefund(ctx.db.kysely, {
    refund_no: refundNo,
    order_no: p.order_no,
    kind: 'late',
    channel: p.channel,
    transaction_id: p.transaction_id,
    amount_fen: p.amount_fen,
    reason,
    state: 'pending',
    gateway_refund_id: null,
    created_at: clock.iso(),
    done_at: null,
  });
  const row = (await repo.refundByNo(ctx.db.kysely, refundNo))!;
  const report: RefundReport = {
    order_no: p.order_no,
    title: order.title,
    outcome: fresh ? 'refunded' : row.state === 'done' ? 'already' : 'completed',
    refund_no: refundNo,
    amount_fen: p.amount_fen,
    route: 'gateway',
    channel: p.channel,
    effects: row.state === 'done' ? [] : [`原路退回 ${yuan(p.amount_fen)}（${channelName(p.channel)}）`],
  };
  if (row.state === 'pending') {
    await completeAtGateway(ctx, order, refundNo);
    ctx.log.info({ order_no: p.order_no, refund_no: refundNo }, 'late payment refunded');
  }
  return report;
}

/** Every late payment not yet refunded; one failure does not stop the others. */
export async function refundAllLate(
  ctx: AppContext,
  reason: string,
): Promise<{ done: RefundReport[]; failed: { payment: LatePayment; message: string }[] }> {
  checkReason(reason);
  const out: { done: RefundReport[]; failed: { payment: LatePayment; message: string }[] } = { done: [], failed: [] };
  for (const payment of await latePayments(ctx)) {
    try {
      out.done.push(await refundLatePayment(ctx, payment.payment_id, reason));
    } catch (err) {
      out.failed.push({ payment, message: err instanceof AppError ? err.message : '退款失败' });
      if (!(err instanceof AppError)) ctx.log.error({ err, order_no: payment.order_no }, 'late payment refund failed');
    }
  }
  return out;
}
