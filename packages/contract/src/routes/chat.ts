// Routes of 在线咨询, the built-in chat on the ticket system (docs/decisions/0034): see ./index.ts.

export const chatThread = 'GET /v2/chat';
export const chatSend = 'POST /v2/chat/messages';
export const chatRead = 'POST /v2/chat/read';
export const chatStreamKey = 'POST /v2/chat/stream_key';
export const chatStream = 'GET /v2/chat/stream';
