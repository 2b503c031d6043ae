// China Unicom through its CMP gateway (联通物联网能力开放平台): one app (app_id + secret) for one
// customer account (openId). What the gateway can and cannot say, in our terms:
//   - state and real-name: wsGetTerminalDetails (simStatus, realNameStatus); no stop reason.
//   - usage: wsGetTerminalDetails' monthToDateDataUsage is MB of the BILLING CYCLE, which Unicom
//     runs from the 27th — not the calendar month adapter.ts asks for (see monthUsage).
//   - a day's usage: wsGetTerminalUsageDataDetails lists the cycle's data sessions; a day is the sum
//     of the sessions that started on it. One line per call (plus pages).
//   - the card test: the gateway has no session or registration query we could find; `registered`
//     follows from the status and `dataSession` is not known (false), no APN.
//   - real-name: no verification link from the gateway; the account's configured page, if any.
import { CardState } from '@portal/contract/enums';
import { CMP_TARGET_STATUS, cmpCardState, cmpCycleDate, cmpDayKb, cmpRealNamed, mbToKb } from '@portal/domain/carrierCodes/unicomCmp';
import type { HttpTransport } from '../../http/transport';
import {
  CarrierError,
  type AccountField,
  type AccountSettings,
  type CarrierAdapter,
  type CarrierKind,
  type CarrierLineState,
  type CarrierLineTest,
  type CarrierOrder,
  type LineRef,
  type PlatformLimits,
  type RealNameStart,
} from '../adapter';
import { CmpClient, type CmpTerminal } from './client';

/** The gateway's documented base: every call is /api/<name>/V1/1Main/vV1.1 (./client.ts appends what follows /api). */
export const UNICOM_CMP_BASE_URL = 'https://gwapi.10646.cn/api';
export const UNICOM_CMP_BASE_PATH = '/api';

/**
 * Calls per second unless the account says what the carrier granted it (carrier_accounts.calls_per_second,
 * which the sync engine uses instead): the gateway's quota comes with each app and is
 * not published; 5 is the documented limit of the Control Center it fronts.
 */
export const CMP_DEFAULT_CALLS_PER_SECOND = 5;

/**
 * Past days of sessions the gateway answers. NOT CONFIRMED: we assume the current and the previous
 * billing cycle, which always reach at least 28 days back (asked on the 27th, the previous cycle
 * began on the 27th of the month before).
 */
export const CMP_DAILY_HISTORY_DAYS = 28;

/** Fields of the real-name page, shared by both Unicom kinds. */
export const REAL_NAME_URL_FIELD: AccountField = {
  name: 'real_name_url',
  label: '实名认证页面地址（可含 {iccid}）',
  secret: false,
  required: false,
};

export const unicomCmpKind: CarrierKind = {
  kind: 'unicom_cmp',
  label: '中国联通 CMP（物联网能力开放平台）',
  network: 2,
  defaultBaseUrl: UNICOM_CMP_BASE_URL,
  basePath: UNICOM_CMP_BASE_PATH,
  callPrefixes: [],
  fields: [
    { name: 'app_id', label: 'app_id', secret: false, required: true },
    { name: 'app_secret', label: 'app_secret', secret: true, required: true },
    { name: 'open_id', label: 'openId（客户账户）', secret: false, required: true },
    REAL_NAME_URL_FIELD,
  ],
  create(account: AccountSettings, transport: HttpTransport): CarrierAdapter {
    const c = account.credentials;
    const client = new CmpClient({
      baseUrl: account.baseUrl || UNICOM_CMP_BASE_URL,
      appId: required(c, 'app_id'),
      appSecret: required(c, 'app_secret'),
      openId: required(c, 'open_id'),
      transport,
    });
    return new UnicomCmpAdapter(client, { callsPerSecond: CMP_DEFAULT_CALLS_PER_SECOND, realNameUrl: c.real_name_url ?? '' });
  },
};

export class UnicomCmpAdapter implements CarrierAdapter {
  readonly kind = 'unicom_cmp';
  readonly limits: PlatformLimits;

  constructor(
    private readonly client: CmpClient,
    private readonly o: { callsPerSecond: number; realNameUrl: string },
  ) {
    // One call in flight: the gateway fronts the Control Center, whose documented limit is one
    // active call per account.
    this.limits = {
      callsPerSecond: o.callsPerSecond,
      concurrency: 1,
      fixedConcurrency: true,
      dailyBatchSize: 1,
      dailyHistoryDays: CMP_DAILY_HISTORY_DAYS,
      usagePeriodStartDay: 27,
    };
  }

  /** The gateway has no echo: ask for a line that cannot exist; "no such line" proves the credentials. */
  async ping(): Promise<void> {
    try {
      await this.client.terminal('89860000000000000000');
    } catch (err) {
      if (!(err instanceof CarrierError && err.kind === 'line')) throw err;
    }
  }

  async lineState(line: LineRef): Promise<CarrierLineState> {
    const t = await this.client.terminal(line.iccid);
    const raw = str(t.simStatus);
    return {
      state: cmpCardState(raw),
      rawState: raw,
      stopReason: '',
      rawStopReason: '',
      realNamed: cmpRealNamed(str(t.realNameStatus)),
      imsi: str(t.imsi),
    };
  }

