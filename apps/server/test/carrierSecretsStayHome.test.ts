// A stored carrier secret goes only to its stored address (docs/decisions/0057). The
// attack: 测试连接 of a stored account with another address ({"id":2,"base_url":"http://127.0.0.1:4310/exfil"})
// called that address with the STORED password, also for an account declared in
// CARRIER_ACCOUNTS_FILE. Two tiny listeners play "home" (the account's address) and "exfil" (the
// attacker's); every request each receives is kept, and no request to exfil may carry the stored
// secret. In production the address itself is checked: https, and no loopback/private address.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPost, loginAs } from './adminHelpers';
import { databases, useTestApp } from './harness';

const STORED = 'stored-password-7c1e55aa';
const TYPED = 'typed-password-3b9d0f12';

interface Listener {
  url: string;
  seen: string[];
  close(): Promise<void>;
}

/** A listener answering every request with nothing useful, keeping each request's line, headers and body. */
async function listener(base = '/v5'): Promise<Listener> {
  const seen: string[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push(`${req.method} ${req.url} ${JSON.stringify(req.headers)} ${body}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"1","message":"no"}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  // OneLink's base_url is its documented base, /v5 included (docs/decisions/0060)
  return { url: `http://127.0.0.1:${port}${base}`, seen, close: () => new Promise((r) => server.close(() => r())) };
}

describe.each(databases())('a stored carrier secret stays home on %s', (kind) => {
  const t = useTestApp(kind);
  let home: Listener;
  let exfil: Listener;
  let admin = '';
  let id = 0;
  beforeAll(async () => {
    [home, exfil] = await Promise.all([listener(), listener('/exfil/v5')]);
    admin = await loginAs(t, 'admin');
    const res = await adminPost(
      t,
      '/api/admin/carrier-accounts/create',
      {
        name: '移动-华南',
        carrier: 'onelink',
        base_url: home.url,
        fields: { appid: '100001', password: STORED, variant: 'ct' },
        reason: '接入移动平台',
      },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    id = res.json().data.id;
  });
  afterAll(async () => {
    await home?.close();
    await exfil?.close();
  });
  const test = (body: unknown) => adminPost(t, '/api/admin/carrier-accounts/test', body, admin);

  it('测试连接 with another address and the stored secret: 400, nothing called, nothing written', async () => {
    const before = await t.snapshot();
    for (const body of [
      { id, base_url: `${exfil.url}` },
      { id, base_url: `${exfil.url}`, fields: { appid: '100001', password: '', variant: 'ct' } },
    ]) {
      const res = await test(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/平台地址已修改.*重新填写API 密码/);
    }
    // an account CARRIER_ACCOUNTS_FILE declared (its password from password_FILE) is held the same way
    await t.db.kysely.updateTable('carrier_accounts').set({ source: 'file' }).where('id', '=', id).execute();
    expect((await test({ id, base_url: `${exfil.url}` })).statusCode).toBe(400);
    await t.db.kysely.updateTable('carrier_accounts').set({ source: 'console' }).where('id', '=', id).execute();
    expect(exfil.seen).toEqual([]);
    expect(await t.snapshot()).toEqual(before);
  });

  it('with a typed secret, the other address gets the typed one only; the stored address the stored one', async () => {
    const typed = await test({ id, base_url: `${exfil.url}`, fields: { appid: '100001', password: TYPED, variant: 'ct' } });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(exfil.seen.length).toBeGreaterThan(0);
    expect(exfil.seen.join('\n')).toContain(TYPED);
    expect(exfil.seen.join('\n')).not.toContain(STORED);
    // the answer is words only: no kind of failure, no time taken (a probe of what answers where)
    expect(Object.keys(typed.json().data).sort()).toEqual(['message', 'ok']);
    expect(typed.json().data.ok).toBe(false);

    const stored = await test({ id });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(home.seen.join('\n')).toContain(STORED);
    expect(exfil.seen.join('\n')).not.toContain(STORED);
  });

  it('saving another address needs the secret typed again: 400 and nothing written without it', async () => {
    const before = await t.snapshot();
    const row = () => t.db.kysely.selectFrom('carrier_accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const stored = await row();
    const res = await adminPost(
      t,
      '/api/admin/carrier-accounts/update',
      { id, name: '移动-华南', base_url: exfil.url, fields: { appid: '100001', password: '', variant: 'ct' }, reason: '换地址' },
      admin,
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/平台地址已修改.*重新填写API 密码/);
    expect(await row()).toEqual(stored);
    expect(await t.snapshot()).toEqual(before);
    const retyped = await adminPost(
      t,
      '/api/admin/carrier-accounts/update',
      // these fields' test failed above (the address is no platform): the save says it knows (docs/decisions/0071)
      {
        id,
        name: '移动-华南',
        base_url: exfil.url,
        fields: { appid: '100001', password: TYPED, variant: 'ct' },
        reason: '换地址',
        confirm_failed_test: true,
      },
      admin,
    );
    expect(retyped.statusCode, retyped.body).toBe(200);
    expect(exfil.seen.join('\n')).not.toContain(STORED);
  });
});

describe.each(databases())('carrier addresses in production on %s', (kind) => {
  // the production rule without the rest of a production configuration
  const t = useTestApp(kind, { carrierAddresses: { httpsOnly: true, privateAllowed: false } });
  let exfil: Listener;
  beforeAll(async () => {
    exfil = await listener();
  });
  afterAll(async () => exfil?.close());

  it('refuses http, loopback, private and link-local addresses and names resolving to them; nothing called, nothing written', async () => {
    const admin = await loginAs(t, 'admin');
    const before = await t.snapshot();
    const port = new URL(exfil.url).port;
    const fields = { appid: '100001', password: TYPED, variant: 'ct' };
    const cases: [string, RegExp][] = [
      [exfil.url, /https:\/\//],
      [`https://127.0.0.1:${port}/v5`, /本机、内网或链路本地/],
      [`https://localhost:${port}/v5`, /解析到内网地址/],
      ['https://169.254.169.254/latest/meta-data/v5', /本机、内网或链路本地/],
      ['https://10.0.0.8/v5', /本机、内网或链路本地/],
      ['https://[::1]:443/v5', /本机、内网或链路本地/],
    ];
    for (const [address, message] of cases) {
      const created = await adminPost(
        t,
        '/api/admin/carrier-accounts/create',
        { name: '移动-内网', carrier: 'onelink', base_url: address, fields, reason: '接入移动平台' },
        admin,
      );
      expect(created.statusCode, `${address}: ${created.body}`).toBe(400);
      expect(created.json().message, address).toMatch(message);
      const tested = await adminPost(t, '/api/admin/carrier-accounts/test', { carrier: 'onelink', base_url: address, fields }, admin);
      expect(tested.statusCode, `${address}: ${tested.body}`).toBe(400);
      expect(tested.json().message, address).toMatch(message);
    }
    expect(exfil.seen).toEqual([]);
    expect(await t.snapshot()).toEqual(before);
  });
});
