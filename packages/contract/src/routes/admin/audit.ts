// The console's audit routes: see ../admin.ts.

export const adminAuditList = 'GET /admin/audit';
export const adminAuditExport = 'GET /admin/audit/export';
