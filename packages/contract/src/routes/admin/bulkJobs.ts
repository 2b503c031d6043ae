// The console's bulkJobs routes: see ../admin.ts.

export const adminBulkJobCreate = 'POST /admin/bulk-jobs';
export const adminBulkJobList = 'GET /admin/bulk-jobs';
export const adminBulkJobDetail = 'GET /admin/bulk-jobs/detail';
