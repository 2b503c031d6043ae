// A fake China Unicom CMP gateway: a real HTTP server on 127.0.0.1 that speaks the gateway's JSON
// envelope, checks every request's SM3 token, formats and openId, keeps a calls-per-second quota,
// and keeps lines in the gateway's own codes (simStatus "2", realNameStatus "1", MB strings,
// sessions). Tests and the sync benchmark drive it; nothing of the adapter is reused here, so a
// mistake in the adapter's signing cannot hide behind the same mistake in the fake.
//
// The gateway-level refusal codes (1001 auth, 1002 format, 1003 quota) and the business code for an
// unknown ICCID (9001) are ours: the manual was not found (see @portal/domain/carrierCodes/unicomCmp).
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { ContractLine } from '../contract';
import { FakePlatform, type FakeAnswer, type FakeRequest } from '../fakePlatform';

export interface CmpFakeSession {
  /** yyyy-MM-dd HH:mm:ss, China time */
  start: string;
  kb: number;
}

/** A line as the gateway keeps it, in its own codes. */
export interface CmpFakeLine {
  iccid: string;
  msisdn: string;
  imsi: string;
  /** "0"–"8" (or anything, to play an unknown code) */
  simStatus: string;
  /** "0"–"3" */
  realNameStatus: string;
  /** MB this billing cycle, as the gateway writes it */
  monthToDateDataUsage: string;
  sessions: CmpFakeSession[];
}

export interface CmpFakeOptions {
  appId: string;
  appSecret: string;
  openId: string;
  /** the app's quota; 5 unless told */
  callsPerSecond?: number;
}

export interface CmpFakeCalls {
  total: number;
  /** refused for the quota */
  refused: number;
  /** the most calls that arrived within any one second */
  peakPerSecond: number;
  /** the same, over any rolling 1,000 ms (the gateway's own window is already rolling) */
  peakRollingSecond: number;
  byApi: Record<string, number>;
}

const PATH = /^\/api\/([A-Za-z]+)\/V1\/1Main\/vV1\.1$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \d{3}$/;
const TRANS_ID = /^\d{23}$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) \d{2}:\d{2}:\d{2}$/;
const PAGE_SIZE = 50;
const UNKNOWN_TERMINAL = '9001';

export class CmpFake {
  /** the last request as it arrived (path, headers, raw body) */
  lastRequest: { path: string; headers: IncomingHttpHeaders; body: string } | null = null;
  private readonly lines = new Map<string, CmpFakeLine>();
  private platform!: FakePlatform;

  private constructor(private readonly o: CmpFakeOptions) {}

  static async start(o: CmpFakeOptions): Promise<CmpFake> {
    const fake = new CmpFake(o);
    fake.platform = await FakePlatform.start({
      window: 'sliding',
      callsPerSecond: o.callsPerSecond ?? 5,
      slowAt: 'first',
      // only the gateway's API paths count against the quota
      countAs: (req) => (req.method === 'POST' ? (PATH.exec(req.rawUrl)?.[1] ?? null) : null),
      errorPage: { status: 502, type: 'text/html', body: '<html><body><h1>502 Bad Gateway</h1></body></html>' },
      // the call is acted on; its answer is cut in half
      malformed: async (_req, real) => {
        const a = await real();
        return a.status === 200 ? { ...a, body: a.body.slice(0, Math.floor(a.body.length / 2)) } : a;
      },
      answer: (req, load) => {
        fake.lastRequest = { path: req.rawUrl, headers: req.headers, body: req.body };
        return fake.answer(req, load.overLimit);
      },
    });
    return fake;
  }

  /** the server's origin, e.g. http://127.0.0.1:40123 */
  get url(): string {
    return this.platform.origin;
  }

  /** the documented base an account is given (the origin and /api) */
  get baseUrl(): string {
    return `${this.platform.origin}/api`;
  }

  get calls(): CmpFakeCalls {
    const c = this.platform.calls();
    return {
      total: c.total,
      refused: c.overLimit,
      peakPerSecond: c.peakPerSecond,
      peakRollingSecond: c.peakRollingSecond,
      byApi: c.byPath,
    };
  }

  addLine(line: CmpFakeLine): void {
    this.lines.set(line.iccid, { ...line, sessions: [...line.sessions] });
  }

