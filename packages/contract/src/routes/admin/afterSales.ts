// Written by `npm run routes` from ../../admin/afterSales.ts, where each endpoint is declared: do not edit.

export const adminRefundRequestList = 'GET /admin/refund-requests';
export const adminRefundRequestApprove = 'POST /admin/refund-requests/approve';
export const adminRefundRequestReject = 'POST /admin/refund-requests/reject';
export const adminInvoiceRequestList = 'GET /admin/invoice-requests';
export const adminInvoiceRequestIssue = 'POST /admin/invoice-requests/issue';
export const adminInvoiceRequestReject = 'POST /admin/invoice-requests/reject';
