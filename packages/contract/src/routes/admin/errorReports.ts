// The console's errorReports routes: see ../admin.ts.

export const adminErrorGroups = 'GET /admin/error_reports';
