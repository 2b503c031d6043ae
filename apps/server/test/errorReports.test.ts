// Errors reported by phones (docs/decisions/0037-errors-from-phones.md): the open endpoint groups
// reports by message fingerprint and release, counts them, keeps nothing personal even when a phone
// sends it, refuses floods (429) and bad bodies (400) writing nothing, forwards to Sentry when a DSN
// is set (a fake Sentry that checks the envelope), and the console lists the groups.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../src/lib/clock';
import { processRegistry } from '../src/lib/metrics';
import { pruneGroups } from '../src/modules/errorReports';
import { startFakeSentry, type FakeSentry } from '../src/modules/errorReports/fakeSentry';
import { adminGet, loginAs } from './adminHelpers';
import { databases, useTestApp, type TestApp } from './harness';

const URL = '/api/v1/error_reports';
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) MicroMessenger/8.0.43';
const CARD = '89860012345678901234';
const MOBILE = '13800138000';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';

let ipSeq = 0;
const freshIp = () => `10.37.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

function send(t: TestApp, body: unknown, ip = freshIp()) {
  return t.inject({
    method: 'POST',
    url: URL,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', 'user-agent': UA },
    remoteAddress: ip,
  });
}

async function counter(labels: { kind: string; outcome: string }): Promise<number> {
  const m = processRegistry.getSingleMetric('portal_error_reports_total');
  const values = (await m!.get()).values;
  return values.find((v) => v.labels.kind === labels.kind && v.labels.outcome === labels.outcome)?.value ?? 0;
}

const rows = (t: TestApp) => t.db.kysely.selectFrom('error_reports').selectAll().orderBy('id').execute();

describe.each(databases())('errors from phones on %s', (kind) => {
  const t = useTestApp(kind);

  it('groups reports by message and release, with counts, first and last seen, routes and a user agent', async () => {
    const before = await counter({ kind: 'error', outcome: 'stored' });
    const res = await send(t, {
      release: 'rel-a1',
      reports: [
        {
          kind: 'error',
          message: "TypeError: Cannot read properties of undefined (reading 'flow') at Home-Bx12aB9c.js:1:2345",
          route: '/home',
        },
        {
          kind: 'error',
          message: "TypeError: Cannot read properties of undefined (reading 'flow') at Home-Bx12aB9c.js:1:2399",
          route: '/card_info',
        },
        { kind: 'api', message: 'x', route: 'GET /v2/card/info', status: 500, code: 50000 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ code: 0, message: 'ok', data: { accepted: 3 } });
    clock.advance(60_000);
    expect(
      (await send(t, { release: 'rel-a1', reports: [{ kind: 'api', message: 'y', route: 'GET /v2/card/info', status: 500, code: 50000 }] }))
        .statusCode,
    ).toBe(200);
    expect(
      (await send(t, { release: 'rel-a2', reports: [{ kind: 'api', message: 'z', route: 'GET /v2/card/info', status: 500, code: 50000 }] }))
        .statusCode,
    ).toBe(200);

    const all = await rows(t);
    expect(all).toHaveLength(3);
    const err = all.find((r) => r.kind === 'error')!;
    expect(err).toMatchObject({ release: 'rel-a1', count: 2, routes: '/home\n/card_info', sample_user_agent: UA });
    expect(err.message).toContain("reading 'flow'");
    const api1 = all.find((r) => r.kind === 'api' && r.release === 'rel-a1')!;
    expect(api1).toMatchObject({ count: 2, message: 'GET /v2/card/info HTTP 500 业务码 50000', routes: 'GET /v2/card/info' });
    expect(api1.last_seen_at > api1.first_seen_at).toBe(true);
    // the same fault in another release is another group
    const api2 = all.find((r) => r.kind === 'api' && r.release === 'rel-a2')!;
    expect(api2.fingerprint).toBe(api1.fingerprint);
    expect(api2.count).toBe(1);
    expect((await counter({ kind: 'error', outcome: 'stored' })) - before).toBe(2);
  });

  it("takes a beacon's text/plain body as JSON", async () => {
    const body = JSON.stringify({ release: 'rel-b1', reports: [{ kind: 'error', message: 'beacon', route: '/home' }] });
    const res = await t.inject({
      method: 'POST',
      url: URL,
      payload: body,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await rows(t)).find((r) => r.release === 'rel-b1')?.count).toBe(1);
    const bad = await t.inject({
      method: 'POST',
      url: URL,
      payload: '{"release":',
      headers: { 'content-type': 'text/plain' },
      remoteAddress: freshIp(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toBeNull();
  });

  it('stores nothing personal even when a phone sends it', async () => {
    const res = await send(t, {
      release: 'rel-p1',
      reports: [
        {
          kind: 'error',
          message: `卡号 ${CARD} 手机 ${MOBILE} token ${TOKEN} at https://h5.example.com/recharge?custom_num=${CARD}&token=${TOKEN}`,
          route: `/recharge?custom_num=${CARD}`,
        },
        {
          kind: 'chunk',
          message: `Failed to fetch dynamically imported module: https://h5.example.com/assets/Recharge-Dk3j2a9x.js?m=${MOBILE}`,
          route: `/pay/${CARD}`,
        },
        {
          kind: 'api',
          message: `GET /api/v2/card/info?custom_num=${CARD} failed for ${MOBILE}`,
          route: `GET /v2/card/info?custom_num=${CARD}`,
          status: 404,
          code: 40400,
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    // what a phone's words reach (not the server's own times, ids and hashes, where "138" may occur by chance)
    const stored = JSON.stringify(
      (await rows(t)).map(({ release, kind, message, routes, sample_user_agent }) => ({
        release,
        kind,
        message,
        routes,
        sample_user_agent,
      })),
    );
    for (const secret of [CARD, MOBILE, TOKEN, 'custom_num', '?m=', '138']) expect(stored).not.toContain(secret);
    const chunk = (await rows(t)).find((r) => r.kind === 'chunk')!;
    expect(chunk.message).toBe('Failed to fetch dynamically imported module: https://h5.example.com/assets/Recharge-Dk3j2a9x.js');
    expect(chunk.routes).toBe('/pay/<n>');
  });

  it('refuses a flood per client address with 429 in Chinese, writing nothing', async () => {
    const ip = freshIp();
    const body = { release: 'rel-r1', reports: [{ kind: 'error', message: 'boom', route: '/home' }] };
    for (let i = 0; i < t.config.errorReports.perMinute; i++) expect((await send(t, body, ip)).statusCode).toBe(200);
    const stored = (await rows(t)).find((r) => r.release === 'rel-r1')!.count;
    const refusedBefore = await counter({ kind: '', outcome: 'rate_limited' });
    const snapshot = await t.snapshot();
    const res = await send(t, body, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 42900, message: '错误报告过于频繁，请稍后再试', data: null });
    expect((await rows(t)).find((r) => r.release === 'rel-r1')!.count).toBe(stored);
    expect({ ...(await t.snapshot()), throttles: 0 }).toEqual({ ...snapshot, throttles: 0 });
    expect((await counter({ kind: '', outcome: 'rate_limited' })) - refusedBefore).toBe(1);
    // another address is not held back
    expect((await send(t, body)).statusCode).toBe(200);
    // the next minute, this one may report again
    clock.advance(61_000);
    expect((await send(t, body, ip)).statusCode).toBe(200);
  });

  it.each([
    ['not JSON', '{"release":'],
    ['no reports', { release: 'r1', reports: [] }],
    ['unknown kind', { release: 'r1', reports: [{ kind: 'crash', message: 'x' }] }],
    ['bad release', { release: 'a b/c', reports: [{ kind: 'error', message: 'x' }] }],
    ['too many reports', { release: 'r1', reports: Array.from({ length: 21 }, () => ({ kind: 'error', message: 'x' })) }],
    ['empty message', { release: 'r1', reports: [{ kind: 'error', message: ' ' }] }],
    ['status not a number', { release: 'r1', reports: [{ kind: 'api', message: 'x', status: '500' }] }],
  ])('refuses a bad body (%s) with 400, writing nothing', async (_, body) => {
    const snapshot = await t.snapshot();
    const refused = await counter({ kind: '', outcome: 'invalid' });
    const res = await send(t, body);
    expect(res.statusCode, res.body).toBe(400);
    expect((await counter({ kind: '', outcome: 'invalid' })) - refused).toBe(1);
    expect(res.json().data).toBeNull();
    expect(res.json().message).toMatch(/[\u4e00-\u9fa5]/);
    expect({ ...(await t.snapshot()), throttles: 0 }).toEqual({ ...snapshot, throttles: 0 });
  });

  it('refuses a body past its size limit with 413', async () => {
    const snapshot = await t.snapshot();
    const res = await send(t, { release: 'r1', reports: [{ kind: 'error', message: 'x'.repeat(20_000) }] });
    expect(res.statusCode).toBe(413);
    expect(await counter({ kind: '', outcome: 'too_large' })).toBeGreaterThan(0);
    expect(await t.snapshot()).toEqual(snapshot);
  });

  it('lists the groups in the console, newest release first, filtered by release; support may, an agent may not', async () => {
    clock.advance(3_600_000);
    expect(
      (await send(t, { release: 'rel-z9', reports: [{ kind: 'chunk', message: 'Importing a module script failed.', route: '/home' }] }))
        .statusCode,
    ).toBe(200);
    const cookie = await loginAs(t, 'support');
    const res = await adminGet(t, '/api/admin/error_reports', cookie);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.releases[0]).toMatchObject({ release: 'rel-z9', count: 1, groups: 1 });
    expect(data.items[0]).toMatchObject({ release: 'rel-z9', kind: 'chunk', kind_label: '页面代码加载失败', count: 1, routes: ['/home'] });
    const a1 = data.releases.find((r: { release: string }) => r.release === 'rel-a1');
    expect(a1).toMatchObject({ count: 4, groups: 2 });
    const filtered = (await adminGet(t, '/api/admin/error_reports?release=rel-a1', cookie)).json().data.items;
    expect(filtered.map((g: { release: string }) => g.release)).toEqual(['rel-a1', 'rel-a1']);
    expect(filtered.map((g: { count: number }) => g.count).sort()).toEqual([2, 2]);
    expect((await adminGet(t, '/api/admin/error_reports', await loginAs(t, 'agent'))).statusCode).toBe(403);
    expect((await adminGet(t, '/api/admin/error_reports')).statusCode).toBe(401);
  });

  it('prunes groups past the retention: not seen for 90 days, and beyond the most kept', async () => {
    const count = async () => (await rows(t)).length;
    const n = await count();
    expect(n).toBeGreaterThan(3);
    // keep 3: the most recently seen stay
    expect(await pruneGroups(ctxOf(t), 3)).toBe(n - 3);
    const left = await rows(t);
    expect(left.map((r) => r.release)).toContain('rel-z9');
    clock.advance(91 * 86_400_000);
    expect(await pruneGroups(ctxOf(t))).toBe(3);
    expect(await count()).toBe(0);
  });
});

