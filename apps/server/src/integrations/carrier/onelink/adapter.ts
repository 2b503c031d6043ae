// One China Mobile OneLink account (EC API v5) as a CarrierAdapter: each question becomes the
// platform's call on the line's ICCID, each answer our terms through the pure tables of
// @portal/domain/carrierCodes/onelink. The HTTP, the token and the error kinds are in ./client.ts.
import { CardState, RealNameMode } from '@portal/contract/enums';
import {
  ONELINK_CHANGE_ANSWERS,
  ONELINK_VARIANTS,
  onelinkCardState,
  onelinkLineMissing,
  onelinkStopReason,
  TRANSID_MAX_LENGTH,
  type OneLinkVariant,
} from '@portal/domain/carrierCodes/onelink';
import type { HttpTransport } from '../../http/transport';
import {
  CarrierError,
  type AccountSettings,
  type CarrierAdapter,
  type CarrierKind,
  type CarrierLineState,
  type CarrierLineTest,
  type CarrierOrder,
  type LineRef,
  type PlatformLimits,
  type RealNameStart,
  settleChange,
} from '../adapter';
import { ONELINK_DEFAULT_BASE_URL, OneLinkClient, rows, type OneLinkRow } from './client';
import { clock } from '../../../lib/clock';

/**
 * How hard the sync engine may use one account. OneLink publishes no per-second figure in the
 * documentation we could find, and it throttles per appid; 5 calls a second, 2 at a time, is a
 * few a second as the carrier asks and still covers 100,000 cards a day (state + month usage is
 * 200,000 calls, about 11 hours). The batch size and the history are documented: daily usage is
 * asked for at most 100 cards a call ("暂定100张"), for one of the 7 days before today ("近7天…截止前一天").
 */
export const ONELINK_LIMITS: PlatformLimits = {
  callsPerSecond: 5,
  concurrency: 2,
  dailyBatchSize: 100,
  dailyHistoryDays: 7,
  // the daily batch answers up to yesterday ("截止前一天"); when a day's figure stops changing is
  // not documented: a later read takes the last two days again, and the platform's figure stands
  dailySettleDays: 2,
};

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3600_000;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
/** 48 characters less yyyyMMddHHmmss and the 8-digit sequence */
const APPID_MAX_LENGTH = TRANSID_MAX_LENGTH - 14 - 8;

const chinaDay = (ms: number) => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);
/** 2026-11-27 → 20261127 (queryDate) */
const compact = (day: string) => day.replaceAll('-', '');
const dayIndex = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

export interface OneLinkAdapterOptions {
  baseUrl: string;
  appid: string;
  password: string;
  variant: OneLinkVariant;
  transport: HttpTransport;
  now?: () => number;
  /** the first transid sequence number (tests) */
  sequenceStart?: number;
}

export class OneLinkAdapter implements CarrierAdapter {
  readonly kind = 'onelink';
  readonly limits = ONELINK_LIMITS;
  readonly client: OneLinkClient;
  private readonly variant: OneLinkVariant;
  private readonly now: () => number;

  constructor(o: OneLinkAdapterOptions) {
    this.variant = o.variant;
    this.now = o.now ?? (() => clock.now().getTime());
    this.client = new OneLinkClient({
      baseUrl: o.baseUrl,
      appid: o.appid,
      password: o.password,
      transport: o.transport,
      now: this.now,
      ...(o.sequenceStart !== undefined ? { sequenceStart: o.sequenceStart } : {}),
    });
  }

  /** Getting a token is the one call that needs no card and proves appid, password and reachability. */
  async ping(): Promise<void> {
    await this.client.renewToken();
  }

  async lineState(line: LineRef): Promise<CarrierLineState> {
    const path = '/ec/query/sim-status';
    const rawState = text(first(await this.client.query(path, { iccid: line.iccid }), path).cardStatus, path, 'cardStatus');
    if (onelinkLineMissing(this.variant, rawState)) throw new CarrierError('line', `OneLink ${path}: no such number`, rawState);
    const state = onelinkCardState(this.variant, rawState);
    // the status answer does not name the IMSI: ask the line's basic facts once, while we do not know it
    const imsi = line.imsi ? undefined : await this.imsiOf(line);
    if (state !== CardState.Stopped) return { state, rawState, stopReason: '', rawStopReason: '', realNamed: null, imsi };
    // why, only for a stopped line: one call fewer for every line in service
    const why = '/ec/query/sim-stop-reason';
    const rawStopReason = text(first(await this.client.query(why, { iccid: line.iccid }), why).stopReason, why, 'stopReason');
    return { state, rawState, stopReason: onelinkStopReason(rawStopReason), rawStopReason, realNamed: null, imsi };
  }

  /**
   * ICCID → IMSI as the platform answered it ('' when it has none), learnt once: a SIM's IMSI does
   * not change, and each question is a call against the account's limit. The gateway stores what is
   * learnt on the card; this keeps a card whose IMSI the platform does not give (or whose row has
   * not been read again yet) from asking on every read.
   */
  private readonly imsis = new Map<string, string>();

