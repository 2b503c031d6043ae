// Written by `npm run routes` from ../../admin/dashboard.ts, where each endpoint is declared: do not edit.

export const adminDashboard = 'GET /admin/dashboard';
