// Usage and expiry alerts and auto-renew (docs/decisions/0015), run by the scheduled jobs: thresholds
// crossed once, twice and across a period boundary; nothing once turned off; auto-renew with too
// little and with enough balance (exactly one charge, in the ledger and the orders); two job
// runners on one database running each tick once, a crashed runner's tick picked up, runs never
// overlapping; bad input. Time moves with the server clock. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Code, type AlertSetting, type CardNotice, type FlowAnswer } from '@portal/contract';
import { buildApp } from '../src/app';
import { connect, type Db } from '../src/db/connect';
import { CarrierSimulator } from '../src/integrations/carrier/simulator';
import { JobRunner } from '../src/jobs';
import * as jobsRepo from '../src/jobs/repo';
import { clock } from '../src/lib/clock';
import { expectAllRejectedWithoutWrites } from './badInput';
import { databases, midMonth, useTestApp } from './harness';

const DAY = 86_400_000;
const GB = 1024 * 1024;
const CARD = '1000000001';
const MOBILE = '13800138000';
const ALERTS_INTERVAL = 300_000;

async function ok<T>(res: Promise<import('fastify').LightMyRequestResponse>): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  expect(r.json().code, r.body).toBe(0);
  return r.json().data as T;
}

const OFF = { data_alert: false, threshold_unit: 'percent', threshold_value: 20, expiry_alert: false, expiry_days: 3, auto_renew: false };

