// Written by `npm run routes` from ../portal/afterSales.ts, where each endpoint is declared: do not edit.

export const orderAfterSales = 'GET /v1/order/after_sales';
export const orderRefundRequest = 'POST /v1/order/refund_request';
export const orderInvoiceRequest = 'POST /v1/order/invoice_request';
