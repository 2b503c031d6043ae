// What a delivery did, refunds, and the holders' refund and invoice requests.
// Table types for Kysely; ../schema.ts has the conventions and joins every area in Database.
import type { Generated } from 'kysely';

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
