// Written by `npm run routes` from ../../admin/approvals.ts, where each endpoint is declared: do not edit.

export const adminWriteLimits = 'GET /admin/limits';
export const adminWriteLimitsSave = 'POST /admin/limits/save';
export const adminApprovalList = 'GET /admin/approvals';
export const adminApprovalApprove = 'POST /admin/approvals/approve';
export const adminApprovalReject = 'POST /admin/approvals/reject';
export const adminApprovalWithdraw = 'POST /admin/approvals/withdraw';
