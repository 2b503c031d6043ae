// Written by `npm run routes` from ../../admin/exports.ts, where each endpoint is declared: do not edit.

export const adminExportSeries = 'GET /admin/exports/series';
export const adminExportPackages = 'GET /admin/exports/packages';
export const adminExportPrices = 'GET /admin/exports/prices';
export const adminExportCouponPackages = 'GET /admin/exports/coupon-packages';
export const adminExportRechargeOffers = 'GET /admin/exports/recharge-offers';
export const adminExportVoucherBatches = 'GET /admin/exports/voucher-batches';
export const adminExportAgents = 'GET /admin/exports/agents';
export const adminExportTickets = 'GET /admin/exports/tickets';
export const adminExportApplications = 'GET /admin/exports/agent-applications';
export const adminExportReplacements = 'GET /admin/exports/replacements';
export const adminExportRealName = 'GET /admin/exports/real-name';
export const adminExportShopOrders = 'GET /admin/exports/shop-orders';
export const adminExportOperators = 'GET /admin/exports/operators';
export const adminExportLatePayments = 'GET /admin/exports/late-payments';
export const adminExportLedger = 'GET /admin/exports/ledger';
export const adminExportBulkJobItems = 'GET /admin/exports/bulk-job-items';
export const adminTicketImage = 'GET /admin/tickets/:id/images/:n';
