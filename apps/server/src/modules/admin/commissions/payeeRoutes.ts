// The payee's confirmation page's endpoints (docs/decisions/0039-payee-confirms-transfer.md): open,
// the link's token is the credential. Served beside the console's commission routes, which show
// finance the link; a settlement they cause is audited as the page's, with the payee's address.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { serve } from '../../../lib/endpoint';
import * as commissions from '../../commissions';
import { recordAudit, type AuditWho } from '../audit';

export function payeeConfirmRoutes(api: FastifyInstance, ctx: AppContext): void {
  serve(api, 'payeeConfirmShow', async (req) => commissions.payeeConfirmation(ctx, req.query.t, req.ip));
  serve(api, 'payeeConfirmCheck', async (req) => {
    const who: AuditWho = { id: null, username: 'payee-confirm', role: 'system', agentId: null, requestId: req.id, ip: req.ip };
    return commissions.checkPayeeConfirmation(ctx, req.body.t, req.ip, (trx, r) => recordAudit(trx, who, r));
  });
}
