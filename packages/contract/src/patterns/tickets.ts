// Zod-free constants of tickets (/suggest), for the browser and the schemas in ../tickets.ts.

/** What a holder files on /suggest. */
export const SUGGEST_CATEGORIES = ['connectivity', 'billing', 'package', 'service', 'suggestion', 'other'] as const;
/** Every ticket's category: /suggest's, and `chat`, a conversation of 在线咨询 (docs/decisions/0034). */
export const TICKET_CATEGORIES = [...SUGGEST_CATEGORIES, 'chat'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
/** What each category is called on the page. */
export const TICKET_CATEGORY_LABEL: Record<TicketCategory, string> = {
  connectivity: '网络问题',
  billing: '扣费问题',
  package: '套餐问题',
  service: '服务态度',
  suggestion: '功能建议',
  other: '其他',
  chat: '在线咨询',
};
export const TICKET_STATUSES = ['submitted', 'in_progress', 'replied', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_STATUS_LABEL: Record<TicketStatus, string> = {
  submitted: '已提交',
  in_progress: '处理中',
  replied: '已回复',
  closed: '已关闭',
};
/** Images per ticket (the uploader's capacity). */
export const MAX_TICKET_IMAGES = 9;
