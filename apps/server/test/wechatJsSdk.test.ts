// The messaging app's JS-SDK signature (docs/decisions/0049-wechat-js-sdk.md), against the fake
// official-account platform: a page of the portal gets wx.config's appId, timestamp, nonce and a
// signature that verifies with the platform's ticket over its URL (without #fragment); the ticket is
// asked for once and shared (two instances on one database ask once between them); an invalid or
// expired token is refreshed once; other origins, bad input and an unconfigured official account are
// refused in Chinese with nothing written; the endpoint is rate-limited; the ticket is never logged.
// SQLite and PostgreSQL.
import { rmSync } from 'node:fs';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type JsSdkConfigAnswer } from '@portal/contract';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { connect, type Db } from '../src/db/connect';
import { migrate } from '../src/db/migrate';
import { FakeWechatMp } from '../src/integrations/messaging/wechatMp/fake';
import { jsSdkSignature } from '../src/integrations/messaging/wechatMp/jsSdk';
import { JS_SDK_SIGNATURES } from '../src/modules/wechatJsSdk/service';
import { expectAllRejectedWithoutWrites, expectRejected } from './badInput';
import { createPgDatabase, databases, useTestApp } from './harness';

const APPID = 'wx0123456789abcdef';
const SECRET = 'mp-secret-for-tests-0123';
const PUBLIC = 'https://h5.example.com';
const wechatMp: Config['wechatMp'] = {
  appid: APPID,
  secret: SECRET,
  secretFile: null,
  templateId: 'TPL_1',
  templateFields: { thing1: 'title', character_string2: 'card', thing3: 'body', time4: 'time' },
  apiBase: 'https://api.weixin.qq.com',
  publicUrl: PUBLIC,
};
const PATH = '/api/v2/wechat/js_config';

describe.each(databases())('the JS-SDK signature on %s', (kind) => {
  const fake = new FakeWechatMp({ appid: APPID, secret: SECRET, templates: ['TPL_1'] });
  const t = useTestApp(kind, { wechatMp }, { transport: fake.transport });
  let ip = 0;
  /** each call from its own address unless told: the rate limit is tested on its own */
  const sign = (url: unknown, o: { host?: string; from?: string } = {}) =>
    t.inject({
      method: 'POST',
      url: PATH,
      payload: { url } as object,
      headers: { host: o.host ?? 'h5.internal:8080' },
      remoteAddress: o.from ?? `10.1.0.${++ip}`,
    });

  it('signs a page of the portal: the signature verifies with the platform’s ticket over the URL without #fragment', async () => {
    const page = 'http://h5.internal:8080/member_invite?mark=demo#share';
    const r = await sign(page);
    expect(r.statusCode, r.body).toBe(200);
    const a = r.json().data as JsSdkConfigAnswer;
    expect(a.app_id).toBe(APPID);
    expect(a.nonce_str).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(Math.abs(a.timestamp - Date.now() / 1000)).toBeLessThan(600);
    expect(fake.ticket).toBeTruthy();
    const want = jsSdkSignature({
      ticket: fake.ticket!,
      nonceStr: a.nonce_str,
      timestamp: String(a.timestamp),
      url: 'http://h5.internal:8080/member_invite?mark=demo',
    });
    expect(a.signature).toBe(want);
    // the configured public origin is the portal's too
    const p = await sign(`${PUBLIC}/payee_confirm?t=abcdefghijklmnop`);
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json().data.signature).toBe(
      jsSdkSignature({
        ticket: fake.ticket!,
        nonceStr: p.json().data.nonce_str,
        timestamp: String(p.json().data.timestamp),
        url: `${PUBLIC}/payee_confirm?t=abcdefghijklmnop`,
      }),
    );
    // the answer carries no ticket
    expect(r.body).not.toContain(fake.ticket!);
  });

  it('asks the platform for the ticket once, and keeps it in the token table beside the access token', async () => {
    const before = fake.ticketRequests;
    for (let i = 0; i < 5; i++) expect((await sign('http://h5.internal:8080/member_invite')).statusCode).toBe(200);
    expect(fake.ticketRequests).toBe(before);
    const rows = await t.db.kysely.selectFrom('messaging_app_tokens').select(['appid', 'access_token']).orderBy('appid').execute();
    expect(rows.map((r) => r.appid).sort()).toEqual([APPID, `jsapi_ticket:${APPID}`, `refresh:jsapi_ticket:${APPID}`].sort());
    expect(rows.find((r) => r.appid === `jsapi_ticket:${APPID}`)!.access_token).toBe(fake.ticket);
  });

  it.each([
    ['40001 (the token was invalidated elsewhere)', () => fake.invalidateToken()],
    ['42001 (the token expired)', () => fake.expireToken()],
  ])('the ticket expired and the token answers %s: the token is refreshed once and the ticket asked once more', async (_, spoil) => {
    fake.expireTicket();
    await t.db.kysely.deleteFrom('messaging_app_tokens').where('appid', '=', `jsapi_ticket:${APPID}`).execute();
    spoil();
    const tickets = fake.ticketRequests;
    const tokens = fake.tokensIssued;
    const r = await sign('http://h5.internal:8080/member_invite');
    expect(r.statusCode, r.body).toBe(200);
    expect(fake.ticketRequests - tickets).toBe(2);
    expect(fake.tokensIssued - tokens).toBe(1);
    expect(r.json().data.signature).toBe(
      jsSdkSignature({
        ticket: fake.ticket!,
        nonceStr: r.json().data.nonce_str,
        timestamp: String(r.json().data.timestamp),
        url: 'http://h5.internal:8080/member_invite',
      }),
    );
  });

  it('refuses other origins and bad input in Chinese, writing nothing', async () => {
    await sign('http://h5.internal:8080/'); // the address's counter exists: only its count moves
    const from = '10.9.9.9';
    await sign('http://h5.internal:8080/', { from });
    await expectAllRejectedWithoutWrites(
      t,
      [
        ['another site', 'https://evil.example.com/member_invite'],
        ['another port of the host', 'http://h5.internal:9090/member_invite'],
        ['the public origin over http', 'http://h5.example.com/x'],
        ['a look-alike host', 'https://h5.example.com.evil.com/x'],
        ['credentials in the URL', 'http://user:pw@h5.internal:8080/x'],
        ['a script URL', 'javascript:alert(1)'],
        ['a path only', '/member_invite'],
        ['empty', ''],
        ['not text', 12],
        ['too long', `http://h5.internal:8080/${'a'.repeat(2100)}`],
      ].map(([name, url]) => ({ name: String(name), send: () => sign(url, { from }), status: 400 })),
    );
    const r = await sign('https://evil.example.com/', { from });
    expect(expectRejected(r, 400)).toMatchObject({ code: Code.JSSDK_URL_REFUSED, message: expect.stringContaining('本站页面') });
    const missing = await t.inject({ method: 'POST', url: PATH, payload: {}, remoteAddress: from });
    expectRejected(missing, 400);
  });

  it(`is rate-limited per address: ${JS_SDK_SIGNATURES.limit} in ${JS_SDK_SIGNATURES.windowMs / 60_000} minutes`, async () => {
    const from = '10.8.8.8';
    for (let i = 0; i < JS_SDK_SIGNATURES.limit; i++) expect((await sign('http://h5.internal:8080/', { from })).statusCode).toBe(200);
    const r = await sign('http://h5.internal:8080/', { from });
    expect(expectRejected(r, 429).code).toBe(Code.RATE_LIMITED);
    // another address is not held back
    expect((await sign('http://h5.internal:8080/')).statusCode).toBe(200);
  });

  it('answers the platform’s failure as a Chinese 4xx, not a 500', async () => {
    fake.expireTicket();
    await t.db.kysely.deleteFrom('messaging_app_tokens').where('appid', '=', `jsapi_ticket:${APPID}`).execute();
    fake.down = true;
    try {
      const r = await sign('http://h5.internal:8080/');
      expect(expectRejected(r, 400).code).toBe(Code.JSSDK_PLATFORM_FAILED);
    } finally {
      fake.down = false;
    }
    expect((await sign('http://h5.internal:8080/')).statusCode).toBe(200);
  });
});

