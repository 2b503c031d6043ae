import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoint';
import { authOf } from './session';
import { cleanupJob } from './cleanupJob';
import {
  changeMobile,
  changePassword,
  login,
  logout,
  requestSmsCode,
  resetUserPassword,
  sendMobileChangeCode,
  sessionInfo,
  type CardHashSaver,
} from './service';

/**
 * `saveCardPasswordHash`: how a card's password hash is replaced after a card-number login finds it
 * made under an older cost (lib/password's rehashIfNeeded). The card record owns the hash and uses
 * auth, so the app wiring hands its writer in (modules/index.ts) rather than auth importing it.
 */
export async function authRoutes(api: FastifyInstance, ctx: AppContext, opts: { saveCardPasswordHash: CardHashSaver }): Promise<void> {
  // expired sessions, SMS codes and throttle rows (docs/decisions/0017); interval 0: only when asked
  api.jobs.add(cleanupJob(ctx));
  serve(api, 'sendSmsCode', async (req) => requestSmsCode(ctx, req.body, req.ip));
  serve(api, 'login', async (req) => login(ctx, req.body, req.ip, opts.saveCardPasswordHash));
  serve(api, 'logout', async (req) => {
    await logout(ctx, authOf(req));
    return null;
  });
  serve(api, 'session', async (req) => sessionInfo(ctx, authOf(req)));
  serve(api, 'changeUserPassword', async (req) => changePassword(ctx, authOf(req), req.body, req.ip));
  serve(api, 'resetUserPassword', async (req) => resetUserPassword(ctx, req.body, req.ip));
  serve(api, 'mobileChangeCode', async (req) => sendMobileChangeCode(ctx, authOf(req), req.body, req.ip));
  serve(api, 'changeMobile', async (req) => changeMobile(ctx, authOf(req), req.body));
}
