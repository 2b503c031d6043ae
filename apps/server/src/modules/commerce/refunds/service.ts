// Refunds (docs/decisions/0006 "Refunds"), run by an operator (cli/refund.ts, and the console's
// orders page). Three cases:
//   (b) refund a paid order: take back what it delivered, give the money back the way it came;
//   (a) refund money that arrived for an order that was no longer pending (payments.late): latePayments.ts;
//   (c) give back part of a paid order's money, goods kept (docs/decisions/0045): refundPart.
//
// Order of operations: the database first, the gateway after.
//   1. ONE transaction: paid|fulfilled → refunded (conditional, so of two refunds at once exactly
//      one goes on), take the goods back (refused — and all of it rolled back — when they are
//      spent), put balance money back as a ledger entry, and write a refunds row: 'done' for the
//      balance, 'pending' for money that goes back through the gateway.
//   2. After the commit, with no lock held across the network call: the gateway refunds under the
//      refund number derived from the order, and the row becomes 'done'.
// Not the gateway first: if the money went back and the transaction then failed (the balance was
// spent meanwhile, a voucher used, a crash), the customer would keep both the money and the goods,
// and nothing here would record it. Database first, a failure after step 1 leaves a 'pending'
// refund that states exactly what is owed; rerunning the command completes it, and because the
// gateway refunds once per refund number, a crash between its answer and our write never pays twice.
import { Code } from '@portal/contract/codes';

import {
  orderRefundNo,
  partialRefundNo,
  partialRefundProblem,
  refundReasonProblem,
  refundRefusal,
  refundRoute,
  type RefundRoute,
} from '@portal/domain';

import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/executor';
import type { OrderRow } from '../../../db/schema';
import { PaymentGatewayError } from '../../../integrations/payment/gateway';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import { hit } from '../../../lib/throttle';

import { commissionsForCommerce } from '../../commissions';
import { membershipForCommerce } from '../../membership';
import * as balance from '../balance/repo';
import * as orders from '../orders/repo';

import * as vouchers from '../vouchers/repo';
import { takeBackGoods } from './takeBack';
import { channelName, yuan } from './words';
import * as repo from './repo';

export interface RefundReport {
  order_no: string;
  title: string;
  /** refunded now | already refunded earlier (nothing done) | an earlier refund's gateway step completed now */
  outcome: 'refunded' | 'already' | 'completed';
  refund_no: string | null;
  amount_fen: number;
  route: RefundRoute;
  channel: number;
  /** what was taken back and given back, in Chinese, for the operator */
  effects: string[];
}

export interface LatePayment {
  payment_id: number;
  order_no: string;
  order_state: string;
  title: string;
  channel: number;
  amount_fen: number;
  received_at: string;
  /** a refund was recorded but the gateway has not confirmed it yet */
  refund_pending: boolean;
}

export function checkReason(reason: string): string {
  const problem = refundReasonProblem(reason);
  if (problem) throw new AppError(Code.REFUND_REASON_REQUIRED, problem);
  return reason.trim();
}

/**
 * How a refund carried out for an approval (docs/decisions/0059) treats an order refunded before:
 * it refuses, moving nothing — the approver is told, and the request stays for them to reject —
 * where an operator's own refund answers that earlier refund.
 */
export interface RefundMode {
  refuseEarlier?: boolean;
}

/** What an approval finds when the order was refunded by another path meanwhile. */
function refundedElsewhere(): AppError {
  return new AppError(Code.REFUND_NOT_PAID, '该订单已通过其他途径退款，本次审批未执行，未退任何款项；请驳回此申请');
}

/**
 * A whole refund of this order looked at before it is made (docs/decisions/0059): whether it would
 * refund now, and how much would go back — the figure held to the refund limit. Throws what the
 * refund itself would (a bad reason, no such order, not paid); `already`: refunded before, the
 * refund only answers that one.
 */
export async function wholeRefundPlan(db: Executor, orderNo: string, reasonInput: string) {
  const reason = checkReason(reasonInput);
  const order = await orders.orderByNo(db, orderNo);
  if (!order) throw new AppError(Code.NOT_FOUND, '订单不存在');
  const refusal = refundRefusal(order.state);
  if (refusal?.kind === 'not_paid') throw new AppError(Code.REFUND_NOT_PAID, refusal.message);
  return { order, reason, already: refusal?.kind === 'already', amountFen: leftToRefund(order) };
}

