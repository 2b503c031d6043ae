// Routes of a holder's saved addresses (地址管理): see ./index.ts.

export const addressList = 'GET /v1/user/addresses';
export const addressSave = 'POST /v1/user/addresses';
export const addressDelete = 'POST /v1/user/addresses/delete';
export const addressSetDefault = 'POST /v1/user/addresses/default';
