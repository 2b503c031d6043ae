// Table types for Kysely. Conventions that keep one query code base for SQLite and PostgreSQL:
// - booleans are INTEGER 0/1 (SQLite has no boolean type);
// - money is INTEGER fen; data volumes are INTEGER KB;
// - timestamps are TEXT ISO-8601 in UTC (they compare correctly as strings on both);
// - business dates (usage days) are TEXT YYYY-MM-DD in China time;
// - lists are TEXT JSON.
import type { Generated, GeneratedAlways, Insertable, Selectable } from 'kysely';

type Bool = number;

export interface AgentsTable {
  id: Generated<number>;
  mark: string;
  nickname: string;
  username: string;
  apply_name: string;
  enterprise_name: string;
  contact_email: string;
  customer_url: string;
  app_url: string;
  /** the iPhone app's link beside app_url (Android), '' none (037) */
  ios_url: Generated<string>;
  h5_url: string;
  guide_qrcode: string;
  official_account_qrcode: string;
  logo: string;
  hotline: string;
  /** when 客服 answers, free text (e.g. 每天 9:00-21:00); "" = not configured (006) */
  service_hours: string;
  open_type: number;
  open_customer: Bool;
  agent_form: Bool;
  product_form: Bool;
  open_balance_recharge: Bool;
  card_login: Bool;
  open_market: Bool;
  coupon_goods: Bool;
  payee: string;
  withdrawal_method: number;
  withdrawal_account: string;
  is_agent: Bool;
  affiliated_official_account: string;
  created_at: string;
  /** 038: days after payment a holder may ask for a refund of an unused package (0: never) */
  refund_request_days: Generated<number>;
  /** 047: the agent above (null: a top agent, 总代理); never changes (docs/decisions/0067) */
  parent_id: number | null;
  /** 047: 1 总代理, 2 代理, 3 分销 */
  level: Generated<number>;
  /** 047: the share of the parent's margin kept on a package the parent set no cost for (basis points) */
  share_bp: Generated<number>;
}

/** 047: the cost a parent set for one sub-agent and one package (docs/decisions/0067). */
export interface AgentPackageCostsTable {
  agent_id: number;
  package_id: number;
  cost_fen: number;
  updated_at: string;
}

/** 047: a payout openid bound through the messaging app's login: the link's token until bound. */
export interface PayeeBindingsTable {
  token: string;
  agent_id: number;
  operator_id: number;
  payee: string;
  /** '' until the link is opened in the messaging app */
  openid: Generated<string>;
  expires_at: string;
  bound_at: string | null;
  created_at: string;
}

/** Per-agent payment setting; an agent without a row gets the spec defaults (all off). */
export interface PaySettingsTable {
  agent_id: number;
  ali_pay: Bool;
  ali_pay_type: number;
  ant_credit_pay: Bool;
  ant_credit_min_money_fen: number;
  wechat_pay: Bool;
  wechat_pay_type: number;
  official_pay_type: number;
}

export interface UsersTable {
  id: Generated<number>;
  agent_id: number;
  mobile: string | null;
  account: string | null;
  password_hash: string | null;
  created_at: string;
}

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

export interface SessionsTable {
  id: Generated<number>;
  /** sha256 of the bearer token: a leaked database does not leak live tokens */
  token_hash: string;
  user_id: number;
  /** card number of a card-number login, "" otherwise */
  custom_num: string;
  login_model: string;
  mark: string;
  created_at: string;
  expires_at: string;
  /** set when the token was rotated: it stays valid briefly for requests already in flight */
  replaced_at: string | null;
  revoked_at: string | null;
}

