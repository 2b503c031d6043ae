// Console sessions (docs/decisions/0018): a random token in an HttpOnly, SameSite=Strict cookie
// limited to /api/admin — the console's scripts never hold it, and no other site's page can send
// it. The database keeps its sha256 only. A session ends after 30 minutes without a request (idle)
// or 12 hours after login (absolute), whichever is first; logout revokes it.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '@portal/contract/codes';
import type { OperatorRole } from '@portal/contract/admin';
import type { Executor } from '../../../db/executor';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import type { AdminActor } from './actor';
import * as repo from './sessionRepo';

export const SESSION_COOKIE = 'op_session';
export const COOKIE_PATH = '/api/admin';
export const IDLE_MS = 30 * 60_000;
export const ABSOLUTE_MS = 12 * 60 * 60_000;
/** last_seen is written at most once a minute per session */
const TOUCH_EVERY_MS = 60_000;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function openSession(db: Executor, operatorId: number): Promise<{ token: string; expiresAt: string; sessionId: number }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = clock.isoIn(ABSOLUTE_MS);
  const sessionId = await repo.insertSession(db, {
    token_hash: hashToken(token),
    operator_id: operatorId,
    created_at: clock.iso(),
    expires_at: expiresAt,
  });
  return { token, expiresAt, sessionId };
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.header('set-cookie', cookie(token, Math.floor(ABSOLUTE_MS / 1000), secure));
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.header('set-cookie', cookie('', 0, secure));
}

function cookie(value: string, maxAge: number, secure: boolean): string {
  return `${SESSION_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

function tokenOf(req: FastifyRequest): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/** The operator of the request's session, or 401 (none, expired, revoked, operator disabled). */
export async function authenticate(db: Executor, req: FastifyRequest): Promise<AdminActor> {
  const token = tokenOf(req);
  if (!token) throw new AppError(Code.UNAUTHORIZED, '请先登录');
  const s = await repo.sessionWithOperator(db, hashToken(token));
  const now = clock.now();
  const nowIso = now.toISOString();
  if (!s || s.revoked_at) throw new AppError(Code.UNAUTHORIZED, '登录已失效，请重新登录');
  if (s.expires_at <= nowIso || new Date(s.last_seen_at).getTime() + IDLE_MS <= now.getTime())
    throw new AppError(Code.UNAUTHORIZED, '登录已过期，请重新登录');
  if (s.disabled) throw new AppError(Code.UNAUTHORIZED, '该账号已停用');
  await repo.touchSession(db, s.session_id, nowIso, new Date(now.getTime() - TOUCH_EVERY_MS).toISOString());
  return {
    id: s.id,
    username: s.username,
    displayName: s.display_name,
    role: s.role as OperatorRole,
    agentId: s.agent_id,
    // an agent administrator sees its agent's subtree, read afresh each request: a sub-agent created a
    // moment ago is in scope at once
    ...(s.role === 'agent_admin' && s.agent_id !== null ? { subtree: await repo.subtreeOf(db, s.agent_id) } : {}),
    sessionId: s.session_id,
    requestId: String(req.id),
    ip: req.ip,
  };
}

export async function endSession(db: Executor, sessionId: number): Promise<void> {
  await repo.revokeSession(db, sessionId, clock.iso());
}

export async function endOtherSessions(db: Executor, operatorId: number, keep: number): Promise<void> {
  await repo.revokeOperatorSessions(db, operatorId, clock.iso(), keep);
}