/** What a whole refund gives back: what was paid, less what partial refunds gave back already. */
export const leftToRefund = (order: Pick<OrderRow, 'payable_fen' | 'refunded_fen'>): number =>
  Math.max(0, order.payable_fen - order.refunded_fen);

/** Case (b): refund a paid order. */
export async function refundOrder(
  ctx: AppContext,
  orderNo: string,
  reasonInput: string,
  /** the console's audit row: written in the refund's transaction, only by the call that refunds */
  record?: (trx: Executor, done: { refundNo: string; amountFen: number; effects: string[]; stateBefore: string }) => Promise<void>,
  /** who refunds ('' = the command line), kept with the refund */
  operatorUsername = '',
  mode: RefundMode = {},
): Promise<RefundReport> {
  const { order, reason, already } = await wholeRefundPlan(ctx.db.kysely, orderNo, reasonInput);
  if (already && mode.refuseEarlier) throw refundedElsewhere();
  if (already) return earlierRefund(ctx, order, true);

  const route = refundRoute(order);
  const now = clock.now();
  const nowIso = now.toISOString();
  const done = await ctx.db.kysely.transaction().execute(async (trx) => {
    // First, so that a second refund of the same order at once stops here (it waits for this
    // row on PostgreSQL, then finds it refunded); everything below happens once.
    if (!(await orders.markRefunded(trx, order.order_no))) return null;
    const current = (await orders.orderByNo(trx, order.order_no))!;
    const effects = current.fulfilled_at !== null ? await takeBackGoods(trx, order, now) : [];
    if (order.voucher_id !== null && (await vouchers.restoreVoucher(trx, order.voucher_id, order.order_no)))
      effects.push('订单使用的优惠券已退回');
    // the growth the order gave (and an invitation's reward) goes back with it (docs/decisions/0019)
    await membershipForCommerce.orderRefunded(trx, order, nowIso);
    // and the agent's commission, in proportion to what goes back (docs/decisions/0035-agent-commissions.md)
    await commissionsForCommerce.orderRefunded(
      trx,
      order,
      { refundNo: orderRefundNo(order.order_no), refundedFen: order.payable_fen },
      nowIso,
    );

    const refundNo = orderRefundNo(order.order_no);
    let transactionId: string | null = null;
    // what earlier partial refunds gave back is not given again (docs/decisions/0045)
    const before = current.refunded_fen;
    let amount = Math.max(0, order.payable_fen - before);
    if (route === 'balance' && amount > 0) {
      const after = await balance.move(trx, {
        cardId: order.card_id,
        amountFen: amount,
        kind: 'refund',
        orderNo: order.order_no,
        note: `退款：${order.title}`,
        nowIso,
      });
      if (after === null) throw new AppError(Code.REFUND_RETRY);
      effects.push(`退回余额 ${yuan(amount)}`);
    } else if (route === 'gateway') {
      const paid = await repo.payingPayment(trx, order.order_no);
      if (!paid) throw new AppError(Code.REFUND_PAYMENT_NOT_FOUND);
      transactionId = paid.transaction_id;
      amount = Math.max(0, paid.amount_fen - before);
      if (amount > 0) effects.push(`原路退回 ${yuan(amount)}（${channelName(order.pay_channel)}）`);
    } else if (route === 'none') {
      effects.push('订单实付 0.00 元，无需退款');
    }
    if (before > 0) effects.push(`此前已部分退款 ${yuan(before)}，本次退回其余 ${yuan(amount)}`);
    const viaGateway = route === 'gateway' && amount > 0;
    await repo.insertRefund(trx, {
      refund_no: refundNo,
      order_no: order.order_no,
      kind: 'order',
      channel: order.pay_channel,
      transaction_id: transactionId,
      amount_fen: amount,
      reason,
      state: viaGateway ? 'pending' : 'done',
      gateway_refund_id: null,
      created_at: nowIso,
      done_at: viaGateway ? null : nowIso,
      operator_username: operatorUsername,
    });
    if (record) await record(trx, { refundNo, amountFen: amount, effects, stateBefore: order.state });
    return { effects, refundNo, amount };
  });
  // Another refund of this order won the conditional update: it does (or did) the work.
  if (!done && mode.refuseEarlier) throw refundedElsewhere();
  if (!done) return earlierRefund(ctx, order, false);

  const report: RefundReport = {
    order_no: order.order_no,
    title: order.title,
    outcome: 'refunded',
    refund_no: done.refundNo,
    amount_fen: done.amount,
    route,
    channel: order.pay_channel,
    effects: done.effects,
  };
  ctx.log.info({ order_no: order.order_no, refund_no: done.refundNo, route }, 'order refunded');
  if (route === 'gateway' && done.amount > 0) await completeAtGateway(ctx, order, done.refundNo);
  return report;
}

