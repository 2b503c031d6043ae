// 在线咨询 on the ticket system (docs/decisions/0034): the holder's conversation with the agent's
// support is a `chat` ticket, its messages the thread. The holder reads and writes their own only;
// the console (modules/admin/queues) reads and answers a conversation after its own scope check.
import { hkdfSync, randomInt } from 'node:crypto';
import { Code } from '@portal/contract/codes';
import { TICKET_STATUS_LABEL, type ChatMessage, type ChatSender, type ChatThread } from '@portal/contract';
import type { BodyOf } from '@portal/contract/endpoints';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connect';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { hit, type ThrottleRule } from '../../lib/throttle';
import { liveSessionIds, onSessionsEnded, type Auth } from '../auth';
import { accessibleCard } from '../cardRecord';
import { assertOwnUpload, ownerOf, type UploadOwner } from '../upload';
import { ChatHub } from './chatHub';
import * as chatRepo from './chatRepo';
import { ChatStreams } from './chatStreams';
import { chatDescriptionOf, chatStatusAfter, ownerKeyOf, signStreamKey } from './chatRules';
import * as repo from './repo';
import { isTicketStatus, ticketNoOf } from './rules';

/** What one holder may send: a burst of a conversation, not a flood for the support desk. */
export const CHAT_PER_MINUTE: ThrottleRule = { limit: 20, windowMs: 60_000 };
export const CHAT_PER_DAY: ThrottleRule = { limit: 300, windowMs: 24 * 3600_000 };
/** How long a stream key opens a stream (EventSource reconnects with it; then the page asks anew). */
export const STREAM_KEY_TTL_MS = 10 * 60_000;
/** How often each process looks for messages written by another process. */
export const CHAT_POLL_MS = 1_000;

// ---- the hub: one per database (a test process runs many apps, each on its own database) ----
const hubs = new WeakMap<Db, ChatHub>();
export function chatHubOf(ctx: AppContext): ChatHub {
  let hub = hubs.get(ctx.db);
  if (!hub) {
    hub = new ChatHub(ctx.db.kysely, CHAT_POLL_MS, (err) => ctx.log.warn({ err }, 'chat poll failed'));
    hubs.set(ctx.db, hub);
  }
  return hub;
}
export function closeChatHub(ctx: AppContext): void {
  hubs.get(ctx.db)?.close();
  hubs.delete(ctx.db);
  const registry = streamRegistries.get(ctx.db);
  registry?.stopHearing();
  registry?.streams.close();
  streamRegistries.delete(ctx.db);
}

/** The open streams of this process (./chatStreams), hearing the sessions that end in it. */
const streamRegistries = new WeakMap<Db, { streams: ChatStreams; stopHearing: () => void }>();
export function chatStreamsOf(ctx: AppContext): ChatStreams {
  let registry = streamRegistries.get(ctx.db);
  if (!registry) {
    const streams = new ChatStreams(
      ctx.config.chatStreams,
      (ids) => liveSessionIds(ctx, ids),
      (err) => ctx.log.warn({ err }, 'chat streams: checking sessions failed'),
    );
    registry = { streams, stopHearing: onSessionsEnded(ctx, (ended) => void streams.sessionsEnded(ended)) };
    streamRegistries.set(ctx.db, registry);
  }
  return registry.streams;
}

/** The stream keys' own secret, derived from the server's secret (never the secret itself in a signature). */
export function streamSecretOf(ctx: AppContext): Buffer {
  return Buffer.from(hkdfSync('sha256', ctx.config.personalDataKey, 'portal chat stream', 'stream key v1', 32));
}

// ---- messages as each side sees them ----
const holderImageUrl = (m: chatRepo.MessageRow) => `/api/v1/upload/${m.image_id}`;
export const supportImageUrl = (m: chatRepo.MessageRow) => `/api/admin/tickets/${m.ticket_id}/chat-images/${m.id}`;

export function messageOf(m: chatRepo.MessageRow, imageUrl: (m: chatRepo.MessageRow) => string = holderImageUrl): ChatMessage {
  return {
    id: m.id,
    from: m.sender === 'support' ? 'support' : 'holder',
    author: m.author,
    text: m.body,
    image: m.image_id ? { id: m.image_id, url: imageUrl(m) } : null,
    client_id: m.client_id,
    read: m.read_at !== '',
    at: m.created_at,
  };
}

async function threadOf(ctx: AppContext, chat: repo.TicketRow | undefined): Promise<ChatThread> {
  if (!chat) return { conversation: null, messages: [], unread: 0 };
  const rows = await chatRepo.messagesOf(ctx.db.kysely, chat.id);
  const status = isTicketStatus(chat.status) ? chat.status : 'submitted';
  return {
    conversation: { ticket_no: chat.ticket_no, status, status_label: TICKET_STATUS_LABEL[status], custom_num: chat.custom_num },
    messages: rows.map((m) => messageOf(m)),
    unread: rows.filter((m) => m.sender === 'support' && m.read_at === '').length,
  };
}

// ---- the holder ----

export async function holderThread(ctx: AppContext, auth: Auth): Promise<ChatThread> {
  return threadOf(ctx, await repo.latestChatOf(ctx.db.kysely, ownerOf(auth)));
}

export async function markSupportRead(ctx: AppContext, auth: Auth): Promise<ChatThread> {
  const chat = await repo.latestChatOf(ctx.db.kysely, ownerOf(auth));
  if (chat) await chatRepo.markRead(ctx.db.kysely, chat.id, 'support', clock.iso());
  return threadOf(ctx, chat);
}

