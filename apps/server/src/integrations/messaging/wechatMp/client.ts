// The official account's API (微信公众平台), the three calls the alerts need:
//   - the access token: POST /cgi-bin/stable_token {grant_type, appid, secret, force_refresh}. The
//     stable token, not /cgi-bin/token: asked again within its life it answers the same token, so two
//     processes (or another system on the same account) fetching at once do not invalidate each
//     other's, which /cgi-bin/token does. Kept in the database (tokenStore.ts) until 5 minutes
//     before its expiry; a send answered 40001 (invalid) or 42001 (expired) refreshes it — once,
//     whichever process sees it first — and is sent again once.
//   - the template message: POST /cgi-bin/message/template/send?access_token=… {touser, template_id,
//     url, data, client_msg_id}. 43004 (the holder does not follow the account) and 43101 (the
//     holder refused this template) are refusals: answered, not retried.
//   - the openid: GET /sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code,
//     the messaging app's silent login (snsapi_base) that the payments' JSAPI checkout also uses.
//   - the JS-SDK ticket: GET /cgi-bin/ticket/getticket?access_token=…&type=jsapi → {errcode: 0,
//     ticket, expires_in: 7200}. The platform allows few of these a day, so it is kept like the
//     token (shared in the database, used until 5 minutes before its expiry) and asked for by one
//     process at a time (a lease row; docs/decisions/0049-wechat-js-sdk.md); 40001/42001 refresh
//     the token and ask once more.
// The secret and the token travel only to the platform, never to a log or an error message.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { TransportError, type HttpTransport } from '../../http/transport';
import { jsapiTicketKey, type TokenStore } from './tokenStore';

export const WECHAT_API = 'https://api.weixin.qq.com';
export const WECHAT_OAUTH = 'https://open.weixin.qq.com/connect/oauth2/authorize';

/** errcodes that mean "this token no longer works": refresh and send again, once */
export const TOKEN_STALE = new Set([40001, 42001]);
/** errcodes that are the holder's answer: 43004 not following the account, 43101 refused the template */
export const REFUSALS = new Set([43004, 43101]);
/** a token is used until this long before the expiry the platform gave */
const EXPIRY_MARGIN_MS = 5 * 60_000;
/** how long one process holds the ticket's refresh before another may take it over (a crashed holder) */
const TICKET_LEASE_MS = 10_000;
/** how long a process that did not get the lease waits for the holder's ticket, and how often it looks */
const TICKET_WAIT_MS = 5_000;
const TICKET_LOOK_MS = 100;

/** The platform could not be asked, or answered an error that is not the holder's refusal. */
export class MessagingAppError extends Error {
  constructor(
    message: string,
    /** the platform's errcode; 0 when it did not answer */
    readonly errcode: number,
  ) {
    super(message);
    this.name = 'MessagingAppError';
  }
}

export interface WechatMpOptions {
  appid: string;
  secret: string;
  transport: HttpTransport;
  tokens: TokenStore;
  now: () => number;
  /** the API's origin; the platform's own unless a test or a proxy says otherwise */
  apiBase?: string;
}

export interface TemplateMessage {
  openid: string;
  templateId: string;
  /** where tapping the message leads (an https page of the portal) */
  url: string;
  data: Record<string, { value: string }>;
  /** the platform sends one message per (openid, client_msg_id) within minutes: a second try is not a second message */
  clientMsgId: string;
}

export type SendResult = { kind: 'sent'; msgid: number } | { kind: 'refused'; errcode: number };

interface Answer {
  errcode?: number;
  errmsg?: string;
  [k: string]: unknown;
}

export class WechatMpClient {
  private readonly base: string;

  constructor(private readonly o: WechatMpOptions) {
    this.base = (o.apiBase ?? WECHAT_API).replace(/\/+$/, '');
  }

  get appid(): string {
    return this.o.appid;
  }

  /** A seal over `text` under a key derived from the AppSecret (hex, 32 characters): the login's state. */
  seal(text: string): string {
    const key = createHmac('sha256', this.o.secret).update('portal alert binding v1').digest();
    return createHmac('sha256', key).update(text).digest('hex').slice(0, 32);
  }

  sealMatches(text: string, seal: string): boolean {
    const want = Buffer.from(this.seal(text));
    const got = Buffer.from(seal);
    return got.length === want.length && timingSafeEqual(got, want);
  }

  /** The shared token while it has more than the margin left; else a fresh one. */
  async accessToken(): Promise<string> {
    const stored = await this.o.tokens.read(this.o.appid);
    if (stored && stored.expiresAt - EXPIRY_MARGIN_MS > this.o.now()) return stored.token;
    return this.refresh(null);
  }

  /**
   * A new token, unless another process stored one since `stale` failed (then that one). The stable
   * token's normal mode answers the token in force; only when that is the very token that was just
   * refused is the forced mode asked (it invalidates the old token; the platform counts it per day).
   */
  async refresh(stale: string | null): Promise<string> {
    const stored = await this.o.tokens.read(this.o.appid);
    if (stale && stored && stored.token !== stale && stored.expiresAt - EXPIRY_MARGIN_MS > this.o.now()) return stored.token;
    let got = await this.fetchToken(false);
    if (stale && got.token === stale) got = await this.fetchToken(true);
    await this.o.tokens.write(this.o.appid, got, this.o.now());
    return got.token;
  }

