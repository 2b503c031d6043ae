// The agents (resellers), their payment settings, brands and applications.
// Table types for Kysely; ../schema.ts has the conventions and joins every area in Database.
import type { Generated } from 'kysely';
import type { Bool } from './bool';

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

/** An agent's logo or QR code, public (018). */
export interface BrandingImagesTable {
  id: string;
  agent_id: number;
  mime: string;
  size: number;
  content: Buffer;
  created_at: string;
}
