// Authentication before validation, for every declared route (the portal's and the console's): a
// request without credentials is told to log in (401) whatever its input, never shown a form error
// that leaks the schema, and a session that ended reads the same. SQLite (the guard is the same
// code on PostgreSQL).
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointName } from '@portal/contract/endpoints';
import { ADMIN_ENDPOINTS, type AdminEndpointName } from '@portal/contract/admin';
import { methodOf, pathPatternOf } from '@portal/contract/route';
import { loginAs, passwordOf } from './adminHelpers';
import { useTestApp } from './harness';

/** A path with every :param filled (a value that would fail most schemas). */
const filled = (path: string) => path.replace(/:([A-Za-z_]+)/g, 'x');

describe('authentication before validation', () => {
  const t = useTestApp('sqlite');

  const portal = (Object.keys(ENDPOINTS) as EndpointName[]).filter((n) => ENDPOINTS[n].auth === 'session');
  it(`every portal route that needs a login answers 401 to a stranger, whatever the input (${portal.length} routes)`, async () => {
    const wrong: string[] = [];
    for (const name of portal) {
      const e = ENDPOINTS[name];
      for (const payload of [undefined, { custom_num: 'abc' }, { nonsense: true }]) {
        const res = await t.inject({
          method: e.method,
          url: `/api${filled(e.path)}${e.method === 'GET' ? '?custom_num=abc' : ''}`,
          ...(e.method === 'POST' ? { payload: payload ?? {} } : {}),
        });
        if (res.statusCode !== 401) wrong.push(`${name} ${e.method} ${e.path}: ${res.statusCode} ${res.body.slice(0, 80)}`);
        const expired = await t.inject({
          method: e.method,
          url: `/api${filled(e.path)}`,
          headers: { authorization: 'Bearer not-a-session' },
          ...(e.method === 'POST' ? { payload: payload ?? {} } : {}),
        });
        if (expired.statusCode !== 401) wrong.push(`${name} with an ended session: ${expired.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  const admin = (Object.keys(ADMIN_ENDPOINTS) as AdminEndpointName[]).filter(
    (n) => (ADMIN_ENDPOINTS[n] as { auth?: string }).auth !== 'none',
  );
  it(`every console route answers 401 without an operator session (${admin.length} routes)`, async () => {
    const wrong: string[] = [];
    for (const name of admin) {
      const route = ADMIN_ENDPOINTS[name].route;
      const method = methodOf(route);
      const res = await t.inject({
        method,
        url: `/api${filled(pathPatternOf(route))}`,
        ...(method === 'GET' ? {} : { payload: { nonsense: true } }),
      });
      if (res.statusCode !== 401) wrong.push(`${name} ${route}: ${res.statusCode} ${res.body.slice(0, 80)}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('console changes come from the console', () => {
  const t = useTestApp('sqlite');

  it('refuses a state-changing request another origin sends (another port of the same host included); the console passes', async () => {
    const cookie = await loginAs(t, 'admin');
    const before = await t.snapshot();
    const post = (headers: Record<string, string>) =>
      t.inject({
        method: 'POST',
        url: '/api/admin/operators/create',
        headers: { cookie, host: 'portal.example:3000', ...headers },
        payload: { username: 'x', password: 'y' },
      });
    for (const headers of <Record<string, string>[]>[
      { origin: 'http://portal.example:4000' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site', origin: 'http://portal.example:3000' },
    ]) {
      const res = await post(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().message).toMatch(/请求来源不被允许/);
    }
    expect(await t.snapshot()).toEqual(before);
    // the console itself: same origin (its answer is about the input, not the origin)
    const own = await post({ origin: 'http://portal.example:3000', 'sec-fetch-site': 'same-origin' });
    expect(own.statusCode).not.toBe(403);
    // the login too: no other origin can sign an operator in
    const login = await t.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin: 'https://evil.example' },
      payload: { username: 'admin', password: passwordOf('admin') },
    });
    expect(login.statusCode).toBe(403);
  });
});

describe('the console cookie over TLS', () => {
  const t = useTestApp('sqlite', { trustProxy: 1 });

  it('is Secure when the request came over https (through the trusted proxy), not only in production', async () => {
    const login = (proto?: string) =>
      t.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: proto ? { 'x-forwarded-proto': proto } : {},
        payload: { username: 'admin', password: passwordOf('admin') },
      });
    expect(String((await login('https')).headers['set-cookie'])).toMatch(/; Secure/);
    expect(String((await login()).headers['set-cookie'])).not.toMatch(/; Secure/);
  });
});

describe('validation messages a user can act on', () => {
  const t = useTestApp('sqlite');
  /** zod's words for programmers, which must never reach a card holder or an operator */
  const JARGON = /期望|实际接收|无效输入|undefined|\bstring\b|\bnumber\b|\bboolean\b|\bobject\b|\barray\b|NaN/;

  const keysOf = (schema: unknown): string[] => {
    const shape = (schema as { shape?: object } | undefined)?.shape;
    return shape ? Object.keys(shape) : [];
  };

  it("every portal route answers malformed input in words, never in zod's", async () => {
    const token = await t.loginAccount();
    const jargon: string[] = [];
    for (const name of Object.keys(ENDPOINTS) as EndpointName[]) {
      const e = ENDPOINTS[name] as { method: 'GET' | 'POST'; path: string; body?: unknown; query?: unknown; upload?: true };
      if (e.upload) continue;
      const url = `/api${filled(e.path)}`;
      const tries: { url: string; payload?: object }[] = [];
      if (e.method === 'GET') {
        tries.push({ url });
        for (const k of keysOf(e.query)) tries.push({ url: `${url}?${k}=%7B%7D&${k}=x` });
      } else {
        tries.push({ url, payload: {} });
        for (const k of keysOf(e.body)) tries.push({ url, payload: { [k]: { nested: true } } });
        tries.push({ url, payload: Object.fromEntries(keysOf(e.body).map((k) => [k, [1, 'x']])) });
      }
      for (const tr of tries) {
        const res = await t.inject({
          method: e.method,
          url: tr.url,
          headers: { authorization: `Bearer ${token}` },
          ...(tr.payload ? { payload: tr.payload } : {}),
        });
        if (res.statusCode !== 400) continue;
        const message = String(res.json().message);
        if (JARGON.test(message)) jargon.push(`${name} ${JSON.stringify(tr.payload ?? tr.url)} → ${message}`);
      }
    }
    expect(jargon).toEqual([]);
  });
});
