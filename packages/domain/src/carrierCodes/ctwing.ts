// China Telecom's 5G connection management platform (5GCMP, "CTWing CMP", cmp-api.ctwing.cn): its
// codes in our terms and its gateway signature. Pure: no I/O, no clock, no crypto (the caller hands
// in md5), so every row is tested here and the server adapter only moves bytes.
//
// Where the codes come from (public clients of the platform; confirm against the reseller's CMP
// document when it arrives):
//   productMainStatusCd (queryCardMainStatus): 1 可激活, 2 测试激活, 3 测试去激活, 4 在用, 5 停机,
//     6 运营商管理状态, 7 拆机 — the same list in several independent clients.
//   authStatus 1/0, netBlockStatusName 已断网/未断网 (same answer), acctStatusType start/stop
//     (getOnlineStatus), flow amounts with a unit (MB) — as those clients read them.
//   gateway codes (GATEWAY_FAULTS): not found in any public source; ours, marked below.
import { CardState } from '@portal/contract/enums';
import type { ChangeAnswerTable } from './changeAnswer';

// ---------- line state ----------

export interface CtwingMainStatus {
  state: number;
  /** the platform's name for the code */
  label: string;
}

/** productMainStatusCd → CardState. A code not here is CardState.Other with the code kept. */
export const MAIN_STATUS: Readonly<Record<string, CtwingMainStatus>> = {
  // ready to be activated (the card has never been in service)
  '1': { state: CardState.AllowActivate, label: '可激活' },
  // the test period: data works on the test allowance
  '2': { state: CardState.Testable, label: '测试激活' },
  // the test period is over and the card waits for real activation: Telecom's 库存期
  '3': { state: CardState.Initial, label: '测试去激活' },
  '4': { state: CardState.Activated, label: '在用' },
  '5': { state: CardState.Stopped, label: '停机' },
  // the carrier holds the card for reasons of its own; whether data works is not said, so it is
  // not guessed as stopped or active
  '6': { state: CardState.Other, label: '运营商管理状态' },
  '7': { state: CardState.Cancelled, label: '拆机' },
};

/**
 * netBlockStatusName → is the data network cut (单独断网, the network function, not the
 * subscription). Our stop and resume (setService) switch this, so a cut line in service reads as
 * stopped while productMainStatusCd still says 在用.
 */
export const NET_BLOCK: Readonly<Record<string, boolean>> = {
  已断网: true,
  未断网: false,
};

/** authStatus → real-named. Anything else: not said (null), never guessed. */
export const AUTH_STATUS: Readonly<Record<string, boolean>> = {
  '1': true,
  '0': false,
};

/** The states a cut network turns into 已停机: the ones whose data would otherwise flow. */
const CUT_STOPS: ReadonlySet<number> = new Set([CardState.Activated, CardState.Testable]);

/** A line as the portal reads it (the server's CarrierLineState, field for field). */
export interface CtwingLineState {
  state: number;
  rawState: string;
  stopReason: string;
  rawStopReason: string;
  realNamed: boolean | null;
}

/**
 * The line's state from queryCardMainStatus. The platform does not say why a line is 停机 (no stop
 * reason code in this answer), so stopReason stays '' and the portal says "not told" rather than
 * guess; a cut network is kept as rawStopReason (已断网) for support.
 */
export function ctwingLineState(mainStatusCd: string, netBlockStatusName: string, authStatus: string): CtwingLineState {
  const main = MAIN_STATUS[mainStatusCd];
  const realNamed = realNamedOf(authStatus);
  const base = { rawState: mainStatusCd, stopReason: '', rawStopReason: '', realNamed };
  if (!main) return { ...base, state: CardState.Other };
  if (!CUT_STOPS.has(main.state) || netBlockStatusName === '') return { ...base, state: main.state };
  const cut = NET_BLOCK[netBlockStatusName];
  // an unknown net-block name on a line that would pass data: it may be cut, so not "active"
  if (cut === undefined) return { ...base, state: CardState.Other, rawStopReason: netBlockStatusName };
  return cut ? { ...base, state: CardState.Stopped, rawStopReason: netBlockStatusName } : { ...base, state: main.state };
}

export function realNamedOf(authStatus: string): boolean | null {
  return AUTH_STATUS[authStatus] ?? null;
}

// ---------- the card test ----------

/** getOnlineStatus acctStatusType → a data session is open now. */
export const SESSION_STATUS: Readonly<Record<string, boolean>> = {
  start: true,
  stop: false,
};

/** null when the platform answered a value we do not know. */
export function sessionOpen(acctStatusType: string): boolean | null {
  return SESSION_STATUS[acctStatusType.trim().toLowerCase()] ?? null;
}

// ---------- usage ----------