  /** Many lines at once (the sync benchmark's 100,000): `make(i)` builds line i, kept as built. */
  addMany(count: number, make: (i: number) => CmpFakeLine): void {
    for (let i = 0; i < count; i++) {
      const line = make(i);
      this.lines.set(line.iccid, line);
    }
  }

  line(iccid: string): CmpFakeLine | undefined {
    return this.lines.get(iccid);
  }

  get size(): number {
    return this.lines.size;
  }

  /** 'reset': connections are cut; '5xx': 502 with the load balancer's HTML page. */
  setDown(mode: false | 'reset' | '5xx'): void {
    this.platform.setDown(mode === '5xx' ? 'error' : mode);
  }

  /** Answer every call this many ms late (for timeouts). */
  setSlow(ms: number): void {
    this.platform.setSlow(ms);
  }

  /** Answer cut-off JSON. */
  setMalformed(on: boolean): void {
    this.platform.setMalformed(on);
  }

  /** A new quota starts a new second: calls before it do not count against it. */
  setCallsPerSecond(n: number): void {
    this.platform.setCallsPerSecond(n);
  }

  close(): Promise<void> {
    return this.platform.close();
  }

  private answer(req: FakeRequest, overQuota: boolean): FakeAnswer {
    const body = req.body;
    const m = PATH.exec(req.rawUrl);
    if (req.method !== 'POST' || !m) return { status: 404, body: '<html><body>404 Not Found</body></html>' };
    const api = m[1]!;
    if (overQuota) return refuse('1003', '超过调用频率');
    if (!/^application\/json/i.test(req.headers['content-type'] ?? '')) return refuse('1002', '请求格式错误：Content-Type');
    let env: unknown;
    try {
      env = JSON.parse(body);
    } catch {
      return refuse('1002', '请求格式错误：不是 JSON');
    }
    if (!isObject(env)) return refuse('1002', '请求格式错误');
    const { app_id, timestamp, trans_id, token, data } = env;
    if (
      typeof app_id !== 'string' ||
      typeof timestamp !== 'string' ||
      typeof trans_id !== 'string' ||
      typeof token !== 'string' ||
      !isObject(data)
    )
      return refuse('1002', '缺少 app_id、timestamp、trans_id、token 或 data');
    if (!TIMESTAMP.test(timestamp)) return refuse('1002', 'timestamp 格式应为 yyyy-MM-dd HH:mm:ss SSS');
    if (!TRANS_ID.test(trans_id)) return refuse('1002', 'trans_id 格式应为 yyyyMMddHHmmssSSS + 6 位数字');
    if (app_id !== this.o.appId) return refuse('1001', 'app_id 不存在');
    const want = createHash('sm3')
      .update('app_id' + app_id + 'timestamp' + timestamp + 'trans_id' + trans_id + this.o.appSecret, 'utf8')
      .digest('hex');
    if (token !== want) return refuse('1001', 'token 校验失败');
    if (data.openId !== this.o.openId) return refuse('1001', 'openId 与应用不匹配');
    const reply = (fields: Record<string, unknown>) => ok({ messageId: data.messageId ?? '', version: data.version ?? '1.0', ...fields });
    switch (api) {
      case 'wsGetTerminalDetails':
        return this.details(data, reply);
      case 'wsEditTerminal':
        return this.edit(data, reply);
      case 'wsGetTerminalUsageDataDetails':
        return this.usage(data, reply);
      default:
        return refuse('1002', `没有这个接口：${api}`);
    }
  }

  private details(data: Record<string, unknown>, reply: Reply) {
    const iccids = data.iccids;
    if (!Array.isArray(iccids) || iccids.length === 0 || iccids.length > 50 || !iccids.every((x) => typeof x === 'string'))
      return refuse('1002', 'iccids 应为 1–50 个 ICCID');
    const terminals = iccids.flatMap((iccid: string) => {
      const l = this.lines.get(iccid);
      if (!l) return [];
      return [
        {
          iccid: l.iccid,
          msisdn: l.msisdn,
          imsi: l.imsi,
          imei: '',
          simStatus: l.simStatus,
          realNameStatus: l.realNameStatus,
          ratePlan: '联通物联网月包',
          monthToDateUsage: l.monthToDateDataUsage,
          monthToDateDataUsage: l.monthToDateDataUsage,
          monthToDateSMSUsage: '0',
          monthToDateVoiceUsage: '0',
          dateActivated: '2026-01-05 10:00:00',
          lockStatus: '0',
        },
      ];
    });
    return reply({ resultCode: '0000', terminals });
  }

