// The tickets module's public entry: complaints and suggestions (/suggest) with their timeline and
// the operator's replies, and 在线咨询 — a conversation built on a ticket (docs/decisions/0034).
// Owns tickets, ticket_events and ticket_messages.
import type { AppContext } from '../../context';
import { chatStreamsOf } from './chatService';

export { ticketsRoutes } from './routes';
// a step by support also tells the holder (the message centre): the console writes it through this
export { addTicketStep as addTicketEvent } from './steps';
export { insertTicket } from './repo';
export { ticketNoOf } from './rules';
export { chatImageId, holderUnread, markHolderRead, replyAsSupport, supportThread } from './chatService';
/** the open chat streams of this process, for the metrics (docs/decisions/0057) */
export const openChatStreams = (ctx: AppContext): number => chatStreamsOf(ctx).size;
