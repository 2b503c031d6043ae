// The official account's client against the fake platform (docs/decisions/0038-alerts-in-the-messaging-app.md):
// the documented requests, the token shared until its expiry, 40001 / 42001 refreshed and sent once
// more, refusals answered not retried, and the template's values cut to their kinds.
import { describe, expect, it } from 'vitest';
import { WechatMpClient, MessagingAppError } from './client';
import { FakeWechatMp } from './fake';
import { parseTemplateFields, templateData, valueFor } from './templateData';
import type { StoredToken, TokenStore } from './tokenStore';

const APPID = 'wx0123456789abcdef';
const SECRET = 'mp-secret-0123456789';
const TEMPLATE = 'TPL_card_alert';
const OPENID = 'oUser_123';

class MemoryStore implements TokenStore {
  rows = new Map<string, StoredToken>();
  writes = 0;
  async read(appid: string) {
    return this.rows.get(appid) ?? null;
  }
  async write(appid: string, t: StoredToken) {
    this.writes++;
    this.rows.set(appid, t);
  }
}

function setUp() {
  let now = Date.parse('2026-11-27T08:00:00Z');
  const fake = new FakeWechatMp({ appid: APPID, secret: SECRET, templates: [TEMPLATE], now: () => now });
  const store = new MemoryStore();
  const client = (tokens: TokenStore = store) =>
    new WechatMpClient({ appid: APPID, secret: SECRET, transport: fake.transport, tokens, now: () => now });
  return { fake, store, client, later: (ms: number) => (now += ms) };
}

const message = (id = 'notice-1') => ({
  openid: OPENID,
  templateId: TEMPLATE,
  url: 'https://h5.example.com/recharge',
  data: { thing1: { value: '剩余流量不足' } },
  clientMsgId: id,
});

