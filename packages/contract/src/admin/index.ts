// Every operator-console endpoint: one spread per admin area (./define.ts says how to add one).
// ../endpoints.ts joins it to the portal's in REGISTRY, which the console's client and the server's
// serve() are typed from; the server's role-matrix test walks it, so an endpoint added here without
// a row there fails that test.
import type { z } from 'zod';
import { adminAuditEndpoints } from './audit';
import { adminAuthEndpoints } from './auth';
import { adminDashboardEndpoints } from './dashboard';
import { adminCardsEndpoints } from './cards';
import { adminCardImportEndpoints } from './cardImports';
import { adminBulkJobEndpoints } from './bulkJobs';
import { adminOrderEndpoints } from './orders';
import { adminQueueEndpoints } from './queues';
import { adminAgentsEndpoints } from './agents';
import { adminCatalogueEndpoints } from './catalogue';
import { adminOperatorEndpoints } from './operators';
import { adminExportEndpoints } from './exports';
import { adminCarrierEndpoints } from './carriers';
import { adminCommissionEndpoints } from './commissions';
import { adminDeviceEndpoints } from './devices';
import { adminErrorReportEndpoints } from './errorReports';
import { adminAfterSalesEndpoints } from './afterSales';
import { adminApprovalEndpoints } from './approvals';

export const ADMIN_ENDPOINTS = {
  ...adminAuthEndpoints,
  ...adminAuditEndpoints,
  ...adminDashboardEndpoints,
  ...adminCardsEndpoints,
  ...adminCardImportEndpoints,
  ...adminBulkJobEndpoints,
  ...adminOrderEndpoints,
  ...adminQueueEndpoints,
  ...adminAgentsEndpoints,
  ...adminCatalogueEndpoints,
  ...adminOperatorEndpoints,
  ...adminExportEndpoints,
  ...adminCarrierEndpoints,
  ...adminCommissionEndpoints,
  ...adminDeviceEndpoints,
  ...adminErrorReportEndpoints,
  ...adminAfterSalesEndpoints,
  ...adminApprovalEndpoints,
} as const;

export * from './auth';
export * from './audit';
export * from './auditLabels';
export * from './dashboard';
export * from './cards';
export * from './cardImports';
export * from './bulkJobs';
export * from './orders';
export * from './queues';
export * from './agents';
export * from './catalogue';
export * from './operators';
export * from './exports';
export * from './carriers';
export * from './commissions';
export * from './devices';
export * from './afterSales';
export * from './approvals';
export * from './permissions';

export type AdminEndpoints = typeof ADMIN_ENDPOINTS;
export type AdminEndpointName = keyof AdminEndpoints;

type In<T> = T extends z.ZodType ? z.input<T> : never;
type Out<T> = T extends z.ZodType ? z.output<T> : never;

/** What the console sends: the body of a POST, else the query of a GET, else nothing. */
export type AdminInputOf<K extends AdminEndpointName> = AdminEndpoints[K] extends { body: infer B }
  ? In<B>
  : AdminEndpoints[K] extends { query: infer Q }
    ? In<Q>
    : void;
export type AdminAnswerOf<K extends AdminEndpointName> = AdminEndpoints[K] extends { answer: infer A } ? Out<A> : never;
export type AdminQueryOf<K extends AdminEndpointName> = AdminEndpoints[K] extends { query: infer Q } ? Out<Q> : undefined;
export type AdminBodyOf<K extends AdminEndpointName> = AdminEndpoints[K] extends { body: infer B } ? Out<B> : undefined;
export type AdminParamsOf<K extends AdminEndpointName> = AdminEndpoints[K] extends { params: infer P } ? Out<P> : undefined;
