// A holder's refund and invoice requests, and the console's decisions on them
// (docs/decisions/0045-partial-refunds-and-requests.md). The rules are @portal/domain's
// (refundRequestVerdict, invoiceFormProblems, invoiceVerdict); this module gathers their facts,
// writes the requests, and approves a refund request through the one refund service, in the
// refund's own transaction, so a request is never approved without its refund nor refunded twice.
import { Code } from '@portal/contract/codes';
import type { AfterSales } from '@portal/contract';
import {
  chinaDate,
  fenToYuan,
  invoiceFormProblems,
  invoiceVerdict,
  normalizeTaxNo,
  refundRequestVerdict,
  requestNoteProblem,
  type InvoiceForm,
} from '@portal/domain';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/executor';
import type { OrderRow } from '../../../db/schema';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import type { Auth } from '../../auth';
import { accessibleCard, cardRecord } from '../../cardRecord';
import { chinaDayOf, sumUsage } from '../../usage';
import * as orders from '../orders/repo';
import { refundOrder, type RefundMode } from '../refunds/service';
import * as repo from './repo';

/** The order, if it is this holder's (their login holds its card). */
async function holdersOrder(ctx: AppContext, auth: Auth, orderNo: string): Promise<OrderRow> {
  const order = await orders.orderByNo(ctx.db.kysely, orderNo);
  if (!order) throw new AppError(Code.NOT_FOUND, '订单不存在');
  const card = await cardRecord.cardById(ctx.db.kysely, order.card_id);
  if (!card) throw new AppError(Code.NOT_FOUND, '订单不存在');
  try {
    await accessibleCard(ctx, auth, card.custom_num);
  } catch {
    throw new AppError(Code.FORBIDDEN, '无权查看该订单');
  }
  return order;
}

/** The facts of the refund-request rule: the package rows the order made, and the data used since each started. */
async function refundVerdictOf(db: Executor, order: OrderRow, openRequest: boolean, now: Date) {
  const [days, segments, delivery] = await Promise.all([
    repo.refundDaysOfCard(db, order.card_id),
    orders.segmentsOf(db, order.order_no),
    orders.deliveryOf(db, order.order_no),
  ]);
  const today = chinaDate(now);
  const packages = await Promise.all(
    segments.map(async (s) => ({
      started_at: s.started_at,
      expired_at: s.expired_at,
      used_kb: Date.parse(s.started_at) <= now.getTime() ? await sumUsage(db, order.card_id, chinaDayOf(s.started_at), today) : 0,
    })),
  );
  return refundRequestVerdict(
    {
      goods_type: order.goods_type,
      state: order.state,
      paid_at: order.paid_at,
      window_days: days,
      packages,
      added_to_other: delivery !== undefined && delivery.target_package_id !== null && delivery.add_kb > 0,
      open_request: openRequest,
    },
    now,
  );
}

async function afterSalesOfOrder(ctx: AppContext, order: OrderRow): Promise<AfterSales> {
  const db = ctx.db.kysely;
  const [refundReq, invoiceReq] = await Promise.all([
    repo.latestRefundRequest(db, order.order_no),
    repo.currentInvoiceRequest(db, order.order_no),
  ]);
  const refund = await refundVerdictOf(db, order, refundReq?.status === 'open', clock.now());
  const invoice = invoiceVerdict({
    state: order.state,
    pay_channel: order.pay_channel,
    payable_fen: order.payable_fen,
    refunded_fen: order.refunded_fen,
    live_request: invoiceReq !== undefined && invoiceReq.status !== 'rejected',
  });
  return {
    order_no: order.order_no,
    refund: {
      can_request: refund.ok,
      why: refund.ok ? null : refund.why,
      until: refund.ok ? refund.until : null,
      request: refundReq
        ? {
            id: refundReq.id,
            status: refundReq.status as 'open' | 'approved' | 'rejected',
            reason: refundReq.reason,
            answer: refundReq.answer,
            created_at: refundReq.created_at,
            decided_at: refundReq.decided_at,
          }
        : null,
    },
    invoice: {
      can_request: invoice.ok,
      why: invoice.ok ? null : invoice.why,
      amount: invoice.ok ? fenToYuan(invoice.amount_fen) : null,
      request: invoiceReq
        ? {
            id: invoiceReq.id,
            status: invoiceReq.status as 'open' | 'issued' | 'rejected',
            title_type: invoiceReq.title_type as 'personal' | 'company',
            title: invoiceReq.title,
            tax_no: invoiceReq.tax_no,
            email: invoiceReq.email,
            amount: fenToYuan(invoiceReq.amount_fen),
            invoice_no: invoiceReq.invoice_no,
            answer: invoiceReq.answer,
            created_at: invoiceReq.created_at,
            decided_at: invoiceReq.decided_at,
          }
        : null,
    },
  };
}

