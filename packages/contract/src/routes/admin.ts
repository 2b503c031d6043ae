// Every operator-console endpoint's route, one export each: "METHOD /path" under /api, all under
// /admin. Written by `npm run routes` from ../admin/<area>.ts (../routesFile.ts): do not edit. The
// console imports this namespace (`import * as admin from '@portal/contract/routes/admin'`).
export * from './admin/afterSales';
export * from './admin/agents';
export * from './admin/approvals';
export * from './admin/audit';
export * from './admin/auth';
export * from './admin/bulkJobs';
export * from './admin/cardImports';
export * from './admin/cards';
export * from './admin/carriers';
export * from './admin/catalogue';
export * from './admin/commissions';
export * from './admin/dashboard';
export * from './admin/devices';
export * from './admin/errorReports';
export * from './admin/exports';
export * from './admin/operators';
export * from './admin/orders';
export * from './admin/queues';
