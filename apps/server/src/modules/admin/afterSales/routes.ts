// The console's after-sales queues (docs/decisions/0045-partial-refunds-and-requests.md): holders'
// refund requests and invoice requests, in the agent's scope. Both are one queue (./requestQueue):
// every decision goes through the commerce module's afterSales service with its audit row in the
// same transaction; approving a refund request is a real refund through the one refund service.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { afterSales } from '../../commerce';
import { serve } from '../../../lib/endpoint';
import { holdRequestRefund } from '../refunds/held';
import { requestQueue } from './requestQueue';

type RefundRow = afterSales.RequestWithOrder<'refund_requests'>;
type InvoiceRow = afterSales.RequestWithOrder<'invoice_requests'>;

/** What both queues show of a request's order and card; `title` is the goods' name for a refund, the invoice's for an invoice. */
function orderPartOf(r: RefundRow | InvoiceRow, title: string) {
  return {
    id: r.id,
    order_no: r.order_no,
    custom_num: r.custom_num,
    agent_id: r.agent_id,
    title,
    goods_type: r.goods_type,
    payable_fen: r.payable_fen,
    pay_channel: r.pay_channel,
    order_state: r.order_state,
    paid_at: r.paid_at,
  };
}

/** What both queues show of the decision on a request. */
function decisionPartOf(r: RefundRow | InvoiceRow) {
  return { answer: r.answer, operator_username: r.operator_username, created_at: r.created_at, decided_at: r.decided_at };
}

function refundRowOf(r: RefundRow) {
  const status = r.status as 'open' | 'approved' | 'rejected';
  return { ...orderPartOf(r, r.order_title), ...decisionPartOf(r), status, reason: r.reason, refund_no: r.refund_no };
}

function invoiceRowOf(r: InvoiceRow) {
  return {
    ...orderPartOf(r, r.title),
    ...decisionPartOf(r),
    status: r.status as 'open' | 'issued' | 'rejected',
    title_type: r.title_type as 'personal' | 'company',
    tax_no: r.tax_no,
    email: r.email,
    amount_fen: r.amount_fen,
    invoice_no: r.invoice_no,
  };
}

export async function afterSalesRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const refunds = requestQueue(ctx, {
    target: 'refund_request',
    table: 'refund_requests',
    answerOf: refundRowOf,
  });
  const invoices = requestQueue(ctx, {
    target: 'invoice_request',
    table: 'invoice_requests',
    answerOf: invoiceRowOf,
  });

  serve(api, 'adminRefundRequestList', async (req, _reply, op) => {
    return refunds.page(op, req.query);
  });

  serve(api, 'adminRefundRequestApprove', async (req, _reply, op) => {
    const { id, reason } = req.body;
    // above the refund limit it waits for another person, the request still open (docs/decisions/0059)
    const held = await holdRequestRefund(ctx, op, id, reason);
    if (held) return held;
    return refunds.decide(op, id, { action: 'refund_request.approved', reason }, (rowId, record) =>
      afterSales.approveRefundRequest(ctx, rowId, reason, op.username, record),
    );
  });

  serve(api, 'adminRefundRequestReject', async (req, _reply, op) => {
    const { id, reason } = req.body;
    return refunds.decide(op, id, { action: 'refund_request.rejected', reason }, (rowId, record) =>
      afterSales.rejectRefundRequest(ctx, rowId, reason, op.username, record),
    );
  });

  serve(api, 'adminInvoiceRequestList', async (req, _reply, op) => {
    return invoices.page(op, req.query);
  });

  serve(api, 'adminInvoiceRequestIssue', async (req, _reply, op) => {
    const { id, invoice_no } = req.body;
    return invoices.decide(op, id, { action: 'invoice_request.issued' }, (rowId, record) =>
      afterSales.issueInvoice(ctx, rowId, invoice_no, op.username, record),
    );
  });

  serve(api, 'adminInvoiceRequestReject', async (req, _reply, op) => {
    const { id, reason } = req.body;
    return invoices.decide(op, id, { action: 'invoice_request.rejected', reason }, (rowId, record) =>
      afterSales.rejectInvoice(ctx, rowId, reason, op.username, record),
    );
  });
}
