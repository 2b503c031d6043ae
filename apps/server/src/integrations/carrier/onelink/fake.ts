// A fake OneLink EC API v5: a real HTTP server on 127.0.0.1 that answers the calls the adapter
// makes the way the platform does (GET, query parameters, {"status","message","result"}), with
// its checks: appid and password for a token, tokens that lapse after their ttl (12021), the
// transid's shape, one card per single-card call, at most 100 cards and one of the last 7 days
// for the daily batch, a calls-per-second limit. Lines are kept in OneLink's own codes. It is
// stricter than documented in one place: it refuses a transid it has already seen.
//
// It knows nothing of the adapter (no shared code): a wrong constant there makes a test fail here.
import { randomBytes } from 'node:crypto';
import { FakePlatform, type FakeAnswer, type FakeRequest } from '../fakePlatform';

/**
 * The fake's answer codes. 0, 12021 and 11011 are the platform's (public clients of the API
 * handle them). The others are NOT confirmed: the platform's own codes for a wrong password,
 * the over-limit and a bad parameter could not be found, so these stand in for them.
 */
export const FAKE_STATUS = {
  ok: '0',
  tokenExpired: '12021',
  cardUnknown: '11011',
  overLimit: '12011',
  badCredentials: '12002',
  badParameter: '10001',
  refused: '10002',
} as const;

const MESSAGES: Record<string, string> = {
  [FAKE_STATUS.ok]: '正确',
  [FAKE_STATUS.tokenExpired]: 'TOKEN不存在或已过期，请重新获取',
  [FAKE_STATUS.cardUnknown]: '物联卡号码不存在',
  [FAKE_STATUS.overLimit]: '调用频率超过限制',
  [FAKE_STATUS.badCredentials]: 'APPID或密码错误',
};

/** A line as the platform keeps it, in its own codes. */
export interface FakeOneLinkLine {
  iccid: string;
  msisdn?: string;
  imsi?: string;
  /** cardStatus in the account's list: CT 1/2/4/6/7/8/9, PB 00…07 */
  status: string;
  /** 12 characters of 0/2; all zeros when not given */
  stopReason?: string;
  /** 1 real-named, 0 not */
  realNameStatus?: string;
  /** KB this month up to now */
  monthKb?: number;
  /** KB by China-time day, yyyyMMdd */
  dailyKb?: Record<string, number>;
  /** the APN the device uses, and the APNs open on the card */
  apn?: string;
  openApns?: string[];
  /** the terminal is switched on (default true) */
  poweredOn?: boolean;
}

export interface FakeOneLinkOptions {
  appid?: string;
  password?: string;
  /** the account's state list */
  variant?: 'ct' | 'pb';
  tokenTtlSec?: number;
  /** calls answered per second (per calendar second, token calls included); more get the over-limit code */
  callsPerSecond?: number;
  now?: () => number;
}

export interface FakeOneLinkStats {
  total: number;
  /** the most calls received within one calendar second */
  peakPerSecond: number;
  /** the most calls received within any rolling 1,000 ms */
  peakRollingSecond: number;
  byPath: Record<string, number>;
}

export interface FakeOneLinkCall {
  path: string;
  params: Record<string, string>;
}

export interface FakeOneLink {
  /** e.g. http://127.0.0.1:40123/v5 */
  readonly baseUrl: string;
  readonly appid: string;
  readonly password: string;
  addLine(line: FakeOneLinkLine): void;
  /** `count` lines at once (benchmarks): ICCID 8986 + 3-digit batch + 9-digit n + 0000, active and real-named unless `make` says otherwise */
  bulkAdd(count: number, make?: (i: number) => Partial<FakeOneLinkLine>): FakeOneLinkLine[];
  line(iccid: string): FakeOneLinkLine | undefined;
  /** false: up; '5xx': HTTP 503; 'reset': the connection is dropped without an answer */
  setDown(mode: false | '5xx' | 'reset'): void;
  /** every answer waits this long (timeouts) */
  setSlow(ms: number): void;
  /** answers cut short: not JSON */
  setMalformed(on: boolean): void;
  expireAllTokens(): void;
  /** every token, even a new one, is answered 12021 */
  rejectAllTokens(on: boolean): void;
  setCallsPerSecond(limit: number): void;
  stats(): FakeOneLinkStats;
  /** the last 10,000 calls received, oldest first */
  calls(): FakeOneLinkCall[];
  resetStats(): void;
  close(): Promise<void>;
}

