// Written by `npm run routes` from ../portal/payeeConfirm.ts, where each endpoint is declared: do not edit.

export const payeeConfirmShow = 'GET /v2/payee_confirm';
export const payeeConfirmCheck = 'POST /v2/payee_confirm/check';
