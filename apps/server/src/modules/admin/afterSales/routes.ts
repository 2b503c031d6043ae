// The console's after-sales queues (docs/decisions/0045-partial-refunds-and-requests.md): holders'
// refund requests and invoice requests, in the agent's scope. Every decision goes through the
// commerce module's afterSales service with its audit row in the same transaction; approving a
// refund request is a real refund through the one refund service.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { afterSales } from '../../commerce';
import { serve } from '../../../lib/endpoint';
import type { AdminActor } from '../access/actor';
import { agentFilter, assertInScope } from '../access/scope';
import { recordAudit } from '../audit';

type RefundRow = NonNullable<Awaited<ReturnType<typeof afterSales.refundRequestRow>>>;
type InvoiceRow = NonNullable<Awaited<ReturnType<typeof afterSales.invoiceRequestRow>>>;

function refundRowOf(r: RefundRow) {
  return {
    id: r.id,
    order_no: r.order_no,
    custom_num: r.custom_num,
    agent_id: r.agent_id,
    title: r.title,
    goods_type: r.goods_type,
    payable_fen: r.payable_fen,
    pay_channel: r.pay_channel,
    order_state: r.order_state,
    paid_at: r.paid_at,
    status: r.status as 'open' | 'approved' | 'rejected',
    reason: r.reason,
    answer: r.answer,
    refund_no: r.refund_no,
    operator_username: r.operator_username,
    created_at: r.created_at,
    decided_at: r.decided_at,
  };
}

function invoiceRowOf(r: InvoiceRow) {
  return {
    id: r.id,
    order_no: r.order_no,
    custom_num: r.custom_num,
    agent_id: r.agent_id,
    title: r.title,
    goods_type: r.goods_type,
    payable_fen: r.payable_fen,
    pay_channel: r.pay_channel,
    order_state: r.order_state,
    paid_at: r.paid_at,
    status: r.status as 'open' | 'issued' | 'rejected',
    title_type: r.title_type as 'personal' | 'company',
    tax_no: r.tax_no,
    email: r.email,
    amount_fen: r.amount_fen,
    invoice_no: r.invoice_no,
    answer: r.answer,
    operator_username: r.operator_username,
    created_at: r.created_at,
    decided_at: r.decided_at,
  };
}

export async function afterSalesRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.db.kysely;

  const refundInScope = async (op: AdminActor, id: number) => {
    const row = await afterSales.refundRequestRow(db, id);
    assertInScope(op, row?.agent_id);
    return row!;
  };
  const invoiceInScope = async (op: AdminActor, id: number) => {
    const row = await afterSales.invoiceRequestRow(db, id);
    assertInScope(op, row?.agent_id);
    return row!;
  };

  serve(api, 'adminRefundRequestList', async (req, _reply, op) => {
    const q = req.query;
    const rows = await afterSales.refundRequestQueue(db, agentFilter(op), { status: q.status, afterId: q.after_id }, q.limit + 1);
    const items = rows.slice(0, q.limit).map(refundRowOf);
    return { items, next_after_id: rows.length > q.limit ? items[items.length - 1]!.id : null };
  });

  serve(api, 'adminRefundRequestApprove', async (req, _reply, op) => {
    const row = await refundInScope(op, req.body.id);
    await afterSales.approveRefundRequest(ctx, row.id, req.body.reason, op.username, async (trx, done) => {
      await recordAudit(trx, op, {
        action: 'refund_request.approved',
        target: { type: 'refund_request', id: String(row.id) },
        reason: req.body.reason,
        before: { status: done.before, order_no: row.order_no },
        after: done.after,
      });
    });
    return refundRowOf((await afterSales.refundRequestRow(db, row.id))!);
  });

  serve(api, 'adminRefundRequestReject', async (req, _reply, op) => {
    const row = await refundInScope(op, req.body.id);
    await afterSales.rejectRefundRequest(ctx, row.id, req.body.reason, op.username, async (trx, done) => {
      await recordAudit(trx, op, {
        action: 'refund_request.rejected',
        target: { type: 'refund_request', id: String(row.id) },
        reason: req.body.reason,
        before: { status: done.before, order_no: row.order_no },
        after: done.after,
      });
    });
    return refundRowOf((await afterSales.refundRequestRow(db, row.id))!);
  });

  serve(api, 'adminInvoiceRequestList', async (req, _reply, op) => {
    const q = req.query;
    const rows = await afterSales.invoiceRequestQueue(db, agentFilter(op), { status: q.status, afterId: q.after_id }, q.limit + 1);
    const items = rows.slice(0, q.limit).map(invoiceRowOf);
    return { items, next_after_id: rows.length > q.limit ? items[items.length - 1]!.id : null };
  });

  serve(api, 'adminInvoiceRequestIssue', async (req, _reply, op) => {
    const row = await invoiceInScope(op, req.body.id);
    await afterSales.issueInvoice(ctx, row.id, req.body.invoice_no, op.username, async (trx, done) => {
      await recordAudit(trx, op, {
        action: 'invoice_request.issued',
        target: { type: 'invoice_request', id: String(row.id) },
        before: { status: done.before, order_no: row.order_no },
        after: done.after,
      });
    });
    return invoiceRowOf((await afterSales.invoiceRequestRow(db, row.id))!);
  });

  serve(api, 'adminInvoiceRequestReject', async (req, _reply, op) => {
    const row = await invoiceInScope(op, req.body.id);
    await afterSales.rejectInvoice(ctx, row.id, req.body.reason, op.username, async (trx, done) => {
      await recordAudit(trx, op, {
        action: 'invoice_request.rejected',
        target: { type: 'invoice_request', id: String(row.id) },
        reason: req.body.reason,
        before: { status: done.before, order_no: row.order_no },
        after: done.after,
      });
    });
    return invoiceRowOf((await afterSales.invoiceRequestRow(db, row.id))!);
  });
}
