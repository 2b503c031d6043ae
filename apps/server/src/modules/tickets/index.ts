// The tickets module's public entry: complaints and suggestions (/suggest) with their timeline and
// the operator's replies. Owns tickets and ticket_events.
export { ticketsRoutes } from './routes';
export { addTicketEvent } from './repo';