/** The open conversation, opened under the card on the first message (or the first after one was closed). */
async function openChatFor(ctx: AppContext, owner: UploadOwner, card: { id: number; custom_num: string }, text: string) {
  const db = ctx.db.kysely;
  const latest = await repo.latestChatOf(db, owner);
  if (latest && latest.status !== 'closed') return latest;
  const now = clock.now();
  const at = now.toISOString();
  await repo.insertChatTicket(db, {
    ticket_no: ticketNoOf(now, randomInt(0, 100_000_000)),
    owner_user_id: owner.userId,
    owner_custom_num: owner.customNum,
    card_id: card.id,
    custom_num: card.custom_num,
    order_no: '',
    category: 'chat',
    description: chatDescriptionOf(text),
    images: '[]',
    contact: '',
    diagnosis: '',
    status: 'submitted',
    created_at: at,
    updated_at: at,
  });
  // ours, or the one a simultaneous first message opened
  return (await repo.latestChatOf(db, owner))!;
}

export async function sendAsHolder(ctx: AppContext, auth: Auth, body: BodyOf<'chatSend'>): Promise<ChatMessage> {
  const db = ctx.db.kysely;
  const card = await accessibleCard(ctx, auth, body.custom_num);
  if (body.image_id) await assertOwnUpload(ctx, auth, body.image_id);
  const owner = ownerOf(auth);
  const latest = await repo.latestChatOf(db, owner);
  // the same message again (a double tap, a retry after a lost answer): the stored one, counted once
  if (latest && latest.status !== 'closed') {
    const same = await chatRepo.messageByClientId(db, latest.id, 'holder', body.client_id);
    if (same) return messageOf(same);
  }
  const who = ownerKeyOf(owner);
  if (!(await hit(db, `chat:minute:${who}`, CHAT_PER_MINUTE)).allowed)
    throw new AppError(Code.RATE_LIMITED, '发送太频繁了，请稍等一分钟再发');
  if (!(await hit(db, `chat:day:${who}`, CHAT_PER_DAY)).allowed)
    throw new AppError(Code.RATE_LIMITED, '今天发送的消息已较多，请明天再试或拨打客服电话');
  const chat = await openChatFor(ctx, owner, card, body.text);
  return post(ctx, chat, 'holder', { author: '', text: body.text, imageId: body.image_id ?? '', clientId: body.client_id });
}

/** Stores a message once and moves the conversation; then the streams hear of it. */
async function post(
  ctx: AppContext,
  chat: repo.TicketRow,
  sender: ChatSender,
  m: { author: string; text: string; imageId: string; clientId: string },
): Promise<ChatMessage> {
  const at = clock.iso();
  const { row, created } = await ctx.db.kysely.transaction().execute(async (trx) => {
    const r = await chatRepo.insertMessageOnce(trx, {
      ticket_id: chat.id,
      sender,
      author: m.author,
      body: m.text,
      image_id: m.imageId,
      client_id: m.clientId,
      created_at: at,
    });
    if (r.created) {
      const current = isTicketStatus(chat.status) ? chat.status : 'submitted';
      await repo.touchChatTicket(trx, chat.id, chatStatusAfter(sender, current), at);
      // writing answers what the other side wrote: theirs are read
      await chatRepo.markRead(trx, chat.id, sender === 'holder' ? 'support' : 'holder', at);
    }
    return r;
  });
  if (created) chatHubOf(ctx).poke();
  return messageOf(row, sender === 'support' ? supportImageUrl : holderImageUrl);
}

export function streamKeyFor(ctx: AppContext, auth: Auth): { key: string; expires_at: string } {
  const expires = clock.now().getTime() + STREAM_KEY_TTL_MS;
  return {
    key: signStreamKey(streamSecretOf(ctx), { owner: ownerOf(auth), sessionId: auth.sessionId }, expires),
    expires_at: new Date(expires).toISOString(),
  };
}

// ---- support, through the console (its scope check first) ----

async function chatTicket(ctx: AppContext, ticketId: number): Promise<repo.TicketRow> {
  const t = await repo.ticketById(ctx.db.kysely, ticketId);
  if (!t || t.category !== 'chat') throw new AppError(Code.NOT_FOUND, '该工单不是在线咨询');
  return t;
}

export async function supportThread(ctx: AppContext, ticketId: number) {
  const t = await chatTicket(ctx, ticketId);
  const rows = await chatRepo.messagesOf(ctx.db.kysely, t.id);
  return { id: t.id, ticket_no: t.ticket_no, status: t.status, messages: rows.map((m) => messageOf(m, supportImageUrl)) };
}

export async function markHolderRead(ctx: AppContext, ticketId: number) {
  const t = await chatTicket(ctx, ticketId);
  await chatRepo.markRead(ctx.db.kysely, t.id, 'holder', clock.iso());
  return supportThread(ctx, ticketId);
}

export async function replyAsSupport(ctx: AppContext, ticketId: number, r: { author: string; text: string; clientId: string }) {
  const t = await chatTicket(ctx, ticketId);
  if (t.status === 'closed') throw new AppError(Code.BAD_REQUEST, '该会话已关闭，用户再次咨询时会开启新的会话');
  return post(ctx, t, 'support', { author: r.author, text: r.text, imageId: '', clientId: r.clientId });
}

/** The upload id of a message's image in a conversation, or null. */
export async function chatImageId(ctx: AppContext, ticketId: number, messageId: number): Promise<string | null> {
  const m = await chatRepo.messageOf(ctx.db.kysely, ticketId, messageId);
  return m?.image_id || null;
}

/** For the console's queue: the holder's unread messages per conversation. */
export const holderUnread = (ctx: AppContext, ticketIds: number[]) => chatRepo.unreadCounts(ctx.db.kysely, ticketIds, 'holder');
