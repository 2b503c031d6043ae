// The console's approvals routes: see ../admin.ts.

export const adminWriteLimits = 'GET /admin/limits';
export const adminWriteLimitsSave = 'POST /admin/limits/save';
export const adminApprovalList = 'GET /admin/approvals';
export const adminApprovalApprove = 'POST /admin/approvals/approve';
export const adminApprovalReject = 'POST /admin/approvals/reject';
export const adminApprovalWithdraw = 'POST /admin/approvals/withdraw';