describe('the official account client', () => {
  it('asks for the stable token with the documented body, and sends with it as the access_token query parameter', async () => {
    const { fake, client } = setUp();
    expect(await client().sendTemplate(message())).toMatchObject({ kind: 'sent' });
    const [tokenReq, sendReq] = fake.requests;
    expect(tokenReq).toMatchObject({ method: 'POST', url: 'https://api.weixin.qq.com/cgi-bin/stable_token' });
    expect(tokenReq!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(tokenReq!.body!)).toEqual({ grant_type: 'client_credential', appid: APPID, secret: SECRET, force_refresh: false });
    const url = new URL(sendReq!.url);
    expect(url.pathname).toBe('/cgi-bin/message/template/send');
    expect([...url.searchParams.keys()]).toEqual(['access_token']);
    expect(url.searchParams.get('access_token')).toMatch(/^TOKEN1_/);
    expect(JSON.parse(sendReq!.body!)).toEqual({
      touser: OPENID,
      template_id: TEMPLATE,
      url: 'https://h5.example.com/recharge',
      data: { thing1: { value: '剩余流量不足' } },
      client_msg_id: 'notice-1',
    });
    expect(fake.messages).toHaveLength(1);
  });

  it('keeps one token until 5 minutes before its expiry, shared by every client on the same store', async () => {
    const { fake, store, client, later } = setUp();
    await client().sendTemplate(message('a'));
    await client().sendTemplate(message('b')); // another process, same database
    expect(fake.tokensIssued).toBe(1);
    expect(store.writes).toBe(1);
    later(7200_000 - 6 * 60_000);
    await client().sendTemplate(message('c'));
    expect(store.writes).toBe(1);
    later(2 * 60_000); // now inside the margin: asked again (the stable token answers the one in force until it expires)
    await client().sendTemplate(message('d'));
    expect(store.writes).toBe(2);
    expect(fake.tokensIssued).toBe(1);
    later(5 * 60_000); // past the platform's expiry: a new token
    await client().sendTemplate(message('e'));
    expect(fake.tokensIssued).toBe(2);
    expect(fake.messages.map((m) => m.client_msg_id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it.each([
    ['40001, the token invalidated elsewhere', (f: FakeWechatMp) => f.invalidateToken(), 40001],
    ['42001, the token expired early', (f: FakeWechatMp) => f.expireToken(), 42001],
  ])('%s: refreshed once and the message sent once more', async (_name, spoil, code) => {
    const { fake, store, client } = setUp();
    await client().sendTemplate(message('a'));
    spoil(fake);
    expect(await client().sendTemplate(message('b'))).toMatchObject({ kind: 'sent' });
    expect(fake.refusals).toEqual([{ path: '/cgi-bin/message/template/send', errcode: code }]);
    expect(fake.tokensIssued).toBe(2);
    expect(store.writes).toBe(2);
    expect(fake.sends).toBe(3);
    expect(fake.messages.map((m) => m.client_msg_id)).toEqual(['a', 'b']);
  });

  it('retries only once: a token refused twice is a failure, not a loop', async () => {
    const { fake, client } = setUp();
    await client().accessToken();
    // every token refused: the fake invalidates each one as soon as it is issued
    const transport = fake.transport;
    const c = new WechatMpClient({
      appid: APPID,
      secret: SECRET,
      tokens: new MemoryStore(),
      now: Date.now,
      transport: async (req) => {
        const res = await transport(req);
        if (req.url.includes('stable_token')) fake.invalidateToken();
        return res;
      },
    });
    await expect(c.sendTemplate(message())).rejects.toMatchObject({ errcode: 40001 });
    expect(fake.sends).toBe(2);
  });

  it('a process whose token failed uses the one another process stored since, without asking again', async () => {
    const { fake, store, client } = setUp();
    const first = await client().accessToken();
    fake.invalidateToken();
    const second = await client().refresh(first); // process B refreshes
    const issued = fake.tokensIssued;
    expect(await client().refresh(first)).toBe(second); // process A, with the same stale token
    expect(fake.tokensIssued).toBe(issued);
    expect(store.writes).toBe(2);
  });

  it.each([
    [43004, 'not following the account'],
    [43101, 'refused the template'],
  ] as const)('%s (%s) is the holder’s refusal: answered, not retried', async (code, _what) => {
    const { fake, client } = setUp();
    fake.refusing.set(OPENID, code);
    expect(await client().sendTemplate(message())).toEqual({ kind: 'refused', errcode: code });
    expect(fake.sends).toBe(1);
    expect(fake.messages).toEqual([]);
  });

  it('another error or no answer is a MessagingAppError naming no secret', async () => {
    const { fake, client } = setUp();
    const bad = { ...message(), templateId: 'unknown' };
    const err = await client()
      .sendTemplate(bad)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MessagingAppError);
    expect(err).toMatchObject({ errcode: 40037 });
    fake.down = true;
    const down = await client()
      .sendTemplate(message())
      .catch((e: unknown) => e);
    expect(down).toMatchObject({ errcode: 0, message: '微信公众平台暂时无法连接' });
    expect(JSON.stringify([err, down, String(err), String(down)])).not.toContain(SECRET);
  });

  it('a wrong secret is refused by the token request', async () => {
    const { fake } = setUp();
    const c = new WechatMpClient({ appid: APPID, secret: 'wrong', transport: fake.transport, tokens: new MemoryStore(), now: Date.now });
    await expect(c.sendTemplate(message())).rejects.toMatchObject({ errcode: 40125 });
  });

  it('the silent login: the OAuth page for our redirect, and its code exchanged once for the openid', async () => {
    const { fake, client } = setUp();
    const url = new URL(client().oauthUrl('https://h5.example.com/api/v1/alerts/wechat_mp/bound', 'abc123'));
    expect(url.origin + url.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: APPID,
      redirect_uri: 'https://h5.example.com/api/v1/alerts/wechat_mp/bound',
      response_type: 'code',
      scope: 'snsapi_base',
      state: 'abc123',
    });
    expect(url.hash).toBe('#wechat_redirect');
    const code = fake.codeFor(OPENID);
    expect(await client().openidFor(code)).toBe(OPENID);
    const asked = new URL(fake.requests.at(-1)!.url);
    expect(Object.fromEntries(asked.searchParams)).toEqual({ appid: APPID, secret: SECRET, code, grant_type: 'authorization_code' });
    await expect(client().openidFor(code)).rejects.toMatchObject({ errcode: 40029 });
  });
});

describe('template values', () => {
  it.each([
    ['thing1', '剩余流量不足', '剩余流量不足'],
    ['thing3', '「畅享100G月包」剩余1.2GB，已低于您设置的20%，可订购加油包', '「畅享100G月包」剩余1.2GB，已…'],
    ['character_string2', '****0001', '****0001'],
    ['character_string2', '尾号0001', '0001'],
    ['phrase5', '即将到期了', '即将到期了'],
    ['phrase5', '流量不足提醒', '流量不足…'],
    ['time4', '2026-11-27 16:00', '2026-11-27 16:00'],
  ])('%s of %s → %s', (keyword, value, want) => {
    expect(valueFor(keyword, value)).toBe(want);
    if (keyword.startsWith('thing')) expect([...valueFor(keyword, value)].length).toBeLessThanOrEqual(20);
  });

  it('fills each keyword from its part', () => {
    const fields = parseTemplateFields('thing1=title, character_string2=card,time4=time');
    expect(fields).toEqual({ thing1: 'title', character_string2: 'card', time4: 'time' });
    expect(templateData(fields as never, { title: '套餐即将到期', body: 'x', card: '****0001', time: '2026-11-27 16:00' })).toEqual({
      thing1: { value: '套餐即将到期' },
      character_string2: { value: '****0001' },
      time4: { value: '2026-11-27 16:00' },
    });
  });

  it.each([
    ['', 'at least one'],
    ['first=title', 'not a template keyword'],
    ['thing1=name', 'the part must be one of'],
    ['thing1', 'the part must be one of'],
  ])('refuses the field map %j', (text, words) => {
    const r = parseTemplateFields(text);
    expect('problem' in r && r.problem).toContain(words);
  });
});

describe('the JS-SDK ticket (docs/decisions/0049-wechat-js-sdk.md)', () => {
  it('asks getticket with the token and type=jsapi, and keeps the ticket until 5 minutes before its expiry', async () => {
    const { fake, store, client, later } = setUp();
    const c = client();
    const first = await c.jsapiTicket();
    expect(first).toMatch(/^TICKET1_/);
    const req = fake.requests.find((r) => r.url.includes('/cgi-bin/ticket/getticket'))!;
    const url = new URL(req.url);
    expect(req.method).toBe('GET');
    expect(url.searchParams.get('type')).toBe('jsapi');
    expect(url.searchParams.get('access_token')).toMatch(/^TOKEN1_/);
    expect(store.rows.get(`jsapi_ticket:${APPID}`)?.token).toBe(first);
    // another client on the same store (another process) uses it
    expect(await client().jsapiTicket()).toBe(first);
    later(7200_000 - 6 * 60_000);
    expect(await c.jsapiTicket()).toBe(first);
    expect(fake.ticketRequests).toBe(1);
    // within the last 5 minutes it asks again; expired at the platform, a new ticket comes
    later(2 * 60_000);
    fake.expireTicket();
    expect(await c.jsapiTicket()).toMatch(/^TICKET2_/);
    expect(fake.ticketRequests).toBe(2);
  });

  it('callers of one process at once share one request', async () => {
    const { fake, client } = setUp();
    const c = client();
    const got = await Promise.all(Array.from({ length: 8 }, () => c.jsapiTicket()));
    expect(new Set(got).size).toBe(1);
    expect(fake.ticketRequests).toBe(1);
  });

  it.each([
    ['40001 (token invalidated)', (f: FakeWechatMp) => f.invalidateToken()],
    ['42001 (token expired)', (f: FakeWechatMp) => f.expireToken()],
  ])('%s: refreshes the token once and asks once more', async (_, spoil) => {
    const { fake, store, client } = setUp();
    const c = client();
    await c.accessToken();
    spoil(fake);
    expect(await c.jsapiTicket()).toMatch(/^TICKET1_/);
    expect(fake.ticketRequests).toBe(2);
    expect(fake.tokensIssued).toBe(2);
    expect(store.rows.get(APPID)?.token).toMatch(/^TOKEN2_/);
  });

  it('a refusal is an error naming the errcode, never the token or the secret', async () => {
    const { fake, client } = setUp();
    const c = client();
    await c.accessToken();
    fake.invalidateToken();
    // the refresh answers a token the platform refuses again: a failure, not a loop
    const orig = fake.transport;
    const stubborn: typeof orig = async (req) => {
      const a = await orig(req);
      return req.url.includes('getticket') ? { ...a, body: JSON.stringify({ errcode: 40001, errmsg: 'invalid credential' }) } : a;
    };
    const c2 = new WechatMpClient({ appid: APPID, secret: SECRET, transport: stubborn, tokens: new MemoryStore(), now: Date.now });
    const err = await c2.jsapiTicket().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MessagingAppError);
    expect((err as MessagingAppError).errcode).toBe(40001);
    expect(String((err as Error).message)).not.toMatch(/TOKEN|mp-secret/);
    expect(fake.requests.filter((r) => r.url.includes('getticket')).length).toBe(2);
  });
});
