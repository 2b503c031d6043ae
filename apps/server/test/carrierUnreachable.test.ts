// A carrier platform that times out or cuts the connection (docs/decisions/0055, beside 0030's
// outage of HTTP 503s in carrierOutage.test.ts): every page of a card on it answers with the stored
// figures, never 5xx, while the platform is too slow for CARRIER_TIMEOUT_SECONDS and while it drops
// every connection unanswered. SQLite and PostgreSQL.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOneLinkFake, type FakeOneLink } from '../src/integrations/carrier/onelink/fake';
import { clock } from '../src/lib/clock';
import { CARRIER_SYNC_JOB } from '../src/modules/carriers';
import { databases, useTestApp } from './harness';

const APPID = '200018';
const PASSWORD = 'slow-pw-01';
const NUM = '1000000001';
const HOUR = 3_600_000;

function pagesOf(num: string): { method: 'GET' | 'POST'; url: string; body?: unknown }[] {
  const q = `custom_num=${num}`;
  return [
    { method: 'GET', url: `/api/v2/card/info?${q}` },
    { method: 'GET', url: `/api/v2/card/flow?${q}` },
    { method: 'GET', url: `/api/v2/card/line?${q}` },
    { method: 'GET', url: `/api/v1/card/flow_statistics?${q}` },
    { method: 'GET', url: `/api/v2/go_card_diagnosis?${q}` },
    { method: 'POST', url: '/api/v2/card/flow/sync', body: { custom_num: num } },
    { method: 'POST', url: '/api/v1/card/check', body: { custom_num: num } },
  ];
}

describe.each(databases())('a carrier platform that times out or drops the connection, on %s', (kind) => {
  const file = join(tmpdir(), `carriers-slow-${randomBytes(6).toString('hex')}.json`);
  let fake: FakeOneLink;
  beforeAll(async () => {
    fake = await startOneLinkFake({ appid: APPID, password: PASSWORD });
    writeFileSync(
      file,
      JSON.stringify([{ name: '移动-超时', carrier: 'onelink', base_url: fake.baseUrl, appid: APPID, password: PASSWORD }]),
    );
  });
  afterAll(async () => {
    clock.reset();
    await fake?.close();
  });
  const t = useTestApp(kind, { carrierAccountsFile: file, carrierSyncIntervalMs: 0, carrierTimeoutMs: 1000, logLevel: 'silent' });
  let token = '';
  let stored: { month_used_kb: number; synced_at: string };

  const flow = async () => {
    const res = await t.get(`/api/v2/card/flow?custom_num=${NUM}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { month_used_kb: number; synced_at: string };
  };

  /** Every page of the card, one after another (a slow platform is waited on once per call). */
  async function everyPage(): Promise<string[]> {
    const fives: string[] = [];
    for (const p of pagesOf(NUM)) {
      const res = await t.inject({
        method: p.method,
        url: p.url,
        headers: { authorization: `Bearer ${token}` },
        ...(p.body ? { payload: p.body } : {}),
      });
      if (res.statusCode >= 500) fives.push(`${p.method} ${p.url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    return fives;
  }

  it('reads the card from its platform once', async () => {
    const accountId = (
      await t.db.kysely.selectFrom('carrier_accounts').select('id').where('name', '=', '移动-超时').executeTakeFirstOrThrow()
    ).id;
    const c = await t.db.kysely.selectFrom('cards').selectAll().where('custom_num', '=', NUM).executeTakeFirstOrThrow();
    fake.addLine({
      iccid: c.iccid,
      msisdn: c.isdn,
      imsi: '460071230000001',
      status: '2',
      stopReason: '000000000000',
      realNameStatus: '1',
      monthKb: 2048 * 1024,
      dailyKb: {},
      apn: 'CMIOT',
      openApns: ['CMIOT'],
    });
    token = await t.loginCard(NUM);
    await t.db.kysely
      .updateTable('cards')
      .set({ carrier_account_id: accountId, flow_synced_at: '', sync_wanted_at: '', imsi: '' })
      .where('custom_num', '=', NUM)
      .execute();
    const run = await t.app.jobs.runNow<{ account: string; synced: number }[]>(CARRIER_SYNC_JOB);
    expect(run.ran && run.result.find((r) => r.account === '移动-超时')).toMatchObject({ synced: 1 });
    stored = await flow();
    expect(stored.month_used_kb).toBe(2048 * 1024);
  });

  /**
   * The stored figures as a page shows them now: the same, except that once the moved clock has
   * crossed midnight in Beijing (a run after 18:00 there, six hours on) today's use is a new day's 0.
   */
  function storedAsOfNow(): Record<string, unknown> {
    const day = (at: Date) => new Date(at.getTime() + 8 * HOUR).toISOString().slice(0, 10);
    if (day(clock.now()) === day(new Date(String(stored.synced_at)))) return stored;
    return JSON.parse(JSON.stringify(stored), (key, value: unknown) => (key === 'today_used_kb' ? 0 : value));
  }

  it.each([
    ['too slow for the timeout', () => fake.setSlow(3000)],
    ['dropping every connection', () => fake.setDown('reset')],
  ])(
    '%s: every page answers with the stored figures, never 5xx',
    async (_what, trouble) => {
      trouble();
      try {
        // the stored figures are old enough that every page wants the platform's
        clock.advance(3 * HOUR);
        const calls = fake.stats().total;
        expect(await everyPage()).toEqual([]);
        // the pages did ask the platform (a test whose reads never left the database would prove nothing)
        expect(fake.stats().total).toBeGreaterThan(calls);
        expect(await flow()).toMatchObject(storedAsOfNow());
      } finally {
        fake.setSlow(0);
        fake.setDown(false);
      }
    },
    60_000,
  );
});
