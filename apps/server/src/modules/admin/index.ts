// The operator console's API (docs/decisions/0018): every admin area registers here,
// one line each, its endpoints declared in @portal/contract/admin and served through lib/endpoint.ts's
// serve(), which puts access/guard.ts's check (origin, session, permission) before the handler.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { auditRoutes } from './audit';
import { adminAuthRoutes } from './auth/routes';
import { dashboardRoutes } from './dashboard/routes';
import { adminCardRoutes } from './cards/routes';
import { orderRoutes } from './orders/routes';
import { queueRoutes } from './queues/routes';
import { agentsRoutes } from './agents/routes';
import { catalogueRoutes } from './catalogue/routes';
import { operatorRoutes } from './operators/routes';
import { carrierAccountRoutes } from './carriers/routes';
import { commissionRoutes } from './commissions/routes';
import { deviceTaskRoutes } from './devices/routes';
import { afterSalesRoutes } from './afterSales/routes';
import { approvalRoutes } from './approving/routes';
import { balanceAdjustRoutes } from './balance/routes';

export async function adminRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  await adminAuthRoutes(api, ctx);
  await auditRoutes(api, ctx);
  await dashboardRoutes(api, ctx);
  await adminCardRoutes(api, ctx);
  await orderRoutes(api, ctx);
  await queueRoutes(api, ctx);
  await agentsRoutes(api, ctx);
  await catalogueRoutes(api, ctx);
  await operatorRoutes(api, ctx);
  await carrierAccountRoutes(api, ctx);
  await commissionRoutes(api, ctx);
  await deviceTaskRoutes(api, ctx);
  await afterSalesRoutes(api, ctx);
  await balanceAdjustRoutes(api, ctx);
  await approvalRoutes(api, ctx);
}

export { recordAudit, type AuditEntryInput } from './audit';
export { operatorGuard } from './access/guard';
export { REGISTERED as ADMIN_REGISTERED } from '../../lib/endpoint';
export type { AdminActor } from './access/actor';
export { agentFilter, assertInScope } from './access/scope';
export { deleteStaleRequestKeys } from './access/requestKeys';
export { PERMISSIONS, ROLES, type Permission } from './access/permissions';

/** Whether the request carries a live operator session (the API docs in production are for operators only). */
export { authenticate as authenticateOperator, SESSION_COOKIE as OPERATOR_SESSION_COOKIE } from './access/sessions';
// the server-side operator command (cli/createAdmin.ts)
export { createAdminFromServer } from './operators/fromServer';
