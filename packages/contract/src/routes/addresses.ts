// Written by `npm run routes` from ../portal/addresses.ts, where each endpoint is declared: do not edit.

export const addressList = 'GET /v1/user/addresses';
export const addressSave = 'POST /v1/user/addresses';
export const addressDelete = 'POST /v1/user/addresses/delete';
export const addressSetDefault = 'POST /v1/user/addresses/default';
