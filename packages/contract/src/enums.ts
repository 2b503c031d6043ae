// Enumerations of docs/spec/portal-spec.md §3. Plain objects (no zod) so the web app can import them
// without pulling a schema library into its first load: import from "@portal/contract/enums".

export const CardState = {
  Initial: 0,
  Activated: 1,
  AllowActivate: 2,
  Stopped: 3,
  ReachedDisconnect: 4,
  Other: 5,
  Cancelled: 6,
  Testable: 7,
} as const;
export type CardState = (typeof CardState)[keyof typeof CardState];

export const CARD_STATE_LABEL: Record<number, string> = {
  0: '未激活',
  1: '已激活',
  2: '可激活',
  3: '已停机',
  4: '达量断网',
  // a state the carrier reported in a code we have no row for (its raw code is kept: docs/decisions/0030)
  5: '状态未知',
  6: '已销户',
  7: '可测试',
};

/** real_name_order: see docs/spec/decisions.md — 1 runs "pay first, verify after", anything else verify first. */
export const RealNameOrder = { Unlimited: 0, RechargeFirst: 1, RealNameFirst: 2 } as const;

export const CARRIER_LABEL: Record<number, string> = {
  1: '中国移动',
  2: '中国联通',
  3: '中国电信',
  4: '耐族',
  5: '联合联通',
  8: '八骏',
  9: '多网',
};

export const Supplier = {
  Mobile: 1,
  Unicom: 2,
  Telecom: 3,
  NaiZu: 4,
  JointUnicom: 5,
  CoolFish: 6,
  YiRan: 7,
  XunCao: 8,
  MoreCard: 9,
  WifiDevice: 10,
  Reserved11: 11,
  CME: 12,
} as const;
export type Supplier = (typeof Supplier)[keyof typeof Supplier];

export const SUPPLIER_LABEL: Record<number, string> = {
  1: '中国移动',
  2: '中国联通',
  3: '中国电信',
  4: '耐族',
  5: '联合联通',
  6: '酷鱼',
  7: '怡然',
  8: '八骏',
  9: '多卡',
  10: '随身WiFi',
  11: '其他',
  12: '中国广电(CME)',
};

export const RealNameMode = { Applet: 0, Url: 1 } as const;
export type RealNameMode = (typeof RealNameMode)[keyof typeof RealNameMode];

export const CardModel = {
  flowCard: 1,
  naiZu: 2,
  mifi: 3,
  multiCardDevice: 4,
  ufi: 5,
  k30: 6,
  mifiMultiCardDevice: 7,
  mifi5G: 8,
  jyMIFI5GSingleStick: 9,
  cpe5G: 10,
  mifi4G: 11,
  saucer: 12,
  naiZu5G: 13,
  jyMIFI4G: 14,
  squareSaucer: 15,
  lozengeSaucer: 16,
  PsCPE5G: 17,
  YrMIFIMulti5G: 18,
  YrCPE5G: 19,
} as const;

export const PayChannel = { Messaging: 1, EWallet: 2, Balance: 3, EWalletInstalment: 4 } as const;
export type PayChannel = (typeof PayChannel)[keyof typeof PayChannel];
/** What the card holder reads for each pay channel. */
export const PAY_CHANNEL_NAME: Record<PayChannel, string> = { 1: '微信支付', 2: '支付宝支付', 3: '余额支付', 4: '花呗分期' };
/** Pre-store (payment or balance) mode. */
export const PreStoreMold = { Default: 0, Mix: 1, Recharge: 2, Balance: 3 } as const;
export type PreStoreMold = (typeof PreStoreMold)[keyof typeof PreStoreMold];

export const PackageType = {
  Experience: 1,
  Refuel: 2,
  Basic: 3,
  RefuelExtra: 4,
  BasicXDay: 5,
  ThirtyDaysSuperposition: 6,
  Superposition: 7,
  FreeSuperposition: 8,
  BasicMonthEndReset: 9,
} as const;
export const PackagePeriod = { Day: 1, Month: 2 } as const;

export { DEFAULT_AGENT_MARK, LOGIN_MODELS, type LoginModel } from './login';

// ---------- wifi devices (docs/decisions/0012-device-simulator.md) ----------

/** Wifi security a device offers. */
export const WIFI_SECURITY = ['wpa2', 'wpa3', 'wpa2_wpa3'] as const;
export type WifiSecurity = (typeof WIFI_SECURITY)[number];
export const WIFI_SECURITY_LABEL: Record<WifiSecurity, string> = { wpa2: 'WPA2-PSK', wpa3: 'WPA3-SAE', wpa2_wpa3: 'WPA2/WPA3 混合' };

/** Radio bands the wifi uses. */
export const WIFI_BAND = ['2.4g', '5g', 'both'] as const;
export type WifiBand = (typeof WIFI_BAND)[number];
export const WIFI_BAND_LABEL: Record<WifiBand, string> = { '2.4g': '2.4GHz', '5g': '5GHz', both: '双频（2.4GHz + 5GHz）' };

/** Which mobile networks the device may use. */
export const NETWORK_MODE = ['auto', '5g', '4g'] as const;
export type NetworkMode = (typeof NETWORK_MODE)[number];
export const NETWORK_MODE_LABEL: Record<NetworkMode, string> = { auto: '自动（5G优先）', '5g': '仅5G', '4g': '仅4G' };
/** The mode as the device's owner reads it: a 4G-only device has no 5G to prefer. */
export function networkModeText(mode: NetworkMode, supports5g: boolean): string {
  return supports5g ? NETWORK_MODE_LABEL[mode] : '4G网络';
}

/** What the owner asked a device to do. */
export const DEVICE_CHANGE_KIND = [
  'wifi',
  'block_client',
  'unblock_client',
  'switch_sim',
  'network_mode',
  'reboot',
  'reset',
  'firmware',
] as const;
export type DeviceChangeKind = (typeof DEVICE_CHANGE_KIND)[number];
export const DEVICE_CHANGE_KIND_LABEL: Record<DeviceChangeKind, string> = {
  wifi: '修改WiFi设置',
  block_client: '拉黑终端',
  unblock_client: '解除拉黑',
  switch_sim: '切换网络',
  network_mode: '设置网络模式',
  reboot: '重启设备',
  reset: '恢复出厂设置',
  firmware: '固件升级',
};

/** A change is queued (待生效) until the device's next check-in applies it or it fails. */
export const DEVICE_CHANGE_STATE = ['pending', 'applied', 'failed', 'cancelled'] as const;
export type DeviceChangeState = (typeof DEVICE_CHANGE_STATE)[number];
export const DEVICE_CHANGE_STATE_LABEL: Record<DeviceChangeState, string> = {
  pending: '待生效',
  applied: '已生效',
  failed: '失败',
  cancelled: '已撤销',
};

/** The plain signal verdict (packages/domain signalVerdict). */
export const SIGNAL_VERDICT = ['strong', 'fair', 'weak', 'none'] as const;
export type SignalVerdict = (typeof SIGNAL_VERDICT)[number];
export const SIGNAL_VERDICT_LABEL: Record<SignalVerdict, string> = { strong: '强', fair: '中', weak: '弱', none: '无信号' };

/** What a factory reset loses: shown before the owner confirms it. */
export const FACTORY_RESET_LOSES = [
  'WiFi名称和密码恢复为设备背面标签上的出厂值',
  '拉黑名单清空',
  '网络模式恢复为自动',
  '已连接的终端全部断开',
] as const;
