// The operator console: operators, their logins, the audit log, request keys, limits and approvals, card imports and bulk jobs.
// Table types for Kysely; ../schema.ts has the conventions and joins every area in Database.
import type { Generated } from 'kysely';
import type { Bool } from './bool';

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
