// China Unicom's Jasper Control Center REST API (api.10646.cn/rws/api/v1, Cisco IoT Control Center)
// in our terms: SIM status names, the answers' error codes, units. Pure: the server's adapter
// (apps/server/src/integrations/carrier/unicomJasper) does the I/O.
//
// Sources: Cisco's Control Center REST reference (developer.cisco.com/docs/control-center: Get Device
// Usage, Get Session Details, REST API Functions) and the troubleshooting checklist it links.
import { CardState } from '@portal/contract/enums';
import type { ChangeAnswerTable } from './changeAnswer';
import type { CodeRow } from './unicomCmp';

/**
 * `status` of Get Device Details / Get Device Usage (Control Center's SIM Status Values). RETIRED and
 * PURGED are a terminated line (our 已销户); REPLACED (swapped for another SIM) is neither in service
 * nor gone: 其他, the name kept.
 */
export const JASPER_STATUS: Readonly<Record<string, CodeRow>> = {
  ACTIVATED: { state: CardState.Activated, label: '已激活' },
  DEACTIVATED: { state: CardState.Stopped, label: '已停用' },
  TEST_READY: { state: CardState.Testable, label: '可测试' },
  ACTIVATION_READY: { state: CardState.AllowActivate, label: '可激活' },
  INVENTORY: { state: CardState.Initial, label: '库存' },
  RETIRED: { state: CardState.Cancelled, label: '已失效' },
  PURGED: { state: CardState.Cancelled, label: '已清除' },
  REPLACED: { state: CardState.Other, label: '已更换' },
};

/** The platform's status as one of our CardStates; a name not in the table is Other, never a guess. */
export function jasperCardState(status: string): number {
  return JASPER_STATUS[status.trim().toUpperCase()]?.state ?? CardState.Other;
}

/** Edit Device Details (PUT /devices/{iccid}) takes the status name to move the line to. */
export const JASPER_TARGET_STATUS = { resume: 'ACTIVATED', stop: 'DEACTIVATED' } as const;

/**
 * The account's limits as Cisco's REST troubleshooting checklist states them: "do not exceed 5 calls
 * per second" and "limit the number of active calls to one at a time".
 */
export const JASPER_CALLS_PER_SECOND = 5;
export const JASPER_CONCURRENCY = 1;

/** Invalid credentials: HTTP 401 with this errorCode (Cisco's checklist, observed live). */
export const JASPER_BAD_CREDENTIALS = '10000001';
/**
 * The over-limit answer's errorCode, as given to us with HTTP 429. NOT CONFIRMED: Cisco publishes
 * no rate-limit answer; either the status or the code makes it a rate refusal.
 */
export const JASPER_RATE_LIMITED = '40000029';

export type JasperFailure = 'auth' | 'rate' | 'line' | 'unavailable' | 'malformed';

/**
 * What an error answer means for the sync engine. By HTTP status first (the per-function error
 * codes are not published in full): 401/403 the credentials, 429 the limit, 404 and 400 this line
 * (unknown ICCID, or a request the platform refuses for it), 5xx the platform; anything else is an
 * answer we do not understand.
 */
export function jasperFailure(httpStatus: number, errorCode: string): JasperFailure {
  if (httpStatus === 429 || errorCode === JASPER_RATE_LIMITED) return 'rate';
  if (httpStatus === 401 || httpStatus === 403 || errorCode === JASPER_BAD_CREDENTIALS) return 'auth';
  if (httpStatus === 404 || httpStatus === 400) return 'line';
  if (httpStatus >= 500) return 'unavailable';
  return 'malformed';
}

/**
 * Edit Device Details' errorCode on a 400 or 404 (a 401/403, 429 or 5xx is about the account and is
 * read by its HTTP status first, jasperFailure). 10000003, an ICCID the account does not hold, is
 * the fake's (Cisco does not publish the list); any other code is `unknown`: 状态未知 with the code
 * until the line is read again.
 */
export const JASPER_EDIT_ANSWERS: ChangeAnswerTable = {
  '10000003': { kind: 'refused', label: 'ICCID 无效或不属于该账号' },
};

/** ctdDataUsage is bytes since the start of the billing cycle (Get Device Usage); we count KB. */
export function bytesToKb(bytes: unknown): number | null {
  const n = typeof bytes === 'string' && bytes.trim() !== '' ? Number(bytes) : bytes;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.round(n / 1024) : null;
}

/**
 * Get Session Details: the current or most recent data session. A session is open when it has
 * started and not ended ("for a device currently in a session, dateSessionEnded is null").
 */
export function jasperSessionOpen(info: { dateSessionStarted?: unknown; dateSessionEnded?: unknown }): boolean {
  return typeof info.dateSessionStarted === 'string' && info.dateSessionStarted !== '' && (info.dateSessionEnded ?? null) === null;
}
