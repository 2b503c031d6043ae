// Written by `npm run routes` from ../portal/chat.ts, where each endpoint is declared: do not edit.

export const chatThread = 'GET /v2/chat';
export const chatSend = 'POST /v2/chat/messages';
export const chatRead = 'POST /v2/chat/read';
export const chatStreamKey = 'POST /v2/chat/stream_key';
export const chatStream = 'GET /v2/chat/stream';
