// A fake 5GCMP gateway (China Telecom CTWing): a real HTTP server on 127.0.0.1 that speaks the
// protocol of ./client.ts byte for byte — it recomputes every Sign, refuses stale timestamps and
// calls over its per-second limit with the gateway's codes, keeps lines in the platform's own codes
// and changes them on 单独断网 / 恢复上网. Its controls play the platform's bad days: down (502 or a
// reset connection), slow, malformed answers; it counts calls (total, peak per second). Holds
// 100,000 lines without trouble (the sync benchmark's).
//
// Answers follow the public samples (queryTraffic's NEW_DATA_TICKET_QRsp XML, singleCutNet's SvcCont
// XML, getOnlineStatus's description); the gateway's refusal codes and the business error codes for
// an unknown number are ours (@portal/domain/carrierCodes/ctwing GATEWAY_FAULTS): confirm against
// the reseller's CMP document.
import { createHash } from 'node:crypto';
import { MAIN_STATUS, chinaTimestamp, ctwingSign, parseChinaTimestamp, signInput } from '@portal/domain/carrierCodes/ctwing';
import { FakePlatform, type FakeAnswer, type FakeDown as PlatformDown, type FakeRequest } from '../fakePlatform';
import { PATHS } from './client';

/** One line in the platform's own terms. */
export interface FakeCtwingLine {
  /** 接入号码 (MSISDN) */
  accessNumber: string;
  iccid: string;
  imsi?: string;
  /** productMainStatusCd: '1' 可激活 … '7' 拆机 (any other code plays an unknown one) */
  mainStatus: string;
  /** authStatus: '1' real-named, '0' not */
  authStatus: string;
  /** 单独断网 is on */
  netBlocked?: boolean;
  /** KB used this month so far */
  monthKb?: number;
  /** KB used per day, by yyyyMMdd (a day not here was 0) */
  dailyKb?: Record<string, number>;
  /** the last data session: its APN and whether it is open; null = the platform has none */
  session?: { apn: string; open: boolean } | null;
}

export interface FakeCtwingOptions {
  appKey: string;
  secret: string;
  custNumber: string;
  /** calls a second before the gateway refuses with 1004 (default: no limit) */
  callsPerSecond?: number;
  /** how far a Timestamp may be from the fake's clock (default 5 minutes) */
  timestampWindowMs?: number;
  /** days of daily usage kept, today not counted (default 30) */
  historyDays?: number;
  now?: () => number;
}

export type FakeDown = PlatformDown;

const MAX_BATCH = 100;
const PAGE_SIZE = 50;
const OK_MSG = '处理成功！';

export class FakeCtwing {
  private readonly lines = new Map<string, FakeCtwingLine>();
  private readonly byIccid = new Map<string, string>();
  /** access numbers in the order they were added (the SIM list's pages) */
  private readonly order: string[] = [];
  private changeAnswer: string | null = null;
  private seq = 0;
  private readonly now: () => number;
  private platform!: FakePlatform;

  private constructor(private readonly o: FakeCtwingOptions) {
    this.now = o.now ?? Date.now;
  }

  static async start(o: FakeCtwingOptions): Promise<FakeCtwing> {
    const fake = new FakeCtwing(o);
    fake.platform = await FakePlatform.start({
      window: 'calendar',
      callsPerSecond: o.callsPerSecond ?? Infinity,
      now: fake.now,
      slowAt: 'afterReset',
      errorPage: { status: 502, type: 'text/html', body: '<html><body><h1>502 Bad Gateway</h1></body></html>' },
      // cut short before the gateway or the call acts
      malformed: () => ({
        status: 200,
        type: 'application/json',
        body: '{"resultCode":"0","resultMsg":"处理成功！","productInfo":[{"productMain',
      }),
      answer: (req, load) => fake.answer(req, load.overLimit),
    });
    return fake;
  }

  /** e.g. http://127.0.0.1:40123 */
  get url(): string {
    return this.platform.origin;
  }

  // ---------- controls ----------

  addLine(line: FakeCtwingLine): void {
    if (!this.lines.has(line.accessNumber)) this.order.push(line.accessNumber);
    this.lines.set(line.accessNumber, line);
    this.byIccid.set(line.iccid, line.accessNumber);
  }

