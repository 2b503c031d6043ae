// Membership levels, growth and invitations.
// Table types for Kysely; ../schema.ts has the conventions and joins every area in Database.
import type { Generated } from 'kysely';
import type { Bool } from './bool';

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
