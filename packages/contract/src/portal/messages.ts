// The portal's endpoints of this area: route, who may call them and their schemas
// (../declaration.ts; ../routes/messages.ts is derived from them); ../endpoints.ts joins the areas
// (docs/decisions/0050-one-endpoint-registry.md).
import { declareArea } from '../declaration';
import { MessageReadRequest, MessagesAnswer, MessagesQuery, UnreadAnswer } from '../messages';

export const messagesEndpoints = declareArea({
  messages: {
    route: 'GET /v2/messages',
    access: 'holder',
    tags: ['messages'],
    summary: '消息中心：提醒与工单回复，新的在前（每页30条）',
    query: MessagesQuery,
    answer: MessagesAnswer,
  },
  messagesUnread: {
    route: 'GET /v2/messages/unread',
    access: 'holder',
    tags: ['messages'],
    summary: '消息中心的未读条数',
    answer: UnreadAnswer,
  },
  messageRead: {
    route: 'POST /v2/messages/read',
    access: 'holder',
    tags: ['messages'],
    summary: '把一条或全部消息标为已读',
    body: MessageReadRequest,
    answer: UnreadAnswer,
  },
});
