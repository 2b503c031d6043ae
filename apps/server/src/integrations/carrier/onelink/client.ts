// China Mobile OneLink EC API v5: the token, the transaction ids and one call, with the platform's
// answers turned into CarrierError kinds. Every call is a GET with its parameters in the query
// string (transid, token, then the call's own) and answers {"status":"0","message":"正确","result":[…]}.
// The only retry here is the one the protocol asks for: status 12021 (token unknown or expired)
// gets one new token and one more try. Throttling and every other retry belong to the sync engine.
import { formatTransid } from '@portal/domain/carrierCodes/onelink';
import type { HttpTransport } from '../../http/transport';
import { CarrierError, type CarrierErrorKind } from '../adapter';
import { clock } from '../../../lib/clock';

export const ONELINK_DEFAULT_BASE_URL = 'https://api.iot.10086.cn/v5';

/**
 * The answer codes we act on. Confirmed in public clients of the API: 0, 12021 (TOKEN不存在或已过期)
 * and 11011 (the platform has no such card). NOT confirmed anywhere we could search: the
 * over-limit code; 12011 is our placeholder, to be checked against the carrier's code appendix
 * before going live (until then a real over-limit answer reads as `unavailable`, which also backs off).
 */
export const ONELINK_STATUS = {
  ok: '0',
  tokenExpired: '12021',
  cardUnknown: '11011',
  overLimit: '12011',
} as const;

/**
 * What a refusal means for the sync engine. A code we do not know is `unavailable`: the answer was
 * readable, so it is not `malformed`, and guessing `line` could hide an account-wide fault.
 */
export function kindOfStatus(status: string): CarrierErrorKind {
  if (status === ONELINK_STATUS.cardUnknown) return 'line';
  if (status === ONELINK_STATUS.overLimit) return 'rate';
  return 'unavailable';
}

export interface OneLinkClientOptions {
  /** e.g. https://api.iot.10086.cn/v5 */
  baseUrl: string;
  appid: string;
  password: string;
  transport: HttpTransport;
  now?: () => number;
  /** the first transid sequence number (tests); random otherwise */
  sequenceStart?: number;
}

export type OneLinkRow = Record<string, unknown>;

export interface Envelope {
  status: string;
  message: string;
  result: unknown;
}

/** Renew a token this long before its ttl runs out (at most a tenth of the ttl), so no call carries a token about to lapse. */
const TOKEN_MARGIN_MS = 60_000;

