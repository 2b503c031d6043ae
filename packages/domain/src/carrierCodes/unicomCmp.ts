// China Unicom's CMP gateway (联通物联网能力开放平台, gwapi.10646.cn) in our terms: its status codes,
// the request's signed envelope, and Unicom's billing cycle. Pure: the server's adapter
// (apps/server/src/integrations/carrier/unicomCmp) does the I/O and the SM3 hash.
//
// The gateway fronts Unicom's Jasper Control Center: its ws* calls are Jasper's SOAP operations
// (wsGetTerminalDetails = GetTerminalDetails) and its codes are Jasper's SIM states numbered.
// Sources are named next to each table; what no source confirmed says so.
import { CardState } from '@portal/contract/enums';
import type { ChangeAnswerTable } from './changeAnswer';

/** One platform code: what it means in our terms, and the platform's own words. */
export interface CodeRow {
  state: number;
  label: string;
}

/**
 * `simStatus` of wsGetTerminalDetails, also the `targetValue` of wsEditTerminal changeType "3".
 * Labels as the gateway's SDKs list them (0 可测试 … 8 开始). 已失效/已清除 are Jasper's RETIRED and
 * PURGED: the line is gone for good, which is our 已销户. 已更换 (the SIM was swapped for another)
 * and 开始 (no client says what it means) are neither in service nor gone: 其他, code kept.
 */
export const CMP_SIM_STATUS: Readonly<Record<string, CodeRow>> = {
  '0': { state: CardState.Testable, label: '可测试' },
  '1': { state: CardState.AllowActivate, label: '可激活' },
  '2': { state: CardState.Activated, label: '已激活' },
  '3': { state: CardState.Stopped, label: '已停用' },
  '4': { state: CardState.Cancelled, label: '已失效' },
  '5': { state: CardState.Cancelled, label: '已清除' },
  '6': { state: CardState.Other, label: '已更换' },
  '7': { state: CardState.Initial, label: '库存' },
  '8': { state: CardState.Other, label: '开始' },
};

/** The platform's simStatus as one of our CardStates; a code not in the table is Other, never a guess. */
export function cmpCardState(simStatus: string): number {
  return CMP_SIM_STATUS[simStatus.trim()]?.state ?? CardState.Other;
}

/** wsEditTerminal: changeType "3" changes the SIM status to targetValue (a simStatus code). */
export const CMP_CHANGE_SIM_STATUS = '3';
export const CMP_TARGET_STATUS = { resume: '2', stop: '3' } as const;

/**
 * `realNameStatus` of wsGetTerminalDetails: 0 不需实名未实名, 1 需要实名未实名, 2 需要实名已实名,
 * 3 不需要实名已实名 (the gateway's SDK comments). A line that needs no real-name check has nothing
 * the holder must do, so it counts as passed: telling them to verify would send them to a check
 * the carrier does not ask for.
 */
export const CMP_REAL_NAME: Readonly<Record<string, { required: boolean; verified: boolean; label: string }>> = {
  '0': { required: false, verified: false, label: '不需实名未实名' },
  '1': { required: true, verified: false, label: '需要实名未实名' },
  '2': { required: true, verified: true, label: '需要实名已实名' },
  '3': { required: false, verified: true, label: '不需要实名已实名' },
};

/** Whether real-name stands in the holder's way: true passed (or not required), false to do, null an unknown code. */
export function cmpRealNamed(code: string): boolean | null {
  const row = CMP_REAL_NAME[code.trim()];
  return row ? row.verified || !row.required : null;
}

// ---------- the signed envelope ----------

const CHINA_OFFSET_MS = 8 * 3600_000;

/** The path of one gateway call after the base URL. */
export function cmpPath(api: string): string {
  return `/api/${api}/V1/1Main/vV1.1`;
}