  /** Many lines at once (kept as given, not copied: 100,000 take a few tens of milliseconds). */
  addLines(lines: Iterable<FakeCtwingLine>): void {
    for (const line of lines) this.addLine(line);
  }

  /** The line as the platform holds it now (live: cut and restore change it). */
  line(accessNumber: string): FakeCtwingLine | undefined {
    return this.lines.get(accessNumber);
  }

  get size(): number {
    return this.lines.size;
  }

  /** 'error': every call answers 502; 'reset': every connection is dropped unanswered. */
  setDown(down: FakeDown): void {
    this.platform.setDown(down);
  }

  /** Answer every call this much later (0: at once). */
  setSlow(ms: number): void {
    this.platform.setSlow(ms);
  }

  /** Answer every cut and restore with this RspCode, the line left as it was (null: answer as the platform does). */
  setChangeAnswer(code: string | null): void {
    this.changeAnswer = code;
  }

  /** Answer every call with a body cut short. */
  setMalformed(on: boolean): void {
    this.platform.setMalformed(on);
  }

  setCallsPerSecond(limit: number): void {
    this.platform.setCallsPerSecond(limit);
  }

  /** Calls received (refused ones too), the most in any one second, and calls by path. */
  calls(): { total: number; peakPerSecond: number; peakRollingSecond: number; byPath: Record<string, number> } {
    const c = this.platform.calls();
    return { total: c.total, peakPerSecond: c.peakPerSecond, peakRollingSecond: c.peakRollingSecond, byPath: c.byPath };
  }

  resetCalls(): void {
    this.platform.resetCalls();
  }

  close(): Promise<void> {
    return this.platform.close();
  }

  // ---------- the gateway ----------

  private answer(req: FakeRequest, overLimit: boolean): FakeAnswer {
    const json = (status: number, o: object): FakeAnswer => ({ status, type: 'application/json', body: JSON.stringify(o) });
    const refusal = this.gateway(req, overLimit);
    if (refusal) return json(refusal.status, { code: refusal.code, msg: refusal.msg });
    const route = ROUTES[req.url.pathname];
    if (!route) return json(404, { code: '404', msg: 'API 不存在' });
    if (req.method !== route.method) return json(405, { code: '405', msg: '请求方法不支持' });
    const a = route.answer(this, req.url.searchParams, req.body);
    return { status: 200, type: a.type === 'xml' ? 'text/xml;charset=UTF-8' : 'application/json;charset=UTF-8', body: a.text };
  }

  /** The gateway's checks, in its order: AppKey, Timestamp, Sign, then flow control. */
  private gateway(req: FakeRequest, overLimit: boolean): { status: number; code: string; msg: string } | null {
    const h = (name: string) => String(req.headers[name.toLowerCase()] ?? '');
    if (h('AppKey') !== this.o.appKey) return { status: 401, code: '1001', msg: 'AppKey 不存在或已停用' };
    const at = parseChinaTimestamp(h('Timestamp'));
    if (at === null || Math.abs(this.now() - at) > (this.o.timestampWindowMs ?? 5 * 60_000))
      return { status: 401, code: '1003', msg: 'Timestamp 超出有效期' };
    const params = [...req.url.searchParams.entries()];
    const want = ctwingSign(md5hex, signInput(params, req.body, this.o.secret, h('Timestamp')));
    if (h('Sign') !== want) return { status: 401, code: '1002', msg: 'Sign 校验失败' };
    if (overLimit) return { status: 429, code: '1004', msg: '调用频率超限' };
    return null;
  }

  // ---------- the platform's calls ----------

  transactionId(): string {
    this.seq += 1;
    return `1000000190${chinaTimestamp(this.now()).slice(0, 8)}${String(this.seq).padStart(10, '0')}`;
  }

  simList(page: number): string {
    const from = (Math.max(1, page) - 1) * PAGE_SIZE;
    const simList = this.order.slice(from, from + PAGE_SIZE).map((n) => {
      const l = this.lines.get(n)!;
      return { accNumber: l.accessNumber, iccid: l.iccid, simStatus: [MAIN_STATUS[l.mainStatus]?.label ?? l.mainStatus] };
    });
    return JSON.stringify({
      resultCode: '0',
      resultMsg: OK_MSG,
      groupTransactionId: this.transactionId(),
      description: { pageIndex: String(page), totalCount: String(this.order.length), simList },
    });
  }

