// Error reports cannot be flooded (docs/decisions/0057). The attack: one address created
// 120 error-report groups in 6 batches, and at that rate pushed every genuine group out of the 5,000
// kept in about 9 minutes and set the 最新版本 label. Now: a budget of NEW groups per address and per
// release an hour; pruning that keeps every source's share; 最新版本 is the build the server serves.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pruneGroups } from '../src/modules/errorReports';
import { adminGet, loginAs } from './adminHelpers';
import { databases, useTestApp, type TestApp } from './harness';

const URL = '/api/v1/error_reports';
const FLOODER = '203.0.113.66';
const SERVED = 'B7kq2xY9';

/** a web build the server serves: its index.html names the entry file whose hash is the release */
function webBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-web-'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><script type="module" src="/assets/index-${SERVED}.js"></script></head></html>`,
  );
  return dir;
}

function send(t: TestApp, ip: string, release: string, messages: string[]) {
  return t.inject({
    method: 'POST',
    url: URL,
    payload: JSON.stringify({ release, reports: messages.map((message) => ({ kind: 'error', message, route: '/home' })) }),
    headers: { 'content-type': 'application/json', 'user-agent': 'test' },
    remoteAddress: ip,
  });
}

/** a word for a number: the grouping folds digits, so distinct messages differ in letters */
const word = (n: number) => {
  let w = '';
  do {
    w = String.fromCharCode(97 + (n % 26)) + w;
    n = Math.floor(n / 26);
  } while (n > 0);
  return w;
};

const groupCount = async (t: TestApp) =>
  Number(
    (
      await t.db.kysely
        .selectFrom('error_reports')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** the app's context, for calling the service as its job does */
const ctxOf = (t: TestApp) => ({ db: t.db, config: t.config, log: t.app.log }) as unknown as Parameters<typeof pruneGroups>[0];

describe.each(databases())('error report groups under a flood on %s', (kind) => {
  const t = useTestApp(kind, {
    webDist: webBuild(),
    errorReports: { perMinute: 30, sentryDsn: null, newGroupsPerHour: 20, newGroupsPerReleaseHour: 30 },
  });
  const genuine = ['198.51.100.1', '198.51.100.2', '198.51.100.3'];
  const genuineMessage = (ip: string, which: string) => `TypeError: genuine ${word(Number(ip.split('.')[3]))} ${which}`;

  it('one address creating 120 groups in 6 batches gets its budget of new groups; its old groups still count', async () => {
    for (const ip of genuine) expect((await send(t, ip, SERVED, [genuineMessage(ip, 'a'), genuineMessage(ip, 'b')])).statusCode).toBe(200);
    for (let batch = 0; batch < 6; batch++) {
      const res = await send(
        t,
        FLOODER,
        'zz-99',
        Array.from({ length: 20 }, (_, i) => `Error: flood ${word(batch * 20 + i)}`),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const flood = await t.db.kysely.selectFrom('error_reports').select(['message', 'count']).where('release', '=', 'zz-99').execute();
    expect(flood).toHaveLength(20);
    expect(await groupCount(t)).toBe(26);
    // a group that exists takes its count, budget or not
    await send(t, FLOODER, 'zz-99', ['Error: flood a']);
    expect(
      (await t.db.kysely.selectFrom('error_reports').select('count').where('message', '=', 'Error: flood a').executeTakeFirstOrThrow())
        .count,
    ).toBe(2);
  });

  it('a release gets its budget of new groups, whatever the addresses', async () => {
    for (let i = 0; i < 40; i++) await send(t, `192.0.2.${i + 1}`, 'rel-many', [`Error: many ${word(i)}`]);
    expect(await t.db.kysely.selectFrom('error_reports').select('id').where('release', '=', 'rel-many').execute()).toHaveLength(30);
  });

  it('pruning keeps every source’s share: the flood cannot push the genuine groups out', async () => {
    // the flood's groups are the most recently seen
    for (let batch = 0; batch < 2; batch++)
      await send(
        t,
        FLOODER,
        'zz-99',
        Array.from({ length: 20 }, (_, i) => `Error: flood ${word(i)}`),
      );
    const total = await groupCount(t);
    await pruneGroups(ctxOf(t), 40);
    expect(await groupCount(t)).toBe(40);
    const left = await t.db.kysely.selectFrom('error_reports').select('message').execute();
    for (const ip of genuine) {
      expect(left.map((r) => r.message)).toContain(genuineMessage(ip, 'a'));
      expect(left.map((r) => r.message)).toContain(genuineMessage(ip, 'b'));
    }
    expect(left.filter((r) => r.message.startsWith('Error: flood')).length).toBeLessThan(20);
    expect(total).toBeGreaterThan(40);
  });

  it('最新版本 is the build the server serves, not a release a phone claims', async () => {
    await send(t, '198.51.100.9', 'zzzz-newest-claimed', ['Error: claimed']);
    const data = (await adminGet(t, '/api/admin/error_reports', await loginAs(t, 'support'))).json().data;
    expect(data.served_release).toBe(SERVED);
    expect(data.releases[0].release).toBe('zzzz-newest-claimed');
    expect(data.releases.find((r: { release: string }) => r.release === SERVED)).toMatchObject({ served: true, groups: 6 });
    expect(data.releases[0].served).toBe(false);
  });
});