/** `timestamp`: yyyy-MM-dd HH:mm:ss SSS in China time (a space, not a dot, before the milliseconds). */
export function cmpTimestamp(ms: number): string {
  const iso = new Date(ms + CHINA_OFFSET_MS).toISOString(); // 2026-11-27T13:05:09.042Z
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} ${iso.slice(20, 23)}`;
}

/** `trans_id`: yyyyMMddHHmmssSSS (China time) and six digits that make it unique within the millisecond. */
export function cmpTransId(ms: number, serial: number): string {
  const digits = new Date(ms + CHINA_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 17);
  return digits + String(Math.abs(Math.trunc(serial)) % 1_000_000).padStart(6, '0');
}

export const CMP_TIMESTAMP_FORMAT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \d{3}$/;
export const CMP_TRANS_ID_FORMAT = /^\d{23}$/;

/** What the token is the SM3 of: names and values in this order, then the secret (no separators). */
export function cmpTokenInput(appId: string, timestamp: string, transId: string, appSecret: string): string {
  return `app_id${appId}timestamp${timestamp}trans_id${transId}${appSecret}`;
}

// ---------- answers ----------

/** Top-level `status` of every answer, and `data.resultCode` of the business answer: success. */
export const CMP_OK = '0000';

/**
 * wsEditTerminal's resultCode when the line is already in the target state (one reseller's client
 * treats it so): the change is as good as accepted.
 */
export const CMP_ALREADY_IN_STATE = '1193';

/**
 * wsEditTerminal's business resultCode (the gateway's own status is read before it: an account
 * matter). 9001, an ICCID the account does not hold, is the fake's (the manual was not found);
 * any other code is `unknown`: 状态未知 with the code until the line is read again.
 */
export const CMP_EDIT_ANSWERS: ChangeAnswerTable = {
  '0000': { kind: 'accepted' },
  [CMP_ALREADY_IN_STATE]: { kind: 'accepted' },
  '9001': { kind: 'refused', label: '卡号不存在或不属于该账号' },
};

export type CmpFailure = 'auth' | 'rate' | 'malformed' | 'unavailable';

/**
 * Gateway-level refusals (top-level `status` other than 0000). NOT CONFIRMED: the gateway's manual
 * was not found and no client we read handles these codes; they are the codes our fake plays and
 * must be checked against the manual. Any other code is `unavailable` (retry later, counts toward
 * the circuit) rather than a guess that blames the credentials or the line.
 */
export const CMP_GATEWAY_STATUS: Readonly<Record<string, { failure: CmpFailure; label: string }>> = {
  '1001': { failure: 'auth', label: '鉴权失败（app_id、token 或 openId 不对）' },
  '1002': { failure: 'malformed', label: '请求参数格式错误' },
  '1003': { failure: 'rate', label: '超过调用频率' },
};

export function cmpGatewayFailure(status: string): CmpFailure {
  return CMP_GATEWAY_STATUS[status]?.failure ?? 'unavailable';
}

// ---------- Unicom's billing cycle and the per-session usage ----------

/**
 * Unicom bills IoT lines from the 27th to the 26th of the next month (月结日 26号, resellers'
 * pages); the platform's "month to date" figures run from the 27th, not from the 1st.
 */
export const UNICOM_CYCLE_START_DAY = 27;

/** The first day (YYYY-MM-DD) of the billing cycle that holds this China-time day. */
export function unicomCycleStart(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const start =
    d >= UNICOM_CYCLE_START_DAY
      ? new Date(Date.UTC(y, m - 1, UNICOM_CYCLE_START_DAY))
      : new Date(Date.UTC(y, m - 2, UNICOM_CYCLE_START_DAY));
  return start.toISOString().slice(0, 10);
}

/**
 * `cycleStartDate` of wsGetTerminalUsageDataDetails for the cycle that holds `day`: clients send a
 * date-time inside the cycle and the gateway finds the cycle (one client moves the date to next
 * month from the 27th on). The 1st of the month the cycle ends in is inside the cycle whichever way
 * the gateway reads it — as "the cycle holding this date" or as "the billing month of this date".
 */
export function cmpCycleDate(day: string): string {
  const start = unicomCycleStart(day);
  const [y, m] = start.split('-').map(Number) as [number, number];
  return `${new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10)} 00:00:00`;
}

/** One data session of wsGetTerminalUsageDataDetails' `usageDetails`. */
export interface CmpUsageDetail {
  /** yyyy-MM-dd HH:mm:ss, China time */
  sessionStartTime: string;
  /**
   * The session's data in KB. NOT CONFIRMED beyond one reseller's client, which sums these and
   * divides by 1024 to get MB; the Jasper SOAP call behind it was not found.
   */
  dataVolume: number | string;
}

/**
 * KB used on one China-time day: the sessions that started that day. A session that runs past
 * midnight counts wholly to the day it started (the answer has no per-day split). null when a
 * session's time or volume is unreadable.
 */
export function cmpDayKb(details: readonly CmpUsageDetail[], day: string): number | null {
  let kb = 0;
  for (const s of details) {
    const volume = Number(s.dataVolume);
    if (typeof s.sessionStartTime !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(s.sessionStartTime) || !Number.isFinite(volume) || volume < 0)
      return null;
    if (s.sessionStartTime.slice(0, 10) === day) kb += volume;
  }
  return Math.round(kb);
}

/** The platform's MB (a decimal string or number) as whole KB; null when it is not a usable number. */
export function mbToKb(mb: unknown): number | null {
  if (typeof mb !== 'number' && (typeof mb !== 'string' || mb.trim() === '')) return null;
  const n = Number(mb);
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 1024) : null;
}
