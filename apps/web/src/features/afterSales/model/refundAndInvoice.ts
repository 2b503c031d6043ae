// What happens to an order's invoice while a refund of it is pending (decision 0070: both could wait on
// one order and nothing said which wins). The server's rule (modules/commerce/afterSales): an approved
// refund gives the order back whole and closes an invoice request still open on it; an invoice
// already issued stays, to be reversed (冲红) by finance.
import type { AfterSales } from '@portal/contract';

export function refundInvoiceNote(a: Pick<AfterSales, 'refund' | 'invoice'>): string | null {
  if (a.refund.request?.status !== 'open') return null;
  const invoice = a.invoice.request?.status === 'rejected' ? undefined : a.invoice.request;
  if (invoice?.status === 'issued') return '退款审核中：发票已开具，退款完成后请联系客服办理发票冲红。';
  if (invoice?.status === 'open') return '退款审核中：退款完成后，本订单的发票申请将自动关闭，无需开票；如退款未通过，发票照常开具。';
  return a.invoice.can_request ? '退款审核中：退款完成后本订单不再开票；如退款未通过，可再申请发票。' : null;
}
