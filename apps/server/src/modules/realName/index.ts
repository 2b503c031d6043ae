// The real-name module's public entry: the card holder's personal information, carrier real-name
// links and status. Owns card_personal_info and real_name_tickets. The ticket lookups and
// safeReturnPath are for the carrier simulator's hosted pages (src/sim).
export { realNameRoutes } from './routes';
export { pendingVerifications, ticketOf, useTicket } from './repo';
export { refreshVerified } from './service';
export { safeReturnPath } from './rules';
export { personalInfoOf } from './repo';
