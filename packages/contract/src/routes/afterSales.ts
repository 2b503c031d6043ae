// Routes of a holder's refund and invoice requests (docs/decisions/0045): see ./index.ts.

export const orderAfterSales = 'GET /v1/order/after_sales';
export const orderRefundRequest = 'POST /v1/order/refund_request';
export const orderInvoiceRequest = 'POST /v1/order/invoice_request';
