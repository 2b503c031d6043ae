import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { addressesRoutes } from './addresses';
import { adminRoutes, deleteStaleRequestKeys, operatorGuard } from './admin';
import { agentApplicationsRoutes } from './agentApplications';
import { alertsRoutes } from './alerts';
import { authRoutes, requireAuth } from './auth';
import { bindingTokensRoutes } from './bindingTokens';
import { brandingRoutes } from './branding';
import { cardPasswordRoutes, saveCardPasswordHash } from './cardPassword';
import { cardsRoutes } from './cards';
import { carriersRoutes, type DeclaredAccount } from './carriers';
import { commerceRoutes, payRoutes } from './commerce';
import { devicesRoutes } from './devices';
import { diagnosisRoutes } from './diagnosis';
import { errorReportsRoutes } from './errorReports';
import { lineRoutes } from './line';
import { membershipRoutes } from './membership';
import { messagesRoutes } from './messages';
import { realNameRoutes } from './realName';
import { registrationRoutes } from './registration';
import { replacementRoutes } from './replacement';
import { seriesRoutes } from './series';
import { uploadRoutes } from './upload';
import { ticketsRoutes } from './tickets';
import { usageRoutes } from './usage';
import { wechatJsSdkRoutes } from './wechatJsSdk';

/** Every API module registers under /api here, through its public entry (docs/decisions/0008). */
export async function registerModules(api: FastifyInstance, ctx: AppContext, opts: { declaredCarriers: DeclaredAccount[] }): Promise<void> {
  // the checks that lib/endpoint's serve() puts before every endpoint that is not open: the holder's
  // login (`access: 'holder'`) and the operator's session and permission (`access: '<permission>'`)
  api.decorate('requireSession', requireAuth(ctx));
  api.decorate('operatorGuard', operatorGuard(ctx));
  await authRoutes(api, ctx, { saveCardPasswordHash, sweepRequestKeys: deleteStaleRequestKeys });
  await cardPasswordRoutes(api, ctx);
  await brandingRoutes(api, ctx);
  await payRoutes(api, ctx);
  await cardsRoutes(api, ctx);
  await usageRoutes(api, ctx);
  await carriersRoutes(api, ctx, opts.declaredCarriers);
  await lineRoutes(api, ctx);
  // real-name, series choice, card replacement
  await realNameRoutes(api, ctx);
  await seriesRoutes(api, ctx);
  await replacementRoutes(api, ctx);
  await addressesRoutes(api, ctx);
  await uploadRoutes(api, ctx);
  await commerceRoutes(api, ctx);
  await devicesRoutes(api, ctx);
  await alertsRoutes(api, ctx);
  await diagnosisRoutes(api, ctx);
  await ticketsRoutes(api, ctx);
  // the message centre: alerts and ticket replies kept for the holder (docs/decisions/0044-holder-account.md)
  await messagesRoutes(api, ctx);
  await agentApplicationsRoutes(api, ctx);
  // the operator console's API under /api/admin (docs/decisions/0018)
  await adminRoutes(api, ctx);
  await membershipRoutes(api, ctx);
  await registrationRoutes(api, ctx);
  await bindingTokensRoutes(api, ctx);
  // phones' error reports, and their list in the console (docs/decisions/0037-errors-from-phones.md)
  await errorReportsRoutes(api, ctx);
  await wechatJsSdkRoutes(api, ctx);
}
