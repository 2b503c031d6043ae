// Routes of the payee's confirmation page (/payee_confirm, open without login): see ./index.ts.

export const payeeConfirmShow = 'GET /v2/payee_confirm';
export const payeeConfirmCheck = 'POST /v2/payee_confirm/check';
