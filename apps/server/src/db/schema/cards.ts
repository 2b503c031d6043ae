// Cards, who holds them, their packages, usage, diagnoses and card passwords.
// Table types for Kysely; ../schema.ts has the conventions and joins every area in Database.
import type { Generated, GeneratedAlways } from 'kysely';
import type { Bool } from './bool';

export interface CardsTable {
  id: Generated<number>;
  custom_num: string;
  agent_id: number;
  iccid: string;
  isdn: string;
  bind_iccid: string;
  channel_id: number;
  state: number;
  supplier: number;
  supplier_state: number;
  supplier_auth_state: Bool;
  auth_state: Bool;
  real_name_order: number;
  pre_store: Bool;
  pre_store_show: Bool;
  pre_store_mold: number;
  fake_real_name: Bool;
  member_right_switch: Bool;
  balance_fen: number;
  balance_order_has_payment: Bool;
  order_has_payment: Bool;
  has_first_balance_order: Bool;
  need_change_card: Bool;
  need_auth: Bool;
  need_id: Bool;
  multi_series: Bool;
  /** JSON number[] */
  package_series_ids: string;
  package_mold: number;
  def_package_id: number;
  market_group_id: number;
  card_mold: number;
  algorithm: number;
  series_type: number;
  is_skip: Bool;
  superior_card_num: string;
  verify_url: string;
  real_name_url: string;
  ordered_flag: Bool;
  mobile_real_name_mold: number;
  expired_at: string;
  member_expired_at: string;
  /** scrypt hash of the 4-6 digit card login password; null = none set */
  password_hash: string | null;
  /** mobile that receives card-password SMS when the card is bound to nobody */
  reserve_mobile: string | null;
  /** when usage was last taken from the carrier ("" = never) */
  flow_synced_at: string;
  /** the carrier's stop reason as last reported, '' none (010; decoded by @portal/domain/stopReason) */
  stop_reason: Generated<string>;
  /** a payment fixed what stopped the line and the carrier was asked to resume it (ISO), '' none (024) */
  resume_requested_at: Generated<string>;
  /** the APN the carrier last found the line set to, and the one it needs; '' never tested (024) */
  apn: Generated<string>;
  apn_expected: Generated<string>;
  /** the carrier platform account of the card's line (025; 1 = the simulator) */
  carrier_account_id: Generated<number>;
  /** the platform's own status code as last read, '' never read (025) */
  carrier_raw_state: Generated<string>;
  /** the line should be read again soon (ISO), '' none (025; modules/carrierSync) */
  sync_wanted_at: Generated<string>;
  created_at: string;
  /** the console import batch that created the card (017); null: not imported there */
  import_batch_id: Generated<number | null>;
  /** the line's IMSI, '' unknown (036: the import's IMSI column, the carrier sync) */
  imsi: Generated<string>;
  /** each identifier reversed, kept by the database (036): a suffix search is a prefix range on these */
  custom_num_rev: GeneratedAlways<string>;
  iccid_rev: GeneratedAlways<string>;
  isdn_rev: GeneratedAlways<string>;
  imsi_rev: GeneratedAlways<string>;
}

export interface CardBindingsTable {
  id: Generated<number>;
  user_id: number;
  card_id: number;
  remark: string;
  created_at: string;
  /** the name the user gave the card (007), "" for none; goes with the binding (default "") */
  nickname: Generated<string>;
}

/** Package instances on a card (the catalogue and orders come with commerce). */
export interface CardPackagesTable {
  id: Generated<number>;
  card_id: number;
  name: string;
  package_type: number;
  total_kb: number;
  started_at: string;
  expired_at: string;
  created_at: string;
  /** the order that created this row (005); null for seeded or older rows */
  order_no: string | null;
  /** the catalogue package the row is of (009); null when unknown (then the order's package) */
  package_id: number | null;
}

export interface CardFlowDailyTable {
  card_id: number;
  /** YYYY-MM-DD, China time */
  day: string;
  used_kb: number;
}

/** One-time QR binding tokens (016): only the sha256 of the token is stored. */
export interface BindingTokensTable {
  id: Generated<number>;
  card_id: number;
  token_hash: string;
  issued_by: Generated<string>;
  issued_at: string;
  expires_at: string;
  used_at: string | null;
  used_by: number | null;
}

/** Each diagnosis as shown, a short history per card (010). */
export interface DiagnosesTable {
  id: Generated<number>;
  card_id: number;
  kind: string;
  asked_by: string;
  overall: string;
  headline: string;
  checks: string;
  created_at: string;
}

/** A generated card password the operator has not taken yet (in clear until taken, then deleted). */
export interface CardPasswordHandoutsTable {
  id: Generated<number>;
  card_id: number;
  custom_num: string;
  password: string;
  /** 'migration' (a card that had none) */
  reason: string;
  created_at: string;
}
