// 在线咨询 built on the ticket system (docs/decisions/0034): a holder's conversation with the agent's
// support is a ticket of category `chat`; its messages (text or one image) form the thread, sent
// live over server-sent events.
import { z } from 'zod';
import { CardNum, DateTime } from './schemas';
import { UploadId } from './realName';
import { TICKET_STATUSES } from './patterns/tickets';
import { CHAT_CLIENT_ID, CHAT_MAX_TEXT, CHAT_SENDERS } from './patterns/chat';

export * from './patterns/chat';

export const ChatClientId = z.string({ error: '消息编号有误' }).regex(CHAT_CLIENT_ID, '消息编号有误');
const ChatText = z.string({ error: '消息内容有误' }).trim().max(CHAT_MAX_TEXT, `每条消息最多 ${CHAT_MAX_TEXT} 个字`).default('');

export const ChatSendRequest = z
  .object({
    /** the card the holder writes about (a new conversation is filed under it) */
    custom_num: CardNum,
    client_id: ChatClientId,
    text: ChatText,
    image_id: UploadId.optional(),
  })
  .refine((b) => b.text !== '' || b.image_id !== undefined, { message: '请输入消息内容', path: ['text'] });
export type ChatSendRequest = z.input<typeof ChatSendRequest>;

export const ChatMessage = z.object({
  /** increasing across all conversations: the SSE event id and the resume point */
  id: z.number().int(),
  from: z.enum(CHAT_SENDERS),
  /** the operator's display name on support's messages, "" on the holder's */
  author: z.string(),
  text: z.string(),
  /** the image of an image message: the holder fetches it with the token */
  image: z.object({ id: z.string(), url: z.string() }).nullable(),
  client_id: z.string(),
  /** the other side has seen it */
  read: z.boolean(),
  at: DateTime,
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const ChatConversation = z.object({
  ticket_no: z.string(),
  status: z.enum(TICKET_STATUSES),
  status_label: z.string(),
  custom_num: z.string(),
});

export const ChatThread = z.object({
  /** null before the holder's first message */
  conversation: ChatConversation.nullable(),
  messages: z.array(ChatMessage),
  /** support's messages the holder has not seen yet */
  unread: z.number().int(),
});
export type ChatThread = z.infer<typeof ChatThread>;

export const ChatStreamKey = z.object({ key: z.string(), expires_at: DateTime });
export const ChatStreamQuery = z.object({
  key: z.string({ error: '请重新打开在线咨询' }).min(1, '请重新打开在线咨询').max(400, '请重新打开在线咨询'),
  /** resume after this message id (an EventSource opened anew; a reconnect sends Last-Event-ID) */
  after: z.coerce.number({ error: '参数有误' }).int('参数有误').min(0, '参数有误').optional(),
});
