// Tried as a reseller would (docs/decisions/0060, 0071): on the 15th of a month (Beijing), 20 OneLink
// cards are imported in the console with the 运营商账号 column naming a OneLink account on the
// project's fake, and a sync round reads them. Then, for every card, the holder's /flow and 日用量
// and the console's card story are compared with the platform's own figures day by day: the 7 past
// days the platform reports and today to the KB, the month to the KB, and the days before the
// platform's window (which it does not give day by day) as one remainder on the last of them — the
// month's other days before it 0, never the whole month on today. The platform's clock is the
// test's. SQLite and PostgreSQL.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaDate } from '@portal/domain';
import { startOneLinkFake, type FakeOneLink } from '../src/integrations/carrier/onelink/fake';
import { clock } from '../src/lib/clock';
import { CARRIER_SYNC_JOB } from '../src/modules/carriers';
import { luhnDigit } from '../src/modules/admin/cards/importRules';
import { DEMO } from '../src/db/seed';
import { claimCard } from '../src/modules/cards';
import { adminGet, adminPost, loginAs } from './adminHelpers';
import { databases, useTestApp } from './harness';

const APPID = '300099';
const PASSWORD = 'reseller-pw';
const ACCOUNT = '移动-分销';
const CARDS = Array.from({ length: 20 }, (_, i) => `63000000${String(i + 1).padStart(2, '0')}`);
const HEADER = '卡号,ICCID,MSISDN,运营商,套餐系列ID,代理标识,运营商账号';

/** The 15th of next month, 12:00 in Beijing: a month with half of it behind. */
function fifteenth(): Date {
  const beijing = new Date(Date.now() + 8 * 3_600_000);
  return new Date(Date.UTC(beijing.getUTCFullYear(), beijing.getUTCMonth() + 1, 15, 4));
}

const iccidOf = (i: number) => {
  const body = `8986002${String(i + 1).padStart(12, '0')}`;
  return body + luhnDigit(body);
};
const compact = (day: string) => day.replaceAll('-', '');
const dayOfMonth = (month: string, d: number) => `${month}-${String(d).padStart(2, '0')}`;

