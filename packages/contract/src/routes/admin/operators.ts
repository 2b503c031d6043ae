// Written by `npm run routes` from ../../admin/operators.ts, where each endpoint is declared: do not edit.

export const adminOperatorList = 'GET /admin/operators';
export const adminOperatorCreate = 'POST /admin/operators/create';
export const adminOperatorResetPassword = 'POST /admin/operators/password';
export const adminOperatorResetTotp = 'POST /admin/operators/totp';
export const adminOperatorUnlock = 'POST /admin/operators/unlock';
export const adminOperatorSetDisabled = 'POST /admin/operators/disabled';
export const adminOperatorSetRole = 'POST /admin/operators/role';
