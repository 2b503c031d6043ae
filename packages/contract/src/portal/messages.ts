// The portal's endpoints of ../routes/messages.ts bound to who may call them and their schemas
// (../declaration.ts); ../endpoints.ts joins the areas (docs/decisions/0050-one-endpoint-registry.md).
import { bindRoutes } from '../declaration';
import * as ROUTES from '../routes/messages';
import { MessageReadRequest, MessagesAnswer, MessagesQuery, UnreadAnswer } from '../messages';

export const messagesEndpoints = bindRoutes(ROUTES, {
  messages: {
    access: 'holder',
    tags: ['messages'],
    summary: '消息中心：提醒与工单回复，新的在前（每页30条）',
    query: MessagesQuery,
    answer: MessagesAnswer,
  },
  messagesUnread: { access: 'holder', tags: ['messages'], summary: '消息中心的未读条数', answer: UnreadAnswer },
  messageRead: {
    access: 'holder',
    tags: ['messages'],
    summary: '把一条或全部消息标为已读',
    body: MessageReadRequest,
    answer: UnreadAnswer,
  },
});