describe.each(databases())('without an official account on %s', (kind) => {
  const t = useTestApp(kind, { wechatMp: null });
  it('answers 未配置公众号 (4xx) and writes nothing', async () => {
    await expectAllRejectedWithoutWrites(t, [
      {
        name: 'a page of the portal',
        send: () => t.inject({ method: 'POST', url: PATH, payload: { url: 'http://localhost:80/member_invite' } }),
        status: 400,
        code: Code.JSSDK_UNAVAILABLE,
        message: /未配置公众号/,
      },
    ]);
  });
});

describe.each(databases())('two instances on one %s database', (kind) => {
  const dbs: Db[] = [];
  const logs: string[] = [];
  let drop: (() => Promise<void>) | null = null;
  let url = '';
  beforeAll(async () => {
    if (kind === 'postgres') {
      const created = await createPgDatabase();
      url = created.url;
      drop = created.drop;
    } else {
      url = `${(await import('node:os')).tmpdir()}/jssdk-${process.pid}-${Date.now()}.db`;
    }
    // a loaded CI machine opens a PostgreSQL connection in seconds: the product's 5 s wait for one
    // (PG_CONNECT_TIMEOUT_MS) would answer 503 here, which is not what this test is about
    const opts = { pgConnectTimeoutMs: 30_000 };
    dbs.push(await connect(url, opts), await connect(url, opts));
    await migrate(dbs[0]!);
  });
  afterAll(async () => {
    for (const d of dbs) await d.close();
    if (drop) await drop();
    else for (const f of [url, `${url}-wal`, `${url}-shm`]) rmSync(f, { force: true });
  });

  it('ask the platform for one ticket between them, and never log it', async () => {
    const fake = new FakeWechatMp({ appid: APPID, secret: SECRET, templates: ['TPL_1'] });
    const sink = new Writable({
      write(chunk, _enc, cb) {
        logs.push(String(chunk));
        cb();
      },
    });
    const config: Config = { ...loadConfig({ NODE_ENV: 'test' }), databaseUrl: url, webDist: null, logLevel: 'debug', wechatMp };
    const apps = await Promise.all(
      dbs.map((db) => buildApp({ db, config, transport: fake.transport, logger: { level: 'debug', stream: sink } })),
    );
    try {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          apps[i % 2]!.inject({
            method: 'POST',
            url: PATH,
            payload: { url: `https://h5.example.com/member_invite?n=${i}` },
            remoteAddress: `10.7.0.${i}`,
          }),
        ),
      );
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      expect(fake.ticketRequests).toBe(1);
      const ticket = fake.ticket!;
      for (const [i, a] of answers.entries()) {
        const d = a.json().data as JsSdkConfigAnswer;
        expect(d.signature).toBe(
          jsSdkSignature({
            ticket,
            nonceStr: d.nonce_str,
            timestamp: String(d.timestamp),
            url: `https://h5.example.com/member_invite?n=${i}`,
          }),
        );
      }
      expect(logs.join('')).not.toContain(ticket);
      expect(logs.join('')).not.toContain(SECRET);
    } finally {
      for (const a of apps) await a.close();
    }
  });
});
