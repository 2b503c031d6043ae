// Usage API and the carrier sync behind it: daily records, today / month / package figures that
// agree with each other, idempotent and rate-limited syncs, freshness, the access rule and bad
// input. Time moves with the server clock (lib/clock). SQLite and PostgreSQL.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Code, type DailyFlowAnswer, type FlowAnswer, type FlowStatisticsAnswer } from '@portal/contract';
import { chinaDate, chinaMonthStart } from '@portal/domain';
import type { AppContext } from '../src/context';
import { CarrierSimulator } from '../src/integrations/carrier/simulator';
import { clock } from '../src/lib/clock';
import { SYNC_RETRY_AFTER_FAILURE_MS, syncUsage } from '../src/modules/usage';
import { expectAllRejectedWithoutWrites, jsonPost, oversizedBody } from './badInput';
import { databases, midMonth, useTestApp, type TestApp } from './harness';

const DAY = 86_400_000;
const MINUTE = 60_000;

function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
}

async function cardId(t: TestApp, num: string): Promise<number> {
  const c = await t.db.kysely.selectFrom('cards').select('id').where('custom_num', '=', num).executeTakeFirstOrThrow();
  return c.id;
}

async function rows(t: TestApp, num: string) {
  return t.db.kysely
    .selectFrom('card_flow_daily')
    .select(['day', 'used_kb'])
    .where('card_id', '=', await cardId(t, num))
    .orderBy('day')
    .execute();
}

async function ok<T>(res: Promise<import('fastify').LightMyRequestResponse>): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  expect(r.json().code, r.body).toBe(0);
  return r.json().data as T;
}

