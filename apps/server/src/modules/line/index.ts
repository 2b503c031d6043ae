// The line's public entry: the one read model of a line (docs/decisions/0029) — what every page,
// job and console view says about a card's state, figures and fix — and the events that move it.
export { lineRoutes } from './routes';
export { flowAnswer, lineAnswer, lineFacts, lineOf, linesOf, planOf, type LineCard } from './service';
export { freshLine } from './pages';
export { lineBeforeDelivery, noteDelivery, restoreLine, RESTORE_JOB, type Delivery } from './restore';
