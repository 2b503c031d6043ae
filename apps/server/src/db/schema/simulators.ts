// The simulators' own state (SMS, carrier lines, payments, refunds, devices): what a real provider would keep.
// Table types for Kysely; ../schema.ts has the conventions and joins every area in Database.
import type { Generated } from 'kysely';
import type { Bool } from './bool';

/** The SMS simulator's outbox: what a real provider's console would show. */
export interface SimSmsOutboxTable {
  id: Generated<number>;
  mobile: string;
  content: string;
  created_at: string;
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

export interface SimRefundsTable {
  refund_no: string;
  payment_id: string;
  amount_fen: number;
  refund_id: string;
  created_at: string;
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

/** The carrier simulator's control: extra usage pushed onto a line's day (011). */
export interface SimUsageExtraTable {
  custom_num: string;
  day: string;
  extra_kb: number;
}
