// The reseller's accounts on the carriers' platforms.
// Table types for Kysely; ../schema.ts has the conventions and joins every area in Database.
import type { Generated } from 'kysely';
import type { Bool } from './bool';

/** The reseller's accounts on the carriers' IoT platforms (025; docs/decisions/0030). */
export interface CarrierAccountsTable {
  id: Generated<number>;
  name: string;
  /** the platform kind (integrations/carrier/kinds.ts), e.g. 'onelink'; 'simulator' for account 1 */
  carrier: string;
  base_url: Generated<string>;
  /** JSON of the account's fields, sealed (lib/personalData) */
  credentials: Generated<string>;
  enabled: Generated<Bool>;
  /** 'builtin' (the simulator), 'console' or 'file' (CARRIER_ACCOUNTS_FILE) */
  source: Generated<string>;
  /** the calls per second the carrier granted this account, 0 = the platform's published default */
  calls_per_second: Generated<number>;
  failures: Generated<number>;
  circuit_open_until: Generated<string>;
  last_error: Generated<string>;
  /** the kind of the last account-level failure: 'auth', 'unavailable', 'malformed'; '' none (046) */
  last_error_kind: Generated<string>;
  last_round_at: Generated<string>;
  last_round_cards: Generated<number>;
  /** cards whose read failed in the last complete round (046) */
  last_round_failed: Generated<number>;
  /** the state operators were last alerted of in the messaging app, '' none (046) */
  alerted_state: Generated<string>;
  calls_ok: Generated<number>;
  calls_failed: Generated<number>;
  created_at: string;
  updated_at: string;
}
