// Agents' commissions: accounts, ledger, withdrawals, payout bindings.
// Table types for Kysely; ../schema.ts has the conventions and joins every area in Database.
import type { Generated } from 'kysely';

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

/** 041, docs/decisions/0056: who changed an agent's payout account or verification mobile, when */
export interface CommissionAccountChangesTable {
  id: Generated<number>;
  agent_id: number;
  what: 'account' | 'mobile';
  operator_id: number;
  at: string;
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
