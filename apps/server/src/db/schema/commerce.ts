// The catalogue, vouchers, orders, payments and the balance.
// Table types for Kysely; ../schema.ts has the conventions and joins every area in Database.
import type { Generated } from 'kysely';
import type { Bool } from './bool';

/** An agent's family of data plans (002). */
export interface PackageSeriesTable {
  id: Generated<number>;
  agent_id: number;
  name: string;
  description: string;
  sort: number;
  created_at: string;
}

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
