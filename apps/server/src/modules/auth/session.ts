// Sessions: the bearer token of a login, checked before every route that needs one
// (docs/decisions/0002). The rows live in auth's table `sessions` (repo.ts).
import { hash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code, NEW_TOKEN_HEADER } from '@portal/contract/codes';
import type { AppContext } from '../../context';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import * as repo from './repo';
import { isFirstScreenRead } from '../../lib/firstScreenRead';

export interface Auth {
  sessionId: number;
  /** 0 for a card-number login (not a real user) */
  userId: number;
  /** the card of a card-number login, "" otherwise */
  customNum: string;
  loginModel: string;
  mark: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

/** A rotated token stays valid this long, for requests that were already in flight. */
export const ROTATION_GRACE_MS = 2 * 60_000;

// crypto.hash, the one-shot form: a third of createHash's cost on every authenticated request
function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

interface NewSession {
  userId: number;
  customNum: string;
  loginModel: string;
  mark: string;
}

export async function createSession(ctx: AppContext, s: NewSession): Promise<{ token: string; expiresAt: string }> {
  const token = newToken();
  const expiresAt = clock.isoIn(ctx.config.tokenTtlMs);
  await repo.insertSession(ctx.db.kysely, {
    token_hash: hashToken(token),
    user_id: s.userId,
    custom_num: s.customNum,
    login_model: s.loginModel,
    mark: s.mark,
    created_at: clock.iso(),
    expires_at: expiresAt,
  });
  return { token, expiresAt };
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m ? m[1]! : null;
}

/**
 * preHandler for routes that need a login. Unknown or expired token → 401; a revoked session
 * (password changed, operator logout) → business code 40001. A token close to expiry is rotated:
 * the new one goes out in the New-Token header and the old one keeps working for a short grace.
 */
export function requireAuth(ctx: AppContext) {
  return async function (req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = bearer(req);
    if (!token) throw new AppError(Code.UNAUTHORIZED, '请先登录');
    const session = await repo.sessionByTokenHash(ctx.db.kysely, hashToken(token));
    if (!session) throw new AppError(Code.UNAUTHORIZED);
    if (session.revoked_at) throw new AppError(Code.SESSION_REVOKED);
    const now = clock.iso();
    if (session.expires_at <= now) throw new AppError(Code.UNAUTHORIZED, '登录已过期，请重新登录');
    if (session.replaced_at && new Date(session.replaced_at).getTime() + ROTATION_GRACE_MS <= clock.now().getTime())
      throw new AppError(Code.UNAUTHORIZED, '登录已过期，请重新登录');

    req.auth = {
      sessionId: session.id,
      userId: session.user_id,
      customNum: session.custom_num,
      loginModel: session.login_model,
      mark: session.mark,
    };

    const remaining = new Date(session.expires_at).getTime() - clock.now().getTime();
    // not for a first screen's read (lib/firstScreenRead.ts): the new token would not reach the phone
    if (!session.replaced_at && remaining < ctx.config.tokenRotateBeforeMs && !isFirstScreenRead(req)) {
      // Conditional update: of several concurrent requests only one rotates.
      if (await repo.markSessionReplaced(ctx.db.kysely, session.id, now)) {
        const next = await createSession(ctx, {
          userId: session.user_id,
          customNum: session.custom_num,
          loginModel: session.login_model,
          mark: session.mark,
        });
        reply.header(NEW_TOKEN_HEADER, next.token);
      }
    }
  };
}

export function authOf(req: FastifyRequest): Auth {
  if (!req.auth) throw new AppError(Code.UNAUTHORIZED, '请先登录');
  return req.auth;
}
