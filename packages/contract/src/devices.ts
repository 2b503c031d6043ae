// Wifi devices (MiFi, CPE, multi-SIM): status, wifi, clients, SIMs, queued changes and their log.
// A change is not instant: the answer is the queued change (待生效) and the device applies it at its
// next check-in (docs/decisions/0012-device-simulator.md).
import { z } from 'zod';
import { DEVICE_CHANGE_KIND, DEVICE_CHANGE_STATE, NETWORK_MODE, SIGNAL_VERDICT, WIFI_BAND, WIFI_SECURITY } from './enums';
import { DEVICE_SERIAL, MAC_ADDRESS, MAX_CLIENTS, normalizeMac, ssidProblem, wifiPasswordProblem } from './patterns/device';
import { CardNum, CardPassword, DateTime, PackageUsage } from './schemas';

// ---------- inputs ----------

export const DeviceSerial = z
  .string({ error: '请输入设备序列号' })
  .trim()
  .regex(DEVICE_SERIAL.pattern, DEVICE_SERIAL.message)
  .transform((s) => s.toUpperCase());
export const Ssid = z.string({ error: '请输入WiFi名称' }).superRefine((v, ctx) => {
  const problem = ssidProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
export const WifiPassword = z.string({ error: '请输入WiFi密码' }).superRefine((v, ctx) => {
  const problem = wifiPasswordProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
export const MacAddress = z.string({ error: '请选择终端' }).trim().regex(MAC_ADDRESS.pattern, MAC_ADDRESS.message).transform(normalizeMac);
export const WifiSecurityInput = z.enum(WIFI_SECURITY, { error: '请选择加密方式' });
export const WifiBandInput = z.enum(WIFI_BAND, { error: '请选择WiFi频段' });
export const NetworkModeInput = z.enum(NETWORK_MODE, { error: '请选择网络模式' });
export const ChangeId = z.coerce.number({ error: '操作记录编号有误' }).int('操作记录编号有误').positive('操作记录编号有误');

export const DeviceQuery = z.object({ custom_num: CardNum });

export const WifiChangeRequest = z
  .object({
    custom_num: CardNum,
    ssid: Ssid.optional(),
    password: WifiPassword.optional(),
    hidden: z.boolean({ error: '隐藏WiFi须为是或否' }).optional(),
    security: WifiSecurityInput.optional(),
    band: WifiBandInput.optional(),
    max_clients: z
      .number({ error: '最大连接数须为整数' })
      .int('最大连接数须为整数')
      .min(MAX_CLIENTS.min, `最大连接数为${MAX_CLIENTS.min}-${MAX_CLIENTS.max}`)
      .max(MAX_CLIENTS.max, `最大连接数为${MAX_CLIENTS.min}-${MAX_CLIENTS.max}`)
      .optional(),
  })
  .refine(
    (r) =>
      r.ssid !== undefined ||
      r.password !== undefined ||
      r.hidden !== undefined ||
      r.security !== undefined ||
      r.band !== undefined ||
      r.max_clients !== undefined,
    { message: '请至少修改一项WiFi设置' },
  );
export type WifiChangeRequest = z.infer<typeof WifiChangeRequest>;

export const ClientRequest = z.object({ custom_num: CardNum, mac: MacAddress });
export const SwitchSimRequest = z.object({
  custom_num: CardNum,
  iccid: z
    .string({ error: '请选择要切换的网络' })
    .trim()
    .regex(/^[0-9A-Fa-f]{19,20}$/, '请选择要切换的网络'),
});
export const NetworkModeRequest = z.object({ custom_num: CardNum, mode: NetworkModeInput });
/** Reboot and factory reset ask for an explicit confirmation. */
export const ConfirmedRequest = z.object({
  custom_num: CardNum,
  confirm: z.literal(true, { error: '请确认后再操作' }),
});
/** Adding a device proves holding it: the serial, the card inside it and that card's password (decision 0028). */
export const BindDeviceRequest = z.object({ serial: DeviceSerial, custom_num: CardNum, password: CardPassword });
export const ChangeQuery = z.object({ custom_num: CardNum, id: ChangeId });
export const CancelChangeRequest = ChangeQuery;

// ---------- answers ----------

export const SignalInfo = z.object({
  /** 4G or 5G */
  network_type: z.string(),
  /** e.g. n78, B3 */
  band: z.string(),
  /** dBm */
  rsrp: z.number(),
  /** dB */
  sinr: z.number(),
  /** dB */
  rsrq: z.number(),
  verdict: z.enum(SIGNAL_VERDICT),
  /** 强 / 中 / 弱 / 无信号 */
  verdict_text: z.string(),
});
export type SignalInfo = z.infer<typeof SignalInfo>;

export const DeviceChange = z.object({
  id: z.number().int(),
  kind: z.enum(DEVICE_CHANGE_KIND),
  kind_text: z.string(),
  /** what was asked, in words (never a password) */
  summary: z.string(),
  state: z.enum(DEVICE_CHANGE_STATE),
  /** 待生效 / 已生效 / 失败 / 已撤销 */
  state_text: z.string(),
  /** why it failed ("" otherwise) */
  reason: z.string(),
  /** for a pending change: when it will take effect (设备离线，上线后生效 …); "" otherwise */
  note: z.string(),
  /** who asked: account, masked mobile or the card of a card-number login */
  requested_by: z.string(),
  created_at: DateTime,
  /** when it was applied, failed or cancelled; "" while pending */
  settled_at: DateTime,
  /** a pending change can still be cancelled */
  cancellable: z.boolean(),
});
export type DeviceChange = z.infer<typeof DeviceChange>;

export const DeviceSummary = z.object({
  custom_num: z.string(),
  serial: z.string(),
  /** card_mold (docs/spec/portal-spec.md §3) */
  model: z.number().int(),
  model_name: z.string(),
  portable: z.boolean(),
  online: z.boolean(),
  /** percent; null for a device without battery */
  battery: z.number().int().nullable(),
  carrier: z.number().int().nullable(),
  carrier_name: z.string(),
  signal_verdict: z.enum(SIGNAL_VERDICT),
  signal_text: z.string(),
  /**
   * false: the device's cloud (its ACS) could not be reached for this answer, which carries what
   * the portal knows — the values last read, or only the stored facts — and says so in reach_text
   */
  reachable: z.boolean(),
  /** '' when reachable; else e.g. 设备暂时无法连接，显示的是上次获取的信息 */
  reach_text: z.string(),
});
export type DeviceSummary = z.infer<typeof DeviceSummary>;
export const DeviceListAnswer = z.object({ list: z.array(DeviceSummary) });

export const WifiView = z.object({
  ssid: z.string(),
  hidden: z.boolean(),
  security: z.enum(WIFI_SECURITY),
  security_text: z.string(),
  band: z.enum(WIFI_BAND),
  band_text: z.string(),
  max_clients: z.number().int(),
});

/**
 * What the device's model can be asked (docs/decisions/0032-routers-through-genieacs.md): a real
 * router does what its parameter map names; the pages leave out a control whose flag is false
 * rather than offer it and fail.
 */
export const DeviceAbilities = z.object({
  wifi_ssid: z.boolean(),
  wifi_password: z.boolean(),
  wifi_hidden: z.boolean(),
  wifi_security: z.boolean(),
  wifi_band: z.boolean(),
  wifi_max_clients: z.boolean(),
  clients_block: z.boolean(),
  sims_switch: z.boolean(),
  network_mode: z.boolean(),
  reboot: z.boolean(),
  reset: z.boolean(),
  /** the encryption and band values the model takes: the form offers only these */
  wifi_security_values: z.array(z.enum(WIFI_SECURITY)),
  wifi_band_values: z.array(z.enum(WIFI_BAND)),
});
export type DeviceAbilities = z.infer<typeof DeviceAbilities>;

export const DeviceStatus = DeviceSummary.extend({
  imei: z.string(),
  firmware: z.string(),
  /** since when online or offline */
  online_changed_at: DateTime,
  /** rebooting: when it is expected back; "" otherwise */
  back_online_at: DateTime,
  uptime_seconds: z.number().int(),
  network_mode: z.enum(NETWORK_MODE),
  network_mode_text: z.string(),
  active_iccid: z.string(),
  signal: SignalInfo.nullable(),
  wifi: WifiView,
  /** connected and not blocked */
  client_count: z.number().int(),
  sim_count: z.number().int(),
  /** changes waiting for the device */
  pending: z.array(DeviceChange),
  /** how often the device checks in, in seconds */
  checkin_seconds: z.number().int(),
  can: DeviceAbilities,
});
export type DeviceStatus = z.infer<typeof DeviceStatus>;

export const WifiAnswer = WifiView.extend({
  custom_num: z.string(),
  /** "" when password_read is false */
  password: z.string(),
  /**
   * false: the router does not read its passphrase back (TR-069 hides passwords) and holds none the
   * portal set: the page says 未读取 and offers no join code (docs/decisions/0061-routers-behind-a-slow-acs.md)
   */
  password_read: z.boolean(),
  /** WIFI:… text of the QR code a phone scans to join; "" when the passphrase is not known */
  join_uri: z.string(),
  online: z.boolean(),
  pending: z.array(DeviceChange),
  can: DeviceAbilities,
});
export type WifiAnswer = z.infer<typeof WifiAnswer>;

export const DeviceClient = z.object({
  mac: z.string(),
  name: z.string(),
  ip: z.string(),
  /** 2.4g or 5g */
  band: z.string(),
  connected_at: DateTime,
  blocked: z.boolean(),
});
export const ClientsAnswer = z.object({
  custom_num: z.string(),
  max_clients: z.number().int(),
  online: z.boolean(),
  list: z.array(DeviceClient),
  pending: z.array(DeviceChange),
  can: DeviceAbilities,
});
export type ClientsAnswer = z.infer<typeof ClientsAnswer>;

export const DeviceSim = z.object({
  iccid: z.string(),
  slot: z.number().int(),
  carrier: z.number().int(),
  carrier_name: z.string(),
  activated: z.boolean(),
  /** the SIM the device uses now */
  active: z.boolean(),
  /** active and attached to its network */
  online: z.boolean(),
  signal: SignalInfo.nullable(),
});
export const SimsAnswer = z.object({
  custom_num: z.string(),
  online: z.boolean(),
  /**
   * "" while the device is online (its SIMs' signal is live); for an offline device, when it last
   * reported (went offline): the signal shown is that report's, as of then (docs/decisions/0066)
   */
  reported_at: DateTime,
  multi_sim: z.boolean(),
  network_mode: z.enum(NETWORK_MODE),
  network_mode_text: z.string(),
  /** the device can use 5G */
  supports_5g: z.boolean(),
  list: z.array(DeviceSim),
  /**
   * The device's data: the card's plan in force, shared by all its SIMs, from the line's read model
   * (the device reports which SIM is in use and its radio, never data figures).
   */
  plan: PackageUsage.nullable(),
  pending: z.array(DeviceChange),
  can: DeviceAbilities,
});
export type SimsAnswer = z.infer<typeof SimsAnswer>;

export const BindDeviceAnswer = z.object({ device: DeviceSummary, already_bound: z.boolean() });
export const UnbindDeviceAnswer = z.object({ custom_num: z.string(), serial: z.string() });
export const DeviceChangesAnswer = z.object({ list: z.array(DeviceChange) });
export type BindDeviceAnswer = z.infer<typeof BindDeviceAnswer>;
export type UnbindDeviceAnswer = z.infer<typeof UnbindDeviceAnswer>;
export type DeviceChangesAnswer = z.infer<typeof DeviceChangesAnswer>;
export type DeviceListAnswer = z.infer<typeof DeviceListAnswer>;
