// Why a line is stopped, in the card holder's words, with the one thing that fixes it.
//
// Carriers report a stop reason as a code of their own (China Mobile, Unicom and Telecom each have
// a list, and resellers' platforms pass them on as code, as a Chinese label, or as an English
// constant). decodeStopReason folds every spelling we know into one of nine reasons; anything else
// is 'unknown' — never a guess, because a wrong "go and recharge" costs the holder money.
// Knows no web paths: a fix is a kind (FixKind), the app maps it to its page.
import { CardState } from '@portal/contract/enums';

export type StopReasonCode =
  | 'arrears'
  | 'data_used_up'
  | 'sim_device_separation'
  | 'not_real_named'
  | 'plan_expired'
  | 'region_limit'
  | 'owner_request'
  | 'carrier'
  | 'unknown';

/** What fixes a problem: the app turns each kind into its page (and a login where one is needed). */
export type FixKind =
  | 'recharge'
  | 'buy_package'
  | 'buy_refuel'
  | 'real_name'
  | 'replace_card'
  | 'customer'
  | 'switch_network'
  | 'device'
  | 'refresh';

export interface Fix {
  kind: FixKind;
  /** the button's words */
  text: string;
}

export interface StopReason {
  code: StopReasonCode;
  /** a few words: 欠费停机 */
  title: string;
  /** one sentence: what happened and what to do */
  detail: string;
  fix: Fix;
}

export const FIX_TEXT: Record<FixKind, string> = {
  recharge: '去充值',
  buy_package: '订购套餐',
  buy_refuel: '订购加油包',
  real_name: '去实名',
  replace_card: '去换卡',
  customer: '联系客服',
  switch_network: '切换网络',
  device: '查看设备',
  refresh: '刷新数据',
};

const fix = (kind: FixKind): Fix => ({ kind, text: FIX_TEXT[kind] });

export const STOP_REASONS: Record<StopReasonCode, StopReason> = {
  arrears: {
    code: 'arrears',
    title: '欠费停机',
    detail: '账户余额不足，运营商已停机。充值补足欠费后通常几分钟内恢复上网。',
    fix: fix('recharge'),
  },
  // the period's data ran out while its plan is still in force: only a refuel adds to it today (a
  // line without a plan in force is told to buy one by the line's read model, ./line.ts)
  data_used_up: {
    code: 'data_used_up',
    title: '流量已用完',
    detail: '当前套餐的流量已用完，已暂停上网。订购加油包后立即恢复；新的月套餐要等当前套餐到期后才生效。',
    fix: fix('buy_refuel'),
  },
  sim_device_separation: {
    code: 'sim_device_separation',
    title: '机卡分离',
    detail: '这张卡只能在原配设备中使用，检测到它被插到了其他设备里。请把卡插回原设备；如已更换设备，请联系客服解除绑定。',
    fix: fix('customer'),
  },
  not_real_named: {
    code: 'not_real_named',
    title: '未实名停机',
    detail: '按国家规定，物联网卡须完成实名认证后才能使用。完成实名后自动恢复。',
    fix: fix('real_name'),
  },
  plan_expired: {
    code: 'plan_expired',
    title: '套餐已到期',
    detail: '套餐有效期已过，已暂停上网。订购新套餐后即可恢复。',
    fix: fix('buy_package'),
  },
  region_limit: {
    code: 'region_limit',
    title: '区域限制',
    detail: '这张卡限定在开卡地区使用，当前所在地区不在允许范围内。请回到允许的地区使用，或联系客服了解能否调整。',
    fix: fix('customer'),
  },
  owner_request: {
    code: 'owner_request',
    title: '已申请停机',
    detail: '这张卡已按持卡人的申请停机（如挂失、报停）。需要恢复使用请联系客服办理复机。',
    fix: fix('customer'),
  },
  carrier: {
    code: 'carrier',
    title: '运营商停机',
    detail: '运营商出于管控原因暂停了这张卡（如异常使用、风险排查）。请联系客服，由我们与运营商核实处理。',
    fix: fix('customer'),
  },
  unknown: {
    code: 'unknown',
    title: '已停机',
    detail: '运营商没有告知停机原因。请联系客服，我们帮您查明并处理。',
    fix: fix('customer'),
  },
};

/**
 * Every spelling of a stop reason we have seen, normalized (trimmed, upper case, no spaces). The
 * numeric codes are the reseller platform's (the carriers' own lists differ and are mapped by the
 * adapters into these), the labels are what the carriers' consoles print.
 */
const SPELLINGS: Record<Exclude<StopReasonCode, 'unknown'>, readonly string[]> = {
  arrears: ['1', '01', 'ARREARS', 'OWE', 'OWE_STOP', '欠费', '欠费停机', '欠费单停', '欠费双停'],
  data_used_up: ['2', '02', 'DATA_USED_UP', 'FLOW_LIMIT', 'FLOW_EXHAUSTED', '达量停机', '达量断网', '流量用尽', '流量耗尽'],
  sim_device_separation: ['3', '03', 'SIM_DEVICE_SEPARATION', 'IMEI_LOCK', 'IMEI_MISMATCH', '机卡分离', '机卡分离停机', '机卡不匹配'],
  not_real_named: ['4', '04', 'NOT_REAL_NAMED', 'NO_REALNAME', 'UNREALNAMED', '未实名', '未实名停机', '实名制停机'],
  plan_expired: ['5', '05', 'PLAN_EXPIRED', 'EXPIRED', 'PACKAGE_EXPIRED', '套餐到期', '套餐到期停机', '有效期到期'],
  region_limit: ['6', '06', 'REGION_LIMIT', 'AREA_LIMIT', 'REGION_LOCK', '区域限制', '区域限制停机', '区域锁定', '越区停机'],
  owner_request: ['7', '07', 'OWNER_REQUEST', 'USER_REQUEST', 'REPORT_LOSS', '用户申请停机', '主动停机', '挂失停机', '报停'],
  carrier: ['8', '08', 'CARRIER', 'CARRIER_CONTROL', 'RISK_CONTROL', '运营商停机', '管控停机', '风控停机', '违规停机'],
};

const LOOKUP: ReadonlyMap<string, StopReasonCode> = new Map(
  Object.entries(SPELLINGS).flatMap(([code, list]) => list.map((s) => [normalize(s), code as StopReasonCode] as const)),
);

function normalize(raw: string): string {
  return raw.trim().replace(/\s+/g, '').toUpperCase();
}

/** The carrier's reason (a code or a label, as reported) as one of ours; '' or unknown spellings are 'unknown'. */
export function decodeStopReason(raw: string | null | undefined): StopReasonCode {
  if (typeof raw !== 'string') return 'unknown';
  return LOOKUP.get(normalize(raw)) ?? 'unknown';
}

/** The reason in words with its fix. */
export function stopReasonOf(raw: string | null | undefined): StopReason {
  return STOP_REASONS[decodeStopReason(raw)];
}

/** Why a card in this state is stopped, or null when it is not stopped. */
export function stopReasonFor(state: number, rawReason: string | null | undefined): StopReason | null {
  if (state === CardState.Stopped) return stopReasonOf(rawReason);
  // 达量断网 is the carrier's own state for "data used up"
  if (state === CardState.ReachedDisconnect) return STOP_REASONS.data_used_up;
  return null;
}
