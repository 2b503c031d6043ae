// 在线咨询's endpoints (docs/decisions/0034): the thread, sending, read marks, and the live stream —
// server-sent events an EventSource reads, opened with a stream key (EventSource sends no
// Authorization header) and resumed from the Last-Event-ID it sends when it reconnects.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CHAT_MESSAGE_EVENT } from '@portal/contract';
import { Code } from '@portal/contract/codes';
import type { AppContext } from '../../context';
import { clock } from '../../lib/clock';
import { serve } from '../../lib/endpoint';
import { AppError } from '../../lib/errors';
import { authOf, liveSessionIds } from '../auth';
import * as chatRepo from './chatRepo';
import { openStreamKey, ownerKeyOf, resumeAfter, sseFrame, type StreamOwner } from './chatRules';
import type { OpenStream } from './chatStreams';
import {
  chatHubOf,
  chatStreamsOf,
  closeChatHub,
  holderThread,
  markSupportRead,
  messageOf,
  sendAsHolder,
  streamKeyFor,
  streamSecretOf,
} from './chatService';

/** A comment line now and then: proxies keep the connection, the client knows it is alive. */
const HEARTBEAT_MS = 25_000;
/** A stream ends after this long and the EventSource reconnects (resuming): no connection lives for ever. */
const STREAM_LIFETIME_MS = 5 * 60_000;
/** The client's wait before reconnecting (the SSE `retry:` field). */
const RETRY_MS = 3_000;
const BACKLOG = 500;

export async function chatRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  api.addHook('onClose', async () => closeChatHub(ctx));

  serve(api, 'chatThread', async (req) => holderThread(ctx, authOf(req)));
  serve(api, 'chatSend', async (req) => sendAsHolder(ctx, authOf(req), req.body));
  serve(api, 'chatRead', async (req) => markSupportRead(ctx, authOf(req)));
  serve(api, 'chatStreamKey', async (req) => streamKeyFor(ctx, authOf(req)));
  serve(api, 'chatStream', async (req, reply) => {
    const holder = openStreamKey(streamSecretOf(ctx), req.query.key, clock.now().getTime());
    // a plain 403 ends the EventSource (it retries only on a network failure): the page asks for a new key;
    // so does a key whose session has ended (logout, a password change: docs/decisions/0057)
    if (!holder || !(await liveSessionIds(ctx, [holder.sessionId])).has(holder.sessionId))
      throw new AppError(Code.FORBIDDEN, '请重新打开在线咨询');
    const lastEventId = req.headers['last-event-id'];
    const after = resumeAfter(Array.isArray(lastEventId) ? lastEventId[0] : lastEventId, req.query.after);
    // admitted before the answer starts: a refusal (too many streams) is an ordinary error answer
    const entry: OpenStream = { sessionId: holder.sessionId, userId: holder.owner.userId, holder: ownerKeyOf(holder.owner), end: () => {} };
    const release = chatStreamsOf(ctx).admit(entry);
    await stream(ctx, req, reply, holder.owner, after, entry, release);
    return reply;
  });
}

/** The stream itself; `entry` is its place among the open streams (its `end` set here), `release` gives the place back. */
async function stream(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  owner: StreamOwner,
  after: number,
  entry: OpenStream,
  release: () => void,
): Promise<void> {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // nginx would otherwise buffer the stream
    'x-accel-buffering': 'no',
    'x-request-id': String(req.id),
  });
  res.write(`retry: ${RETRY_MS}\n\n`);

  let sentUpTo = after;
  const sent = new Set<number>();
  let pending: chatRepo.OwnedMessageRow[] | null = [];
  const send = (m: chatRepo.OwnedMessageRow) => {
    if (m.id <= after || sent.has(m.id)) return;
    sent.add(m.id);
    sentUpTo = Math.max(sentUpTo, m.id);
    res.write(sseFrame({ id: m.id, event: CHAT_MESSAGE_EVENT, data: messageOf(m) }));
  };
  let ended = false;
  // the hub's unsubscribe, once subscribed (the stream may end before: the client left)
  const subscription = { stop: () => {} };
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    subscription.stop();
    release();
    res.end();
  };
  const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
  const lifetime = setTimeout(end, STREAM_LIFETIME_MS);
  req.raw.on('close', end);
  entry.end = end;
  // listen first, then read what was missed: nothing falls between the two (duplicates are dropped)
  subscription.stop = await chatHubOf(ctx).subscribe(owner, {
    deliver: (m) => (pending ? pending.push(m) : send(m)),
    end,
  });
  if (ended) return subscription.stop();
  try {
    for (const m of await chatRepo.ownerMessagesAfter(ctx.db.kysely, owner, after, BACKLOG)) send(m);
  } catch (err) {
    ctx.log.warn({ err }, 'chat backlog failed');
    return end();
  }
  const queued = pending;
  pending = null;
  for (const m of queued) send(m);
  // a comment the client ignores: the stream is live (tests and proxies see the first bytes)
  res.write(`: live after ${sentUpTo}\n\n`);
}
