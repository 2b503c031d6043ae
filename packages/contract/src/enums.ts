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
  5: '其他',
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

export const LOGIN_MODELS = ['mobile', 'account', 'customNum'] as const;
export type LoginModel = (typeof LOGIN_MODELS)[number];

export const DEFAULT_AGENT_MARK = 'demo';
