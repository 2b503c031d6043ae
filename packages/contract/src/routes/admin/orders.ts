// Written by `npm run routes` from ../../admin/orders.ts, where each endpoint is declared: do not edit.

export const adminOrderList = 'GET /admin/orders';
export const adminOrderExport = 'GET /admin/orders/export';
export const adminOrderDetail = 'GET /admin/orders/detail';
export const adminOrderMobileReveal = 'POST /admin/orders/mobile-reveal';
export const adminOrderRefund = 'POST /admin/orders/refund';
export const adminOrderPartialRefund = 'POST /admin/orders/partial-refund';
export const adminLatePayments = 'GET /admin/orders/late-payments';
export const adminCardLedger = 'GET /admin/balance/ledger';
export const adminBalanceAdjust = 'POST /admin/balance/adjust';