describe.each(databases())('usage on %s', (kind) => {
  const t = useTestApp(kind, {}, { today: midMonth() });
  let demo: string;
  const flow = (num: string, token = demo) => ok<FlowAnswer>(t.get(`/api/v2/card/flow?custom_num=${num}`, token));
  const daily = (num: string, days?: number, token = demo) =>
    ok<DailyFlowAnswer>(t.get(`/api/v2/card_flow?custom_num=${num}${days === undefined ? '' : `&days=${days}`}`, token));
  const stats = (num: string, token = demo) => ok<FlowStatisticsAnswer>(t.get(`/api/v1/card/flow_statistics?custom_num=${num}`, token));
  const sync = (num: string, token = demo) => t.post('/api/v2/card/flow/sync', { custom_num: num }, token);

  beforeAll(async () => {
    demo = await t.loginAccount();
  });

  describe('first read', () => {
    it('a never-synced card is synced on first read: history back to activation, at most 90 days', async () => {
      expect(await rows(t, '1000000001')).toEqual([]);
      const before = Date.now();
      const f = await flow('1000000001');
      expect(Date.parse(f.synced_at)).toBeGreaterThanOrEqual(before - 1000);
      const stored = await rows(t, '1000000001');
      const today = chinaDate(clock.now());
      expect(stored).toHaveLength(90);
      expect(stored[0]!.day).toBe(addDays(today, -89));
      expect(stored.at(-1)!.day).toBe(today);
      const card = await t.db.kysely
        .selectFrom('cards')
        .select('flow_synced_at')
        .where('custom_num', '=', '1000000001')
        .executeTakeFirstOrThrow();
      expect(card.flow_synced_at).toBe(f.synced_at);
    });

    it('the usage overview: today, this month and the active package agree with the daily records', async () => {
      const f = await flow('1000000001');
      const d = await daily('1000000001', 90);
      const today = chinaDate(clock.now());
      const byDay = new Map(d.records.map((r) => [r.date, r.used_kb]));
      expect(f.custom_num).toBe('1000000001');
      expect(f.today_used_kb).toBe(byDay.get(today));
      const monthFrom = chinaDate(chinaMonthStart(clock.now()));
      const monthSum = d.records.filter((r) => r.date >= monthFrom).reduce((s, r) => s + r.used_kb, 0);
      expect(f.month_used_kb).toBe(monthSum);
      expect(f.month_used_kb).toBeGreaterThanOrEqual(f.today_used_kb);

      const pkg = f.package!;
      expect(pkg.name).toBe('畅享100G月包');
      expect(pkg.total_kb).toBe(100 * 1024 * 1024);
      // the seeded package runs from this month's start (China time) to next month's
      expect(pkg.started_at).toBe(chinaMonthStart(clock.now()).toISOString());
      expect(pkg.expired_at).toBe(chinaMonthStart(clock.now(), 1).toISOString());
      const pkgFrom = chinaDate(new Date(pkg.started_at));
      const pkgSum = d.records.filter((r) => r.date >= pkgFrom).reduce((s, r) => s + r.used_kb, 0);
      expect(pkg.used_kb).toBe(pkgSum);
      expect(pkg.remaining_kb).toBe(Math.max(0, pkg.total_kb - pkg.used_kb));
      for (const n of [f.today_used_kb, f.month_used_kb, pkg.used_kb, pkg.remaining_kb]) expect(Number.isInteger(n)).toBe(true);
    });

    it('a card without a package: package null, usage still reported', async () => {
      const f = await flow('1000000002');
      expect(f.package).toBeNull();
      expect(f.today_used_kb).toBe(0);
      expect(f.month_used_kb).toBe(0);
    });
  });

  describe('daily records', () => {
    it('30 days by default, oldest first, consecutive, ending today (China date)', async () => {
      const d = await daily('1000000001');
      const today = chinaDate(clock.now());
      expect(d.custom_num).toBe('1000000001');
      expect(d.records).toHaveLength(30);
      expect(d.records.map((r) => r.date)).toEqual(Array.from({ length: 30 }, (_, i) => addDays(today, i - 29)));
      for (const r of d.records) {
        expect(Number.isInteger(r.used_kb)).toBe(true);
        expect(r.used_kb).toBeGreaterThanOrEqual(0);
      }
      expect(d.synced_at).not.toBe('');
      expect((await daily('1000000001', 7)).records).toHaveLength(7);
      expect((await daily('1000000001', 1)).records.map((r) => r.date)).toEqual([today]);
      expect((await daily('1000000001', 90)).records).toHaveLength(90);
    });

    it('days without usage are there with 0', async () => {
      // a line the carrier activated five days ago: it knows nothing before that
      const today = chinaDate(clock.now());
      await t.db.kysely
        .updateTable('sim_lines')
        .set({ activated_on: addDays(today, -4) })
        .where('custom_num', '=', '1000000013')
        .execute();
      const d = await daily('1000000013');
      expect(d.records).toHaveLength(30);
      expect(d.records.slice(0, 25).every((r) => r.used_kb === 0)).toBe(true);
      expect(d.records.slice(25, 29).every((r) => r.used_kb > 0)).toBe(true);
      expect((await rows(t, '1000000013')).length).toBe(5);
    });

    it('statistics: total and months (newest first) add up; this month matches the overview', async () => {
      const s = await stats('1000000001');
      const f = await flow('1000000001');
      const stored = await rows(t, '1000000001');
      expect(s.total_used_kb).toBe(stored.reduce((sum, r) => sum + r.used_kb, 0));
      expect(s.months.reduce((sum, m) => sum + m.used_kb, 0)).toBe(s.total_used_kb);
      const months = s.months.map((m) => m.month);
      expect([...months].sort().reverse()).toEqual(months);
      expect(months[0]).toBe(chinaDate(clock.now()).slice(0, 7));
      expect(months.at(-1)).toBe(stored[0]!.day.slice(0, 7));
      expect(s.months[0]!.used_kb).toBe(f.month_used_kb);
      expect(f.month_used_kb).toBeLessThanOrEqual(s.total_used_kb);
      expect(s.synced_at).toBe(f.synced_at);
    });
  });

  describe('sync', () => {
    it('a forced sync right after a sync answers the current figures without asking the carrier', async () => {
      const before = await flow('1000000001');
      const res = await sync('1000000001');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.code).toBe(0);
      expect(body.message).toMatch(/秒后再刷新/);
      expect(body.data).toMatchObject({ ...before, refreshed: false });
      expect(body.data.retry_after_seconds).toBeGreaterThan(0);
      expect(body.data.retry_after_seconds).toBeLessThanOrEqual(30);
    });

    it('is idempotent: syncing again stores no new rows and changes no finished day', async () => {
      const firstRows = await rows(t, '1000000001');
      clock.advance(31_000);
      const res = await sync('1000000001');
      expect(res.json().code).toBe(0);
      expect(res.json().data.refreshed).toBe(true);
      expect(res.json().message).toBe('流量数据已更新');
      clock.advance(31_000);
      const res2 = await sync('1000000001');
      expect(res2.json().data.refreshed).toBe(true);
      expect(Date.parse(res2.json().data.synced_at)).toBeGreaterThan(Date.parse(res.json().data.synced_at));
      const after = await rows(t, '1000000001');
      expect(after.length).toBe(firstRows.length);
      const today = chinaDate(clock.now());
      // finished days are final; today's figure only grows
      expect(after.filter((r) => r.day < today)).toEqual(firstRows.filter((r) => r.day < today));
      const todayBefore = firstRows.find((r) => r.day === today)?.used_kb ?? 0;
      expect(after.find((r) => r.day === today)!.used_kb).toBeGreaterThanOrEqual(todayBefore);
    });

    it('concurrent syncs do not double-count', async () => {
      clock.advance(31_000);
      const before = await rows(t, '1000000001');
      const results = await Promise.all(Array.from({ length: 6 }, () => sync('1000000001')));
      for (const r of results) {
        expect(r.statusCode, r.body).toBe(200);
        expect(r.json().code).toBe(0);
      }
      const after = await rows(t, '1000000001');
      expect(after.map((r) => r.day)).toEqual(before.map((r) => r.day));
      const f = await flow('1000000001');
      const d = await daily('1000000001', 90);
      const pkgFrom = chinaDate(new Date(f.package!.started_at));
      expect(f.package!.used_kb).toBe(d.records.filter((r) => r.date >= pkgFrom).reduce((s, r) => s + r.used_kb, 0));
    });

    it('syncs racing in the database (as from several server processes) leave one row per day', async () => {
      // bypass the in-process de-duplication: every call reaches the carrier and the database
      const ctx = { db: t.db, carrier: new CarrierSimulator(t.db) } as unknown as AppContext;
      const card = await t.db.kysely.selectFrom('cards').selectAll().where('custom_num', '=', '1000000011').executeTakeFirstOrThrow();
      expect(card.flow_synced_at).toBe('');
      await Promise.all(Array.from({ length: 5 }, () => syncUsage(ctx, card)));
      const stored = await rows(t, '1000000011');
      expect(stored).toHaveLength(90);
      expect(new Set(stored.map((r) => r.day)).size).toBe(90);
      const f = await flow('1000000011');
      const pkgFrom = chinaDate(new Date(f.package!.started_at));
      expect(f.package!.used_kb).toBe(stored.filter((r) => r.day >= pkgFrom).reduce((s, r) => s + r.used_kb, 0));
    });

    it('reads re-sync once the figures are older than 10 minutes, not before', async () => {
      const a = await flow('1000000001');
      clock.advance(5 * MINUTE);
      const b = await flow('1000000001');
      expect(b.synced_at).toBe(a.synced_at);
      clock.advance(6 * MINUTE);
      const c = await daily('1000000001');
      expect(Date.parse(c.synced_at)).toBeGreaterThan(Date.parse(a.synced_at));
      expect((await flow('1000000001')).synced_at).toBe(c.synced_at);
    });

    it('a day later, a sync brings the new day; yesterday’s partial figure is completed', async () => {
      const todayBefore = chinaDate(clock.now());
      const partial = (await rows(t, '1000000001')).find((r) => r.day === todayBefore)!.used_kb;
      clock.advance(DAY);
      const tomorrow = chinaDate(clock.now());
      expect(tomorrow).toBe(addDays(todayBefore, 1));
      const res = await sync('1000000001');
      expect(res.json().data.refreshed).toBe(true);
      const stored = await rows(t, '1000000001');
      expect(stored.at(-1)!.day).toBe(tomorrow);
      expect(stored.find((r) => r.day === todayBefore)!.used_kb).toBeGreaterThanOrEqual(partial);
      const d = await daily('1000000001');
      expect(d.records.at(-1)!.date).toBe(tomorrow);
      expect(d.records).toHaveLength(30);
      expect(res.json().data.today_used_kb).toBe(stored.at(-1)!.used_kb);
    });

    it('a carrier failure costs freshness, not the page: stored figures are served', async () => {
      await flow('1000000003'); // synced while the carrier knows the line
      await t.db.kysely.deleteFrom('sim_lines').where('custom_num', '=', '1000000003').execute();
      clock.advance(11 * MINUTE);
      const before = await rows(t, '1000000003');
      const f = await flow('1000000003');
      expect(f.package).not.toBeNull();
      const res = await sync('1000000003');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.refreshed).toBe(false);
      expect(res.json().message).toMatch(/运营商数据暂时无法获取/);
      expect(res.json().data.synced_at).toBe(f.synced_at);
      expect(await rows(t, '1000000003')).toEqual(before);
    });

    it('after a failed sync, the pages do not ask the carrier again for a minute; 刷新 still does', async () => {
      const num = '1000000003';
      await flow(num); // synced once, then the carrier loses the line: every sync fails
      await t.db.kysely.deleteFrom('sim_lines').where('custom_num', '=', num).execute();
      const usage = vi.spyOn(CarrierSimulator.prototype, 'usage');
      try {
        clock.advance(11 * MINUTE); // stale: the page syncs on its own
        await flow(num);
        expect(usage).toHaveBeenCalledTimes(1);
        // another load within the minute: the stored figures at once, no wait for the carrier
        await flow(num);
        await daily(num);
        expect(usage).toHaveBeenCalledTimes(1);
        // the card holder's own 刷新 asks at once
        expect((await sync(num)).json().message).toMatch(/运营商数据暂时无法获取/);
        expect(usage).toHaveBeenCalledTimes(2);
        // a minute on, the pages try again
        clock.advance(SYNC_RETRY_AFTER_FAILURE_MS);
        await flow(num);
        expect(usage).toHaveBeenCalledTimes(3);
      } finally {
        usage.mockRestore();
      }
    });

    it('card info does not call the carrier once a card has been synced', async () => {
      const id = await cardId(t, '1000000001');
      const syncedBefore = (await t.db.kysely.selectFrom('cards').select('flow_synced_at').where('id', '=', id).executeTakeFirstOrThrow())
        .flow_synced_at;
      clock.advance(20 * MINUTE);
      const res = await t.get('/api/v2/card/info?custom_num=1000000001', demo);
      expect(res.json().code).toBe(0);
      const syncedAfter = (await t.db.kysely.selectFrom('cards').select('flow_synced_at').where('id', '=', id).executeTakeFirstOrThrow())
        .flow_synced_at;
      expect(syncedAfter).toBe(syncedBefore);
    });
  });

  describe('access and bad input', () => {
    it('other people’s cards answer 403, unknown numbers 10000, and nothing is written', async () => {
      const cardToken = await t.loginCard('1000000020');
      const requests = (num: string, token?: string) => [
        () => t.get(`/api/v2/card/flow?custom_num=${num}`, token),
        () => t.get(`/api/v2/card_flow?custom_num=${num}&days=30`, token),
        () => t.get(`/api/v1/card/flow_statistics?custom_num=${num}`, token),
        // not sync(): its default token is the demo user's
        () => t.post('/api/v2/card/flow/sync', { custom_num: num }, token),
      ];
      await expectAllRejectedWithoutWrites(t, [
        ...requests('1000000004', demo).map((send, i) => ({ name: `demo → 1000000004 #${i}`, send, status: 403, code: Code.FORBIDDEN })),
        ...requests('1000000001', cardToken).map((send, i) => ({ name: `card login → 1000000001 #${i}`, send, status: 403 })),
        ...requests('1999999999', demo).map((send, i) => ({
          name: `unknown #${i}`,
          send,
          status: 400,
          code: Code.CARD_NOT_FOUND,
          message: /^卡号不存在$/,
        })),
        ...requests('1000000001').map((send, i) => ({ name: `no token #${i}`, send, status: 401 })),
      ]);
    });

    it('a card-number login reads its own card’s usage', async () => {
      const token = await t.loginCard('1000000020');
      const f = await flow('1000000020', token);
      expect(f.package?.name).toBe('畅享100G月包');
      expect((await daily('1000000020', 30, token)).records).toHaveLength(30);
    });

    it('malformed input on every usage route: a Chinese 4xx and nothing written', async () => {
      const q = (path: string, query: string) => () => t.get(`${path}?${query}`, demo);
      await expectAllRejectedWithoutWrites(t, [
        { name: 'flow: missing', send: q('/api/v2/card/flow', ''), status: 400, code: Code.BAD_REQUEST, message: /卡号/ },
        { name: 'flow: malformed', send: q('/api/v2/card/flow', 'custom_num=10000-0001'), status: 400 },
        { name: 'flow: too long', send: q('/api/v2/card/flow', `custom_num=${'9'.repeat(30)}`), status: 400 },
        { name: 'daily: days=0', send: q('/api/v2/card_flow', 'custom_num=1000000001&days=0'), status: 400, message: /天数有误/ },
        { name: 'daily: days=abc', send: q('/api/v2/card_flow', 'custom_num=1000000001&days=abc'), status: 400, message: /天数有误/ },
        { name: 'daily: days=1000', send: q('/api/v2/card_flow', 'custom_num=1000000001&days=1000'), status: 400, message: /最多查询90天/ },
        { name: 'daily: days=-3', send: q('/api/v2/card_flow', 'custom_num=1000000001&days=-3'), status: 400 },
        { name: 'daily: days=1.5', send: q('/api/v2/card_flow', 'custom_num=1000000001&days=1.5'), status: 400 },
        { name: 'daily: days empty', send: q('/api/v2/card_flow', 'custom_num=1000000001&days='), status: 400 },
        { name: 'daily: days twice', send: q('/api/v2/card_flow', 'custom_num=1000000001&days=3&days=4'), status: 400 },
        { name: 'daily: missing card', send: q('/api/v2/card_flow', 'days=30'), status: 400 },
        { name: 'stats: missing', send: q('/api/v1/card/flow_statistics', ''), status: 400 },
        { name: 'stats: malformed', send: q('/api/v1/card/flow_statistics', 'custom_num=abcdefghij'), status: 400 },
        {
          name: 'sync: malformed JSON',
          send: () => jsonPost(t, '/api/v2/card/flow/sync', '{"custom_num":', demo),
          status: 400,
          message: /JSON/,
        },
        { name: 'sync: missing field', send: () => t.post('/api/v2/card/flow/sync', {}, demo), status: 400, code: Code.BAD_REQUEST },
        { name: 'sync: wrong type', send: () => t.post('/api/v2/card/flow/sync', { custom_num: 1000000001 }, demo), status: 400 },
        {
          name: 'sync: malformed number',
          send: () => t.post('/api/v2/card/flow/sync', { custom_num: '1000000001; drop table cards' }, demo),
          status: 400,
        },
        {
          name: 'sync: oversized',
          send: () => jsonPost(t, '/api/v2/card/flow/sync', oversizedBody({ custom_num: '1000000001' }), demo),
          status: 413,
        },
        {
          name: 'sync: no body',
          send: () => t.inject({ method: 'POST', url: '/api/v2/card/flow/sync', headers: { authorization: `Bearer ${demo}` } }),
          status: 400,
        },
      ]);
    });
  });
});
