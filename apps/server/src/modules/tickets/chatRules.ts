// Pure rules of 在线咨询 (docs/decisions/0034), table-tested in chatRules.test.ts: the ticket's
// status as messages come and go, where a stream resumes, the SSE frame, and the stream key.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ChatSender, TicketStatus } from '@portal/contract';

/**
 * The conversation's status after a message: support's reply makes it 已回复; the holder writing
 * again after a reply puts it back in the queue (已提交), and otherwise leaves it as support set it.
 */
export function chatStatusAfter(sender: ChatSender, current: TicketStatus): TicketStatus {
  if (sender === 'support') return 'replied';
  return current === 'replied' ? 'submitted' : current;
}

/** The conversation's line in the console's queue: its first message, or 图片 for an image. */
export const chatDescriptionOf = (text: string) => text || '[图片]';

const WHOLE = /^\d{1,15}$/;
/**
 * Where a stream starts: after the Last-Event-ID a reconnecting EventSource sends, else after the
 * `after` the page asks for when it opens one anew, else from now (0 = only new messages).
 */
export function resumeAfter(lastEventId: string | undefined, after: number | undefined): number {
  if (lastEventId !== undefined && WHOLE.test(lastEventId.trim())) return Number(lastEventId.trim());
  return after ?? 0;
}

/** One server-sent event; data is JSON on one line (JSON.stringify never emits a raw newline). */
export function sseFrame(e: { id?: number; event?: string; data: unknown }): string {
  return `${e.id !== undefined ? `id: ${e.id}\n` : ''}${e.event ? `event: ${e.event}\n` : ''}data: ${JSON.stringify(e.data)}\n\n`;
}

/** Whose stream: the conversation's owner (a user, or for a card-number login its card). */
export interface StreamOwner {
  userId: number;
  customNum: string;
}
export const ownerKeyOf = (o: StreamOwner) => `${o.userId}:${o.customNum}`;

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');
const mac = (secret: Buffer, payload: string) => createHmac('sha256', secret).update(payload).digest();

/** What a stream key opens: the owner's stream, for as long as the session that made the key lives. */
export interface StreamKeyHolder {
  owner: StreamOwner;
  /** the session that asked for the key: its end ends the key and its streams (docs/decisions/0057) */
  sessionId: number;
}

/**
 * A stream key: the owner, the session and an expiry, signed. EventSource cannot send the
 * Authorization header, so the page trades its token for this key (which opens nothing but the
 * owner's own stream, for a few minutes) rather than putting the token itself in a URL that proxies log.
 */
export function signStreamKey(secret: Buffer, holder: StreamKeyHolder, expiresAtMs: number): string {
  const { owner, sessionId } = holder;
  const payload = b64(JSON.stringify({ u: owner.userId, c: owner.customNum, s: sessionId, e: expiresAtMs }));
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The key's owner and session, or null when it is forged, malformed, expired or names no session (made before 0057). */
export function openStreamKey(secret: Buffer, key: string, nowMs: number): StreamKeyHolder | null {
  const [payload, sig, extra] = key.split('.');
  if (!payload || !sig || extra !== undefined) return null;
  const want = mac(secret, payload);
  const got = Buffer.from(sig, 'base64url');
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  try {
    const p = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u: unknown; c: unknown; s: unknown; e: unknown };
    if (typeof p.u !== 'number' || typeof p.c !== 'string' || typeof p.e !== 'number' || p.e <= nowMs) return null;
    if (typeof p.s !== 'number' || !Number.isInteger(p.s) || p.s <= 0) return null;
    return { owner: { userId: p.u, customNum: p.c }, sessionId: p.s };
  } catch {
    return null;
  }
}