/** KB in one unit of the platform's flow figures. */
export const FLOW_UNIT_KB: Readonly<Record<string, number>> = {
  B: 1 / 1024,
  KB: 1,
  MB: 1024,
  GB: 1024 * 1024,
};

/** An amount ("42118.59") in a unit ("MB") as whole KB; null when either is not a number / unit we know. */
export function flowKb(amount: string, unit: string): number | null {
  const per = FLOW_UNIT_KB[unit.trim().toUpperCase()];
  const text = amount.trim();
  if (per === undefined || !/^\d+(\.\d+)?$/.test(text)) return null;
  // the platform answers two decimals of MB: rounding to whole KB loses nothing it said
  return Math.round(Number(text) * per);
}

/** A figure with its unit in one string, as TOTAL_BYTES_CNT answers it ("5120.00MB"). */
export function flowKbOf(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([A-Za-z]+)\s*$/.exec(text);
  return m ? flowKb(m[1]!, m[2]!) : null;
}

// ---------- change of service ----------

/**
 * singleCutNet's RspCode (单独断网 ADD / 恢复上网 DEL). 0000 and the -9 refusal are in the public
 * samples (-9: the function is already ordered / not ordered — the line is already cut or
 * restored); -5 for a number not the customer's is ours (confirm against the reseller's CMP
 * document). Any other code is `unknown`: 状态未知 with the code until the line is read again.
 */
export const CTWING_CUT_NET_ANSWERS: ChangeAnswerTable = {
  '0000': { kind: 'accepted' },
  '-5': { kind: 'refused', label: '号码不存在或不属于该客户' },
  '-9': { kind: 'refused', label: '已是目标状态（不能重复订购或退订）' },
};

// ---------- gateway ----------

/** What a refusal by the API gateway means for the account (a subset of the server's CarrierErrorKind). */
export type CtwingFault = 'auth' | 'rate' | 'unavailable' | 'malformed';

/**
 * The gateway's own refusal codes. No public source gives them: these are the fake's, chosen to be
 * replaced — confirm against the reseller's CMP document. A stale timestamp is `auth`: retrying
 * cannot help, the operator must fix the server's clock.
 */
export const GATEWAY_FAULTS: Readonly<Record<string, { fault: CtwingFault; label: string }>> = {
  '1001': { fault: 'auth', label: 'AppKey 不存在或已停用' },
  '1002': { fault: 'auth', label: 'Sign 校验失败' },
  '1003': { fault: 'auth', label: 'Timestamp 超出有效期' },
  '1004': { fault: 'rate', label: '调用频率超限' },
};

/** A refusal by its code, else by its HTTP status. */
export function gatewayFault(code: string, httpStatus: number): CtwingFault {
  const known = GATEWAY_FAULTS[code];
  if (known) return known.fault;
  if (httpStatus === 401 || httpStatus === 403) return 'auth';
  if (httpStatus === 429) return 'rate';
  if (httpStatus >= 500) return 'unavailable';
  return 'malformed';
}

// ---------- signature ----------

/** Query parameters sorted by name (code-unit order, as Java's sort), `k=v` joined with `&`, values as sent. */
export function sortedQuery(params: readonly (readonly [string, string])[]): string {
  return [...params]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** What the Sign covers: sorted query, then the body as sent ('' without one), the secret, the Timestamp header. */
export function signInput(params: readonly (readonly [string, string])[], body: string, secret: string, timestamp: string): string {
  return `${sortedQuery(params)}${body}${secret}${timestamp}`;
}

/** Each character's code as two upper-case hex digits (the Sign's last step over the md5 hex string). */
export function asciiHex(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) out += text.charCodeAt(i).toString(16).padStart(2, '0');
  return out.toUpperCase();
}

/** The Sign header: the ASCII hex of md5hex(input), md5hex giving lower-case hex. */
export function ctwingSign(md5hex: (input: string) => string, input: string): string {
  return asciiHex(md5hex(input).toLowerCase());
}

// ---------- time ----------

const CHINA_OFFSET_MS = 8 * 3600_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** The Timestamp header: yyyyMMddHHmmss in China time. */
export function chinaTimestamp(ms: number): string {
  const d = new Date(ms + CHINA_OFFSET_MS);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

/** The instant a Timestamp header names; null when it is not one. */
export function parseChinaTimestamp(ts: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(ts);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s) - CHINA_OFFSET_MS;
  // Date.UTC rolls 20261332 over into the next year: a real timestamp formats back to itself
  return chinaTimestamp(ms) === ts ? ms : null;
}

/** Our China-time day (YYYY-MM-DD) as the platform writes it (yyyyMMdd). */
export function compactDay(day: string): string {
  return day.replaceAll('-', '');
}