/** What the holder may ask for on this order, and what they asked for. */
export async function afterSalesOf(ctx: AppContext, auth: Auth, orderNo: string): Promise<AfterSales> {
  return afterSalesOfOrder(ctx, await holdersOrder(ctx, auth, orderNo));
}

export async function requestRefund(ctx: AppContext, auth: Auth, body: { order_no: string; reason: string }): Promise<AfterSales> {
  const note = body.reason.trim();
  const problem = requestNoteProblem(note);
  if (problem) throw new AppError(Code.BAD_REQUEST, problem);
  const order = await holdersOrder(ctx, auth, body.order_no);
  const db = ctx.db.kysely;
  const latest = await repo.latestRefundRequest(db, order.order_no);
  const verdict = await refundVerdictOf(db, order, latest?.status === 'open', clock.now());
  // a second submit of the same request answers what the first did
  if (!verdict.ok && latest?.status === 'open') return afterSalesOfOrder(ctx, order);
  if (!verdict.ok) throw new AppError(Code.AFTER_SALES_NOT_ALLOWED, verdict.why);
  await repo.insertRefundRequest(db, {
    order_no: order.order_no,
    card_id: order.card_id,
    reason: note,
    status: 'open',
    answer: '',
    refund_no: null,
    operator_username: '',
    created_at: clock.iso(),
    decided_at: null,
  });
  ctx.log.info({ order_no: order.order_no }, 'refund requested by the holder');
  return afterSalesOfOrder(ctx, order);
}

export async function requestInvoice(ctx: AppContext, auth: Auth, body: InvoiceForm & { order_no: string }): Promise<AfterSales> {
  const problems = invoiceFormProblems(body);
  const first = Object.values(problems)[0];
  if (first) throw new AppError(Code.BAD_REQUEST, first);
  const order = await holdersOrder(ctx, auth, body.order_no);
  const db = ctx.db.kysely;
  const current = await repo.currentInvoiceRequest(db, order.order_no);
  const live = current !== undefined && current.status !== 'rejected';
  const verdict = invoiceVerdict({
    state: order.state,
    pay_channel: order.pay_channel,
    payable_fen: order.payable_fen,
    refunded_fen: order.refunded_fen,
    live_request: live,
  });
  if (!verdict.ok) throw new AppError(Code.AFTER_SALES_NOT_ALLOWED, verdict.why);
  await repo.insertInvoiceRequest(db, {
    order_no: order.order_no,
    card_id: order.card_id,
    title_type: body.title_type,
    title: body.title.trim(),
    tax_no: normalizeTaxNo(body.tax_no),
    email: body.email.trim(),
    amount_fen: verdict.amount_fen,
    status: 'open',
    invoice_no: '',
    pdf_upload_id: null,
    answer: '',
    operator_username: '',
    created_at: clock.iso(),
    decided_at: null,
  });
  ctx.log.info({ order_no: order.order_no }, 'invoice requested by the holder');
  return afterSalesOfOrder(ctx, order);
}

// ---------- the console's decisions ----------

/** Writes the decision's audit row inside the decision's own transaction. */
export type DecisionRecorder = (trx: Executor, done: { before: string; after: Record<string, unknown> }) => Promise<void>;
type Recorder = DecisionRecorder;

/**
 * Approve: the order is refunded whole through the refund service (goods taken back, money the way
 * it came), and the request marked approved inside the refund's transaction — conditionally, so a
 * request rejected meanwhile rolls the refund back, and a second approval finds it decided.
 */
