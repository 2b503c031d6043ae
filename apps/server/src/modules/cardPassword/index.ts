// The card password module's public entry: has-password, and setting / resetting a card's login
// password with an SMS code, the console's resets and generated passwords to hand out. Owns
// card_password_handouts (the hash is the card record's, sessions are auth's).
export { cardPasswordRoutes } from './routes';
export { saveCardPasswordHash } from './service';
export { generateCardPasswords, liftCardLocks, pendingHandouts, resetByOperator, takeHandouts, type Handout } from './operator';
