// Card holders: their accounts, logins, SMS codes, rate limits and saved addresses.
// Table types for Kysely; ../schema.ts has the conventions and joins every area in Database.
import type { Generated } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  agent_id: number;
  mobile: string | null;
  account: string | null;
  password_hash: string | null;
  created_at: string;
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
