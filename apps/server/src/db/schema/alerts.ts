// Scheduled jobs, alerts and notices, and the holders' message centre.
// Table types for Kysely; ../schema.ts has the conventions and joins every area in Database.
import type { Generated } from 'kysely';
import type { Bool } from './bool';

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