const CHINA_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;
const IN_SERVICE = { ct: new Set(['2', '6']), pb: new Set(['00']) };
/** change/sim-status: operType → [from, to] */
const CHANGES = {
  ct: { '0': ['2', '4'], '1': ['4', '2'] },
  pb: { '0': ['00', '02'], '1': ['02', '00'] },
} as const;
/** 主动（申请）双向停机: the stop the enterprise applied for */
const OWN_STOP = '000000002000';
const NO_STOP = '000000000000';

const chinaIso = (ms: number) => new Date(ms + CHINA_OFFSET_MS).toISOString();
const chinaDay = (ms: number) => chinaIso(ms).slice(0, 10).replaceAll('-', '');
const dayMs = (yyyyMMdd: string) => Date.UTC(+yyyyMMdd.slice(0, 4), +yyyyMMdd.slice(4, 6) - 1, +yyyyMMdd.slice(6, 8));

class Refusal {
  constructor(readonly status: string) {}
}

export async function startOneLinkFake(o: FakeOneLinkOptions = {}): Promise<FakeOneLink> {
  const appid = o.appid ?? '100001';
  const password = o.password ?? 'p4ssw0rd';
  const variant = o.variant ?? 'ct';
  const ttlSec = o.tokenTtlSec ?? 3600;
  const now = o.now ?? Date.now;

  const lines = new Map<string, FakeOneLinkLine>();
  const byMsisdn = new Map<string, string>();
  const byImsi = new Map<string, string>();
  const tokens = new Map<string, number>();
  const seenTransids = new Set<string>();
  let rejectTokens = false;
  let orders = 0;
  let bulkSeq = 0;

  function addLine(line: FakeOneLinkLine): void {
    lines.set(line.iccid, line);
    if (line.msisdn) byMsisdn.set(line.msisdn, line.iccid);
    if (line.imsi) byImsi.set(line.imsi, line.iccid);
  }

  /** appid + yyyyMMddHHmmss (a real moment within a day of now, China time) + 8 digits, at most 48, never twice. */
  function checkTransid(transid: string | undefined, forAppid: string): void {
    if (!transid || transid.length > 48 || !transid.startsWith(forAppid)) throw new Refusal(FAKE_STATUS.badParameter);
    const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})\d{8}$/.exec(transid.slice(forAppid.length));
    if (!m) throw new Refusal(FAKE_STATUS.badParameter);
    const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
    const at = Date.UTC(y, mo - 1, d, h, mi, s) - CHINA_OFFSET_MS;
    const back = new Date(at + CHINA_OFFSET_MS);
    if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59)
      throw new Refusal(FAKE_STATUS.badParameter);
    if (Math.abs(at - now()) > DAY_MS) throw new Refusal(FAKE_STATUS.badParameter);
    if (seenTransids.has(transid)) throw new Refusal(FAKE_STATUS.badParameter);
    seenTransids.add(transid);
  }

  function checkToken(token: string | undefined): void {
    const until = token ? tokens.get(token) : undefined;
    if (rejectTokens || until === undefined || until <= now()) throw new Refusal(FAKE_STATUS.tokenExpired);
  }

  /** The one card a single-card call names (exactly one of msisdn, iccid, imsi), or undefined when unknown. */
  function find(p: Record<string, string>): FakeOneLinkLine | undefined {
    const given = (['msisdn', 'iccid', 'imsi'] as const).filter((k) => p[k] !== undefined);
    if (given.length !== 1 || !p[given[0]!]) throw new Refusal(FAKE_STATUS.badParameter);
    const key = given[0]!;
    const v = p[key]!;
    const iccid = key === 'iccid' ? v : key === 'msisdn' ? byMsisdn.get(v) : byImsi.get(v);
    return iccid === undefined ? undefined : lines.get(iccid);
  }

  function card(p: Record<string, string>): FakeOneLinkLine {
    const line = find(p);
    if (!line) throw new Refusal(FAKE_STATUS.cardUnknown);
    return line;
  }

  /** The cards of a batch call: one of msisdns, iccids, imsis, 1 to 100 joined by _. Unknown cards are left out. */
  function batch(p: Record<string, string>): { key: 'msisdn' | 'iccid' | 'imsi'; found: [string, FakeOneLinkLine][] } {
    const given = (['msisdns', 'iccids', 'imsis'] as const).filter((k) => p[k] !== undefined);
    if (given.length !== 1) throw new Refusal(FAKE_STATUS.badParameter);
    const plural = given[0]!;
    const ids = p[plural]!.split('_');
    if (ids.length > 100 || ids.some((id) => !/^\d+$/.test(id))) throw new Refusal(FAKE_STATUS.badParameter);
    const key = plural.slice(0, -1) as 'msisdn' | 'iccid' | 'imsi';
    const found: [string, FakeOneLinkLine][] = [];
    for (const id of ids) {
      const iccid = key === 'iccid' ? id : key === 'msisdn' ? byMsisdn.get(id) : byImsi.get(id);
      const line = iccid === undefined ? undefined : lines.get(iccid);
      if (line) found.push([id, line]);
    }
    return { key, found };
  }

  const inService = (l: FakeOneLinkLine) => IN_SERVICE[variant].has(l.status);
  const online = (l: FakeOneLinkLine) => inService(l) && l.poweredOn !== false && !!l.apn && (l.openApns ?? []).includes(l.apn);

  function answer(path: string, p: Record<string, string>, origin: string): unknown[] {
    if (path === '/ec/get/token') {
      checkTransid(p.transid, p.appid ?? '');
      if (p.appid !== appid || p.password !== password) throw new Refusal(FAKE_STATUS.badCredentials);
      const token = randomBytes(16).toString('hex');
      tokens.set(token, now() + ttlSec * 1000);
      return [{ token, ttl: String(ttlSec) }];
    }
    checkTransid(p.transid, appid);
    checkToken(p.token);
    const today = chinaDay(now());
    switch (path) {
      case '/ec/query/sim-status': {
        const l = find(p);
        // OneLink-PB answers an unknown number with its own state 99 (号码不存在)
        if (!l && variant === 'pb') return [{ cardStatus: '99', lastChangeDate: '' }];
        return [{ cardStatus: card(p).status, lastChangeDate: chinaIso(now()).slice(0, 19).replace('T', ' ') }];
      }
      case '/ec/query/sim-basic-info': {
        const l = card(p);
        return [{ msisdn: l.msisdn ?? '', iccid: l.iccid, imsi: l.imsi ?? '', activeDate: '', openDate: '' }];
      }
      case '/ec/query/sim-stop-reason':
        return [{ platformType: variant === 'pb' ? 'OneLink-PB' : 'OneLink-CT', stopReason: card(p).stopReason ?? NO_STOP }];
      case '/ec/query/sim-data-usage':
        return [{ dataAmount: String(card(p).monthKb ?? 0), apnUseAmountList: [] }];
      case '/ec/query/sim-data-usage-daily/batch': {
        const day = p.queryDate ?? '';
        const age = /^\d{8}$/.test(day) ? Math.round((dayMs(today) - dayMs(day)) / DAY_MS) : Number.NaN;
        // 近7天中某一天，截止前一天: yesterday back to 7 days ago, never today
        if (!(age >= 1 && age <= 7)) throw new Refusal(FAKE_STATUS.badParameter);
        const { key, found } = batch(p);
        return [
          { dataAmountList: found.map(([id, l]) => ({ [key]: id, dataAmount: String(l.dailyKb?.[day] ?? 0), apnDataAmountList: [] })) },
        ];
      }
      case '/ec/query/sim-data-usage-monthly/batch': {
        const month = p.queryDate ?? '';
        const ago = /^\d{6}$/.test(month)
          ? (+today.slice(0, 4) - +month.slice(0, 4)) * 12 + (+today.slice(4, 6) - +month.slice(4, 6))
          : Number.NaN;
        if (!(ago >= 0 && ago <= 5)) throw new Refusal(FAKE_STATUS.badParameter);
        const { key, found } = batch(p);
        const yesterday = chinaDay(now() - DAY_MS);
        // this month up to the end of yesterday; an earlier month as the sum of its days
        const amount = (l: FakeOneLinkLine) =>
          ago === 0
            ? Math.max(0, (l.monthKb ?? 0) - (l.dailyKb?.[today] ?? 0))
            : Object.entries(l.dailyKb ?? {}).reduce((sum, [d, kb]) => (d.startsWith(month) ? sum + kb : sum), 0);
        return [
          {
            deadLine: yesterday,
            dataAmountList: found.map(([id, l]) => ({ [key]: id, dataAmount: String(amount(l)), apnDataAmountList: [] })),
          },
        ];
      }
      case '/ec/query/sim-real-name-status':
        return [{ realNameStatus: card(p).realNameStatus ?? '0', successTime: '' }];
      case '/ec/secure/sim-real-name-reg': {
        const l = card(p);
        if (p.urlType !== undefined && p.urlType !== '1' && p.urlType !== '2') throw new Refusal(FAKE_STATUS.badParameter);
        const busiSeq = `RN${Date.now()}${randomBytes(3).toString('hex')}`;
        return [{ busiSeq, url: `${origin}/h5/real-name?busiSeq=${busiSeq}&iccid=${l.iccid}` }];
      }
      case '/ec/change/sim-status': {
        const l = card(p);
        const change = (CHANGES[variant] as Record<string, readonly [string, string]>)[p.operType ?? ''];
        if (!change) throw new Refusal(FAKE_STATUS.badParameter);
        if (l.status !== change[0]) throw new Refusal(FAKE_STATUS.refused);
        l.status = change[1];
        l.stopReason = p.operType === '0' ? OWN_STOP : NO_STOP;
        orders += 1;
        return [{ orderNum: `ORD${String(orders).padStart(10, '0')}`, msisdn: l.msisdn ?? '' }];
      }
      case '/ec/query/on-off-status': {
        const l = card(p);
        return [{ status: inService(l) && l.poweredOn !== false ? '1' : '0' }];
      }
      case '/ec/query/sim-session': {
        const l = card(p);
        const list = online(l) ? [{ apnId: l.apn, status: '01', ip: '10.0.0.1', createDate: chinaIso(now()).slice(0, 19), rat: '6' }] : [];
        return [{ simSessionList: list }];
      }
      case '/ec/query/apn-info':
        return [{ apnList: (card(p).openApns ?? []).map((apnName) => ({ apnName, status: '1' })) }];
      default:
        throw new Refusal('404');
    }
  }

  const html = (status: number, text: string): FakeAnswer => ({ status, body: `<html><body>${text}</body></html>`, type: 'text/html' });
  const platform = await FakePlatform.start({
    window: 'calendar',
    callsPerSecond: o.callsPerSecond ?? Number.POSITIVE_INFINITY,
    now,
    countAs: (req) => pathOf(req.url.pathname),
    errorPage: html(503, '503 Service Unavailable'),
    slowAt: 'last',
    // cut short before the call is acted on; a request that is not an API call is still a 404
    malformed: (req, real) => (isApiCall(req) ? { status: 200, body: '{"status":"0","message":"正确","result":[{"cardSta' } : real()),
    answer(req, load) {
      if (!isApiCall(req)) return html(404, '404');
      let status: string = FAKE_STATUS.ok;
      let result: unknown[] = [];
      if (load.overLimit) status = FAKE_STATUS.overLimit;
      else {
        try {
          result = answer(pathOf(req.url.pathname), Object.fromEntries(req.url.searchParams), `http://${req.headers.host}`);
        } catch (err) {
          if (!(err instanceof Refusal)) throw err;
          if (err.status === '404') return html(404, '404');
          status = err.status;
        }
      }
      return { status: 200, body: JSON.stringify({ status, message: MESSAGES[status] ?? '参数错误', result }) };
    },
  });

  return {
    baseUrl: `${platform.origin}/v5`,
    appid,
    password,
    addLine,
    bulkAdd(n, make) {
      const out: FakeOneLinkLine[] = [];
      const batchNo = String(++bulkSeq).padStart(3, '0');
      for (let i = 0; i < n; i += 1) {
        const n = String(i).padStart(9, '0');
        const line: FakeOneLinkLine = {
          iccid: `8986${batchNo}${n}0000`,
          msisdn: `14${batchNo.slice(-2)}${n}`,
          imsi: `460${batchNo}${n}`,
          status: variant === 'pb' ? '00' : '2',
          realNameStatus: '1',
          monthKb: 0,
          apn: 'CMIOT',
          openApns: ['CMIOT'],
          ...make?.(i),
        };
        addLine(line);
        out.push(line);
      }
      return out;
    },
    line: (iccid) => lines.get(iccid),
    setDown: (mode) => platform.setDown(mode === '5xx' ? 'error' : mode),
    setSlow: (ms) => platform.setSlow(ms),
    setMalformed: (on) => platform.setMalformed(on),
    expireAllTokens: () => tokens.clear(),
    rejectAllTokens: (on) => void (rejectTokens = on),
    setCallsPerSecond: (n) => platform.setCallsPerSecond(n),
    stats: () => {
      const c = platform.calls();
      return { total: c.total, peakPerSecond: c.peakPerSecond, peakRollingSecond: c.peakRollingSecond, byPath: c.byPath };
    },
    calls: () => platform.requests().map((r) => ({ path: pathOf(r.url.pathname), params: Object.fromEntries(r.url.searchParams) })),
    resetStats: () => platform.resetCalls(),
    close: () => platform.close(),
  };
}

function isApiCall(req: FakeRequest): boolean {
  return req.method === 'GET' && req.url.pathname.startsWith('/v5/');
}

/** The call's path without the API version: /v5/ec/query/sim-status → /ec/query/sim-status. */
function pathOf(pathname: string): string {
  return pathname.replace(/^\/v5(?=\/)/, '');
}
