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

/**
 * A stream key: the owner and an expiry, signed. EventSource cannot send the Authorization header,
 * so the page trades its token for this key (which opens nothing but the owner's own stream, for
 * a few minutes) rather than putting the token itself in a URL that proxies log.
 */
export function signStreamKey(secret: Buffer, owner: StreamOwner, expiresAtMs: number): string {
  const payload = b64(JSON.stringify({ u: owner.userId, c: owner.customNum, e: expiresAtMs }));
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The key's owner, or null when it is forged, malformed or expired. */
export function openStreamKey(secret: Buffer, key: string, nowMs: number): StreamOwner | null {
  const [payload, sig, extra] = key.split('.');
  if (!payload || !sig || extra !== undefined) return null;
  const want = mac(secret, payload);
  const got = Buffer.from(sig, 'base64url');
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  try {
    const p = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u: unknown; c: unknown; e: unknown };
    if (typeof p.u !== 'number' || typeof p.c !== 'string' || typeof p.e !== 'number' || p.e <= nowMs) return null;
    return { userId: p.u, customNum: p.c };
  } catch {
    return null;
  }
}
