// The card record's public entry: the ONE writer of the `cards` table (repo.ts), who may reach a
// card (accessibleCard), and what a card may do now (the gates). Every module that acts on a card
// uses this; it uses nothing but auth's Auth type, so it never takes part in a cycle.
export { accessibleCard, allowedCard } from './access';
export { CARD_COLUMNS, seriesIdsOf } from './columns';
export { assertNotCancelled, assertPurchasable } from './gates';
export * as cardRecord from './repo';
export type { BulkCardChange } from './repo';
