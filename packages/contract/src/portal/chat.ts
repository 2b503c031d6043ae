// The portal's endpoints of ../routes/chat.ts bound to who may call them and their schemas
// (../declaration.ts); ../endpoints.ts joins the areas (docs/decisions/0050-one-endpoint-registry.md).
import { bindRoutes } from '../declaration';
import * as ROUTES from '../routes/chat';
import { ChatMessage, ChatSendRequest, ChatStreamKey, ChatStreamQuery, ChatThread } from '../chat';

export const chatEndpoints = bindRoutes(ROUTES, {
  chatThread: {
    access: 'holder',
    tags: ['chat'],
    summary: '在线咨询：我与客服的对话（最近一次会话的全部消息，仅本人）',
    answer: ChatThread,
  },
  chatSend: {
    access: 'holder',
    tags: ['chat'],
    summary: '在线咨询：发送一条消息（文字 ≤500 字或一张图片；同一 client_id 只存一次）',
    body: ChatSendRequest,
    answer: ChatMessage,
  },
  chatRead: { access: 'holder', tags: ['chat'], summary: '在线咨询：客服的消息已读', answer: ChatThread },
  chatStreamKey: {
    access: 'holder',
    tags: ['chat'],
    summary: '在线咨询：实时消息流的钥匙（EventSource 不能带登录头；10 分钟有效，只能读本人的会话）',
    answer: ChatStreamKey,
  },
  chatStream: {
    access: 'open',
    tags: ['chat'],
    summary: '在线咨询的实时消息（text/event-stream；凭 stream_key，Last-Event-ID 或 after 续传）',
    query: ChatStreamQuery,
  },
});
