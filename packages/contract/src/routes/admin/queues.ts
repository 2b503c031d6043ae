// Written by `npm run routes` from ../../admin/queues.ts, where each endpoint is declared: do not edit.

export const adminTicketList = 'GET /admin/tickets';
export const adminTicketDetail = 'GET /admin/tickets/detail';
export const adminTicketContactReveal = 'POST /admin/tickets/contact-reveal';
export const adminTicketReply = 'POST /admin/tickets/reply';
export const adminChatThread = 'GET /admin/tickets/chat';
export const adminChatRead = 'POST /admin/tickets/chat/read';
export const adminChatReply = 'POST /admin/tickets/chat/reply';
export const adminChatImage = 'GET /admin/tickets/:id/chat-images/:message';
export const adminApplicationList = 'GET /admin/agent-applications';
export const adminApplicationDecide = 'POST /admin/agent-applications/decide';
export const adminReplacementList = 'GET /admin/replacements';
export const adminReplacementMove = 'POST /admin/replacements/move';
export const adminRealNameList = 'GET /admin/real-name';
export const adminRealNameReveal = 'POST /admin/real-name/reveal';
export const adminShopOrderList = 'GET /admin/shop-orders';
export const adminShopOrderShip = 'POST /admin/shop-orders/ship';
