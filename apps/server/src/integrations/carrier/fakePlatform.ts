// What every fake carrier platform in the repository shares (docs/decisions/0030): a real HTTP
// server on 127.0.0.1, the switches that play a platform's bad days — down (a cut connection or an
// error page), slow, malformed answers — and the count of calls (in total, by path, the busiest
// second, the most in flight at once) that tells a test or the benchmark whether the account's
// limit held. A fake (./onelink/fake.ts, ./ctwing/fake.ts, ./unicomCmp/fake.ts,
// ./unicomJasper/fake.ts) brings only its protocol: how a request is answered, what its error page
// and its broken answer look like, how it refuses a call over the limit. A fifth platform is its
// protocol and nothing more.
//
// It knows nothing of the adapters: a wrong constant in an adapter makes a test fail here.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  /** the path and query as sent */
  rawUrl: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeAnswer {
  status: number;
  body: string;
  /** content-type (default JSON, UTF-8) */
  type?: string;
}

/** How the platform counts calls against its limit. */
export type RateWindow =
  /** per calendar second (OneLink, CTWing) */
  | 'calendar'
  /** within any 1,000 ms (the Unicom gateways) */
  | 'sliding';

export interface FakeLoad {
  /** this call is over the calls per second (it is counted all the same) */
  overLimit: boolean;
  /** calls in flight, this one included */
  inFlight: number;
}

export interface FakeProtocol {
  /** the answer to one request, in the platform's terms; `load` says whether it is over the limit */
  answer(req: FakeRequest, load: FakeLoad): FakeAnswer | Promise<FakeAnswer>;
  /** the answer while the platform is down with an error page */
  errorPage: FakeAnswer;
  /**
   * The answer while malformed answers are on. `answer` is the real one, computed only if asked for
   * (a platform that breaks before it acts does not act): cut it, or send something else.
   */
  malformed(req: FakeRequest, answer: () => Promise<FakeAnswer>): FakeAnswer | Promise<FakeAnswer>;
  /** the name a call counts under in `byPath` (default: the URL's path); null: not counted at all */
  countAs?(req: FakeRequest): string | null;
  /**
   * When the slow wait comes, against the down switches: 'first' (before either), 'afterReset' (a
   * cut connection at once, an error page late) or 'last' (both at once, answers late; the default).
   */
  slowAt?: 'first' | 'afterReset' | 'last';
  window: RateWindow;
  /** calls a second before `overLimit` (default: no limit) */
  callsPerSecond?: number;
  now?: () => number;
}

export interface FakeCalls {
  total: number;
  /** counted while over the limit */
  overLimit: number;
  /** the most calls counted within one second (by the platform's window) */
  peakPerSecond: number;
  /** the most calls that arrived within any rolling 1,000 ms, whatever the platform's window */
  peakRollingSecond: number;
  /** the most calls in flight at once */
  peakInFlight: number;
  byPath: Record<string, number>;
}

export type FakeDown = false | 'reset' | 'error';

const LOG_MAX = 10_000;

