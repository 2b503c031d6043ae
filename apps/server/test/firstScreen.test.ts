// A logged-in holder's page comes with its first screen in the HTML (docs/decisions/0082): the
// web's own renderer (apps/web/dist-server, made by the build this step runs after), the holder's
// reads answered in-process with their session. Never someone else's card, never a cached page,
// never a rotated token the phone does not learn of; whatever fails, the plain page.
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_COOKIE, firstScreenCookieValue } from '@portal/contract/firstScreen';
import { clock } from '../src/lib/clock';
import { processRegistry } from '../src/lib/metrics';
import { DEMO } from '../src/db/seed';
import { okData } from './authHelpers';
import { makeOtherUser } from './authHelpers';
import { databases, useTestApp, type TestApp } from './harness';

const REPO = resolve(__dirname, '../../..');
const MINUTE = 60_000;

const cookie = (token: string, customNum = '1000000001', mark = 'demo') =>
  `${FIRST_SCREEN_COOKIE}=${firstScreenCookieValue({ token, customNum, mark })}`;

const page = (t: TestApp, path: string, cookieHeader?: string) =>
  t.inject({ method: 'GET', url: path, headers: cookieHeader ? { cookie: cookieHeader } : {} });

/** The painted first screen of an answer, or undefined (the plain page). */
const paintedOf = (html: string) => /<div id="page-snapshot" inert="">([\s\S]*?)<\/div><script>/.exec(html)?.[1];

