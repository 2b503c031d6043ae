// Written by `npm run routes` from ../portal/cardPassword.ts, where each endpoint is declared: do not edit.

export const hasPassword = 'GET /v1/card/has_password';
export const bindCheck = 'GET /v1/card/bind_check';
export const cardPasswordSms = 'POST /v1/card/password/sms';
export const cardPasswordReset = 'POST /v1/card/password/reset';