export interface PartialRefundInput {
  orderNo: string;
  amountFen: number;
  reason: string;
  /** the console's id of this refund: a repeated submit finds the refund it made */
  requestId: string;
  operatorUsername: string;
}

export interface PartialRefundReport {
  order_no: string;
  /** refunded now | this request was refunded before (nothing done now) */
  outcome: 'refunded' | 'already';
  refund_no: string;
  amount_fen: number;
  /** done, or pending: recorded, the gateway has not confirmed yet (the reconciler retries) */
  state: 'done' | 'pending';
  /** what the order has left to give back after this refund */
  left_fen: number;
  effects: string[];
}

/**
 * Case (c): give back part of a paid order's money; the goods stay (docs/decisions/0045). Like a
 * whole refund, the database first and the gateway after: one transaction adds the amount to the
 * order's refunded_fen only while it stays within what was paid (a conditional update, so two
 * partial refunds at once can never give back more), moves balance money as a ledger entry, and
 * records the refund under its own derived number (RF<order>P<n>) — 'pending' when it goes back
 * through the gateway, which then refunds once per number. A gateway failure leaves it pending
 * (the reconciler retries it), never lost and never paid twice.
 */
/**
 * A partial refund looked at before it is made (docs/decisions/0059): the order, or the refund this
 * request made before (`earlier`: the refund only answers it). Throws what the refund itself would.
 */
export async function partialRefundPlan(db: Executor, input: Pick<PartialRefundInput, 'orderNo' | 'amountFen' | 'reason' | 'requestId'>) {
  const reason = checkReason(input.reason);
  const earlier = await repo.refundByRequest(db, input.requestId);
  if (earlier) return { earlier, reason } as const;
  const order = await orders.orderByNo(db, input.orderNo);
  if (!order) throw new AppError(Code.NOT_FOUND, '订单不存在');
  const refusal = refundRefusal(order.state);
  if (refusal?.kind === 'already') throw new AppError(Code.REFUND_NOT_PAID, '该订单已全额退款');
  if (refusal) throw new AppError(Code.REFUND_NOT_PAID, refusal.message);
  const problem = partialRefundProblem(input.amountFen, order.payable_fen, order.refunded_fen);
  if (problem) throw new AppError(Code.REFUND_AMOUNT_INVALID, problem);
  return { order, reason } as const;
}

