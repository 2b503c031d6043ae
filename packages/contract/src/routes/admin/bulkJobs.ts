// Written by `npm run routes` from ../../admin/bulkJobs.ts, where each endpoint is declared: do not edit.

export const adminBulkJobCreate = 'POST /admin/bulk-jobs';
export const adminBulkJobList = 'GET /admin/bulk-jobs';
export const adminBulkJobDetail = 'GET /admin/bulk-jobs/detail';
