// Written by `npm run routes` from ../portal/messages.ts, where each endpoint is declared: do not edit.

export const messages = 'GET /v2/messages';
export const messagesUnread = 'GET /v2/messages/unread';
export const messageRead = 'POST /v2/messages/read';
