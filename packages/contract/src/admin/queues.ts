// The console's queues (docs/decisions/0018): complaints and suggestions (tickets) — reply and change
// state through the tickets module, seen by the card holder on /suggest — and agent applications
// — approve or reject with a reason through the agent applications module, seen on /agent.
import { z } from 'zod';
import { wholeNumber } from '../wholeNumber';
import { AGENT_APPLICATION_STATUSES } from '../patterns/agentApplications';
import { TICKET_CATEGORIES, TICKET_STATUSES } from '../patterns/tickets';
import { adminArea } from './define';
import { AdminReason } from './orders';
import { NewSubAgent } from './agents';
import { ChatClientId, ChatMessage } from '../chat';
import { CHAT_MAX_TEXT } from '../patterns/chat';

const limit = z.coerce.number({ error: '分页参数有误' }).int('分页参数有误').min(1, '分页参数有误').max(200, '每页最多 200 条').default(50);
const beforeId = z.coerce.number({ error: '分页参数有误' }).int('分页参数有误').positive('分页参数有误').optional();
const Id = wholeNumber('编号有误', { min: 1 });

export const AdminTicketQuery = z.object({
  status: z.enum(TICKET_STATUSES, { error: '状态有误' }).optional(),
  category: z.enum(TICKET_CATEGORIES, { error: '分类有误' }).optional(),
  card: z.string().trim().max(32, '卡号过长').optional(),
  /** oldest first (a queue) or newest first */
  order: z.enum(['oldest', 'newest'], { error: '排序有误' }).default('oldest'),
  /** keyset: the id of the last row of the previous page */
  after_id: beforeId,
  limit,
});

export const AdminTicketRow = z.object({
  id: z.number().int(),
  ticket_no: z.string(),
  custom_num: z.string(),
  category: z.string(),
  status: z.string(),
  excerpt: z.string(),
  contact: z.string(),
  /** a 在线咨询 conversation: the holder's messages support has not read yet (0 for other tickets) */
  unread: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const AdminTicketListAnswer = z.object({ items: z.array(AdminTicketRow), next_after_id: z.number().int().nullable() });

export const AdminTicketDetailAnswer = z.object({
  ticket: AdminTicketRow.extend({ description: z.string(), order_no: z.string(), diagnosis: z.string(), image_count: z.number().int() }),
  events: z.array(z.object({ status: z.string(), content: z.string(), author: z.string(), created_at: z.string() })),
});

export const AdminTicketReplyBody = z.object({
  id: Id,
  status: z.enum(TICKET_STATUSES, { error: '请选择处理状态' }),
  /** the reply the card holder reads on /suggest; may be empty for a bare state change */
  content: z.string({ error: '回复内容有误' }).trim().max(1000, '回复最多 1000 个字').default(''),
});

/** A 在线咨询 conversation in the console (docs/decisions/0034): its messages, images served by adminChatImage. */
export const AdminChatThread = z.object({
  id: z.number().int(),
  ticket_no: z.string(),
  status: z.string(),
  messages: z.array(ChatMessage),
});
export const AdminChatReplyBody = z.object({
  id: Id,
  client_id: ChatClientId,
  text: z.string({ error: '请输入回复内容' }).trim().min(1, '请输入回复内容').max(CHAT_MAX_TEXT, `每条消息最多 ${CHAT_MAX_TEXT} 个字`),
});

export const AdminApplicationQuery = z.object({
  status: z.enum(AGENT_APPLICATION_STATUSES, { error: '状态有误' }).optional(),
  after_id: beforeId,
  limit,
});
export const AdminApplicationRow = z.object({
  id: z.number().int(),
  application_no: z.string(),
  agent_id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  province: z.string(),
  city: z.string(),
  channel: z.string(),
  notes: z.string(),
  status: z.string(),
  reject_reason: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** the sub-agent an approved application became (under agent_id, the inviting agent) */
  created_agent_id: z.number().int().nullable(),
});
export const AdminApplicationListAnswer = z.object({ items: z.array(AdminApplicationRow), next_after_id: z.number().int().nullable() });
export const AdminApplicationDecideBody = z
  .object({
    id: Id,
    decision: z.enum(['in_review', 'approved', 'rejected'], { error: '请选择审核结果' }),
    reason: z.string({ error: '请填写原因' }).trim().max(200, '原因最多 200 个字').default(''),
    /** approving makes the applicant a sub-agent of the inviting agent (docs/decisions/0067): its mark, name, share, login */
    agent: NewSubAgent.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.decision === 'rejected' && AdminReason.safeParse(b.reason).success === false)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: '驳回须填写原因（至少 2 个字）' });
    if (b.decision === 'approved' && !b.agent)
      ctx.addIssue({ code: 'custom', path: ['agent'], message: '通过申请须填写新代理的标识、名称与分成比例' });
  });

