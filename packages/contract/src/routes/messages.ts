// Routes of the message centre: see ./index.ts.

export const messages = 'GET /v2/messages';
export const messagesUnread = 'GET /v2/messages/unread';
export const messageRead = 'POST /v2/messages/read';