  telephone(iccid: string): string {
    const n = this.byIccid.get(iccid);
    return JSON.stringify(
      n ? { RESULT: '0', SMSG: n, GROUP_TRANSACTIONID: this.transactionId() } : { RESULT: '-5', SMSG: 'ICCID 不存在或不属于该客户' },
    );
  }

  mainStatus(n: string): string {
    const l = this.lines.get(n);
    if (!l) return JSON.stringify(unknownNumber());
    return JSON.stringify({
      resultCode: '0',
      resultMsg: OK_MSG,
      GROUP_TRANSACTIONID: this.transactionId(),
      number: l.accessNumber,
      servCreateDate: '2025-01-01 00:00:00',
      authStatus: l.authStatus,
      netBlockStatusName: l.netBlocked ? '已断网' : '未断网',
      productInfo: [
        {
          productMainStatusCd: l.mainStatus,
          productMainStatusName: MAIN_STATUS[l.mainStatus]?.label ?? '',
          operatorDefinitionStatusName: '',
        },
      ],
    });
  }

  onlineStatus(n: string): string {
    const l = this.lines.get(n);
    if (!l) return JSON.stringify(unknownNumber());
    const s = l.session;
    const at = new Date(this.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    const description = s
      ? {
          result: s.open ? '0' : '-1',
          msisdn: `86${l.accessNumber}`,
          imsi: l.imsi ?? '',
          netModel: '2',
          acctStatusType: s.open ? 'start' : 'stop',
          eventTimestamp: at,
          framedIpAddress: s.open ? '10.11.9.102' : '',
          framedIpv6Prefix: '',
          framedInterfaceId: '',
          apn: s.apn,
          rattype: '6',
          imei: '',
          provname: '',
          duration: s.open ? '' : '83316',
          stopTime: s.open ? '' : at,
          startTime: s.open ? at : '',
        }
      : { result: '-1', msisdn: `86${l.accessNumber}` };
    return JSON.stringify({ resultCode: '0', resultMsg: OK_MSG, groupTransactionId: this.transactionId(), description });
  }

  monthTraffic(n: string): string {
    const l = this.lines.get(n);
    const inner = l
      ? `<CHARGE_CNT_CH>0元</CHARGE_CNT_CH><DURATION_CNT_CH></DURATION_CNT_CH><IRESULT>0</IRESULT><TOTALCOUNT></TOTALCOUNT><TOTALPAGE></TOTALPAGE><TOTAL_BYTES_CNT>${mb(l.monthKb ?? 0)}MB</TOTAL_BYTES_CNT><GROUP_TRANSACTIONID>${this.transactionId()}</GROUP_TRANSACTIONID><number>${l.accessNumber}</number>`
      : `<IRESULT>-5</IRESULT><SMSG>号码不存在或不属于该客户</SMSG><GROUP_TRANSACTIONID>${this.transactionId()}</GROUP_TRANSACTIONID>`;
    return `<root><web:NEW_DATA_TICKET_QRsp xmlns:web="http://www.example.org/webservice">${inner}</web:NEW_DATA_TICKET_QRsp></root>`;
  }

  flowByDate(body: string): string {
    let q: { custNumber?: unknown; accessNumber?: unknown; date?: unknown };
    try {
      q = JSON.parse(body) as typeof q;
    } catch {
      return JSON.stringify({ code: -1, msg: '请求参数格式错误' });
    }
    if (q.custNumber !== this.o.custNumber) return JSON.stringify({ code: -2, msg: '客户编码不存在或不匹配' });
    const numbers = Array.isArray(q.accessNumber) ? q.accessNumber.map(String) : [];
    if (numbers.length === 0 || numbers.length > MAX_BATCH) return JSON.stringify({ code: -3, msg: `接入号码数量须为 1～${MAX_BATCH}` });
    const date = typeof q.date === 'string' ? q.date : '';
    const today = chinaTimestamp(this.now()).slice(0, 8);
    const oldest = chinaTimestamp(this.now() - (this.o.historyDays ?? 30) * 86_400_000).slice(0, 8);
    if (!/^\d{8}$/.test(date) || date > today || date < oldest) return JSON.stringify({ code: -4, msg: '查询日期超出范围' });
    const data = numbers.map((n) => {
      const l = this.lines.get(n);
      if (!l) return { accessNumber: n, date, status: '1', statusDesc: '号码不存在或不属于该客户' };
      return { accessNumber: n, date, unit: 'MB', flowAmount: mb(l.dailyKb?.[date] ?? 0), status: '0', statusDesc: '查询成功' };
    });
    return JSON.stringify({ code: 0, msg: '查询成功', data });
  }

  cutNet(n: string, action: string): string {
    const l = this.lines.get(n);
    let code = '0000';
    let desc = '成功';
    if (this.changeAnswer !== null) [code, desc] = [this.changeAnswer, '系统处理异常'];
    else if (!l) [code, desc] = ['-5', '号码不存在或不属于该客户'];
    else if (action !== 'ADD' && action !== 'DEL') [code, desc] = ['-1', 'action 参数错误'];
    else if ((action === 'ADD') === Boolean(l.netBlocked))
      [code, desc] =
        action === 'ADD'
          ? ['-9', '已订购功能产品：【物联网基础业务-流量-取消/恢复上网】，不能重复订购']
          : ['-9', '未订购功能产品：【物联网基础业务-流量-取消/恢复上网】，不能退订'];
    else {
      l.netBlocked = action === 'ADD';
      // a cut network ends the session; restored, the device comes back on its APN
      if (l.session) l.session = { ...l.session, open: action === 'DEL' };
    }
    return `<SvcCont><Response><RspType>0</RspType><RspCode>${code}</RspCode><RspDesc>${xmlEscape(desc)}</RspDesc></Response><GROUP_TRANSACTIONID>${this.transactionId()}</GROUP_TRANSACTIONID></SvcCont>`;
  }
}

type Answer = { type: 'json' | 'xml'; text: string };
const jsonA = (text: string): Answer => ({ type: 'json', text });
const xmlA = (text: string): Answer => ({ type: 'xml', text });

const ROUTES: Record<string, { method: 'GET' | 'POST'; answer: (f: FakeCtwing, q: URLSearchParams, body: string) => Answer }> = {
  [PATHS.simList]: { method: 'GET', answer: (f, q) => jsonA(f.simList(Number(q.get('pageIndex') ?? '1') || 1)) },
  [PATHS.telephone]: { method: 'GET', answer: (f, q) => jsonA(f.telephone(q.get('iccid') ?? '')) },
  [PATHS.mainStatus]: { method: 'GET', answer: (f, q) => jsonA(f.mainStatus(q.get('access_number') ?? '')) },
  [PATHS.onlineStatus]: { method: 'GET', answer: (f, q) => jsonA(f.onlineStatus(q.get('access_number') ?? '')) },
  [PATHS.monthTraffic]: { method: 'GET', answer: (f, q) => xmlA(f.monthTraffic(q.get('access_number') ?? '')) },
  [PATHS.flowByDate]: { method: 'POST', answer: (f, _q, body) => jsonA(f.flowByDate(body)) },
  [PATHS.cutNet]: { method: 'GET', answer: (f, q) => xmlA(f.cutNet(q.get('access_number') ?? '', q.get('action') ?? '')) },
};

function unknownNumber() {
  return { resultCode: '-5', resultMsg: '号码不存在或不属于该客户' };
}

/** KB as the platform writes MB: two decimals. */
function mb(kb: number): string {
  return (kb / 1024).toFixed(2);
}

function md5hex(s: string): string {
  return createHash('md5').update(s, 'utf8').digest('hex');
}

function xmlEscape(s: string): string {
  return s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
}

/** Lines for a benchmark: access numbers 1410000000000 + i, every tenth not real-named, all in use. */
export function* ctwingBenchLines(count: number, from = 0): Generator<FakeCtwingLine> {
  for (let i = from; i < from + count; i += 1) {
    const n = String(1_410_000_000_000 + i);
    yield {
      accessNumber: n,
      iccid: `8986111${String(i).padStart(13, '0')}`,
      mainStatus: '4',
      authStatus: i % 10 === 0 ? '0' : '1',
      monthKb: (i % 1000) * 1024,
      session: { apn: 'ctnet', open: true },
    };
  }
}