export class FakePlatform {
  private down: FakeDown = false;
  private slowMs = 0;
  private malformed = false;
  private limit: number;
  private counts: FakeCalls = { total: 0, overLimit: 0, peakPerSecond: 0, peakRollingSecond: 0, peakInFlight: 0, byPath: {} };
  /** the last few seconds' arrivals, in order of arrival time, for peakRollingSecond */
  private readonly lastSecond: number[] = [];
  /** calls counted per calendar second, the last few seconds (a 'calendar' platform's limit) */
  private readonly seconds = new Map<number, number>();
  /** the same as lastSecond since the limit was last set (a 'sliding' platform's limit) */
  private readonly arrivals: number[] = [];
  private inFlight = 0;
  private log: FakeRequest[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly now: () => number;

  private constructor(
    private readonly server: Server,
    /** e.g. http://127.0.0.1:40123 */
    readonly origin: string,
    private readonly p: FakeProtocol,
  ) {
    this.limit = p.callsPerSecond ?? Number.POSITIVE_INFINITY;
    this.now = p.now ?? Date.now;
  }

  static async start(protocol: FakeProtocol): Promise<FakePlatform> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const fake = new FakePlatform(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, protocol);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      fake.handle(req, res).catch(() => send(res, { status: 500, body: '<html><body>500</body></html>', type: 'text/html' }));
    });
    return fake;
  }

  /** false: up; 'reset': connections are dropped unanswered; 'error': the platform's error page. */
  setDown(mode: FakeDown): void {
    this.down = mode;
  }

  /** Answer every call this many ms late (timeouts). */
  setSlow(ms: number): void {
    this.slowMs = ms;
  }

  /** Answers cut short. */
  setMalformed(on: boolean): void {
    this.malformed = on;
  }

  /** A new limit starts a new second: calls before it do not count against it. */
  setCallsPerSecond(limit: number): void {
    this.limit = limit;
    this.arrivals.length = 0;
    this.seconds.clear();
  }

  calls(): FakeCalls {
    return { ...this.counts, byPath: { ...this.counts.byPath } };
  }

  /** The last 10,000 requests received, oldest first. */
  requests(): FakeRequest[] {
    return this.log.slice(-LOG_MAX);
  }

  resetCalls(): void {
    this.counts = { total: 0, overLimit: 0, peakPerSecond: 0, peakRollingSecond: 0, peakInFlight: 0, byPath: {} };
    this.lastSecond.length = 0;
    this.seconds.clear();
    this.arrivals.length = 0;
    this.log = [];
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // a platform counts a call when its head arrives, not when this process has read its body:
    // reading it waits for turns of an event loop the portal under test may be holding
    const arrivedAt = this.now();
    // in flight from its first byte to its answer's last
    this.inFlight += 1;
    this.counts.peakInFlight = Math.max(this.counts.peakInFlight, this.inFlight);
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      this.inFlight -= 1;
    };
    res.on('close', finish);
    const inFlight = this.inFlight;
    const body = await readBody(req);
    const request: FakeRequest = {
      method: req.method ?? '',
      rawUrl: req.url ?? '/',
      url: new URL(req.url ?? '/', this.origin),
      headers: req.headers,
      body,
    };
    const overLimit = this.count(request, arrivedAt);
    const slowAt = this.p.slowAt ?? 'last';
    if (slowAt === 'first') await this.slow();
    if (this.down === 'reset') {
      finish();
      return void req.socket.destroy();
    }
    if (slowAt === 'afterReset') await this.slow();
    if (res.destroyed) return;
    if (this.down === 'error') return send(res, this.p.errorPage);
    if (slowAt === 'last') await this.slow();
    if (res.destroyed) return;
    const answer = async () => this.p.answer(request, { overLimit, inFlight });
    send(res, this.malformed ? await this.p.malformed(request, answer) : await answer());
  }

  private slow(): Promise<void> {
    if (this.slowMs <= 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const t = setTimeout(() => (this.timers.delete(t), resolve()), this.slowMs);
      this.timers.add(t);
    });
  }

  /** Counts the call, arrived at `now`; true when it is over the calls per second. */
  private count(req: FakeRequest, now: number): boolean {
    const name = this.p.countAs ? this.p.countAs(req) : req.url.pathname;
    if (name === null) return false;
    this.log.push(req);
    // trimmed in steps, not on every call: a benchmark sends hundreds of thousands
    if (this.log.length >= 2 * LOG_MAX) this.log = this.log.slice(-LOG_MAX);
    this.counts.total += 1;
    this.counts.byPath[name] = (this.counts.byPath[name] ?? 0) + 1;
    // a rolling second, however the platform itself counts: what the bench and the tests hold the
    // guard to. Calls are counted when their body has been read, which may be in another order
    // than their heads arrived: each goes in its place, and every window holding it is counted.
    arrive(this.lastSecond, now);
    this.counts.peakRollingSecond = Math.max(this.counts.peakRollingSecond, busiestThrough(this.lastSecond, now));
    let inWindow: number;
    if (this.p.window === 'calendar') {
      const s = Math.floor(now / 1000);
      inWindow = (this.seconds.get(s) ?? 0) + 1;
      this.seconds.set(s, inWindow);
      for (const old of this.seconds.keys()) if (old < s - KEEP_MS / 1000) this.seconds.delete(old);
    } else {
      arrive(this.arrivals, now);
      inWindow = countIn(this.arrivals, now - 1000, now);
    }
    this.counts.peakPerSecond = Math.max(this.counts.peakPerSecond, inWindow);
    const over = inWindow > this.limit;
    if (over) this.counts.overLimit += 1;
    return over;
  }
}

/** How long arrivals are kept: far longer than one call's head and its body's end are apart. */
const KEEP_MS = 5000;

/** `t` into the arrivals `times` (ascending) in its place; those older than KEEP_MS before the latest go. */
function arrive(times: number[], t: number): void {
  let i = times.length;
  while (i > 0 && times[i - 1]! > t) i--;
  times.splice(i, 0, t);
  const latest = times[times.length - 1]!;
  let drop = 0;
  while (drop < times.length && times[drop]! < latest - KEEP_MS) drop++;
  if (drop > 0) times.splice(0, drop);
}

/** The first index of `times` (ascending) whose value is above `t` (`orAt`: at or above). */
function firstAbove(times: readonly number[], t: number, orAt = false): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! > t || (orAt && times[mid] === t)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Arrivals in (from, to]. */
function countIn(times: readonly number[], from: number, to: number): number {
  return firstAbove(times, to) - firstAbove(times, from);
}

/** The most arrivals in any 1,000 ms that holds `t`: the windows ending at each arrival from `t` to 1,000 ms after it. */
function busiestThrough(times: readonly number[], t: number): number {
  let most = 0;
  for (let i = firstAbove(times, t, true); i < times.length && times[i]! < t + 1000; i++)
    most = Math.max(most, countIn(times, times[i]! - 1000, times[i]!));
  return most;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(''));
  });
}

function send(res: ServerResponse, a: FakeAnswer): void {
  if (res.destroyed || res.headersSent) return;
  res.writeHead(a.status, { 'content-type': a.type ?? 'application/json;charset=UTF-8', 'content-length': Buffer.byteLength(a.body) });
  res.end(a.body);
}
