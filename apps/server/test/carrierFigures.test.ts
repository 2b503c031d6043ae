// The carrier's figures as the carrier keeps them (docs/decisions/0060), against the project's fake
// platforms: a card imported mid-month onto a OneLink account shows every past day the platform
// reports and the platform's month to the KB, on its first read and on later ones; a day the
// platform corrects replaces ours, lower or higher; identifiers are learnt once. On a Unicom CMP
// account a card's days cost one session list per billing cycle, not one per day.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaDate } from '@portal/domain';
import { cmpCycleDate } from '@portal/domain/carrierCodes/unicomCmp';
import { startOneLinkFake, type FakeOneLink, type FakeOneLinkLine } from '../src/integrations/carrier/onelink/fake';
import { CmpFake } from '../src/integrations/carrier/unicomCmp/fake';
import { clock } from '../src/lib/clock';
import { CARRIER_SYNC_JOB } from '../src/modules/carriers';
import { periodStartOf } from '../src/modules/carriers/reconcile';
import { databases, useTestApp } from './harness';

const APPID = '300077';
const PASSWORD = 'figures-pw';
const CMP = { appId: 'cmp-figures', appSecret: 'cmp-figures-secret', openId: 'open-figures' };
const ONELINK_CARD = '1000000003';
const CMP_CARDS = ['1000000001', '1000000002'];

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const compact = (day: string) => day.replaceAll('-', '');

