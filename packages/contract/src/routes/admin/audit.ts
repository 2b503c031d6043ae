// Written by `npm run routes` from ../../admin/audit.ts, where each endpoint is declared: do not edit.

export const adminAuditList = 'GET /admin/audit';
export const adminAuditExport = 'GET /admin/audit/export';
