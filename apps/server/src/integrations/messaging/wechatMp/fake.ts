// A fake of the official account's API (微信公众平台) for tests and the browser journey: it checks
// each request as the platform documents it and answers as the platform does
// (docs/decisions/0038-alerts-in-the-messaging-app.md):
//   POST /cgi-bin/stable_token         JSON {grant_type: client_credential, appid, secret, force_refresh?};
//                                      normal mode answers the token in force, forced mode a new one
//   POST /cgi-bin/message/template/send?access_token=…
//                                      the token only as the query parameter; 40001 unknown token,
//                                      42001 expired; the body's touser, template_id, url (https),
//                                      data {keyword: {value}} with each kind's limit (47003);
//                                      43004 for a holder who does not follow, 43101 for one who refused
//   GET  /sns/oauth2/access_token      appid, secret, code (once), grant_type=authorization_code
//   GET  /cgi-bin/ticket/getticket?access_token=…&type=jsapi
//                                      the JS-SDK ticket (docs/decisions/0049-wechat-js-sdk.md): 40001 /
//                                      42001 as for a send, 40097 for another type; the ticket in
//                                      force while it lives, a new one once it has expired
// It is a transport (unit and API tests) and, with listen(), an HTTP server (the journey).
import { createServer, type Server } from 'node:http';
import { TransportError, type HttpRequest, type HttpResponse, type HttpTransport } from '../../http/transport';

export interface FakeWechatMpOptions {
  appid: string;
  secret: string;
  /** the template ids the account has */
  templates: string[];
  /** seconds a token lives (the platform: 7200) */
  tokenLifeSeconds?: number;
  now?: () => number;
}

export interface ReceivedMessage {
  touser: string;
  template_id: string;
  url: string | undefined;
  data: Record<string, { value: string }>;
  client_msg_id: string | undefined;
  msgid: number;
}

const LIMITS: Record<string, number> = { thing: 20, character_string: 32, phrase: 5 };

export class FakeWechatMp {
  /** every request, as received */
  readonly requests: HttpRequest[] = [];
  /** template messages delivered (one per openid + client_msg_id, as the platform dedups) */
  readonly messages: ReceivedMessage[] = [];
  /** requests refused, with why (for assertions) */
  readonly refusals: { path: string; errcode: number }[] = [];
  /** openids that do not follow the account (43004) or refused the template (43101) */
  readonly refusing = new Map<string, 43004 | 43101>();
  /** while true the platform cannot be reached */
  down = false;
  tokensIssued = 0;
  ticketsIssued = 0;
  private ticketInForce: { value: string; expiresAt: number } | null = null;
  private token: { value: string; expiresAt: number } | null = null;
  private readonly codes = new Map<string, string>();
  private readonly now: () => number;
  private msgid = 1000;

  constructor(private readonly o: FakeWechatMpOptions) {
    this.now = o.now ?? Date.now;
  }

  /** the login's code for this openid (the messaging app gives it to the redirect) */
  codeFor(openid: string): string {
    const code = `code${this.codes.size + 1}${Math.random().toString(36).slice(2, 10)}`;
    this.codes.set(code, openid);
    return code;
  }

  /** the token in force stops working, as when another system forced a refresh (→ 40001) */
  invalidateToken(): void {
    if (this.token) this.token = { value: this.token.value, expiresAt: -1 };
  }

  /** the token in force reaches its expiry (→ 42001) */
  expireToken(): void {
    if (this.token) this.token = { ...this.token, expiresAt: this.now() };
  }

  /** the JS-SDK ticket in force (a test computes the signature it expects with it) */
  get ticket(): string | null {
    return this.ticketInForce && this.ticketInForce.expiresAt > this.now() ? this.ticketInForce.value : null;
  }

  /** the ticket in force reaches its expiry (the next getticket answers a new one) */
  expireTicket(): void {
    if (this.ticketInForce) this.ticketInForce = { ...this.ticketInForce, expiresAt: this.now() };
  }

  get ticketRequests(): number {
    return this.requests.filter((r) => r.url.includes('/cgi-bin/ticket/getticket')).length;
  }

  get sends(): number {
    return this.requests.filter((r) => r.url.includes('/cgi-bin/message/template/send')).length;
  }

  readonly transport: HttpTransport = async (req) => {
    if (this.down) throw new TransportError('api.weixin.qq.com unreachable: fake is down');
    this.requests.push(req);
    return this.answer(req);
  };

