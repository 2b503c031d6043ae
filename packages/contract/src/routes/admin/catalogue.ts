// Written by `npm run routes` from ../../admin/catalogue.ts, where each endpoint is declared: do not edit.

export const adminSeriesList = 'GET /admin/catalogue/series';
export const adminSeriesSave = 'POST /admin/catalogue/series/save';
export const adminPackageList = 'GET /admin/catalogue/packages';
export const adminPackageSave = 'POST /admin/catalogue/packages/save';
export const adminPriceSave = 'POST /admin/catalogue/prices/save';
export const adminCouponPackageList = 'GET /admin/catalogue/coupon-packages';
export const adminCouponPackageSave = 'POST /admin/catalogue/coupon-packages/save';
export const adminRechargeOfferList = 'GET /admin/catalogue/recharge-offers';
export const adminRechargeOfferSave = 'POST /admin/catalogue/recharge-offers/save';
export const adminVoucherIssue = 'POST /admin/vouchers/issue';
export const adminVoucherBatches = 'GET /admin/vouchers/batches';
export const adminVoucherBatchRevoke = 'POST /admin/vouchers/batches/revoke';