export async function approveRefundRequest(
  ctx: AppContext,
  id: number,
  reason: string,
  operator: string,
  record?: Recorder,
  /** an approval carrying it out (docs/decisions/0059): an order refunded meanwhile is refused, not answered */
  mode: RefundMode = {},
) {
  const db = ctx.db.kysely;
  const req = await repo.requestById(db, 'refund_requests', id);
  if (!req) throw new AppError(Code.NOT_FOUND, '退款申请不存在');
  if (req.status !== 'open') throw new AppError(Code.AFTER_SALES_DECIDED, '该退款申请已处理');
  const report = await refundOrder(
    ctx,
    req.order_no,
    reason,
    async (trx, done) => {
      const ok = await repo.decideRefundRequest(trx, id, {
        status: 'approved',
        answer: reason.trim(),
        refund_no: done.refundNo,
        operator_username: operator,
        decided_at: clock.iso(),
      });
      if (!ok) throw new AppError(Code.AFTER_SALES_DECIDED, '该退款申请已处理');
      await record?.(trx, { before: 'open', after: { status: 'approved', refund_no: done.refundNo, amount_fen: done.amountFen } });
      await closeInvoiceOfRefunded(trx, req.order_no, operator);
    },
    operator,
    mode,
  );
  // refunded before (another operator, the command line): the request is answered by that refund
  if (report.outcome !== 'refunded') {
    await repo.decideRefundRequest(db, id, {
      status: 'approved',
      answer: reason.trim(),
      refund_no: report.refund_no,
      operator_username: operator,
      decided_at: clock.iso(),
    });
    await closeInvoiceOfRefunded(db, req.order_no, operator);
  }
  return id;
}

/** What an invoice request still open on an order refunded whole is told when it closes. */
export const INVOICE_CLOSED_BY_REFUND = '订单已全额退款，无需开票，发票申请已自动关闭';

/**
 * An approved refund request gives the order's money back whole: an invoice request still waiting on
 * it would be an invoice for nothing, so it closes with the refund (in its transaction), saying why.
 * An invoice already issued stays as it is (finance reverses it by its own process).
 */
async function closeInvoiceOfRefunded(db: Executor, orderNo: string, operator: string): Promise<void> {
  const invoice = await repo.currentInvoiceRequest(db, orderNo);
  if (invoice?.status !== 'open') return;
  await repo.decideInvoiceRequest(db, invoice.id, {
    status: 'rejected',
    invoice_no: '',
    answer: INVOICE_CLOSED_BY_REFUND,
    operator_username: operator,
    decided_at: clock.iso(),
  });
}

/** The kinds' words in a refusal. */
const KIND_NAME: Record<repo.RequestTable, string> = { refund_requests: '退款申请', invoice_requests: '发票申请' };

/** An open request decided (by `decide`, false when it was decided already), with its audit row, in one transaction. */
async function decideOpen(
  ctx: AppContext,
  table: repo.RequestTable,
  id: number,
  decide: (trx: Executor) => Promise<boolean>,
  after: Record<string, unknown>,
  record?: Recorder,
) {
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const req = await repo.requestById(trx, table, id);
    if (!req) throw new AppError(Code.NOT_FOUND, `${KIND_NAME[table]}不存在`);
    if (!(await decide(trx))) throw new AppError(Code.AFTER_SALES_DECIDED, `该${KIND_NAME[table]}已处理`);
    await record?.(trx, { before: 'open', after });
  });
  return id;
}

export async function rejectRefundRequest(ctx: AppContext, id: number, reason: string, operator: string, record?: Recorder) {
  const decision = { status: 'rejected', answer: reason.trim(), refund_no: null, operator_username: operator, decided_at: clock.iso() };
  return decideOpen(ctx, 'refund_requests', id, (trx) => repo.decideRefundRequest(trx, id, decision), { status: 'rejected' }, record);
}

export async function issueInvoice(ctx: AppContext, id: number, invoiceNo: string, operator: string, record?: Recorder) {
  const invoice_no = invoiceNo.trim();
  const decision = { status: 'issued', invoice_no, answer: '', operator_username: operator, decided_at: clock.iso() };
  return decideOpen(
    ctx,
    'invoice_requests',
    id,
    (trx) => repo.decideInvoiceRequest(trx, id, decision),
    { status: 'issued', invoice_no },
    record,
  );
}

export async function rejectInvoice(ctx: AppContext, id: number, reason: string, operator: string, record?: Recorder) {
  const decision = { status: 'rejected', invoice_no: '', answer: reason.trim(), operator_username: operator, decided_at: clock.iso() };
  return decideOpen(ctx, 'invoice_requests', id, (trx) => repo.decideInvoiceRequest(trx, id, decision), { status: 'rejected' }, record);
}

export { requestQueue, requestRow, openRequests, requestById, type RequestTable, type RequestWithOrder } from './repo';
