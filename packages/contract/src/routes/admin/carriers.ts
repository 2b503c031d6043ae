// The console's carriers routes: see ../admin.ts.

export const adminCarrierAccountList = 'GET /admin/carrier-accounts';
export const adminCarrierKinds = 'GET /admin/carrier-accounts/kinds';
export const adminCarrierAccountCreate = 'POST /admin/carrier-accounts/create';
export const adminCarrierAccountUpdate = 'POST /admin/carrier-accounts/update';
export const adminCarrierAccountSetEnabled = 'POST /admin/carrier-accounts/enabled';
export const adminCarrierAccountTest = 'POST /admin/carrier-accounts/test';