  private answer(req: HttpRequest): HttpResponse {
    const url = new URL(req.url);
    const json = (body: object): HttpResponse => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const err = (errcode: number, errmsg: string): HttpResponse => {
      this.refusals.push({ path: url.pathname, errcode });
      return json({ errcode, errmsg });
    };
    const body = (): Record<string, unknown> | null => {
      if (!/application\/json/.test(req.headers['content-type'] ?? '')) return null;
      try {
        const b = JSON.parse(req.body ?? '');
        return b && typeof b === 'object' && !Array.isArray(b) ? b : null;
      } catch {
        return null;
      }
    };

    if (url.pathname === '/cgi-bin/stable_token') {
      if (req.method !== 'POST') return err(43002, 'require POST method');
      const b = body();
      if (!b) return err(47001, 'data format error');
      if (b.grant_type !== 'client_credential') return err(40002, 'invalid grant_type');
      if (b.appid !== this.o.appid) return err(40013, 'invalid appid');
      if (b.secret !== this.o.secret) return err(40125, 'invalid appsecret');
      if (b.force_refresh !== undefined && typeof b.force_refresh !== 'boolean') return err(47001, 'data format error');
      const now = this.now();
      if (b.force_refresh === true || !this.token || this.token.expiresAt <= now) {
        this.tokensIssued++;
        this.token = {
          value: `TOKEN${this.tokensIssued}_${Math.random().toString(36).slice(2, 12)}`,
          expiresAt: now + (this.o.tokenLifeSeconds ?? 7200) * 1000,
        };
      }
      return json({ access_token: this.token.value, expires_in: Math.floor((this.token.expiresAt - now) / 1000) });
    }

    if (url.pathname === '/cgi-bin/message/template/send') {
      if (req.method !== 'POST') return err(43002, 'require POST method');
      const token = url.searchParams.get('access_token');
      if (!token) return err(41001, 'access_token missing');
      if (!this.token || token !== this.token.value || this.token.expiresAt === -1)
        return err(40001, 'invalid credential, access_token is invalid or not latest');
      if (this.token.expiresAt <= this.now()) return err(42001, 'access_token expired');
      const b = body();
      if (!b) return err(47001, 'data format error');
      if (typeof b.touser !== 'string' || !b.touser) return err(40003, 'invalid openid');
      if (typeof b.template_id !== 'string' || !this.o.templates.includes(b.template_id)) return err(40037, 'invalid template_id');
      if (b.url !== undefined && (typeof b.url !== 'string' || !/^https:\/\/[^\s]+$/.test(b.url))) return err(40039, 'invalid url');
      const data = b.data;
      if (!data || typeof data !== 'object' || Array.isArray(data)) return err(47001, 'data format error');
      for (const [key, v] of Object.entries(data as Record<string, unknown>)) {
        const value = (v as { value?: unknown } | null)?.value;
        if (typeof value !== 'string') return err(47001, 'data format error');
        const kind = key.replace(/\d+$/, '');
        const max = LIMITS[kind];
        if (max !== undefined && [...value].length > max) return err(47003, `argument invalid! data.${key}.value`);
        if (kind === 'character_string' && /[^\x21-\x7e]/.test(value)) return err(47003, `argument invalid! data.${key}.value`);
      }
      const refused = this.refusing.get(b.touser);
      if (refused === 43004) return err(43004, 'require subscribe');
      if (refused === 43101) return err(43101, 'user refuse to accept the msg');
      const clientMsgId = typeof b.client_msg_id === 'string' ? b.client_msg_id : undefined;
      const earlier = clientMsgId ? this.messages.find((m) => m.touser === b.touser && m.client_msg_id === clientMsgId) : undefined;
      if (earlier) return json({ errcode: 0, errmsg: 'ok', msgid: earlier.msgid });
      const msgid = ++this.msgid;
      this.messages.push({
        touser: b.touser,
        template_id: b.template_id,
        url: b.url as string | undefined,
        data: data as Record<string, { value: string }>,
        client_msg_id: clientMsgId,
        msgid,
      });
      return json({ errcode: 0, errmsg: 'ok', msgid });
    }

    if (url.pathname === '/cgi-bin/ticket/getticket') {
      if (req.method !== 'GET') return err(43001, 'require GET method');
      const token = url.searchParams.get('access_token');
      if (!token) return err(41001, 'access_token missing');
      if (!this.token || token !== this.token.value || this.token.expiresAt === -1)
        return err(40001, 'invalid credential, access_token is invalid or not latest');
      if (this.token.expiresAt <= this.now()) return err(42001, 'access_token expired');
      if (url.searchParams.get('type') !== 'jsapi') return err(40097, 'invalid args');
      const now = this.now();
      if (!this.ticketInForce || this.ticketInForce.expiresAt <= now) {
        this.ticketsIssued++;
        this.ticketInForce = {
          value: `TICKET${this.ticketsIssued}_${Math.random().toString(36).slice(2, 14)}`,
          expiresAt: now + 7200 * 1000,
        };
      }
      return json({
        errcode: 0,
        errmsg: 'ok',
        ticket: this.ticketInForce.value,
        expires_in: Math.floor((this.ticketInForce.expiresAt - now) / 1000),
      });
    }

    if (url.pathname === '/sns/oauth2/access_token') {
      const q = url.searchParams;
      if (q.get('appid') !== this.o.appid) return err(40013, 'invalid appid');
      if (q.get('secret') !== this.o.secret) return err(40125, 'invalid appsecret');
      if (q.get('grant_type') !== 'authorization_code') return err(40002, 'invalid grant_type');
      const code = q.get('code') ?? '';
      const openid = this.codes.get(code);
      if (!openid) return err(40029, 'invalid code');
      this.codes.delete(code); // a code works once
      return json({ access_token: 'WEB_TOKEN', expires_in: 7200, refresh_token: 'REFRESH', openid, scope: 'snsapi_base' });
    }
    return { status: 404, headers: {}, body: '' };
  }

  /** Serve the fake over HTTP on the loopback (the browser journey's server process calls it). */
  async listen(): Promise<{ url: string; close(): Promise<void> }> {
    const server: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
        const text = Buffer.concat(chunks).toString('utf8');
        void this.transport({
          method: (req.method ?? 'GET') as HttpRequest['method'],
          url: `https://api.weixin.qq.com${req.url ?? '/'}`,
          headers,
          ...(text ? { body: text } : {}),
        }).then(
          (a) => res.writeHead(a.status, a.headers).end(a.body),
          () => res.writeHead(503).end(),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
  }
}
