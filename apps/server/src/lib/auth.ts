import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NEW_TOKEN_HEADER } from '@portal/contract/codes';
import type { AppContext } from '../context';
import { fail } from './errors';
import { clock } from './clock';

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
const ROTATION_GRACE_MS = 2 * 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface NewSession {
  userId: number;
  customNum: string;
  loginModel: string;
  mark: string;
}

export async function createSession(ctx: AppContext, s: NewSession): Promise<{ token: string; expiresAt: string }> {
  const token = newToken();
  const expiresAt = clock.isoIn(ctx.config.tokenTtlMs);
  await ctx.db.kysely
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: s.userId,
      custom_num: s.customNum,
      login_model: s.loginModel,
      mark: s.mark,
      created_at: clock.iso(),
      expires_at: expiresAt,
      replaced_at: null,
      revoked_at: null,
    })
    .execute();
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
    if (!token) throw fail.unauthorized('请先登录');
    const session = await ctx.db.kysely
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!session) throw fail.unauthorized();
    if (session.revoked_at) throw fail.revoked();
    const now = clock.iso();
    if (session.expires_at <= now) throw fail.unauthorized('登录已过期，请重新登录');
    if (session.replaced_at && new Date(session.replaced_at).getTime() + ROTATION_GRACE_MS <= clock.now().getTime())
      throw fail.unauthorized('登录已过期，请重新登录');

    req.auth = {
      sessionId: session.id,
      userId: session.user_id,
      customNum: session.custom_num,
      loginModel: session.login_model,
      mark: session.mark,
    };

    const remaining = new Date(session.expires_at).getTime() - clock.now().getTime();
    if (!session.replaced_at && remaining < ctx.config.tokenRotateBeforeMs) {
      // Conditional update: of several concurrent requests only one rotates.
      const res = await ctx.db.kysely
        .updateTable('sessions')
        .set({ replaced_at: now })
        .where('id', '=', session.id)
        .where('replaced_at', 'is', null)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 1) {
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

/** Revoke every live session of a user (password change, operator forced logout). */
export async function revokeUserSessions(ctx: AppContext, userId: number): Promise<number> {
  const res = await ctx.db.kysely
    .updateTable('sessions')
    .set({ revoked_at: clock.iso() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export function authOf(req: FastifyRequest): Auth {
  if (!req.auth) throw fail.unauthorized('请先登录');
  return req.auth;
}