  /**
   * KB of the BILLING CYCLE to date (from the 27th), which is what the gateway counts: on the 1st–26th
   * it includes the end of last month, from the 27th on it is only this month's last days. adapter.ts
   * asks for the calendar month and cannot be told otherwise (reported to the lead).
   */
  async monthUsage(line: LineRef): Promise<number> {
    const t = await this.client.terminal(line.iccid);
    const kb = mbToKb(t.monthToDateDataUsage);
    if (kb === null) throw new CarrierError('malformed', `联通 CMP 的本期用量无法解析（${String(t.monthToDateDataUsage)}）`);
    return kb;
  }

  dailyUsage(lines: LineRef[], day: string): Promise<Map<string, number>> {
    return cmpDailyUsage(this.client, lines, day);
  }

  lineDays(line: LineRef, from: string, to: string): Promise<Map<string, number>> {
    return cmpLineDays(this.client, line, from, to);
  }

  realNameStatus(line: LineRef): Promise<boolean> {
    return cmpRealNameStatus(this.client, line);
  }

  async realNameStart(line: LineRef, _mode: number): Promise<RealNameStart> {
    return realNameStartFrom(this.o.realNameUrl, line);
  }

  async lineTest(line: LineRef): Promise<CarrierLineTest> {
    const t = await this.client.terminal(line.iccid);
    return { registered: registeredBy(cmpCardState(str(t.simStatus))), dataSession: false, apn: '', expectedApn: '' };
  }

  async setService(line: LineRef, on: boolean): Promise<CarrierOrder> {
    await this.client.editSimStatus(line.iccid, on ? CMP_TARGET_STATUS.resume : CMP_TARGET_STATUS.stop);
    // the gateway answers no order number
    return { reference: '' };
  }
}

/**
 * A day's KB per line from the cycle's sessions (wsGetTerminalUsageDataDetails), one line after the
 * other. A line the gateway refuses (unknown ICCID) is left out; a line it knows with no session
 * that day used 0 KB — the gateway listed the whole cycle.
 */
export async function cmpDailyUsage(client: CmpClient, lines: LineRef[], day: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const line of lines) {
    let sessions;
    try {
      sessions = await client.cycleSessions(line.iccid, cmpCycleDate(day));
    } catch (err) {
      if (err instanceof CarrierError && err.kind === 'line') continue;
      throw err;
    }
    const kb = cmpDayKb(sessions, day);
    if (kb === null) throw new CarrierError('malformed', `联通 CMP 的会话用量无法解析（${line.iccid}）`);
    out.set(line.customNum, kb);
  }
  return out;
}

/**
 * The line's KB per day from `from` to `to`: one session list per billing cycle the days touch
 * (wsGetTerminalUsageDataDetails answers a whole cycle), never one per day — a card's 28 days are
 * one or two calls, not 28. A line the gateway refuses gives an empty map; a day with no session
 * used 0 KB (the gateway listed the whole cycle).
 */
export async function cmpLineDays(client: CmpClient, line: LineRef, from: string, to: string): Promise<Map<string, number>> {
  const byCycle = new Map<string, string[]>();
  for (let day = from; day <= to; day = nextDay(day)) {
    const cycle = cmpCycleDate(day);
    byCycle.set(cycle, [...(byCycle.get(cycle) ?? []), day]);
  }
  const out = new Map<string, number>();
  for (const [cycle, days] of byCycle) {
    let sessions;
    try {
      sessions = await client.cycleSessions(line.iccid, cycle);
    } catch (err) {
      if (err instanceof CarrierError && err.kind === 'line') return new Map();
      throw err;
    }
    for (const day of days) {
      const kb = cmpDayKb(sessions, day);
      if (kb === null) throw new CarrierError('malformed', `联通 CMP 的会话用量无法解析（${line.iccid}）`);
      out.set(day, kb);
    }
  }
  return out;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export async function cmpRealNameStatus(client: CmpClient, line: LineRef): Promise<boolean> {
  const t: CmpTerminal = await client.terminal(line.iccid);
  const named = cmpRealNamed(str(t.realNameStatus));
  if (named === null)
    throw new CarrierError('malformed', `联通 CMP 的实名状态无法识别（${String(t.realNameStatus)}）`, str(t.realNameStatus));
  return named;
}

/**
 * Unicom gives no real-name link through either API: the reseller configures the page its Unicom
 * contact gave it; `{iccid}` in it becomes the card's ICCID. Without one the platform cannot start it.
 */
export function realNameStartFrom(template: string, line: LineRef): RealNameStart {
  if (!template) throw new CarrierError('unsupported', '联通接口不提供实名认证链接，账户未配置实名认证页面');
  return { url: template.replaceAll('{iccid}', encodeURIComponent(line.iccid)), reference: '' };
}

/** Neither Unicom API reports registration: a line the carrier keeps in service can attach. */
export function registeredBy(state: number): boolean {
  return state === CardState.Activated || state === CardState.Testable;
}

export function required(credentials: Record<string, string>, name: string): string {
  const v = credentials[name]?.trim();
  if (!v) throw new Error(`carrier account: ${name} is required`);
  return v;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}