describe.each(databases())('20 OneLink cards imported on the 15th, as a reseller would, on %s', (kind) => {
  const file = join(tmpdir(), `carriers-reseller-${randomBytes(6).toString('hex')}.json`);
  let onelink: FakeOneLink;
  beforeAll(async () => {
    onelink = await startOneLinkFake({ appid: APPID, password: PASSWORD, now: () => clock.now().getTime() });
    writeFileSync(
      file,
      JSON.stringify([
        { name: ACCOUNT, carrier: 'onelink', base_url: onelink.baseUrl, appid: APPID, password: PASSWORD, calls_per_second: 20 },
      ]),
    );
  });
  afterAll(async () => onelink?.close());
  const t = useTestApp(
    kind,
    { carrierAccountsFile: file, carrierSyncIntervalMs: 0, logLevel: 'warn' },
    { carrierGuard: { healthCacheMs: 0 }, today: fifteenth() },
  );

  /** The platform's figures per card: every day of the month so far, today included. */
  const platform = new Map<string, Map<string, number>>();

  it('imports the 20 cards onto the OneLink account in the console', async () => {
    const today = chinaDate(clock.now());
    expect(today.slice(8)).toBe('15');
    const month = today.slice(0, 7);
    CARDS.forEach((num, i) => {
      const days = new Map<string, number>();
      // a different figure every day and card, so a day put on another is seen
      for (let d = 1; d <= 15; d++) days.set(dayOfMonth(month, d), 1000 * (i + 1) + d * 37 + (d === 15 ? 5 : 0));
      platform.set(num, days);
      onelink.addLine({
        iccid: iccidOf(i),
        msisdn: `1440000${String(i + 1).padStart(4, '0')}`,
        imsi: `4600712345${String(i + 1).padStart(5, '0')}`,
        status: '2',
        realNameStatus: '1',
        apn: 'CMIOT',
        openApns: ['CMIOT'],
        dailyKb: Object.fromEntries([...days].map(([d, kb]) => [compact(d), kb])),
        monthKb: [...days.values()].reduce((s, kb) => s + kb, 0),
      });
    });
    const admin = await loginAs(t, 'admin');
    const rows = CARDS.map((num, i) => `${num},${iccidOf(i)},,1,1,demo,${ACCOUNT}`);
    const content = Buffer.from(`\uFEFF${[HEADER, ...rows].join('\r\n')}\r\n`).toString('base64');
    const res = await adminPost(
      t,
      '/api/admin/card-imports',
      { file_name: 'onelink.csv', content_base64: content, reason: '移动卡到货' },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const cards = await t.db.kysely
      .selectFrom('cards')
      .select(['custom_num', 'carrier_account_id'])
      .where('custom_num', 'in', CARDS)
      .execute();
    expect(cards).toHaveLength(20);
    const account = await t.db.kysely.selectFrom('carrier_accounts').select('id').where('name', '=', ACCOUNT).executeTakeFirstOrThrow();
    expect(cards.every((c) => c.carrier_account_id === account.id)).toBe(true);
    // the cards are handed to a holder, who adds them to their account
    const login = await t.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { login_model: 'account', account: DEMO.account, password: DEMO.password },
    });
    const userId = login.json().data.user_id as number;
    for (const c of await t.db.kysely.selectFrom('cards').select('id').where('custom_num', 'in', CARDS).execute())
      expect(await claimCard(t.db.kysely, userId, c.id, clock.iso())).toBe(userId);
  });

  it('after the first round, /flow, 日用量 and the console agree with the platform day by day', async () => {
    const run = await t.app.jobs.runNow<{ account: string; synced: number; failed: number }[]>(CARRIER_SYNC_JOB);
    expect(run.ran && run.result.find((r) => r.account === ACCOUNT)).toMatchObject({ synced: 20, failed: 0 });
    const today = chinaDate(clock.now());
    const month = today.slice(0, 7);
    const admin = await loginAs(t, 'admin');
    const token = await t.loginAccount();
    for (const num of CARDS) {
      const days = platform.get(num)!;
      const monthKb = [...days.values()].reduce((s, kb) => s + kb, 0);
      // the platform's daily window: the 8th–14th, and today; before it, one remainder on the 7th
      const beforeWindow = [...days].filter(([d]) => d <= dayOfMonth(month, 7)).reduce((s, [, kb]) => s + kb, 0);
      const expected = new Map<string, number>();
      for (let d = 1; d <= 15; d++) {
        const day = dayOfMonth(month, d);
        expected.set(day, d < 7 ? 0 : d === 7 ? beforeWindow : days.get(day)!);
      }

      const flow = await t.get(`/api/v2/card/flow?custom_num=${num}`, token);
      expect(flow.statusCode, flow.body).toBe(200);
      expect([num, flow.json().data.month_used_kb]).toEqual([num, monthKb]);
      expect([num, flow.json().data.today_used_kb]).toEqual([num, days.get(today)]);

      const daily = await t.get(`/api/v2/card_flow?custom_num=${num}&days=15`, token);
      expect(daily.statusCode, daily.body).toBe(200);
      const holderDays = new Map((daily.json().data.records as { date: string; used_kb: number }[]).map((r) => [r.date, r.used_kb]));
      for (const [day, kb] of expected) expect([num, day, holderDays.get(day) ?? 0]).toEqual([num, day, kb]);

      const story = await adminGet(t, `/api/admin/cards/story?card=${num}`, admin);
      expect(story.statusCode, story.body).toBe(200);
      const consoleDays = new Map((story.json().data.usage as { day: string; used_kb: number }[]).map((r) => [r.day, r.used_kb]));
      for (const [day, kb] of expected)
        if (consoleDays.has(day) || kb > 0) expect([num, day, consoleDays.get(day)]).toEqual([num, day, kb]);
      expect([num, story.json().data.line.month_used_kb]).toEqual([num, monthKb]);
    }
  }, 120_000);
});
