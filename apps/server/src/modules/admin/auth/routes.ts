import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context';
import { serve } from '../../../lib/endpoint';
import { clearSessionCookie, endSession, setSessionCookie } from '../access/sessions';
import { recordAudit } from '../audit';
import { changePassword, confirmTotp, current, disableTotp, enrolTotp, login } from './service';

export async function adminAuthRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  // Secure in production, and whenever the request came over TLS (req.protocol honours the
  // trusted proxy's X-Forwarded-Proto): a staging site on https gets a cookie that never travels in clear.
  const secure = (req: FastifyRequest) => ctx.config.production || req.protocol === 'https';

  serve(api, 'adminLogin', async (req, reply) => {
    const { answer, token } = await login(ctx, req.body, { requestId: String(req.id), ip: req.ip });
    if (token) setSessionCookie(reply, token, secure(req));
    return answer;
  });

  serve(api, 'adminLogout', async (req, reply, op) => {
    await ctx.db.kysely.transaction().execute(async (trx) => {
      await endSession(trx, op.sessionId);
      await recordAudit(trx, op, { action: 'operator.logout', target: { type: 'operator', id: op.id } });
    });
    clearSessionCookie(reply, secure(req));
    return null;
  });

  serve(api, 'adminSession', async (_req, _reply, op) => current(ctx, op));
  serve(api, 'adminChangePassword', async (req, _reply, op) => changePassword(ctx, op, req.body));
  serve(api, 'adminTotpEnrol', async (_req, _reply, op) => enrolTotp(ctx, op));
  serve(api, 'adminTotpConfirm', async (req, _reply, op) => confirmTotp(ctx, op, req.body));
  serve(api, 'adminTotpDisable', async (req, _reply, op) => disableTotp(ctx, op, req.body));
}