export const REPLACEMENT_STATUSES = ['submitted', 'shipped', 'done', 'rejected'] as const;
export type ReplacementStatus = (typeof REPLACEMENT_STATUSES)[number];
/** A replacement card application's state in words: the console's queue and its export say the same. */
export const REPLACEMENT_STATUS_LABEL: Record<ReplacementStatus, string> = {
  submitted: '待发货',
  shipped: '已发货',
  done: '已完成',
  rejected: '已驳回',
};
export const AdminReplacementQuery = z.object({
  status: z.enum(REPLACEMENT_STATUSES, { error: '状态有误' }).optional(),
  card: z.string().trim().max(32, '卡号过长').optional(),
  after_id: beforeId,
  limit,
});
export const AdminReplacementRow = z.object({
  id: z.number().int(),
  custom_num: z.string(),
  status: z.string(),
  receiver_name: z.string(),
  receiver_mobile: z.string(),
  /** where to ship the new card */
  address: z.string(),
  reason: z.string(),
  new_custom_num: z.string(),
  carrier: z.string(),
  tracking_no: z.string(),
  reject_reason: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const AdminReplacementListAnswer = z.object({ items: z.array(AdminReplacementRow), next_after_id: z.number().int().nullable() });
const Short = (label: string) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .max(64, `${label}过长`)
    .default('');
export const AdminReplacementMoveBody = z
  .object({
    id: Id,
    /** shipped: with carrier and tracking number; done: the new card arrived; rejected: with a reason */
    to: z.enum(['shipped', 'done', 'rejected'], { error: '请选择处理结果' }),
    carrier: Short('快递公司'),
    tracking_no: Short('快递单号'),
    new_custom_num: Short('新卡号'),
    reason: z.string({ error: '请填写原因' }).trim().max(200, '原因最多 200 个字').default(''),
  })
  .superRefine((b, ctx) => {
    if (b.to === 'shipped' && !b.carrier) ctx.addIssue({ code: 'custom', path: ['carrier'], message: '请填写快递公司' });
    if (b.to === 'shipped' && !/^[A-Za-z0-9-]{6,32}$/.test(b.tracking_no))
      ctx.addIssue({ code: 'custom', path: ['tracking_no'], message: '快递单号为 6–32 位字母或数字' });
    if (b.to === 'rejected' && b.reason.length < 2)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: '驳回须填写原因（至少 2 个字）' });
  });

/** Whether the carrier holds the card's real name, in words (the list's 运营商实名, its export, the cards filter 实名). */
export const REAL_NAME_STATES = ['yes', 'no'] as const;
export type RealNameState = (typeof REAL_NAME_STATES)[number];
export const REAL_NAME_STATE_LABEL: Record<RealNameState, string> = { yes: '已实名', no: '未实名' };
export const realNameStateOf = (named: boolean): RealNameState => (named ? 'yes' : 'no');

export const AdminRealNameQuery = z.object({ card: z.string().trim().max(32, '卡号过长').optional(), after_id: beforeId, limit });
export const AdminRealNameRow = z.object({
  card_id: z.number().int(),
  custom_num: z.string(),
  /** 张* */
  name: z.string(),
  /** 1101**********1234 */
  id_number: z.string(),
  /** 138****0000 */
  mobile: z.string(),
  has_photos: z.boolean(),
  auth_state: z.boolean(),
  updated_at: z.string(),
});
export const AdminRealNameListAnswer = z.object({ items: z.array(AdminRealNameRow), next_after_id: z.number().int().nullable() });
export const AdminRealNameRevealBody = z.object({ card_id: Id, reason: AdminReason });
export const AdminRealNameRevealAnswer = z.object({ custom_num: z.string(), name: z.string(), id_number: z.string(), mobile: z.string() });

export const AdminShopOrderQuery = z.object({
  ship_state: z.enum(['awaiting', 'shipped', 'received'], { error: '状态有误' }).default('awaiting'),
  after_id: beforeId,
  limit,
});
export const AdminShopOrderRow = z.object({
  id: z.number().int(),
  order_no: z.string(),
  custom_num: z.string(),
  product: z.string(),
  quantity: z.number().int(),
  receiver: z.string(),
  mobile: z.string(),
  address: z.string(),
  ship_state: z.string(),
  carrier: z.string(),
  tracking_no: z.string(),
  paid_at: z.string().nullable(),
  shipped_at: z.string().nullable(),
});
export const AdminShopOrderListAnswer = z.object({ items: z.array(AdminShopOrderRow), next_after_id: z.number().int().nullable() });
export const AdminShopShipBody = z.object({
  order_no: z.string({ error: '请填写订单号' }).trim().min(1, '请填写订单号').max(64, '订单号有误'),
  carrier: z.string({ error: '请填写快递公司' }).trim().min(1, '请填写快递公司').max(32, '快递公司过长'),
  tracking_no: z
    .string({ error: '请填写快递单号' })
    .trim()
    .regex(/^[A-Za-z0-9-]{6,32}$/, '快递单号为 6–32 位字母或数字'),
});