export async function refundPart(
  ctx: AppContext,
  input: PartialRefundInput,
  record?: (trx: Executor, done: { refundNo: string; amountFen: number; leftFen: number; effects: string[] }) => Promise<void>,
  mode: RefundMode = {},
): Promise<PartialRefundReport> {
  const db = ctx.db.kysely;
  const plan = await partialRefundPlan(db, input);
  if (plan.earlier && mode.refuseEarlier) throw refundedElsewhere();
  if (plan.earlier) return againPart(ctx, plan.earlier, input);
  const { order, reason } = plan;
  const route = refundRoute(order);
  const nowIso = clock.iso();

  const done = await db.transaction().execute(async (trx) => {
    // the order's row first: a second submit of the same request waits here, then finds its refund
    await orders.lockOrder(trx, order.order_no);
    const dup = await repo.refundByRequest(trx, input.requestId);
    if (dup && mode.refuseEarlier) throw refundedElsewhere();
    if (dup) return { dup };
    if (!(await orders.addRefunded(trx, order.order_no, input.amountFen))) {
      const now = (await orders.orderByNo(trx, order.order_no))!;
      const r = refundRefusal(now.state);
      if (r) throw new AppError(Code.REFUND_NOT_PAID, r.kind === 'already' ? '该订单已全额退款' : r.message);
      throw new AppError(Code.REFUND_AMOUNT_INVALID, partialRefundProblem(input.amountFen, now.payable_fen, now.refunded_fen) ?? undefined);
    }
    const after = (await orders.orderByNo(trx, order.order_no))!;
    const refundNo = partialRefundNo(order.order_no, (await repo.partialCount(trx, order.order_no)) + 1);
    const effects: string[] = [];
    let transactionId: string | null = null;
    if (route === 'balance') {
      const moved = await balance.move(trx, {
        cardId: order.card_id,
        amountFen: input.amountFen,
        kind: 'refund',
        orderNo: order.order_no,
        note: `部分退款：${order.title}`,
        nowIso,
      });
      if (moved === null) throw new AppError(Code.REFUND_RETRY);
      effects.push(`退回余额 ${yuan(input.amountFen)}`);
    } else {
      const paid = await repo.payingPayment(trx, order.order_no);
      if (!paid) throw new AppError(Code.REFUND_PAYMENT_NOT_FOUND);
      transactionId = paid.transaction_id;
      effects.push(`原路退回 ${yuan(input.amountFen)}（${channelName(order.pay_channel)}）`);
    }
    effects.push('订单权益保留');
    // the agent's commission, in proportion to what goes back (docs/decisions/0035-agent-commissions.md)
    await commissionsForCommerce.orderRefunded(trx, order, { refundNo, refundedFen: input.amountFen }, nowIso);
    // an invoice request still open is lowered by ../partialRefund.ts, in `record` (this transaction)
    const viaGateway = route !== 'balance';
    await repo.insertRefund(trx, {
      refund_no: refundNo,
      order_no: order.order_no,
      kind: 'partial',
      channel: order.pay_channel,
      transaction_id: transactionId,
      amount_fen: input.amountFen,
      reason,
      state: viaGateway ? 'pending' : 'done',
      gateway_refund_id: null,
      created_at: nowIso,
      done_at: viaGateway ? null : nowIso,
      request_id: input.requestId,
      operator_username: input.operatorUsername,
    });
    const leftFen = after.payable_fen - after.refunded_fen;
    if (record) await record(trx, { refundNo, amountFen: input.amountFen, leftFen, effects });
    return { refundNo, effects, leftFen, viaGateway };
  });
  if ('dup' in done) return againPart(ctx, done.dup!, input);

  ctx.log.info({ order_no: order.order_no, refund_no: done.refundNo, route }, 'order partly refunded');
  let state: 'done' | 'pending' = done.viaGateway ? 'pending' : 'done';
  if (done.viaGateway) {
    try {
      await completeAtGateway(ctx, order, done.refundNo);
      state = 'done';
    } catch (err) {
      // recorded and owed: the reconciler retries it under the same number (retryPendingRefunds)
      if (!(err instanceof AppError)) throw err;
      done.effects.push('支付渠道暂未完成退款，系统将自动重试');
    }
  }
  return {
    order_no: order.order_no,
    outcome: 'refunded',
    refund_no: done.refundNo,
    amount_fen: input.amountFen,
    state,
    left_fen: done.leftFen,
    effects: done.effects,
  };
}

/** A partial refund's request seen again: the same request answers its refund; another use of the id is refused. */
async function againPart(
  ctx: AppContext,
  row: NonNullable<Awaited<ReturnType<typeof repo.refundByRequest>>>,
  input: PartialRefundInput,
): Promise<PartialRefundReport> {
  if (row.order_no !== input.orderNo || row.amount_fen !== input.amountFen) throw new AppError(Code.REQUEST_ID_REUSED);
  const order = (await orders.orderByNo(ctx.db.kysely, row.order_no))!;
  return {
    order_no: row.order_no,
    outcome: 'already',
    refund_no: row.refund_no,
    amount_fen: row.amount_fen,
    state: row.state === 'done' ? 'done' : 'pending',
    left_fen: order.state === 'refunded' ? 0 : order.payable_fen - order.refunded_fen,
    effects: [],
  };
}

