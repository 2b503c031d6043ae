// Written by `npm run routes` from ../../admin/commissions.ts, where each endpoint is declared: do not edit.

export const adminCommissionAgents = 'GET /admin/commissions/agents';
export const adminCommissionLedger = 'GET /admin/commissions/ledger';
export const adminCommissionStatement = 'GET /admin/commissions/statement';
export const adminCommissionStatementExport = 'GET /admin/commissions/statement/export';
export const adminCommissionWithdrawals = 'GET /admin/commissions/withdrawals';
export const adminCommissionWithdrawalRequest = 'POST /admin/commissions/withdrawals/request';
export const adminCommissionWithdrawalApprove = 'POST /admin/commissions/withdrawals/approve';
export const adminCommissionWithdrawalReject = 'POST /admin/commissions/withdrawals/reject';
export const adminCommissionWithdrawalPaid = 'POST /admin/commissions/withdrawals/paid';
export const adminCommissionWithdrawalFailed = 'POST /admin/commissions/withdrawals/failed';
export const adminCommissionWithdrawalTransfer = 'POST /admin/commissions/withdrawals/transfer';
export const adminCommissionWithdrawalCancel = 'POST /admin/commissions/withdrawals/cancel';
export const adminCommissionAdjust = 'POST /admin/commissions/adjust';
export const adminCommissionSettings = 'POST /admin/commissions/settings';
export const adminCommissionAccountCode = 'POST /admin/commissions/account/code';
export const adminCommissionAccountSave = 'POST /admin/commissions/account';
export const adminPayeeWechatStart = 'POST /admin/commissions/payee/wechat';
export const adminPayeeWechatStatus = 'GET /admin/commissions/payee/wechat';
export const payeeWechatBound = 'GET /admin/public/payee/wechat/bound';