/** the app's context, for calling the service as its job does */
function ctxOf(t: TestApp) {
  return { db: t.db, config: t.config, log: t.app.log } as unknown as Parameters<typeof pruneGroups>[0];
}

describe.each(databases())('errors from phones forwarded to Sentry on %s', (kind) => {
  let sentry: FakeSentry;
  const overrides = { errorReports: { perMinute: 30, sentryDsn: '' as string | null, newGroupsPerHour: 20, newGroupsPerReleaseHour: 200 } };
  beforeAll(async () => {
    sentry = await startFakeSentry();
    overrides.errorReports.sentryDsn = sentry.dsn;
  });
  afterAll(() => sentry.close());
  const t = useTestApp(kind, overrides);

  it('sends each report as an event in an envelope, scrubbed, grouped by fingerprint, and keeps it here as well', async () => {
    const res = await send(t, {
      release: 'rel-s1',
      reports: [
        { kind: 'error', message: `Error: no card ${CARD}`, route: `/card_info?custom_num=${CARD}` },
        { kind: 'api', message: MOBILE, route: 'POST /v1/login', status: 0 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(sentry.refused).toEqual([]);
    expect(sentry.events).toHaveLength(2);
    const [e1, e2] = sentry.events;
    expect(e1!.event).toMatchObject({
      release: 'rel-s1',
      level: 'error',
      message: { formatted: 'Error: no card <n>' },
      tags: { kind: 'error', route: '/card_info' },
    });
    expect(e2!.event).toMatchObject({ message: { formatted: 'POST /v1/login 网络不通或超时' }, tags: { kind: 'api', status: '0' } });
    expect(e1!.envelopeHeader.dsn).toBe(sentry.dsn);
    for (const e of sentry.events) for (const secret of [CARD, MOBILE, 'custom_num']) expect(e.raw).not.toContain(secret);
    const stored = await rows(t);
    expect(stored.map((r) => r.fingerprint).sort()).toEqual(sentry.events.map((e) => (e.event.fingerprint as string[])[0]).sort());
  });

  it('keeps the reports when Sentry refuses them (a wrong key)', async () => {
    const wrong = await startFakeSentry({ key: 'anotherkey0000000' });
    const dsn = t.config.errorReports.sentryDsn;
    try {
      t.config.errorReports.sentryDsn = wrong.dsn.replace('anotherkey0000000', 'fakepublickey0123');
      const res = await send(t, { release: 'rel-s2', reports: [{ kind: 'error', message: 'boom' }] });
      expect(res.statusCode).toBe(200);
      expect(wrong.refused).toEqual([{ status: 401, reason: 'bad sentry_key' }]);
      expect(wrong.events).toEqual([]);
      expect((await rows(t)).find((r) => r.release === 'rel-s2')?.count).toBe(1);
    } finally {
      t.config.errorReports.sentryDsn = dsn;
      await wrong.close();
    }
  });
});
