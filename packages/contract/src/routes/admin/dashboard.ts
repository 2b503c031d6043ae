// The console's dashboard routes: see ../admin.ts.

export const adminDashboard = 'GET /admin/dashboard';
