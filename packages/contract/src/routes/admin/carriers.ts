// Written by `npm run routes` from ../../admin/carriers.ts, where each endpoint is declared: do not edit.

export const adminCarrierAccountList = 'GET /admin/carrier-accounts';
export const adminCarrierKinds = 'GET /admin/carrier-accounts/kinds';
export const adminCarrierAccountCreate = 'POST /admin/carrier-accounts/create';
export const adminCarrierAccountUpdate = 'POST /admin/carrier-accounts/update';
export const adminCarrierAccountSetEnabled = 'POST /admin/carrier-accounts/enabled';
export const adminCarrierAccountTest = 'POST /admin/carrier-accounts/test';
