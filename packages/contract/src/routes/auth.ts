// Written by `npm run routes` from ../portal/auth.ts, where each endpoint is declared: do not edit.

export const sendSmsCode = 'POST /v1/sms/code';
export const login = 'POST /v1/login';
export const logout = 'POST /v1/logout';
export const session = 'GET /v1/session';
