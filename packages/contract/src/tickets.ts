// Complaints and suggestions as tickets (/suggest): what the user files, and the ticket with its
// timeline (submitted → in progress → replied → closed) and the operator's replies.
import { z } from 'zod';
import { CardNum, DateTime, Mobile } from './schemas';
import { UploadId } from './realName';
import { MAX_TICKET_IMAGES, SUGGEST_CATEGORIES, TICKET_CATEGORIES, TICKET_STATUSES } from './patterns/tickets';

export * from './patterns/tickets';

export const TicketNo = z.string().regex(/^T\d{14}$/, '工单编号有误');
export const TicketParams = z.object({ ticket_no: TicketNo });

export const TicketCreateRequest = z.object({
  category: z.enum(SUGGEST_CATEGORIES, { error: '请选择问题类型' }),
  custom_num: CardNum,
  /** an order of that card the ticket is about; "" or missing: none */
  order_no: z
    .string({ error: '订单号有误' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{0,64}$/, '订单号有误')
    .optional(),
  description: z.string({ error: '请描述您的问题或建议' }).trim().min(5, '问题描述至少 5 个字').max(500, '问题描述最多 500 个字'),
  images: z.array(UploadId, { error: '图片有误' }).max(MAX_TICKET_IMAGES, `最多上传 ${MAX_TICKET_IMAGES} 张图片`).default([]),
  contact: Mobile,
});
export type TicketCreateRequest = z.input<typeof TicketCreateRequest>;

/** One step of the timeline; a reply carries the operator's words. */
export const TicketEvent = z.object({
  status: z.enum(TICKET_STATUSES),
  label: z.string(),
  /** the reply, or a note of the step ("" none) */
  content: z.string(),
  at: DateTime,
});
export type TicketEvent = z.infer<typeof TicketEvent>;

export const TicketSummary = z.object({
  ticket_no: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  category_label: z.string(),
  status: z.enum(TICKET_STATUSES),
  status_label: z.string(),
  custom_num: z.string(),
  /** the description's start, for the list */
  excerpt: z.string(),
  created_at: DateTime,
  updated_at: DateTime,
});
export type TicketSummary = z.infer<typeof TicketSummary>;
export const TicketListAnswer = z.object({ list: z.array(TicketSummary) });

/** The card's latest diagnosis when the ticket was filed (connectivity complaints only). */
export const TicketDiagnosis = z.object({ overall: z.string(), headline: z.string(), at: DateTime });

export const Ticket = TicketSummary.extend({
  order_no: z.string(),
  description: z.string(),
  contact: z.string(),
  images: z.array(z.object({ id: z.string(), url: z.string() })),
  diagnosis: TicketDiagnosis.nullable(),
  timeline: z.array(TicketEvent),
});
export type Ticket = z.infer<typeof Ticket>;
