import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context';
import { serveAdmin, serveAdminOpen } from '../access/guard';
import { clearSessionCookie, endSession, setSessionCookie } from '../access/sessions';
import { recordAudit } from '../audit';
import { changePassword, confirmTotp, current, disableTotp, enrolTotp, login } from './service';

export async function adminAuthRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  // Secure in production, and whenever the request came over TLS (req.protocol honours the
  // trusted proxy's X-Forwarded-Proto): a staging site on https gets a cookie that never travels in clear.
  const secure = (req: FastifyRequest) => ctx.config.production || req.protocol === 'https';

  serveAdminOpen(api, 'adminLogin', async (req, reply) => {
    const { answer, token } = await login(ctx, req.body, { requestId: String(req.id), ip: req.ip });
    if (token) setSessionCookie(reply, token, secure(req));
    return answer;
  });

  serveAdmin(api, ctx, 'adminLogout', 'self', async (req, reply, op) => {
    await ctx.db.kysely.transaction().execute(async (trx) => {
      await endSession(trx, op.sessionId);
      await recordAudit(trx, op, { action: 'operator.logout', target: { type: 'operator', id: op.id } });
    });
    clearSessionCookie(reply, secure(req));
    return null;
  });

  serveAdmin(api, ctx, 'adminSession', 'self', async (_req, _reply, op) => current(ctx, op));
  serveAdmin(api, ctx, 'adminChangePassword', 'self', async (req, _reply, op) => changePassword(ctx, op, req.body));
  serveAdmin(api, ctx, 'adminTotpEnrol', 'self', async (_req, _reply, op) => enrolTotp(ctx, op));
  serveAdmin(api, ctx, 'adminTotpConfirm', 'self', async (req, _reply, op) => confirmTotp(ctx, op, req.body));
  serveAdmin(api, ctx, 'adminTotpDisable', 'self', async (req, _reply, op) => disableTotp(ctx, op, req.body));
}
