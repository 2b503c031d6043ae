// The message centre (我的 → 消息中心, docs/decisions/0044-holder-account.md): what the portal told
// the holder — the alerts' notices and support's replies to their tickets — kept, newest first.
import { z } from 'zod';
import { DateTime } from './schemas';

/** alert: a notice of the alerts job (剩余流量不足, 套餐即将到期 …); ticket: support answered a ticket */
export const MESSAGE_KINDS = ['alert', 'ticket'] as const;

export const HolderMessage = z.object({
  id: z.number().int(),
  kind: z.enum(MESSAGE_KINDS),
  title: z.string(),
  body: z.string(),
  /** the card it is about, "" when none */
  custom_num: z.string(),
  /** where tapping it goes in the portal (/suggest?ticket_no=…, /combo, /recharge …), "" nowhere */
  link: z.string(),
  read: z.boolean(),
  created_at: DateTime,
});
export type HolderMessage = z.infer<typeof HolderMessage>;

export const MessagesQuery = z.object({
  /** the next page: messages older than this id */
  before: z.coerce.number().int().positive().optional(),
});
export const MessagesAnswer = z.object({
  /** newest first, at most 30 */
  list: z.array(HolderMessage),
  unread: z.number().int(),
  /** whether older messages remain */
  more: z.boolean(),
});
export type MessagesAnswer = z.infer<typeof MessagesAnswer>;
export const UnreadAnswer = z.object({ unread: z.number().int() });

export const MessageReadRequest = z.union([z.object({ id: z.number().int().positive() }), z.object({ all: z.literal(true) })]);
export type MessageReadRequest = z.infer<typeof MessageReadRequest>;