export interface SmsCodesTable {
  id: Generated<number>;
  mobile: string;
  purpose: string;
  /** what beyond the purpose the code is for: a card password's card number; '' for a login */
  subject: Generated<string>;
  code_hash: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Fixed-window counters and lockouts for rate limits (shared by all server processes). */
export interface ThrottlesTable {
  key: string;
  count: number;
  window_ends_at: string;
  locked_until: string | null;
}

/** The SMS simulator's outbox: what a real provider's console would show. */
export interface SimSmsOutboxTable {
  id: Generated<number>;
  mobile: string;
  content: string;
  created_at: string;
}

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

/** The carrier simulator's own view of each line. */
export interface SimLinesTable {
  custom_num: string;
  carrier_status: number;
  real_named: Bool;
  /** JSON [{carrier, name}] for multi-SIM devices */
  networks: string;
  current_network: number;
  /** typical daily use in KB, the centre of the simulated usage */
  daily_kb: number;
  activated_on: string;
  /** why a stopped line is stopped, in the carrier's code (010) */
  stop_reason: Generated<string>;
  /** the APN the line is set to; '' = the right one (010) */
  apn: Generated<string>;
  /** the China-time day the status last changed ('' = since activation): a line uses data only while in service (024) */
  status_since: Generated<string>;
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

/** A complaint or suggestion (013). */
export interface TicketsTable {
  id: Generated<number>;
  ticket_no: string;
  owner_user_id: number;
  owner_custom_num: string;
  card_id: number;
  custom_num: string;
  order_no: string;
  category: string;
  description: string;
  images: string;
  contact: string;
  diagnosis: string;
  status: string;
  created_at: string;
  updated_at: string;
}

/** A step of a ticket's timeline, with the operator's reply (013). */
export interface TicketEventsTable {
  id: Generated<number>;
  ticket_id: number;
  status: string;
  content: string;
  author: string;
  created_at: string;
}

/** A message of a 在线咨询 conversation (a `chat` ticket), the holder's or support's (028). */
export interface TicketMessagesTable {
  id: Generated<number>;
  ticket_id: number;
  sender: string;
  author: string;
  body: string;
  image_id: string;
  client_id: string;
  /** '' unread (default) */
  read_at: Generated<string>;
  created_at: string;
}

/** An application to become an agent (013). */
export interface AgentApplicationsTable {
  id: Generated<number>;
  application_no: string;
  access_key: string;
  agent_id: number;
  name: string;
  mobile: string;
  open_mobile: string | null;
  province: string;
  city: string;
  channel: string;
  notes: string;
  status: string;
  reject_reason: string;
  created_at: string;
  updated_at: string;
  /** 047: the sub-agent an approved application became, under agent_id (the inviting agent) */
  created_agent_id: number | null;
}

/** An agent's family of data plans (002). */
/** The agent's devices for sale (016). `stock`: units not held by an order. */
export interface ShopProductsTable {
  id: Generated<number>;
  agent_id: number;
  name: string;
  summary: Generated<string>;
  image: string;
  bands: Generated<string>;
  /** JSON array of carrier names */
  carriers: Generated<string>;
  /** JSON array of package_series ids the device works with; [] = any */
  series_ids: Generated<string>;
  price_fen: number;
  stock: Generated<number>;
  on_sale: Generated<number>;
  sort: Generated<number>;
  created_at: string;
}

/** A device order's goods, address and shipping (016); the money is its `orders` row. */
export interface ShopOrdersTable {
  id: Generated<number>;
  order_no: string;
  product_id: number;
  quantity: number;
  unit_price_fen: number;
  receiver: string;
  mobile: string;
  province: string;
  city: string;
  district: string;
  address: string;
  /** awaiting | shipped | received */
  ship_state: Generated<string>;
  carrier: Generated<string>;
  tracking_no: Generated<string>;
  shipped_at: string | null;
  received_at: string | null;
  stock_released_at: string | null;
  created_at: string;
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

export interface PackageSeriesTable {
  id: Generated<number>;
  agent_id: number;
  name: string;
  description: string;
  sort: number;
  created_at: string;
}

// ---------- commerce (003) ----------
export interface PackagesTable {
  id: Generated<number>;
  series_id: number;
  name: string;
  package_type: number;
  period: number;
  period_count: number;
  flow_mb: number;
  price_fen: number;
  original_price_fen: number;
  description: string;
  voucher_allowed: Bool;
  recommended: Bool;
  on_sale: Bool;
  sort: number;
  created_at: string;
  /** what the platform charges the agent (018); price_fen is the retail price the portal quotes */
  cost_fen: Generated<number>;
}

export interface CouponPackagesTable {
  id: Generated<number>;
  agent_id: number;
  name: string;
  price_fen: number;
  description: string;
  /** JSON [{ amount_fen, min_spend_fen, valid_days, package_types }] */
  vouchers: string;
  on_sale: Bool;
  created_at: string;
}

export interface RechargeOffersTable {
  id: Generated<number>;
  agent_id: number;
  amount_fen: number;
  bonus_fen: number;
  title: string;
  description: string;
}

export interface VouchersTable {
  id: Generated<number>;
  card_id: number;
  name: string;
  amount_fen: number;
  min_spend_fen: number;
  /** JSON number[]; [] = any */
  package_types: string;
  expires_at: string;
  /** usable | locked | used */
  status: string;
  order_no: string | null;
  source: string;
  used_at: string | null;
  created_at: string;
  /** the coupon-package order that created it (005); null otherwise */
  origin_order_no: string | null;
  /** the console's bulk issue that created it (018); null otherwise */
  batch_id: Generated<number | null>;
}

export interface OrdersTable {
  id: Generated<number>;
  order_no: string;
  card_id: number;
  user_id: number;
  goods_type: string;
  title: string;
  package_id: number | null;
  coupon_package_id: number | null;
  total_fen: number;
  discount_fen: number;
  payable_fen: number;
  credit_fen: number;
  bonus_fen: number;
  voucher_id: number | null;
  pay_channel: number;
  state: string;
  request_id: string;
  request_fingerprint: string;
  payment_id: string | null;
  pay_url: string | null;
  access_key_hash: string;
  created_at: string;
  expires_at: string;
  paid_at: string | null;
  fulfilled_at: string | null;
  closed_at: string | null;
  last_query_at: string | null;
  /** an upgrade order: the data it adds and until when, as quoted at order time (009) */
  upgrade_add_kb: number | null;
  upgrade_expired_at: string | null;
  /** 038: money given back so far by partial refunds (docs/decisions/0045) */
  refunded_fen: Generated<number>;
  /** the part of discount_fen that was the owner's member price (020) */
  member_discount_fen: Generated<number>;
}

export interface PaymentsTable {
  id: Generated<number>;
  order_no: string;
  channel: number;
  transaction_id: string;
  amount_fen: number;
  source: string;
  created_at: string;
  /** 1 = received when the order was no longer pending: to be refunded (005) */
  late: Generated<number>;
}

export interface BalanceLedgerTable {
  id: Generated<number>;
  card_id: number;
  amount_fen: number;
  kind: string;
  order_no: string;
  balance_after_fen: number;
  note: string;
  created_at: string;
}

export interface PayNotificationsTable {
  id: Generated<number>;
  channel: number;
  order_no: string;
  transaction_id: string;
  amount_fen: number;
  outcome: string;
  created_at: string;
}

export interface SimPaymentsTable {
  payment_id: string;
  order_no: string;
  channel: number;
  amount_fen: number;
  subject: string;
  merchant: string;
  return_url: string;
  state: string;
  transaction_id: string | null;
  created_at: string;
  finished_at: string | null;
}

/** The card holder's personal information (/collect). Never logged; answered masked. */
export interface CardPersonalInfoTable {
  card_id: number;
  name: string;
  id_number: string;
  mobile: string;
  /** upload ids of the ID card photos, where the carrier asks for them */
  id_photo_front: string | null;
  id_photo_back: string | null;
  updated_at: string;
}

/** An uploaded image (ID card photos…), served back to its owner only. */
export interface UploadsTable {
  /** random, unguessable */
  id: string;
  /** the session's user; 0 for a card-number login, which owns by owner_custom_num */
  owner_user_id: number;
  owner_custom_num: string;
  mime: string;
  size: number;
  content: Buffer;
  created_at: string;
}

/** A carrier real-name session: an unguessable, expiring, single-use link. */
export interface RealNameTicketsTable {
  id: Generated<number>;
  ticket: string;
  card_id: number;
  mode: number;
  return_path: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** the carrier's reference for the attempt (OneLink busiSeq), '' none (025) */
  carrier_reference: Generated<string>;
}

export interface ChangeCardApplicationsTable {
  id: Generated<number>;
  card_id: number;
  status: 'submitted' | 'shipped' | 'done' | 'rejected';
  receiver_name: string;
  receiver_mobile: string;
  /** sealed, like the street address (006; "" before) */
  province: string;
  city: string;
  /** sealed; '' on applications filed before it was asked (039) */
  district: Generated<string>;
  address: string;
  reason: string;
  new_custom_num: string;
  created_at: string;
  /** shipped: the carrier and tracking number; rejected: why (019) */
  carrier: Generated<string>;
  tracking_no: Generated<string>;
  reject_reason: Generated<string>;
  updated_at: Generated<string>;
}

// ---------- saved addresses (039) ----------
/** A holder's saved address (地址管理); every text column sealed (lib/personalData). */
export interface HolderAddressesTable {
  id: Generated<number>;
  user_id: number;
  receiver: string;
  mobile: string;
  province: string;
  city: string;
  district: string;
  address: string;
  /** 1 for the user's default address (at most one: a partial unique index) */
  is_default: Generated<number>;
  created_at: string;
  updated_at: string;
}

// ---------- refunds (005) ----------
/** What a delivered order did to the card, so that a refund can take exactly that back. */
export interface OrderDeliveriesTable {
  id: Generated<number>;
  order_no: string;
  card_id: number;
  card_expired_before: string;
  /** JSON list of the card flags this order turned from 0 to 1 */
  flags_set: string;
  target_package_id: number | null;
  add_kb: number;
  target_expired_before: string | null;
  target_expired_after: string | null;
  created_at: string;
  /** an upgrade: the package it replaced on target_package_id's row (009) */
  replaced_package_id: number | null;
  replaced_name: string | null;
  replaced_package_type: number | null;
  /** 1: this delivery fixed what stopped the card's line and asked the carrier to resume it (024) */
  resumes_line: Generated<number>;
}

export interface RefundsTable {
  id: Generated<number>;
  refund_no: string;
  order_no: string;
  /** order | late */
  kind: string;
  channel: number;
  transaction_id: string | null;
  amount_fen: number;
  reason: string;
  /** pending | done */
  state: string;
  gateway_refund_id: string | null;
  created_at: string;
  done_at: string | null;
  /** 038: the console's id of a partial refund (kind 'partial'); null otherwise */
  request_id: Generated<string | null>;
  /** 038: who refunded ('' = the command line) */
  operator_username: Generated<string>;
}

/** 038: a holder's request to refund an order (docs/decisions/0045) */
export interface RefundRequestsTable {
  id: Generated<number>;
  order_no: string;
  card_id: number;
  reason: string;
  /** open | approved | rejected */
  status: string;
  answer: string;
  refund_no: string | null;
  operator_username: string;
  created_at: string;
  decided_at: string | null;
}

/** 038: a holder's request for an electronic invoice (docs/decisions/0045) */
export interface InvoiceRequestsTable {
  id: Generated<number>;
  order_no: string;
  card_id: number;
  /** personal | company */
  title_type: string;
  title: string;
  tax_no: string;
  email: string;
  amount_fen: number;
  /** open | issued | rejected */
  status: string;
  invoice_no: string;
  pdf_upload_id: number | null;
  answer: string;
  operator_username: string;
  created_at: string;
  decided_at: string | null;
}

export interface SimRefundsTable {
  refund_no: string;
  payment_id: string;
  amount_fen: number;
  refund_id: string;
  created_at: string;
}

/** Which device holds which card (008): the card's owner owns the device. */
export interface DevicesTable {
  id: Generated<number>;
  serial: string;
  card_id: number;
  created_at: string;
}

/** Every change an owner asked of a device, and its result (008). */
export interface DeviceChangesTable {
  id: Generated<number>;
  device_id: number;
  user_id: number;
  actor: string;
  kind: string;
  summary: string;
  command_id: string;
  state: string;
  reason: Generated<string>;
  created_at: string;
  settled_at: string | null;
}

/** Changes sent to a GenieACS auto-configuration server as tasks, and their fate (026). */
export interface AcsCommandsTable {
  id: Generated<number>;
  serial: string;
  /** the ACS's name in the configuration */
  acs: string;
  /** GenieACS's device id (OUI-ProductClass-Serial, as GenieACS escapes it) */
  device_id: string;
  task_id: string;
  kind: string;
  /** pending | applied | failed | cancelled */
  state: string;
  reason: string;
  /** the device's CWMP fault code (cwmp.9007 …), '' none */
  fault_code: string;
  created_at: string;
  settled_at: string | null;
  /** a firmware download: the file's name and the version the router reports once it runs it (034); '' otherwise */
  file_name: Generated<string>;
  target_version: Generated<string>;
  /** a setParameterValues task: the JSON list of [path, value] it sets, a passphrase's value null (045); '[]' otherwise */
  parameters: Generated<string>;
}

/** The platform's firmware catalogue (034, docs/decisions/0040-firmware-through-the-acs.md). */
export interface FirmwareImagesTable {
  id: Generated<number>;
  /** GenieACS's product class, or the simulator's model name */
  model: string;
  version: string;
  /** the file's name on the ACS's file server */
  file_name: string;
  /** where the device fetches it when not from the ACS's file server; '' = the ACS's */
  url: Generated<string>;
  size_bytes: number;
  notes: Generated<string>;
  /** the operator who registered it, in words */
  created_by: string;
  created_at: string;
  withdrawn_at: string | null;
}

/** The device simulator's view of each device (008). */
export interface SimDevicesTable {
  serial: string;
  imei: string;
  model: number;
  model_name: string;
  firmware: string;
  portable: Bool;
  supports_5g: Bool;
  battery: number | null;
  online: Bool;
  online_changed_at: string;
  offline_until: string | null;
  boot_at: string;
  next_checkin_at: string;
  active_iccid: string;
  network_mode: string;
  ssid: string;
  wifi_password: string;
  hidden: Bool;
  security: string;
  band: string;
  max_clients: number;
  factory_ssid: string;
  factory_password: string;
  /** the CWMP code the next firmware download fails with; '' = it succeeds (034) */
  download_fault: Generated<string>;
}

export interface SimDeviceSimsTable {
  id: Generated<number>;
  serial: string;
  slot: number;
  iccid: string;
  carrier: number;
  activated: Bool;
  rsrp: number | null;
  sinr: number;
  rsrq: number;
  band_4g: string;
  band_5g: string;
  remaining_kb: number;
  total_kb: number;
}

export interface SimDeviceClientsTable {
  id: Generated<number>;
  serial: string;
  mac: string;
  name: string;
  ip: string;
  band: string;
  connected_at: string;
  blocked: Bool;
}

export interface SimDeviceCommandsTable {
  id: Generated<number>;
  serial: string;
  kind: string;
  payload: string;
  state: string;
  reason: Generated<string>;
  created_at: string;
  settled_at: string | null;
}

/** Scheduled jobs (011): one row per job; a tick is claimed by one conditional update of it. */
export interface ScheduledJobsTable {
  name: string;
  tick: number;
  runner: string;
  started_at: string;
  lease_until: string;
  finished_at: string | null;
  last_error: Generated<string>;
  /** when the last successful run ended ('' = never; 027) */
  succeeded_at: Generated<string>;
}

/** A card owner's alert and auto-renew choices (011). */
export interface CardAlertSettingsTable {
  card_id: number;
  user_id: number;
  data_alert: Bool;
  threshold_unit: string;
  threshold_value: number;
  expiry_alert: Bool;
  expiry_days: number;
  auto_renew: Bool;
  renew_package_id: number | null;
  updated_at: string;
  /** the holder's channels besides home (032): SMS (default on), the official account (default off) */
  channel_sms: Generated<Bool>;
  channel_mp: Generated<Bool>;
}

/** The official account's access token, shared by every process until it expires (032). */
export interface MessagingAppTokensTable {
  appid: string;
  access_token: string;
  expires_at: string;
  fetched_at: string;
}

/** The holder's openid under the official account, per card, and a refusal that stops tries (032). */
export interface AlertRecipientsTable {
  card_id: number;
  appid: string;
  openid: string;
  bound_at: string;
  refused_code: number | null;
  refused_at: string | null;
}

/** One alert on one channel, taken before it is sent (032): never twice across processes. */
export interface AlertDeliveriesTable {
  id: Generated<number>;
  notice_id: number;
  card_id: number;
  channel: string;
  outcome: string;
  errcode: number | null;
  fallback: Generated<Bool>;
  created_at: string;
}

/** Alerts sent, once per (card, kind, period) (011); shown on home until dismissed. */
export interface CardNoticesTable {
  id: Generated<number>;
  card_id: number;
  kind: string;
  period: string;
  title: string;
  body: string;
  action: string;
  order_no: string | null;
  created_at: string;
  dismissed_at: string | null;
}

/** The message centre: what the portal told a holder, kept per owner (037). */
export interface HolderMessagesTable {
  id: Generated<number>;
  user_id: number;
  owner_custom_num: string;
  kind: string;
  source: string;
  title: string;
  body: string;
  custom_num: string;
  link: string;
  created_at: string;
  read_at: string | null;
}

/** The carrier simulator's control: extra usage pushed onto a line's day (011). */
export interface SimUsageExtraTable {
  custom_num: string;
  day: string;
  extra_kb: number;
}

/** A back-office account (014): separate from the portal's users. */
export interface OperatorsTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  /** platform_admin | agent_admin | support | finance */
  role: string;
  agent_id: number | null;
  display_name: string;
  disabled: Generated<Bool>;
  failed_logins: Generated<number>;
  locked_until: string | null;
  /** sealed base32 secret, '' none */
  totp_secret: Generated<string>;
  totp_enabled: Generated<Bool>;
  totp_last_step: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A console login (014): the cookie's token hashed; idle and absolute expiry. */
export interface OperatorSessionsTable {
  id: Generated<number>;
  token_hash: string;
  operator_id: number;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  revoked_at: string | null;
}

/** Every operator action (014). Append-only: triggers refuse UPDATE and DELETE. */
export interface AuditLogTable {
  id: Generated<number>;
  operator_id: number | null;
  operator_username: string;
  operator_role: string;
  agent_id: number | null;
  action: string;
  target_type: string;
  target_id: string;
  reason: string;
  before: string;
  after: string;
  request_id: string;
  ip: string;
  at: string;
}

/** An agent's membership programme (015); no row = no programme. */
export interface MemberProgramsTable {
  agent_id: number;
  enabled: Bool;
  invite_reward_growth: number;
}

export interface MemberLevelsTable {
  id: Generated<number>;
  agent_id: number;
  level: number;
  name: string;
  min_growth: number;
  /** percent of a package's price a member of this level pays (100 = full price) */
  package_price_pct: number;
  /** JSON string[] */
  rights: string;
}

/** The growth ledger: one row per (source, ref), signed. */
export interface MemberGrowthTable {
  id: Generated<number>;
  user_id: number;
  /** order | order_refund | invite | invite_void */
  source: string;
  ref: string;
  amount: number;
  note: string;
  created_at: string;
}

export interface InviteCodesTable {
  user_id: number;
  code: string;
  created_at: string;
}

export interface InvitesTable {
  id: Generated<number>;
  inviter_user_id: number;
  invitee_user_id: number;
  agent_id: number;
  first_order_no: Generated<string>;
  first_paid_at: Generated<string>;
  reward_growth: Generated<number>;
  rewarded_at: Generated<string>;
  void_reason: Generated<string>;
  voided_at: Generated<string>;
  created_at: string;
}

/** A manual balance adjustment in the console (019): once per request id, one ledger row. */
export interface BalanceAdjustmentsTable {
  id: Generated<number>;
  request_id: string;
  card_id: number;
  amount_fen: number;
  reason: string;
  operator_id: number;
  ledger_id: number | null;
  created_at: string;
}

/** Agents' commission (029, docs/decisions/0035): balance beside the ledger, holding period, account on file. */
export interface CommissionAccountsTable {
  agent_id: number;
  balance_fen: Generated<number>;
  holding_days: Generated<number>;
  /** 0 none on file, 1 bank card, 2 Alipay, 3 WeChat change */
  payout_method: Generated<number>;
  payee: Generated<string>;
  payout_account: Generated<string>;
  /** the agent's mobile: a change of the account needs its SMS code */
  verify_mobile: Generated<string>;
  updated_at: string;
}

/** Append-only; unique by (kind, ref). */
export interface CommissionLedgerTable {
  id: Generated<number>;
  agent_id: number;
  /** order | refund | adjustment | withdrawal | withdrawal_return */
  kind: string;
  ref: string;
  amount_fen: number;
  order_no: Generated<string>;
  card_id: number | null;
  retail_fen: Generated<number>;
  discount_fen: Generated<number>;
  cost_fen: Generated<number>;
  paid_fen: Generated<number>;
  note: Generated<string>;
  operator_id: number | null;
  available_at: string;
  created_at: string;
  /** 047: on a parent's row, the sub-agent whose sale or refund it is; null on the seller's own */
  from_agent_id: number | null;
}

export interface CommissionWithdrawalsTable {
  id: Generated<number>;
  agent_id: number;
  request_id: string;
  amount_fen: number;
  /** requested | approved | paid | rejected | failed */
  state: string;
  payout_method: number;
  payee: string;
  payout_account: string;
  requested_by: number;
  requested_at: string;
  decided_by: number | null;
  decided_at: string | null;
  decision_request_id: Generated<string>;
  reject_reason: Generated<string>;
  /** manual | gateway */
  payout_channel: Generated<string>;
  payout_reference: Generated<string>;
  paid_by: number | null;
  paid_at: string | null;
  failure_reason: Generated<string>;
  updated_at: string;
  /** the payout gateway's own word for a transfer in flight, as last answered (033) */
  bill_state: Generated<string>;
  /** requestMerchantTransfer's package while the payee must confirm; '' once settled (033) */
  package_info: Generated<string>;
  /** the payee's confirmation link's token (033) */
  confirm_token: string | null;
  /** when the gateway closes the bill unconfirmed, and the link dies (033) */
  confirm_expires_at: string | null;
}

/** A group of errors reported by phones: one fingerprint in one release (030). */
export interface ErrorReportsTable {
  id: Generated<number>;
  fingerprint: string;
  release: string;
  /** error | chunk | api */
  kind: string;
  message: string;
  count: number;
  /** up to a few route templates, '\n'-separated */
  routes: Generated<string>;
  sample_user_agent: Generated<string>;
  first_seen_at: string;
  last_seen_at: string;
  /** who created the group: a keyed hash of the client address, '' before 042 (docs/decisions/0057) */
  source: Generated<string>;
}

/** Console writes made once (docs/decisions/0041-console-writes-once.md). */
export interface AdminRequestKeysTable {
  operator_id: number;
  key: string;
  endpoint: string;
  body_hash: string;
  state: 'pending' | 'done';
  status_code: Generated<number>;
  answer: Generated<string>;
  created_at: string;
}

/** docs/decisions/0048: the platform's limits on risky console writes (one row, id 1; absent: the defaults) */
export interface WriteLimitsTable {
  id: number;
  voucher_amount_fen: number;
  voucher_valid_days: number;
  voucher_batch_total_fen: number;
  balance_adjust_fen: number;
  retail_price_fen: number;
  /** 041 */
  commission_adjust_fen: Generated<number>;
  payout_change_days: Generated<number>;
  /** 043 */
  refund_fen: Generated<number>;
  updated_by: string;
  updated_at: string;
}

/** docs/decisions/0048: a console write above a limit, waiting for (or decided by) a second operator */
export interface ApprovalRequestsTable {
  id: Generated<number>;
  kind:
    | 'voucher_issue'
    | 'balance_adjust'
    | 'price_save'
    | 'package_save'
    | 'coupon_package_save'
    // 041 (docs/decisions/0056): held whatever their size
    | 'limits_save'
    | 'operator_create'
    | 'operator_password'
    | 'operator_role'
    | 'commission_adjust'
    | 'commission_settings'
    // docs/decisions/0059: refunds above refund_fen; another platform administrator's second factor
    | 'order_refund'
    | 'order_partial_refund'
    | 'refund_request'
    | 'operator_totp';
  agent_id: number | null;
  /** the write's body, JSON */
  payload: string;
  summary: string;
  /** JSON array of sentences */
  breaches: string;
  reason: string;
  requested_by_id: number;
  requested_by: string;
  requested_at: string;
  state: 'pending' | 'approved' | 'rejected' | 'withdrawn';
  decided_by_id: number | null;
  decided_by: string | null;
  decided_at: string | null;
  decision_reason: Generated<string>;
  outcome: Generated<string>;
}

/** 041, docs/decisions/0056: tied_id set operator_id's password or role; neither approves what the other filed */
export interface OperatorTiesTable {
  id: Generated<number>;
  operator_id: number;
  tied_id: number;
  what: 'created' | 'password' | 'role' | 'totp';
  at: string;
}

/** 041, docs/decisions/0056: who changed an agent's payout account or verification mobile, when */
export interface CommissionAccountChangesTable {
  id: Generated<number>;
  agent_id: number;
  what: 'account' | 'mobile';
  operator_id: number;
  at: string;
}

export interface Database {
  agents: AgentsTable;
  pay_settings: PaySettingsTable;
  users: UsersTable;
  cards: CardsTable;
  card_bindings: CardBindingsTable;
  card_packages: CardPackagesTable;
  card_flow_daily: CardFlowDailyTable;
  sessions: SessionsTable;
  sms_codes: SmsCodesTable;
  throttles: ThrottlesTable;
  sim_sms_outbox: SimSmsOutboxTable;
  sim_lines: SimLinesTable;
  carrier_accounts: CarrierAccountsTable;
  commission_accounts: CommissionAccountsTable;
  commission_ledger: CommissionLedgerTable;
  commission_withdrawals: CommissionWithdrawalsTable;
  error_reports: ErrorReportsTable;
  admin_request_keys: AdminRequestKeysTable;
  write_limits: WriteLimitsTable;
  approval_requests: ApprovalRequestsTable;
  operator_ties: OperatorTiesTable;
  commission_account_changes: CommissionAccountChangesTable;
  package_series: PackageSeriesTable;
  // real-name and card replacement
  card_personal_info: CardPersonalInfoTable;
  real_name_tickets: RealNameTicketsTable;
  change_card_applications: ChangeCardApplicationsTable;
  uploads: UploadsTable;
  packages: PackagesTable;
  coupon_packages: CouponPackagesTable;
  recharge_offers: RechargeOffersTable;
  vouchers: VouchersTable;
  orders: OrdersTable;
  payments: PaymentsTable;
  balance_ledger: BalanceLedgerTable;
  pay_notifications: PayNotificationsTable;
  sim_payments: SimPaymentsTable;
  // refunds (005)
  order_deliveries: OrderDeliveriesTable;
  refunds: RefundsTable;
  refund_requests: RefundRequestsTable;
  invoice_requests: InvoiceRequestsTable;
  sim_refunds: SimRefundsTable;
  // wifi devices (008)
  devices: DevicesTable;
  device_changes: DeviceChangesTable;
  sim_devices: SimDevicesTable;
  acs_commands: AcsCommandsTable;
  firmware_images: FirmwareImagesTable;
  sim_device_sims: SimDeviceSimsTable;
  sim_device_clients: SimDeviceClientsTable;
  sim_device_commands: SimDeviceCommandsTable;
  // scheduled jobs, alerts and auto-renew (011)
  scheduled_jobs: ScheduledJobsTable;
  card_alert_settings: CardAlertSettingsTable;
  card_notices: CardNoticesTable;
  holder_messages: HolderMessagesTable;
  // alerts in the messaging app (032)
  messaging_app_tokens: MessagingAppTokensTable;
  alert_recipients: AlertRecipientsTable;
  alert_deliveries: AlertDeliveriesTable;
  sim_usage_extra: SimUsageExtraTable;
  // smart diagnosis (010)
  diagnoses: DiagnosesTable;
  tickets: TicketsTable;
  ticket_events: TicketEventsTable;
  ticket_messages: TicketMessagesTable;
  holder_addresses: HolderAddressesTable;
  agent_applications: AgentApplicationsTable;
  // the operator console (014)
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  audit_log: AuditLogTable;
  // membership and invitations (015)
  member_programs: MemberProgramsTable;
  member_levels: MemberLevelsTable;
  member_growth: MemberGrowthTable;
  invite_codes: InviteCodesTable;
  invites: InvitesTable;
  // device shop and box binding tokens (016)
  shop_products: ShopProductsTable;
  shop_orders: ShopOrdersTable;
  binding_tokens: BindingTokensTable;
  // the console's card import batches and bulk jobs (017)
  card_import_batches: CardImportBatchesTable;
  bulk_jobs: BulkJobsTable;
  bulk_job_items: BulkJobItemsTable;
  balance_adjustments: BalanceAdjustmentsTable;
  // the console's agents and catalogue (018)
  branding_images: BrandingImagesTable;
  voucher_batches: VoucherBatchesTable;
  // generated card passwords not yet handed to the operator (022, decision 0028)
  card_password_handouts: CardPasswordHandoutsTable;
  // agents in levels (047)
  agent_package_costs: AgentPackageCostsTable;
  payee_bindings: PayeeBindingsTable;
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

/** An agent's logo or QR code, public (018). */
export interface BrandingImagesTable {
  id: string;
  agent_id: number;
  mime: string;
  size: number;
  content: Buffer;
  created_at: string;
}

/** Vouchers issued in bulk from the console (018). */
export interface VoucherBatchesTable {
  id: Generated<number>;
  request_id: string;
  agent_id: number | null;
  name: string;
  amount_fen: number;
  min_spend_fen: number;
  valid_days: number;
  target: string;
  card_count: number;
  reason: string;
  operator_id: number;
  operator_username: string;
  created_at: string;
}

export type Agent = Selectable<AgentsTable>;
export type NewAgent = Insertable<AgentsTable>;
export type User = Selectable<UsersTable>;
/** cards' search columns (036): computed by the database on every read that names them; only the console's search does */
export type CardSearchColumn = 'custom_num_rev' | 'iccid_rev' | 'isdn_rev' | 'imsi_rev';
/** A card as the modules read it: every stored column (modules/cardRecord CARD_COLUMNS), not the search ones. */
export type Card = Omit<Selectable<CardsTable>, CardSearchColumn>;
export type NewCard = Insertable<CardsTable>;
export type PackageRow = Selectable<PackagesTable>;
export type VoucherRow = Selectable<VouchersTable>;
export type OrderRow = Selectable<OrdersTable>;

/** 017: one committed card import of the console */
export interface CardImportBatchesTable {
  id: Generated<number>;
  agent_id: number;
  operator_id: number;
  operator_username: string;
  file_name: string;
  card_count: number;
  reason: string;
  created_at: string;
  undone_at: string | null;
}

/** 017: a bulk action over many cards */
export interface BulkJobsTable {
  id: Generated<number>;
  kind: string;
  params: string;
  reason: string;
  operator_id: number;
  operator_username: string;
  agent_id: number | null;
  /** 021: pending (待处理) → running (处理中) → done (已完成) */
  status: string;
  total: number;
  ok_count: number;
  failed_count: number;
  created_at: string;
  finished_at: string | null;
  /** 021: the operator's role, request id and address, for the audit rows the runner writes */
  operator_role: Generated<string>;
  request_id: Generated<string>;
  ip: Generated<string>;
}

/** 017: one card of a bulk job and its result */
export interface BulkJobItemsTable {
  id: Generated<number>;
  job_id: number;
  custom_num: string;
  card_id: number | null;
  status: string;
  message: string;
  updated_at: string;
}