/** An order refunded before: answer that refund; finish its gateway step if it is still pending. */
async function earlierRefund(ctx: AppContext, order: OrderRow, finishPending: boolean): Promise<RefundReport> {
  const refundNo = orderRefundNo(order.order_no);
  const row = await repo.refundByNo(ctx.db.kysely, refundNo);
  const base: RefundReport = {
    order_no: order.order_no,
    title: order.title,
    outcome: 'already',
    refund_no: row?.refund_no ?? null,
    amount_fen: row?.amount_fen ?? 0,
    route: refundRoute(order),
    channel: order.pay_channel,
    effects: [],
  };
  if (row?.state === 'pending' && finishPending) {
    await completeAtGateway(ctx, order, refundNo);
    return { ...base, outcome: 'completed', effects: [`原路退回 ${yuan(row.amount_fen)}（${channelName(order.pay_channel)}）`] };
  }
  return base;
}

/** Step 2: the gateway gives the money back under the refund's own number; then the row is done. */
export async function completeAtGateway(ctx: AppContext, order: OrderRow, refundNo: string): Promise<void> {
  const row = await repo.refundByNo(ctx.db.kysely, refundNo);
  if (!row || row.state !== 'pending') return;
  if (!order.payment_id || !row.transaction_id) throw new AppError(Code.REFUND_PAYMENT_NOT_FOUND);
  let refundId: string;
  try {
    if (!ctx.payments) throw new PaymentGatewayError('未配置支付网关', false);
    refundId = (
      await ctx.payments.refundPayment({
        paymentId: order.payment_id,
        orderNo: order.order_no,
        transactionId: row.transaction_id,
        amountFen: row.amount_fen,
        refundNo,
      })
    ).refundId;
  } catch (err) {
    const refused = err instanceof PaymentGatewayError && !err.retryable;
    // only the message: a gateway client's error object may carry its request and credentials
    ctx.log.warn(
      { order_no: order.order_no, refund_no: refundNo, error: err instanceof Error ? err.message : String(err) },
      'gateway refund failed; the refund stays pending',
    );
    throw new AppError(
      Code.REFUND_GATEWAY_FAILED,
      refused
        ? `退款已登记（退款单号 ${refundNo}），但支付渠道拒绝退款：${(err as Error).message}。请人工核对后重新执行退款命令`
        : `退款已登记（退款单号 ${refundNo}），但支付渠道暂时无法退款。请稍后重新执行同一退款命令完成退款`,
    );
  }
  await repo.markRefundDone(ctx.db.kysely, refundNo, refundId, clock.iso());
}

/** A pending refund's gateway step is retried by the reconciler at most this often. */
export const REFUND_RETRY_RULE = { limit: 1, windowMs: 10 * 60_000 };

/**
 * The reconciler's part: money owed must not wait for an operator to rerun the command. Each
 * refund still pending (its gateway step failed, or the process stopped before it) is retried
 * under its own refund number, which the gateway refunds once; a failure is retried at most once
 * per REFUND_RETRY_RULE window, so a refund the gateway keeps refusing does not flood the log.
 */
export async function retryPendingRefunds(ctx: AppContext, olderThanMs: number): Promise<{ completed: number; failed: number }> {
  const out = { completed: 0, failed: 0 };
  const before = new Date(clock.now().getTime() - olderThanMs).toISOString();
  for (const r of await repo.pendingRefunds(ctx.db.kysely, before, 50)) {
    if (!(await hit(ctx.db.kysely, `refund-retry:${r.refund_no}`, REFUND_RETRY_RULE)).allowed) continue;
    const order = await orders.orderByNo(ctx.db.kysely, r.order_no);
    if (!order) continue;
    try {
      await completeAtGateway(ctx, order, r.refund_no);
      out.completed++;
      ctx.log.info({ order_no: r.order_no, refund_no: r.refund_no }, 'pending refund completed by the reconciler');
    } catch {
      out.failed++; // completeAtGateway has logged why; the refund stays pending for the next window
    }
  }
  return out;
}