  private edit(data: Record<string, unknown>, reply: Reply) {
    const { iccid, changeType, targetValue, asynchronous } = data;
    if (typeof iccid !== 'string' || changeType !== '3' || typeof targetValue !== 'string' || !/^[0-8]$/.test(targetValue))
      return refuse('1002', 'changeType 3 需要 iccid 与 0–8 的 targetValue');
    if (asynchronous !== '0' && asynchronous !== '1') return refuse('1002', 'asynchronous 应为 0 或 1');
    const l = this.lines.get(iccid);
    if (!l) return reply({ resultCode: UNKNOWN_TERMINAL, resultDesc: '终端不存在', iccid });
    if (l.simStatus === targetValue) return reply({ resultCode: '1193', resultDesc: '卡已是目标状态', iccid });
    l.simStatus = targetValue;
    return reply({ resultCode: '0000', iccid, effectiveDate: data.effectiveDate ?? '' });
  }

  private usage(data: Record<string, unknown>, reply: Reply) {
    const { iccid, cycleStartDate, pageNumber } = data;
    const d = typeof cycleStartDate === 'string' ? DATE_TIME.exec(cycleStartDate) : null;
    const page = Number(pageNumber ?? '1');
    if (typeof iccid !== 'string' || !d || !Number.isInteger(page) || page < 1)
      return refuse('1002', '需要 iccid、cycleStartDate（yyyy-MM-dd HH:mm:ss）与 pageNumber');
    const l = this.lines.get(iccid);
    if (!l) return reply({ resultCode: UNKNOWN_TERMINAL, resultDesc: '终端不存在', iccid });
    // the billing cycle (27th → 26th) that holds the date asked for
    const [y, mo, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
    const start = day >= 27 ? Date.UTC(y, mo - 1, 27) : Date.UTC(y, mo - 2, 27);
    const from = new Date(start).toISOString().slice(0, 10);
    const to = new Date(Date.UTC(new Date(start).getUTCFullYear(), new Date(start).getUTCMonth() + 1, 27)).toISOString().slice(0, 10);
    const inCycle = l.sessions
      .filter((s) => s.start.slice(0, 10) >= from && s.start.slice(0, 10) < to)
      .sort((a, b) => a.start.localeCompare(b.start));
    const totalPages = Math.max(1, Math.ceil(inCycle.length / PAGE_SIZE));
    const usageDetails = inCycle.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((s) => ({
      iccid,
      sessionStartTime: s.start,
      sessionEndTime: s.start.slice(0, 11) + '23:59:59',
      dataVolume: s.kb,
    }));
    return reply({ resultCode: '0000', iccid, cycleStartDate: `${from} 00:00:00`, pageNumber: String(page), totalPages, usageDetails });
  }
}

const SIM_STATUS_OF: Record<ContractLine['service'], string> = { active: '2', stopped: '3', cancelled: '4', testable: '0', inventory: '7' };

/**
 * A contract line (./contract.ts) in the gateway's own codes: simStatus, realNameStatus, the cycle's
 * MB as a string, and two sessions a day (so that a day is a sum). The gateway says no stop reason
 * and knows no APN, so those are dropped.
 */
export function cmpLineOf(line: ContractLine): CmpFakeLine {
  return {
    iccid: line.ref.iccid,
    msisdn: line.ref.msisdn,
    imsi: line.ref.imsi,
    simStatus: SIM_STATUS_OF[line.service],
    realNameStatus: line.realNamed ? '2' : '1',
    monthToDateDataUsage: (line.monthKb / 1024).toFixed(2),
    sessions: Object.entries(line.dailyKb).flatMap(([day, kb]) => [
      { start: `${day} 00:15:00`, kb: Math.floor(kb / 2) },
      { start: `${day} 21:40:00`, kb: kb - Math.floor(kb / 2) },
    ]),
  };
}

type Reply = (fields: Record<string, unknown>) => { status: number; body: string };

function ok(data: Record<string, unknown>) {
  return { status: 200, body: JSON.stringify({ status: '0000', message: '成功', data }) };
}

function refuse(status: string, message: string) {
  return { status: 200, body: JSON.stringify({ status, message }) };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
