// Zod-free constants of a holder's refund and invoice requests (docs/decisions/0045), for the
// browser, the console and the schemas in ../afterSales.ts.

export const REFUND_REQUEST_STATUSES = ['open', 'approved', 'rejected'] as const;
export type RefundRequestStatus = (typeof REFUND_REQUEST_STATUSES)[number];
export const REFUND_REQUEST_STATUS_LABEL: Record<RefundRequestStatus, string> = {
  open: '审核中',
  approved: '已退款',
  rejected: '已驳回',
};

export const INVOICE_TITLE_TYPES = ['personal', 'company'] as const;
export type InvoiceTitleType = (typeof INVOICE_TITLE_TYPES)[number];
export const INVOICE_TITLE_TYPE_LABEL: Record<InvoiceTitleType, string> = { personal: '个人', company: '单位' };

export const INVOICE_REQUEST_STATUSES = ['open', 'issued', 'rejected'] as const;
export type InvoiceRequestStatus = (typeof INVOICE_REQUEST_STATUSES)[number];
export const INVOICE_REQUEST_STATUS_LABEL: Record<InvoiceRequestStatus, string> = {
  open: '开票中',
  issued: '已开票',
  rejected: '已驳回',
};
