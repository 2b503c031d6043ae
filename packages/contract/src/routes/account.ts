// Written by `npm run routes` from ../portal/account.ts, where each endpoint is declared: do not edit.

export const changeUserPassword = 'POST /v1/user/password';
export const resetUserPassword = 'POST /v1/user/password/reset';
export const mobileChangeCode = 'POST /v1/user/mobile/code';
export const changeMobile = 'POST /v1/user/mobile';