describe.each(databases())('first screens on %s', (kind) => {
  // a budget no loaded test machine reaches, and room for the 16 renderings at once below: what is
  // tested here is what a first screen holds (past its budget, or beyond the renderings at once, a
  // page is the plain one by design: FIRST_SCREEN_BUDGET_MS, FIRST_SCREEN_CONCURRENCY; their own
  // test is src/modules/firstScreen/index.test.ts)
  const t = useTestApp(kind, {
    webDist: resolve(REPO, 'apps/web/dist'),
    firstScreenDist: resolve(REPO, 'apps/web/dist-server'),
    firstScreenBudgetMs: 10_000,
    firstScreenConcurrency: 16,
  });

  // the renderer loads once the app is ready (a page asked before it has is the plain one)
  beforeAll(async () => {
    const token = await t.loginAccount();
    for (let i = 0; i < 150 && !(await page(t, '/card_check', cookie(token))).body.includes('<meta name="first-screen"'); i++)
      await new Promise((r) => setTimeout(r, 100));
  });

  it('/flow with the holder’s cookie carries their figures, painted, kept by no cache', async () => {
    const token = await t.loginAccount();
    const res = await page(t, '/flow', cookie(token));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toMatch(/cookie/);
    expect(res.body).toContain('<meta name="first-screen" content="/flow" data-owner=');
    expect(res.body).toContain('<style data-snapshot-css="">');
    const painted = paintedOf(res.body)!;
    expect(painted).toContain('流量查询');
    expect(painted).toContain('剩余流量');
    // the figures of the one read model: what the API answers the phone
    const flow = okData(await t.get('/api/v2/card/flow?custom_num=1000000001', token));
    expect(painted).toContain(flow.package.name);
  });

  it('goes gzipped to a phone that takes it, compressed once (the same page as the plain answer)', async () => {
    const token = await t.loginAccount();
    const plain = await page(t, '/flow', cookie(token));
    const zipped = await t.inject({
      method: 'GET',
      url: '/flow',
      headers: { cookie: cookie(token), 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const html = gunzipSync(zipped.rawPayload).toString();
    expect(paintedOf(html)).toContain('剩余流量');
    expect(html).toContain('<style data-snapshot-css="">');
    expect(html.replace(/<div id="page-snapshot"[\s\S]*$/, '')).toBe(plain.body.replace(/<div id="page-snapshot"[\s\S]*$/, ''));
  });

  it.each(['/', '/card_list', '/flow', '/card_check', '/cpe', '/shopping', '/order', '/chat', '/messages', '/combo', '/mine'])(
    '%s is painted for the demo holder',
    async (path) => {
      const token = await t.loginAccount();
      const res = await page(t, path, cookie(token));
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<meta name="first-screen" content="${path}" data-owner=`);
      expect(paintedOf(res.body)?.length).toBeGreaterThan(200);
    },
  );

  it.each<[string, (token: string) => string | undefined]>([
    ['no cookie', () => undefined],
    ['a token never issued', () => cookie('x'.repeat(43))],
    ['a malformed cookie', (token) => `${FIRST_SCREEN_COOKIE}=${token}`],
    ['a card that is not the holder’s', (token) => cookie(token, '1000000020')],
    ['a card that does not exist', (token) => cookie(token, '1999999999')],
  ])('%s: the plain page, nothing of any card in it', async (_, cookieOf) => {
    const token = await t.loginAccount();
    const res = await page(t, '/flow', cookieOf(token));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).not.toContain('<meta name="first-screen"');
    expect(res.body).not.toMatch(/1000 ?0000 ?(01|20)|1999999999/);
  });

  it('a page that is not a first-screen page (a form, the login) is the plain page', async () => {
    const token = await t.loginAccount();
    for (const path of ['/login', '/bind_card', '/account_security', '/not-a-page']) {
      const res = await page(t, path, cookie(token));
      expect(res.body, path).not.toContain('<meta name="first-screen"');
    }
  });

  it('counts what became of each first screen asked for (portal_first_screens_total)', async () => {
    const token = await t.loginAccount();
    const count = async (outcome: string) => {
      const line = (await processRegistry.metrics())
        .split('\n')
        .find((l) => l.startsWith(`portal_first_screens_total{outcome="${outcome}"}`));
      return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
    };
    const [painted, refused] = [await count('painted'), await count('refused')];
    await page(t, '/flow', cookie(token));
    await page(t, '/flow', cookie(token, '1000000020'));
    await page(t, '/flow'); // no cookie: nothing asked, nothing counted
    expect(await count('painted')).toBe(painted + 1);
    expect(await count('refused')).toBe(refused + 1);
  });

  it('a logged-out session paints nothing', async () => {
    const token = await t.loginAccount();
    okData(await t.post('/api/v1/logout', {}, token));
    expect((await page(t, '/flow', cookie(token))).body).not.toContain('<meta name="first-screen"');
  });

  it('two holders at once: each page carries its own holder’s card only', async () => {
    const demo = await t.loginAccount();
    const other = await makeOtherUser(t);
    okData(await t.post('/api/v1/card/bind', { custom_num: '1000000020', password: DEMO.cardPassword }, other));
    const asks = Array.from({ length: 16 }, (_, i) =>
      i % 2
        ? page(t, '/', cookie(other, '1000000020')).then((r) => ['other', r.body] as const)
        : page(t, '/', cookie(demo)).then((r) => ['demo', r.body] as const),
    );
    for (const [who, html] of await Promise.all(asks)) {
      const painted = paintedOf(html);
      expect(painted, who).toBeDefined();
      if (who === 'demo') {
        expect(painted).toContain('1000 0000 01');
        expect(painted).not.toContain('1000 0000 20');
      } else {
        expect(painted).toContain('1000 0000 20');
        expect(painted).not.toContain('1000 0000 01');
      }
    }
  });

  it('a token close to expiry is not rotated by the server’s reads: the phone’s next request is', async () => {
    const token = await t.loginAccount();
    clock.advance(t.config.tokenTtlMs - t.config.tokenRotateBeforeMs + MINUTE);
    const res = await page(t, '/flow', cookie(token));
    expect(res.body).toContain('<meta name="first-screen"');
    expect(res.headers['new-token']).toBeUndefined();
    const next = await t.get('/api/v1/session', token);
    okData(next);
    expect(typeof next.headers['new-token']).toBe('string');
  });
});
