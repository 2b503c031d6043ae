// The portal's endpoints of this area: route, who may call them and their schemas
// (../declaration.ts; ../routes/chat.ts is derived from them); ../endpoints.ts joins the areas
// (docs/decisions/0050-one-endpoint-registry.md).
import { declareArea } from '../declaration';
import { ChatMessage, ChatSendRequest, ChatStreamKey, ChatStreamQuery, ChatThread } from '../chat';

export const chatEndpoints = declareArea({
  chatThread: {
    route: 'GET /v2/chat',
    access: 'holder',
    tags: ['chat'],
    summary: '在线咨询：我与客服的对话（最近一次会话的全部消息，仅本人）',
    answer: ChatThread,
  },
  chatSend: {
    route: 'POST /v2/chat/messages',
    access: 'holder',
    tags: ['chat'],
    summary: '在线咨询：发送一条消息（文字 ≤500 字或一张图片；同一 client_id 只存一次）',
    body: ChatSendRequest,
    answer: ChatMessage,
  },
  chatRead: { route: 'POST /v2/chat/read', access: 'holder', tags: ['chat'], summary: '在线咨询：客服的消息已读', answer: ChatThread },
  chatStreamKey: {
    route: 'POST /v2/chat/stream_key',
    access: 'holder',
    tags: ['chat'],
    summary: '在线咨询：实时消息流的钥匙（EventSource 不能带登录头；10 分钟有效，只能读本人的会话）',
    answer: ChatStreamKey,
  },
  chatStream: {
    route: 'GET /v2/chat/stream',
    access: 'open',
    tags: ['chat'],
    summary: '在线咨询的实时消息（text/event-stream；凭 stream_key，Last-Event-ID 或 after 续传）',
    query: ChatStreamQuery,
  },
});
