// The card password module's public entry: has-password, and setting / resetting a card's login
// password with an SMS code. Owns no table (the hash is the card record's, sessions are auth's).
export { cardPasswordRoutes } from './routes';
export { saveCardPasswordHash } from './service';