export const adminQueueEndpoints = adminArea({
  adminTicketList: {
    route: 'GET /admin/tickets',
    access: 'tickets.manage',
    tags: ['admin queues'],
    summary: '投诉建议队列：按状态、分类、卡号筛选，默认最早的在前',
    query: AdminTicketQuery,
    answer: AdminTicketListAnswer,
  },
  adminTicketDetail: {
    route: 'GET /admin/tickets/detail',
    access: 'tickets.manage',
    tags: ['admin queues'],
    summary: '投诉建议详情与处理记录',
    query: z.object({ id: Id }),
    answer: AdminTicketDetailAnswer,
  },
  adminTicketContactReveal: {
    route: 'POST /admin/tickets/contact-reveal',
    access: 'tickets.manage',
    tags: ['admin queues'],
    summary: '查看工单的完整联系方式（客服、代理须填写原因，记审计）',
    body: z.object({ id: Id, reason: AdminReason }),
    answer: z.object({ id: z.number().int(), contact: z.string() }),
  },
  adminTicketReply: {
    route: 'POST /admin/tickets/reply',
    access: 'tickets.manage',
    tags: ['admin queues'],
    summary: '回复投诉建议或改变其状态（用户在 /suggest 看到）',
    body: AdminTicketReplyBody,
    answer: AdminTicketDetailAnswer,
  },
  adminChatThread: {
    route: 'GET /admin/tickets/chat',
    access: 'tickets.manage',
    tags: ['admin queues'],
    summary: '在线咨询的对话：用户与客服的全部消息',
    query: z.object({ id: Id }),
    answer: AdminChatThread,
  },
  adminChatRead: {
    route: 'POST /admin/tickets/chat/read',
    idempotent: "marks only the holder's messages not yet read: a second time finds none and changes nothing (no audit row)",
    access: 'tickets.manage',
    tags: ['admin queues'],
    summary: '在线咨询：用户的消息已读',
    body: z.object({ id: Id }),
    answer: AdminChatThread,
  },
  adminChatReply: {
    route: 'POST /admin/tickets/chat/reply',
    idempotent: 'its body client_id (chat.test.ts)',
    access: 'tickets.manage',
    tags: ['admin queues'],
    summary: '在线咨询：回复用户（实时送达用户的对话页；同一 client_id 只存一次）',
    body: AdminChatReplyBody,
    answer: ChatMessage,
  },
  adminChatImage: {
    route: 'GET /admin/tickets/:id/chat-images/:message',
    access: 'tickets.manage',
    tags: ['admin queues'],
    summary: '在线咨询中用户发送的图片（与工单相同的代理范围）',
    params: z.object({ id: Id, message: Id }),
  },
  adminApplicationList: {
    route: 'GET /admin/agent-applications',
    access: 'agentApplications.manage',
    tags: ['admin queues'],
    summary: '代理申请队列：按状态筛选，最早的在前',
    query: AdminApplicationQuery,
    answer: AdminApplicationListAnswer,
  },
  adminApplicationDecide: {
    route: 'POST /admin/agent-applications/decide',
    access: 'agentApplications.manage',
    tags: ['admin queues'],
    summary: '代理申请：转审核中、通过或驳回（驳回须填原因；申请人在 /agent 看到）',
    body: AdminApplicationDecideBody,
    answer: AdminApplicationRow,
  },
  adminReplacementList: {
    route: 'GET /admin/replacements',
    access: 'cards.manage',
    tags: ['admin queues'],
    summary: '换卡申请队列：按状态、卡号筛选，最早的在前',
    query: AdminReplacementQuery,
    answer: AdminReplacementListAnswer,
  },
  adminReplacementMove: {
    route: 'POST /admin/replacements/move',
    access: 'cards.manage',
    tags: ['admin queues'],
    summary: '换卡申请：发货（快递公司与单号）、完成或驳回（须填原因）',
    body: AdminReplacementMoveBody,
    answer: AdminReplacementRow,
  },
  adminRealNameList: {
    route: 'GET /admin/real-name',
    access: 'realname.view',
    tags: ['admin queues'],
    summary: '实名记录（脱敏：姓名、证件号、手机号；不含照片）',
    query: AdminRealNameQuery,
    answer: AdminRealNameListAnswer,
  },
  adminRealNameReveal: {
    route: 'POST /admin/real-name/reveal',
    access: 'realname.reveal',
    tags: ['admin queues'],
    summary: '查看完整实名信息（须填原因，记入审计日志；不缓存）',
    body: AdminRealNameRevealBody,
    answer: AdminRealNameRevealAnswer,
  },
  adminShopOrderList: {
    route: 'GET /admin/shop-orders',
    access: 'orders.manage',
    tags: ['admin queues'],
    summary: '设备订单发货队列：待发货（最早付款的在前）、已发货、已签收',
    query: AdminShopOrderQuery,
    answer: AdminShopOrderListAnswer,
  },
  adminShopOrderShip: {
    route: 'POST /admin/shop-orders/ship',
    access: 'orders.manage',
    tags: ['admin queues'],
    summary: '设备订单发货：快递公司与快递单号（经商城的发货服务）',
    body: AdminShopShipBody,
    answer: AdminShopOrderRow,
  },
});