  private async fetchToken(forceRefresh: boolean): Promise<{ token: string; expiresAt: number }> {
    const body = JSON.stringify({
      grant_type: 'client_credential',
      appid: this.o.appid,
      secret: this.o.secret,
      force_refresh: forceRefresh,
    });
    const a = await this.call('POST', `${this.base}/cgi-bin/stable_token`, body);
    if (typeof a.access_token !== 'string' || !a.access_token || typeof a.expires_in !== 'number')
      throw new MessagingAppError(`公众号 access_token 获取失败（${a.errcode ?? '应答无效'}）`, Number(a.errcode ?? 0));
    return { token: a.access_token, expiresAt: this.o.now() + a.expires_in * 1000 };
  }

  /**
   * The JS-SDK ticket: the stored one while it has more than the margin left; else one process
   * asks the platform (in this process, callers share its answer; across processes, the lease row)
   * while the others use the stored ticket if it still works or wait for the new one.
   */
  async jsapiTicket(): Promise<string> {
    const key = jsapiTicketKey(this.o.appid);
    const stored = await this.o.tokens.read(key);
    if (stored && stored.expiresAt - EXPIRY_MARGIN_MS > this.o.now()) return stored.token;
    this.ticketInFlight ??= this.refreshTicket(key).finally(() => {
      this.ticketInFlight = null;
    });
    return this.ticketInFlight;
  }

  private ticketInFlight: Promise<string> | null = null;

  private async refreshTicket(key: string): Promise<string> {
    const tokens = this.o.tokens;
    const mine = tokens.claimRefresh ? await tokens.claimRefresh(key, this.o.now(), TICKET_LEASE_MS) : true;
    if (!mine) {
      // another process is asking: a ticket that has not expired yet still works meanwhile
      const deadline = Date.now() + TICKET_WAIT_MS;
      for (;;) {
        const t = await tokens.read(key);
        // the holder's new ticket, or the old one while it still works
        if (t && t.expiresAt > this.o.now()) return t.token;
        if (Date.now() >= deadline) throw new MessagingAppError('微信 JS-SDK 票据暂时无法获取', 0);
        await new Promise((r) => setTimeout(r, TICKET_LOOK_MS));
      }
    }
    try {
      const got = await this.fetchTicket();
      await tokens.write(key, got, this.o.now());
      return got.token;
    } finally {
      await tokens.releaseRefresh?.(key, this.o.now());
    }
  }

  private async fetchTicket(): Promise<{ token: string; expiresAt: number }> {
    const ask = (token: string) =>
      this.call('GET', `${this.base}/cgi-bin/ticket/getticket?access_token=${encodeURIComponent(token)}&type=jsapi`);
    const token = await this.accessToken();
    let a = await ask(token);
    if (TOKEN_STALE.has(Number(a.errcode))) a = await ask(await this.refresh(token));
    if (Number(a.errcode ?? 0) !== 0 || typeof a.ticket !== 'string' || !a.ticket || typeof a.expires_in !== 'number')
      throw new MessagingAppError(`微信 JS-SDK 票据获取失败（${a.errcode ?? '应答无效'}）`, Number(a.errcode ?? 0));
    return { token: a.ticket, expiresAt: this.o.now() + a.expires_in * 1000 };
  }

  /** Send a template message: sent, refused by the holder, or a MessagingAppError. */
  async sendTemplate(m: TemplateMessage): Promise<SendResult> {
    const body = JSON.stringify({ touser: m.openid, template_id: m.templateId, url: m.url, data: m.data, client_msg_id: m.clientMsgId });
    const send = async (token: string) =>
      this.call('POST', `${this.base}/cgi-bin/message/template/send?access_token=${encodeURIComponent(token)}`, body);
    const token = await this.accessToken();
    let a = await send(token);
    if (TOKEN_STALE.has(Number(a.errcode))) a = await send(await this.refresh(token));
    const errcode = Number(a.errcode ?? 0);
    if (errcode === 0) return { kind: 'sent', msgid: Number(a.msgid ?? 0) };
    if (REFUSALS.has(errcode)) return { kind: 'refused', errcode };
    throw new MessagingAppError(`公众号消息发送失败（${errcode}）`, errcode);
  }

  /** The messaging app's silent login page, coming back to `redirectUri` with ?code=…&state=… */
  oauthUrl(redirectUri: string, state: string): string {
    const q = new URLSearchParams({ appid: this.o.appid, redirect_uri: redirectUri, response_type: 'code', scope: 'snsapi_base', state });
    return `${WECHAT_OAUTH}?${q.toString()}#wechat_redirect`;
  }

  /** The login's code → the holder's openid under this official account. */
  async openidFor(code: string): Promise<string> {
    const q = new URLSearchParams({ appid: this.o.appid, secret: this.o.secret, code, grant_type: 'authorization_code' });
    const a = await this.call('GET', `${this.base}/sns/oauth2/access_token?${q.toString()}`);
    if (typeof a.openid === 'string' && a.openid) return a.openid;
    throw new MessagingAppError(`微信授权失败（${a.errcode ?? '应答无效'}）`, Number(a.errcode ?? 0));
  }

  private async call(method: 'GET' | 'POST', url: string, body?: string): Promise<Answer> {
    let res;
    try {
      res = await this.o.transport({
        method,
        url,
        headers: body !== undefined ? { accept: 'application/json', 'content-type': 'application/json' } : { accept: 'application/json' },
        ...(body !== undefined ? { body } : {}),
      });
    } catch (err) {
      if (err instanceof TransportError) throw new MessagingAppError('微信公众平台暂时无法连接', 0);
      throw err;
    }
    let a: Answer | null = null;
    try {
      a = JSON.parse(res.body) as Answer;
    } catch {
      // below
    }
    if (res.status !== 200 || !a || typeof a !== 'object') throw new MessagingAppError(`微信公众平台应答无效（HTTP ${res.status}）`, 0);
    return a;
  }
}