describe.each(databases())('the carrier figures as the platform keeps them, on %s', (kind) => {
  const file = join(tmpdir(), `carriers-figures-${randomBytes(6).toString('hex')}.json`);
  let onelink: FakeOneLink;
  let cmp: CmpFake;
  beforeAll(async () => {
    // the platforms' calendar follows the test clock (a later read on the next day)
    onelink = await startOneLinkFake({ appid: APPID, password: PASSWORD, now: () => clock.now().getTime() });
    cmp = await CmpFake.start({ ...CMP, callsPerSecond: 20 });
    writeFileSync(
      file,
      JSON.stringify([
        { name: '移动-用量', carrier: 'onelink', base_url: onelink.baseUrl, appid: APPID, password: PASSWORD, calls_per_second: 20 },
        {
          name: '联通-用量',
          carrier: 'unicom_cmp',
          base_url: `${cmp.url}/api`,
          app_id: CMP.appId,
          app_secret: CMP.appSecret,
          open_id: CMP.openId,
          calls_per_second: 20,
        },
      ]),
    );
  });
  afterAll(async () => {
    clock.reset();
    await onelink?.close();
    await cmp?.close();
  });
  const t = useTestApp(
    kind,
    { carrierAccountsFile: file, carrierSyncIntervalMs: 0, logLevel: 'warn' },
    { carrierGuard: { healthCacheMs: 0 } },
  );

  const card = (num: string) => t.db.kysely.selectFrom('cards').selectAll().where('custom_num', '=', num).executeTakeFirstOrThrow();
  const rowsOf = async (id: number) =>
    new Map(
      (await t.db.kysely.selectFrom('card_flow_daily').select(['day', 'used_kb']).where('card_id', '=', id).execute()).map((r) => [
        r.day,
        Number(r.used_kb),
      ]),
    );
  const accountId = async (name: string) =>
    (await t.db.kysely.selectFrom('carrier_accounts').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  /** A card just imported onto an account: created now, never read, no figures and no IMSI of ours. */
  const importOnto = async (num: string, account: number) => {
    const c = await card(num);
    await t.db.kysely.deleteFrom('card_flow_daily').where('card_id', '=', c.id).execute();
    await t.db.kysely
      .updateTable('cards')
      .set({ carrier_account_id: account, flow_synced_at: '', sync_wanted_at: clock.iso(), created_at: clock.iso(), imsi: '' })
      .where('id', '=', c.id)
      .execute();
    return c;
  };
  const round = async () => {
    const run = await t.app.jobs.runNow<{ account: string; synced: number; failed: number }[]>(CARRIER_SYNC_JOB);
    expect(run.ran).toBe(true);
    return run.ran ? run.result : [];
  };
  const want = async (num: string) =>
    t.db.kysely.updateTable('cards').set({ sync_wanted_at: clock.iso() }).where('custom_num', '=', num).execute();

  describe('OneLink: 7 past days and the month', () => {
    /** The platform's own usage per China day (KB), every day it has, older than its 7-day window too. */
    const platform = new Map<string, number>();
    let line: FakeOneLinkLine;
    const today = () => chinaDate(clock.now());
    /** What the fake answers: the days as they are, the month (calendar month, to now) as their sum. */
    const publish = () => {
      const month = today().slice(0, 7);
      line.dailyKb = Object.fromEntries([...platform].map(([d, kb]) => [compact(d), kb]));
      line.monthKb = [...platform].filter(([d]) => d.startsWith(month) && d <= today()).reduce((s, [, kb]) => s + kb, 0);
    };
    let token = '';
    const flow = async () => {
      const res = await t.get(`/api/v2/card/flow?custom_num=${ONELINK_CARD}`, token);
      expect(res.statusCode).toBe(200);
      return res.json().data as { today_used_kb: number; month_used_kb: number };
    };

    /** After any read: the platform's window day by day, today, and the month to the KB. */
    const expectThePlatformsFigures = async () => {
      const c = await card(ONELINK_CARD);
      const rows = await rowsOf(c.id);
      const d = today();
      for (let i = 1; i <= 7; i++)
        expect([addDays(d, -i), rows.get(addDays(d, -i))]).toEqual([addDays(d, -i), platform.get(addDays(d, -i))]);
      expect(rows.get(d)).toBe(platform.get(d));
      const monthStart = periodStartOf(d);
      const month = [...rows].filter(([day]) => day >= monthStart && day <= d).reduce((s, [, kb]) => s + kb, 0);
      expect(month).toBe(line.monthKb);
      const f = await flow();
      expect(f.month_used_kb).toBe(line.monthKb);
      expect(f.today_used_kb).toBe(platform.get(d));
      return rows;
    };

    it("a card imported mid-month: its first read stores the 7 days the platform reports, and the platform's month", async () => {
      const c = await importOnto(ONELINK_CARD, await accountId('移动-用量'));
      const d = today();
      // 20 days before the window at about 52 MB a day, 1,000 KB on each of the 7 days, 300 KB so far today
      for (let i = 8; i <= 27; i++) platform.set(addDays(d, -i), 52_400 + i);
      for (let i = 1; i <= 7; i++) platform.set(addDays(d, -i), 1000);
      platform.set(d, 300);
      line = {
        iccid: c.iccid,
        msisdn: c.isdn,
        imsi: '460071234500077',
        status: '2',
        realNameStatus: '1',
        apn: 'CMIOT',
        openApns: ['CMIOT'],
      };
      publish();
      onelink.addLine(line);
      token = await t.loginCard(ONELINK_CARD);
      onelink.resetStats();
      const result = await round();
      expect(result.find((r) => r.account === '移动-用量')).toMatchObject({ synced: 1, failed: 0 });
      const rows = await expectThePlatformsFigures();
      // the month before the window is one figure, on the last day before it (never on today)
      const before = addDays(d, -8);
      if (before >= periodStartOf(d)) {
        const rest = [...platform].filter(([day]) => day >= periodStartOf(d) && day <= before).reduce((s, [, kb]) => s + kb, 0);
        expect(rows.get(before)).toBe(rest);
      }
      expect((await card(ONELINK_CARD)).imsi).toBe(line.imsi);
      expect(onelink.stats().byPath['/ec/query/sim-basic-info']).toBe(1);
    });

    it('a later read: a day the platform corrects replaces ours (even lower), today grows, the month still adds up', async () => {
      const d = today();
      platform.set(addDays(d, -2), 900);
      platform.set(d, 800);
      publish();
      await want(ONELINK_CARD);
      onelink.resetStats();
      await round();
      await expectThePlatformsFigures();
      // the IMSI was learnt: no call asks for it again
      expect(onelink.stats().byPath['/ec/query/sim-basic-info'] ?? 0).toBe(0);
    });

    it('the next day: yesterday final, a new today, the month to the KB', async () => {
      // into the next China day, a minute past its midnight (under a day: the platform checks the
      // time in each transid against its own clock, and the adapter's is the real one)
      const chinaMs = clock.now().getTime() + 8 * 3600_000;
      clock.advance(86_400_000 - (chinaMs % 86_400_000) + 60_000);
      const d = today();
      platform.set(d, 450);
      publish();
      await want(ONELINK_CARD);
      await round();
      await expectThePlatformsFigures();
    });
  });

  it('a line whose IMSI the platform does not give: asked once, not on every read', async () => {
    const c = await importOnto('1000000004', await accountId('移动-用量'));
    onelink.addLine({ iccid: c.iccid, msisdn: c.isdn, status: '2', realNameStatus: '1', monthKb: 0, apn: 'CMIOT', openApns: ['CMIOT'] });
    onelink.resetStats();
    await round();
    await want('1000000004');
    await round();
    await want('1000000004');
    await round();
    expect(onelink.stats().byPath['/ec/query/sim-status']).toBe(3);
    expect(onelink.stats().byPath['/ec/query/sim-basic-info']).toBe(1);
  });

  describe('Unicom CMP: one session list per card and billing cycle', () => {
    it("a first read of two cards asks each card's sessions once per cycle its 28 days touch, and stores the platform's days", async () => {
      const account = await accountId('联通-用量');
      const now = clock.now();
      const d = chinaDate(now);
      for (const [i, num] of CMP_CARDS.entries()) {
        const c = await importOnto(num, account);
        const sessions = [];
        for (let k = 0; k <= 28; k++) sessions.push({ start: `${addDays(d, -k)} 08:00:00`, kb: 1000 + i + k });
        const cycleStart = periodStartOf(d, 27);
        const cycleKb = sessions.filter((s) => s.start.slice(0, 10) >= cycleStart).reduce((s, x) => s + x.kb, 0);
        cmp.addLine({
          iccid: c.iccid,
          msisdn: c.isdn,
          imsi: `46001000000000${i}`,
          simStatus: '2',
          realNameStatus: '1',
          monthToDateDataUsage: (cycleKb / 1024).toFixed(6),
          sessions,
        });
      }
      onelink.resetStats();
      const before = cmp.calls.byApi.wsGetTerminalUsageDataDetails ?? 0;
      const result = await round();
      expect(result.find((r) => r.account === '联通-用量')).toMatchObject({ synced: CMP_CARDS.length, failed: 0 });
      const cycles = new Set(Array.from({ length: 29 }, (_, k) => cmpCycleDate(addDays(d, -k)))).size;
      expect((cmp.calls.byApi.wsGetTerminalUsageDataDetails ?? 0) - before).toBe(CMP_CARDS.length * cycles);
      for (const [i, num] of CMP_CARDS.entries()) {
        const rows = await rowsOf((await card(num)).id);
        for (let k = 1; k <= 28; k++) expect(rows.get(addDays(d, -k))).toBe(1000 + i + k);
      }
    });
  });
});
