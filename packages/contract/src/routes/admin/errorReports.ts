// Written by `npm run routes` from ../../admin/errorReports.ts, where each endpoint is declared: do not edit.

export const adminErrorGroups = 'GET /admin/error_reports';