  /** `/ec/query/sim-basic-info`: the line's MSISDN, ICCID and IMSI ('' when the answer has none). */
  private async imsiOf(line: LineRef): Promise<string> {
    const known = this.imsis.get(line.iccid);
    if (known !== undefined) return known;
    const path = '/ec/query/sim-basic-info';
    const given = first(await this.client.query(path, { iccid: line.iccid }), path).imsi;
    const imsi = typeof given === 'string' ? given : '';
    if (this.imsis.size >= 200_000) this.imsis.clear();
    this.imsis.set(line.iccid, imsi);
    return imsi;
  }

  /** CT counts to the moment; PB to the end of yesterday (the platform's own note). */
  async monthUsage(line: LineRef): Promise<number> {
    const path = '/ec/query/sim-data-usage';
    return kb(first(await this.client.query(path, { iccid: line.iccid }), path).dataAmount, path);
  }

  async dailyUsage(lines: LineRef[], day: string): Promise<Map<string, number>> {
    if (!DAY_RE.test(day) || Number.isNaN(dayIndex(day))) throw new CarrierError('unsupported', `not a day: ${day}`);
    const today = chinaDay(this.now());
    const age = dayIndex(today) - dayIndex(day);
    // refused before any call: the platform would refuse it anyway and the call would count
    if (age < 0 || age > ONELINK_LIMITS.dailyHistoryDays)
      throw new CarrierError(
        'unsupported',
        `OneLink keeps daily usage for the ${ONELINK_LIMITS.dailyHistoryDays} days before today, not ${day}`,
      );
    const got = new Map<string, number>();
    if (lines.length === 0) return got;
    if (age === 0) return this.todayUsage(lines, today);
    const path = '/ec/query/sim-data-usage-daily/batch';
    for (const chunk of chunks(lines, ONELINK_LIMITS.dailyBatchSize)) {
      const byIccid = index(chunk);
      const answer = await this.client.query(path, { iccids: chunk.map((l) => l.iccid).join('_'), queryDate: compact(day) });
      for (const row of answer) {
        for (const entry of list(row.dataAmountList, path, 'dataAmountList')) {
          for (const customNum of byIccid.get(String(entry.iccid)) ?? []) got.set(customNum, kb(entry.dataAmount, path));
        }
      }
    }
    return got;
  }

  /**
   * The daily batch ends with yesterday, so today so far is this month to now (sim-data-usage) less
   * this month to yesterday (the monthly batch, whose deadLine must be yesterday). OneLink-PB counts
   * the month only to yesterday, so there today is unknown: no line is reported. A line either
   * figure leaves out, or whose figures disagree, is left out too, never guessed.
   */
  private async todayUsage(lines: LineRef[], today: string): Promise<Map<string, number>> {
    const got = new Map<string, number>();
    if (this.variant === 'pb') return got;
    // on the 1st too: the platform then says 0 for this month to yesterday (we do not assume it)
    const before = await this.monthToYesterday(lines, today, addDays(today, -1));
    for (const line of lines) {
      const earlier = before.get(line.iccid);
      if (earlier === undefined) continue;
      let month: number;
      try {
        month = await this.monthUsage(line);
      } catch (err) {
        if (err instanceof CarrierError && err.kind === 'line') continue;
        throw err;
      }
      if (month >= earlier) got.set(line.customNum, month - earlier);
    }
    return got;
  }

  /** KB of this month up to the end of yesterday by ICCID, from the monthly batch. */
  private async monthToYesterday(lines: LineRef[], today: string, yesterday: string): Promise<Map<string, number>> {
    const path = '/ec/query/sim-data-usage-monthly/batch';
    const got = new Map<string, number>();
    for (const chunk of chunks(lines, ONELINK_LIMITS.dailyBatchSize)) {
      const answer = await this.client.query(path, { iccids: chunk.map((l) => l.iccid).join('_'), queryDate: compact(today).slice(0, 6) });
      for (const row of answer) {
        // figures cut off on another day than yesterday (not yet updated) would be wrong by a day's use
        if (
          String(row.deadLine ?? '')
            .replace(/\D/g, '')
            .slice(0, 8) !== compact(yesterday)
        )
          continue;
        for (const entry of list(row.dataAmountList, path, 'dataAmountList')) got.set(String(entry.iccid), kb(entry.dataAmount, path));
      }
    }
    return got;
  }

  async realNameStatus(line: LineRef): Promise<boolean> {
    const path = '/ec/query/sim-real-name-status';
    // 1 is real-named; anything else (not yet, in review, refused) is not
    return text(first(await this.client.query(path, { iccid: line.iccid }), path).realNameStatus, path, 'realNameStatus') === '1';
  }