export class OneLinkClient {
  private readonly base: string;
  private readonly now: () => number;
  private sequence: number;
  private cached: { token: string; renewAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(private readonly o: OneLinkClientOptions) {
    this.base = o.baseUrl.replace(/\/+$/, '');
    this.now = o.now ?? (() => clock.now().getTime());
    // A random start keeps two processes (or a restart within the same second) from sending the
    // same transid; within one process the sequence only ever moves on.
    this.sequence = o.sequenceStart ?? Math.floor(Math.random() * 100_000_000);
  }

  /** appid + China-time yyyyMMddHHmmss + the next 8-digit sequence number. */
  nextTransid(): string {
    const id = formatTransid(this.o.appid, this.now(), this.sequence);
    this.sequence = (this.sequence + 1) % 100_000_000;
    return id;
  }

  /** A token, fetched once and shared until shortly before its ttl; concurrent callers share one fetch. */
  token(): Promise<string> {
    if (this.cached && this.now() < this.cached.renewAt) return Promise.resolve(this.cached.token);
    this.pending ??= this.fetchToken().finally(() => (this.pending = null));
    return this.pending;
  }

  /** Ask for a new token now (the console's "test connection" must reach the platform). */
  async renewToken(): Promise<void> {
    this.cached = null;
    await this.token();
  }

  /** One call: its `result` rows. Throws CarrierError. */
  async query(path: string, params: Record<string, string>): Promise<OneLinkRow[]> {
    const answer = await this.answer(path, params);
    if (answer.status !== ONELINK_STATUS.ok)
      throw new CarrierError(kindOfStatus(answer.status), `OneLink ${path}: ${answer.message || 'refused'}`, answer.status);
    return rows(answer.result, path);
  }

  /**
   * One call's answer, whatever its status (a caller with its own table of codes: a change of
   * service). Only the token is dealt with here. Throws CarrierError when there is no readable answer.
   */
  async answer(path: string, params: Record<string, string>): Promise<Envelope> {
    let token = await this.token();
    let answer = await this.send(path, { transid: this.nextTransid(), token, ...params });
    if (answer.status === ONELINK_STATUS.tokenExpired) {
      this.forget(token);
      token = await this.token();
      answer = await this.send(path, { transid: this.nextTransid(), token, ...params });
      // a token issued a moment ago refused again: the platform's trouble, not the credentials'
      if (answer.status === ONELINK_STATUS.tokenExpired)
        throw new CarrierError('unavailable', `OneLink ${path}: a fresh token was refused too`, answer.status);
    }
    return answer;
  }

  /** Drop the cached token if it is the one the platform refused (another caller may have renewed it already). */
  private forget(token: string): void {
    if (this.cached?.token === token) this.cached = null;
  }

  private async fetchToken(): Promise<string> {
    const path = '/ec/get/token';
    const answer = await this.send(path, { appid: this.o.appid, password: this.o.password, transid: this.nextTransid() });
    if (answer.status === ONELINK_STATUS.overLimit) throw new CarrierError('rate', `OneLink ${path}: ${answer.message}`, answer.status);
    // appid and password are the only inputs of this call: any other refusal is about them
    if (answer.status !== ONELINK_STATUS.ok)
      throw new CarrierError('auth', `OneLink refused the appid or password: ${answer.message || 'refused'}`, answer.status);
    const row = rows(answer.result, path)[0];
    const token = row?.token;
    const ttl = Number(row?.ttl);
    if (typeof token !== 'string' || !token || !Number.isFinite(ttl) || ttl <= 0)
      throw new CarrierError('malformed', `OneLink ${path}: no token or ttl in the answer`);
    const ttlMs = ttl * 1000;
    this.cached = { token, renewAt: this.now() + ttlMs - Math.min(TOKEN_MARGIN_MS, ttlMs / 10) };
    return token;
  }

  private async send(path: string, params: Record<string, string>): Promise<Envelope> {
    const url = `${this.base}${path}?${new URLSearchParams(params).toString()}`;
    let res;
    try {
      res = await this.o.transport({ method: 'GET', url, headers: { accept: 'application/json' } });
    } catch (err) {
      // TransportError (unreachable, timeout) and also a connection reset while the body was read,
      // which fetchTransport lets through as a TypeError; the message never holds the URL (password)
      throw new CarrierError('unavailable', `OneLink ${path} unreachable: ${(err as Error).message}`);
    }
    if (res.status === 429) throw new CarrierError('rate', `OneLink ${path}: HTTP 429`);
    if (res.status === 401 || res.status === 403) throw new CarrierError('auth', `OneLink ${path}: HTTP ${res.status}`);
    if (res.status < 200 || res.status >= 300) throw new CarrierError('unavailable', `OneLink ${path}: HTTP ${res.status}`);
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      throw new CarrierError('malformed', `OneLink ${path}: the answer is not JSON`);
    }
    const b = body as { status?: unknown; message?: unknown; result?: unknown } | null;
    if (!b || typeof b !== 'object' || (typeof b.status !== 'string' && typeof b.status !== 'number'))
      throw new CarrierError('malformed', `OneLink ${path}: no status in the answer`);
    return { status: String(b.status), message: typeof b.message === 'string' ? b.message : '', result: b.result };
  }
}

export function rows(result: unknown, path: string): OneLinkRow[] {
  if (!Array.isArray(result) || !result.every((r) => r !== null && typeof r === 'object' && !Array.isArray(r)))
    throw new CarrierError('malformed', `OneLink ${path}: result is not a list of objects`);
  return result as OneLinkRow[];
}
