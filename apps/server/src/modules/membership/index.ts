// The membership module's public entry: growth levels per agent, the growth ledger and the rights
// of a level (docs/decisions/0019). Owns member_programs, member_levels and member_growth.
//   commerce calls `membershipForCommerce` (once from fulfilment, once from a refund, and for a
//   package's member price); cards call `memberRightsAmong` for card info (its read model reads the basis and the levels).
export { membershipRoutes } from './routes';
export { memberRightsAmong, programOfAgent, type LevelFacts, type RightsBasis } from './service';
import { orderFulfilled, orderRefunded } from './commerceHooks';
import { memberPackageDiscount } from './service';
export const membershipForCommerce = { orderFulfilled, orderRefunded, memberPackageDiscount };