  /** urlType 1 is the carrier's web video verification, 2 its WeChat mini-program one. */
  async realNameStart(line: LineRef, mode: number): Promise<RealNameStart> {
    const path = '/ec/secure/sim-real-name-reg';
    const urlType = mode === RealNameMode.Url ? '1' : '2';
    const row = first(await this.client.query(path, { iccid: line.iccid, urlType }), path);
    const url = row.url;
    // the holder's browser is sent there: only a web address is believed
    if (typeof url !== 'string' || !/^https?:\/\//i.test(url))
      throw new CarrierError('malformed', `OneLink ${path}: no web address in the answer`);
    return { url, reference: typeof row.busiSeq === 'string' ? row.busiSeq : '' };
  }

  /**
   * Registered: the terminal is on (on-off-status 1). A data session: sim-session lists one online
   * (01). The APN: the online session's; the one it needs: that one when the card has it open,
   * else the first APN open on the card (apn-info, status 1).
   */
  async lineTest(line: LineRef): Promise<CarrierLineTest> {
    const onOff = '/ec/query/on-off-status';
    const registered = text(first(await this.client.query(onOff, { iccid: line.iccid }), onOff).status, onOff, 'status') === '1';
    const session = '/ec/query/sim-session';
    const sessionRow = first(await this.client.query(session, { iccid: line.iccid }), session);
    // an offline card may come without the list at all
    const sessions = sessionRow.simSessionList === undefined ? [] : list(sessionRow.simSessionList, session, 'simSessionList');
    const online = sessions.find((s) => String(s.status) === '01');
    const apn = online ? String(online.apnId ?? '') : '';
    const info = '/ec/query/apn-info';
    const infoRow = first(await this.client.query(info, { iccid: line.iccid }), info);
    const open = (infoRow.apnList === undefined ? [] : list(infoRow.apnList, info, 'apnList'))
      .filter((a) => String(a.status) === '1')
      .map((a) => String(a.apnName ?? ''))
      .filter(Boolean);
    const expectedApn = apn && open.includes(apn) ? apn : (open[0] ?? '');
    return { registered, dataSession: online !== undefined, apn, expectedApn };
  }

  /** operType 0 stops (已激活 → 停机), 1 resumes; the platform answers an order number. Its codes: ONELINK_CHANGE_ANSWERS. */
  async setService(line: LineRef, on: boolean): Promise<CarrierOrder> {
    const path = '/ec/change/sim-status';
    const answer = await this.client.answer(path, { iccid: line.iccid, operType: on ? '1' : '0' });
    settleChange(ONELINK_CHANGE_ANSWERS, answer.status, `OneLink ${path}${answer.message ? ` (${answer.message})` : ''}`);
    const [row] = rows(answer.result, path);
    return { reference: typeof row?.orderNum === 'string' ? row.orderNum : '' };
  }
}

export const onelinkKind: CarrierKind = {
  kind: 'onelink',
  label: '中国移动 OneLink',
  network: 1,
  defaultBaseUrl: ONELINK_DEFAULT_BASE_URL,
  basePath: '/v5',
  callPrefixes: ['/ec'],
  fields: [
    { name: 'appid', label: 'APPID', secret: false, required: true },
    { name: 'password', label: 'API 密码', secret: true, required: true },
    { name: 'variant', label: '开卡平台（状态码表）', secret: false, required: false, choices: ONELINK_VARIANTS },
  ],
  create(account: AccountSettings, transport: HttpTransport): CarrierAdapter {
    const { appid = '', password = '', variant = 'ct' } = account.credentials;
    // a wrong setting is the operator's to fix, like a wrong password
    if (!appid || !password) throw new CarrierError('auth', `OneLink account ${account.name}: appid and password are required`);
    if (!/^[0-9A-Za-z]+$/.test(appid) || appid.length > APPID_MAX_LENGTH)
      throw new CarrierError('auth', `OneLink account ${account.name}: appid must be at most ${APPID_MAX_LENGTH} letters or digits`);
    if (!(ONELINK_VARIANTS as readonly string[]).includes(variant))
      throw new CarrierError('auth', `OneLink account ${account.name}: variant must be one of ${ONELINK_VARIANTS.join(', ')}`);
    return new OneLinkAdapter({
      baseUrl: account.baseUrl || ONELINK_DEFAULT_BASE_URL,
      appid,
      password,
      variant: variant as OneLinkVariant,
      transport,
    });
  },
};

function first(rows: OneLinkRow[], path: string): OneLinkRow {
  const row = rows[0];
  if (!row) throw new CarrierError('malformed', `OneLink ${path}: an empty result`);
  return row;
}

/** A code the platform may send as a string or a number. */
function text(v: unknown, path: string, field: string): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  throw new CarrierError('malformed', `OneLink ${path}: no ${field} in the answer`);
}

function kb(v: unknown, path: string): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  if (!Number.isFinite(n) || n < 0) throw new CarrierError('malformed', `OneLink ${path}: dataAmount is not a number of KB`);
  return n;
}

function list(v: unknown, path: string, field: string): OneLinkRow[] {
  if (!Array.isArray(v) || !v.every((e) => e !== null && typeof e === 'object'))
    throw new CarrierError('malformed', `OneLink ${path}: ${field} is not a list`);
  return v as OneLinkRow[];
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** ICCID → our card numbers (two refs may share an ICCID by mistake; both get the figure). */
function index(lines: LineRef[]): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const l of lines) m.set(l.iccid, [...(m.get(l.iccid) ?? []), l.customNum]);
  return m;
}