describe.each(databases())('alerts and auto-renew on %s', (kind) => {
  const t = useTestApp(kind, { alertsIntervalMs: ALERTS_INTERVAL, payReconcileIntervalMs: 0 }, { today: midMonth() });
  let demo: string;
  let cardId: number;
  let sim: CarrierSimulator;

  const setting = (num = CARD) => ok<AlertSetting>(t.get(`/api/v1/card/alert_setting?custom_num=${num}`, demo));
  const save = (o: Partial<typeof OFF>, num = CARD) =>
    ok<AlertSetting>(t.post('/api/v1/card/alert_setting', { custom_num: num, ...OFF, ...o }, demo));
  const notices = async () => (await ok<{ list: CardNotice[] }>(t.get(`/api/v1/card/notices?custom_num=${CARD}`, demo))).list;
  const flow = () => ok<FlowAnswer>(t.get(`/api/v2/card/flow?custom_num=${CARD}`, demo));
  const run = async () => {
    const r = await t.app.jobs.runNow<{ notices: number; renewed: number; short: number }>('alerts');
    expect(r.ran).toBe(true);
    return r.ran ? r.result : { notices: 0, renewed: 0, short: 0 };
  };
  const allNotices = () =>
    t.db.kysely.selectFrom('card_notices').select(['kind', 'period', 'order_no']).where('card_id', '=', cardId).orderBy('id').execute();
  const sms = async (text: string) =>
    (await t.db.kysely.selectFrom('sim_sms_outbox').select('content').where('mobile', '=', MOBILE).execute()).filter((r) =>
      r.content.includes(text),
    ).length;
  /** push the card's usage up until `leftKb` of its package is left */
  const useUntilLeft = async (leftKb: number) => {
    const f = await flow();
    const push = f.package!.remaining_kb - leftKb;
    if (push > 0) await sim.addUsage(CARD, push, clock.now());
  };
  const card = () => t.db.kysely.selectFrom('cards').select(['balance_fen']).where('id', '=', cardId).executeTakeFirstOrThrow();
  const renewOrders = () =>
    t.db.kysely.selectFrom('orders').selectAll().where('card_id', '=', cardId).where('request_id', 'like', 'auto-renew:%').execute();

  beforeAll(async () => {
    demo = await t.loginAccount();
    cardId = (await t.db.kysely.selectFrom('cards').select('id').where('custom_num', '=', CARD).executeTakeFirstOrThrow()).id;
    sim = new CarrierSimulator(t.db);
  });

  it('starts with everything off, and names the package auto-renew would buy', async () => {
    const s = await setting();
    expect(s).toMatchObject({ ...OFF, custom_num: CARD, balance: 20, sms: true, renew_unavailable: '' });
    expect(s.renew_package).toMatchObject({ name: '畅享100G月包', price: 29 });
    expect(s.plan_ends_at).toMatch(/T16:00:00/);
    expect((await run()).notices).toBe(0);
    expect(await notices()).toEqual([]);
  });

  it('refuses bad input with a Chinese message and writes nothing', async () => {
    const post = (body: unknown, token = demo) => t.post('/api/v1/card/alert_setting', body, token);
    const other = await t.loginCard('1000000004');
    await expectAllRejectedWithoutWrites(t, [
      {
        name: 'share 0 %',
        send: () => post({ custom_num: CARD, ...OFF, data_alert: true, threshold_value: 0 }),
        status: 400,
        message: /1到90/,
      },
      { name: 'share 95 %', send: () => post({ custom_num: CARD, ...OFF, threshold_value: 95 }), status: 400, message: /1到90/ },
      { name: 'share 12.5 %', send: () => post({ custom_num: CARD, ...OFF, threshold_value: 12.5 }), status: 400 },
      {
        name: 'amount 0 MB',
        send: () => post({ custom_num: CARD, ...OFF, threshold_unit: 'mb', threshold_value: 0 }),
        status: 400,
        message: /MB/,
      },
      {
        name: 'unknown unit',
        send: () => post({ custom_num: CARD, ...OFF, threshold_unit: 'gb' }),
        status: 400,
        message: /剩余比例或剩余流量/,
      },
      { name: '31 days', send: () => post({ custom_num: CARD, ...OFF, expiry_days: 31 }), status: 400, message: /提前1到30天/ },
      { name: 'a flag as text', send: () => post({ custom_num: CARD, ...OFF, data_alert: 'yes' }), status: 400, message: /剩余流量提醒/ },
      { name: 'missing fields', send: () => post({ custom_num: CARD }), status: 400 },
      { name: 'bad card number', send: () => post({ ...OFF, custom_num: '12' }), status: 400 },
      { name: 'unknown card', send: () => post({ ...OFF, custom_num: '1999999999' }), code: Code.CARD_NOT_FOUND },
      { name: "another user's card", send: () => post({ ...OFF, custom_num: '1000000004', data_alert: true }), status: 403 },
      { name: 'a card login cannot reach another card', send: () => post({ ...OFF, custom_num: CARD }, other), status: 403 },
      {
        name: 'auto-renew without a package',
        send: () => post({ ...OFF, custom_num: '1000000002', auto_renew: true }),
        status: 400,
        message: /还没有套餐/,
      },
      { name: 'no login', send: () => t.post('/api/v1/card/alert_setting', { ...OFF, custom_num: CARD }), status: 401 },
    ]);
    const read = await t.get('/api/v1/card/alert_setting?custom_num=1000000004', demo);
    expect(read.statusCode).toBe(403);
    const dismiss = await t.post('/api/v1/card/notice/dismiss', { custom_num: CARD, id: 999999 }, demo);
    expect(dismiss.statusCode).toBe(404);
    expect(dismiss.json().message).toBe('提醒不存在');
  });

  it('a data alert fires once when the remaining data crosses the threshold, never twice', async () => {
    await save({ data_alert: true, threshold_unit: 'percent', threshold_value: 20 });
    expect((await run()).notices).toBe(0); // well above 20 %
    const total = (await flow()).package!.total_kb;
    await useUntilLeft(Math.floor(total * 0.15));
    expect((await run()).notices).toBe(1);
    const [n] = await notices();
    expect(n).toMatchObject({ kind: 'data_low', title: '剩余流量不足', action: 'renew' });
    expect(n!.body).toContain('已低于您设置的20%');
    expect(await sms('剩余流量不足')).toBe(1);
    // the job again, and a second crossing (lower still) in the same period: nothing new
    expect((await run()).notices).toBe(0);
    await useUntilLeft(Math.floor(total * 0.05));
    expect((await run()).notices).toBe(0);
    expect((await allNotices()).filter((x) => x.kind === 'data_low')).toHaveLength(1);
    expect(await sms('剩余流量不足')).toBe(1);
  });

  it('the owner dismisses a notice: it leaves home, and is not sent again', async () => {
    const [n] = await notices();
    await ok(t.post('/api/v1/card/notice/dismiss', { custom_num: CARD, id: n!.id }, demo));
    expect(await notices()).toEqual([]);
    expect((await run()).notices).toBe(0);
    expect(await notices()).toEqual([]);
  });

  it('turned off: nothing is sent', async () => {
    const s = await save({});
    // two days before the plan's end (the seeded plan ends with the month, whatever today's date):
    // within 3 days of it now — the expiry alert would fire, were it on
    clock.advance(Math.max(0, Date.parse(s.plan_ends_at!) - clock.now().getTime() - 2 * DAY));
    // up to a month on (on the 1st of a month): past a login's life, so log in again
    demo = await t.loginAccount();
    expect((await run()).notices).toBe(0);
    expect(await allNotices()).toHaveLength(1);
  });

  it('the expiry alert fires once, N days before the plan ends', async () => {
    const s = await save({ expiry_alert: true, expiry_days: 5 });
    const left = Date.parse(s.plan_ends_at!) - clock.now().getTime();
    expect(left).toBeLessThan(5 * DAY);
    expect(left).toBeGreaterThan(0);
    expect((await run()).notices).toBe(1);
    expect((await run()).notices).toBe(0);
    const [n] = await notices();
    expect(n).toMatchObject({ kind: 'expiry_soon', title: '套餐即将到期', action: 'renew' });
    expect(await sms('套餐即将到期')).toBe(1);
  });

  it('auto-renew with too little balance: an alert with a recharge link instead of a charge, once', async () => {
    const s = await save({ data_alert: true, auto_renew: true, expiry_alert: true, expiry_days: 5 });
    expect(s.auto_renew).toBe(true);
    // before the end: the notice that it is coming, saying the balance is short
    expect((await run()).notices).toBe(1);
    expect((await notices())[0]).toMatchObject({ kind: 'renew_soon', action: 'recharge' });
    expect((await notices())[0]!.body).toContain('余额20元不足');
    const before = await t.snapshot();
    clock.advance(Date.parse(s.plan_ends_at!) - clock.now().getTime() + 60_000); // just past the end
    demo = await t.loginAccount();
    const r = await run();
    expect(r).toMatchObject({ renewed: 0, short: 1, notices: 1 });
    expect((await notices())[0]).toMatchObject({ kind: 'renew_short', title: '余额不足，自动续费未成功', action: 'recharge' });
    expect((await run()).notices).toBe(0);
    const after = await t.snapshot();
    expect(after.orders).toBe(before.orders);
    expect(after.balance_ledger).toBe(before.balance_ledger);
    expect((await card()).balance_fen).toBe(2000);
    expect(await renewOrders()).toEqual([]);
  });

  it('auto-renew with enough balance: exactly one charge, in the ledger and the orders, and a notice', async () => {
    // the owner tops the balance up (the recharge path is commerce's, tested there)
    await t.db.kysely.updateTable('cards').set({ balance_fen: 5000 }).where('id', '=', cardId).execute();
    // two runs asked at once: they never overlap (one may find the other holding the job), and
    // whichever ran, the period's charge happened once
    const both = await Promise.all([t.app.jobs.runNow<{ renewed: number }>('alerts'), t.app.jobs.runNow<{ renewed: number }>('alerts')]);
    expect(both.some((r) => r.ran)).toBe(true);
    expect(both.reduce((n, r) => n + (r.ran ? r.result.renewed : 0), 0)).toBe(1);
    expect((await run()).renewed).toBe(0);
    const orders = await renewOrders();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      state: 'fulfilled',
      pay_channel: 3,
      payable_fen: 2900,
      goods_type: 'package',
      title: '畅享100G月包',
    });
    const ledger = await t.db.kysely.selectFrom('balance_ledger').selectAll().where('order_no', '=', orders[0]!.order_no).execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ amount_fen: -2900, kind: 'purchase', balance_after_fen: 2100 });
    expect((await card()).balance_fen).toBe(2100);
    expect((await notices())[0]).toMatchObject({ kind: 'renewed', title: '已自动续费', action: 'order', order_no: orders[0]!.order_no });
    // the order is the owner's, like any purchase
    const list = await ok<{ list: { order_no: string }[] }>(t.get(`/api/v1/order/list?custom_num=${CARD}&page=1&status=all`, demo));
    expect(list.list.map((o) => o.order_no)).toContain(orders[0]!.order_no);
    // the new plan ends a month on: the next run renews nothing
    const s = await setting();
    expect(Date.parse(s.plan_ends_at!)).toBeGreaterThan(clock.now().getTime() + 27 * DAY);
    expect((await run()).renewed).toBe(0);
    expect((await card()).balance_fen).toBe(2100);
  });

  it('across a period boundary the data alert fires again, once', async () => {
    const f = await flow();
    expect(f.package!.remaining_kb).toBeGreaterThan(90 * GB); // the renewed package
    await useUntilLeft(Math.floor(f.package!.total_kb * 0.1));
    expect((await run()).notices).toBe(1);
    expect((await run()).notices).toBe(0);
    const low = (await allNotices()).filter((x) => x.kind === 'data_low');
    expect(low).toHaveLength(2);
    expect(low[0]!.period).not.toBe(low[1]!.period);
    expect(await sms('剩余流量不足')).toBe(2);
  });

  it('a top-up package renews when its data runs out: once per running-out', async () => {
    const TOPUP_CARD = '1000000002'; // no package yet, no daily use of its own
    demo = await t.loginAccount();
    const id2 = (await t.db.kysely.selectFrom('cards').select('id').where('custom_num', '=', TOPUP_CARD).executeTakeFirstOrThrow()).id;
    await t.db.kysely.updateTable('cards').set({ balance_fen: 10_000 }).where('id', '=', id2).execute();
    const pkg = await t.db.kysely
      .selectFrom('packages')
      .select(['id', 'price_fen'])
      .where('name', '=', '30天叠加包30G')
      .executeTakeFirstOrThrow();
    const bought = await t.post(
      '/api/v1/order/create',
      { custom_num: TOPUP_CARD, goods_type: 'package', package_id: pkg.id, pay_channel: 3, request_id: 'topup-first-buy' },
      demo,
    );
    expect(bought.json().data?.state, bought.body).toBe('fulfilled');
    const s = await save({ auto_renew: true }, TOPUP_CARD);
    expect(s.renew_package).toMatchObject({ name: '30天叠加包30G', price: pkg.price_fen / 100 });
    const renewals = () =>
      t.db.kysely
        .selectFrom('orders')
        .select(['order_no', 'state'])
        .where('card_id', '=', id2)
        .where('request_id', 'like', 'auto-renew:%')
        .execute();

    await sim.addUsage(TOPUP_CARD, 30 * GB, clock.now());
    expect((await run()).renewed).toBe(1);
    expect((await run()).renewed).toBe(0);
    expect(await renewals()).toHaveLength(1);
    const left = await ok<FlowAnswer>(t.get(`/api/v2/card/flow?custom_num=${TOPUP_CARD}`, demo));
    expect(left.package).toMatchObject({ total_kb: 60 * GB, remaining_kb: 30 * GB });

    await sim.addUsage(TOPUP_CARD, 30 * GB, clock.now());
    expect((await run()).renewed).toBe(1);
    expect((await run()).renewed).toBe(0);
    expect((await renewals()).map((o) => o.state)).toEqual(['fulfilled', 'fulfilled']);
    const balance = await t.db.kysely.selectFrom('cards').select('balance_fen').where('id', '=', id2).executeTakeFirstOrThrow();
    expect(balance.balance_fen).toBe(10_000 - 3 * pkg.price_fen);
    await save({}, TOPUP_CARD);
  });

  describe('several server processes on one database', () => {
    let second: Db | null = null;
    let other: FastifyInstance;
    beforeAll(async () => {
      // PostgreSQL: a second connection pool, as a second process has; SQLite (in memory): a second
      // app on the same connection
      second = kind === 'postgres' ? await connect(t.config.databaseUrl) : null;
      other = await buildApp({ db: second ?? t.db, config: t.config, logger: false });
      await other.ready();
    });
    afterAll(async () => {
      await other?.close();
      await second?.close();
    });

    it('two runners at once run each tick of a job once', async () => {
      let runs = 0;
      const job = (name: string) => ({
        name,
        intervalMs: 60_000,
        run: async () => {
          runs++;
          await new Promise((r) => setTimeout(r, 30));
        },
      });
      t.app.jobs.add(job('test.count'));
      other.jobs.add(job('test.count'));
      for (let tick = 0; tick < 3; tick++) {
        const all = await Promise.all([
          t.app.jobs.runDue('test.count'),
          other.jobs.runDue('test.count'),
          t.app.jobs.runDue('test.count'),
          other.jobs.runDue('test.count'),
        ]);
        expect(all.filter((r) => r.ran)).toHaveLength(1);
        clock.advance(60_000);
      }
      expect(runs).toBe(3);
    });

    it('the alerts job: both processes at the same tick, one run, one notice', async () => {
      demo = await t.loginAccount(); // the clock moved past the first login's lifetime
      await save({ data_alert: true, expiry_alert: true, expiry_days: 30 }); // the renewed plan ends within 30 days
      clock.advance(2 * DAY); // a month's plan: within 30 days of its end now, and a later tick
      const smsBefore = await sms('套餐即将到期');
      const [a, b] = await Promise.all([t.app.jobs.runDue('alerts'), other.jobs.runDue('alerts')]);
      expect([a.ran, b.ran].filter(Boolean)).toHaveLength(1);
      expect((await allNotices()).filter((x) => x.kind === 'expiry_soon')).toHaveLength(2); // one per plan end
      expect(await sms('套餐即将到期')).toBe(smsBefore + 1);
      // the same tick again, from either process: already run
      expect((await Promise.all([t.app.jobs.runDue('alerts'), other.jobs.runDue('alerts')])).some((r) => r.ran)).toBe(false);
    });

    it('a crashed runner’s tick is picked up once its lease lapses, and runs never overlap', async () => {
      let runs = 0;
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const def = (name: string) => ({
        name,
        intervalMs: 10 * DAY,
        leaseMs: 5_000,
        run: async () => {
          runs++;
          await gate;
        },
      });
      t.app.jobs.add(def('test.crash'));
      other.jobs.add(def('test.crash'));
      const k = t.db.kysely;
      await jobsRepo.ensureJob(k, 'test.crash');
      const now = clock.now();
      const tick = Math.floor(now.getTime() / (10 * DAY));
      // a runner took this tick and died: its row says "running" until the lease lapses
      expect(
        await jobsRepo.claim(k, {
          name: 'test.crash',
          tick,
          runner: 'dead',
          nowIso: now.toISOString(),
          leaseUntil: clock.isoIn(5_000),
          force: false,
        }),
      ).toBe(true);
      expect((await other.jobs.runDue('test.crash')).ran).toBe(false);
      clock.advance(6_000);
      const picked = other.jobs.runDue('test.crash');
      // until the other process holds it
      while ((await jobsRepo.jobRow(k, 'test.crash'))?.runner !== other.jobs.id) await new Promise((r) => setTimeout(r, 10));
      // while it runs, nobody else runs the job — not even "run now"
      expect((await t.app.jobs.runNow('test.crash')).ran).toBe(false);
      expect((await t.app.jobs.runDue('test.crash')).ran).toBe(false);
      release();
      expect((await picked).ran).toBe(true);
      expect(runs).toBe(1);
      // the tick is done: no second run of it
      expect((await t.app.jobs.runDue('test.crash')).ran).toBe(false);
      expect((await jobsRepo.jobRow(k, 'test.crash'))?.finished_at).toBeTruthy();
    });

    it('a JobRunner stops its timers and waits for its run on close', async () => {
      const r = new JobRunner(t.db, t.app.log);
      let done = false;
      r.add({
        name: 'test.close',
        intervalMs: 60_000,
        run: () => new Promise<void>((res) => setTimeout(() => ((done = true), res()), 30)),
      });
      r.start();
      const p = r.runNow('test.close');
      await new Promise((res) => setTimeout(res, 5));
      await r.stop();
      expect(done).toBe(true);
      expect((await p).ran).toBe(true);
    });
  });
});
