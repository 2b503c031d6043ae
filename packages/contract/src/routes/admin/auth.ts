// Written by `npm run routes` from ../../admin/auth.ts, where each endpoint is declared: do not edit.

export const adminLogin = 'POST /admin/login';
export const adminLogout = 'POST /admin/logout';
export const adminSession = 'GET /admin/session';
export const adminChangePassword = 'POST /admin/password';
export const adminTotpEnrol = 'POST /admin/totp/enrol';
export const adminTotpConfirm = 'POST /admin/totp/confirm';
export const adminTotpDisable = 'POST /admin/totp/disable';
