// One truth about a card (docs/decisions/0029): every endpoint that reports a card's state, stop
// reason, figures or fix answers the same as the line's read model (GET /api/v2/card/line) at the
// same instant — for every demo card, and after the events that move a line (purchases, refuels,
// an upgrade, a recharge, usage pushed by the carrier, a switch of SIM). And the events themselves:
// paying for what stopped a line puts it back in service everywhere; paying for something that
// cannot (a plan that queues) says so before payment and leaves it stopped. SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import type { LineAnswer } from '@portal/contract';
import { DEMO } from '../src/db/seed';
import { CarrierSimulator } from '../src/integrations/carrier/simulator';
import { clock } from '../src/lib/clock';
import { notify, rid, sandboxOf } from './commerceHelpers';
import { databases, midMonth, useTestApp, type TestApp } from './harness';

const GB = 1024 * 1024;
const ALL_CARDS = [
  ...['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '13', '14', '15', '16', '17', '20'],
  ...['21', '22', '23', '24', '25', '26', '27', '28', '30'],
].map((n) => `10000000${n}`);
const DEVICE_CARDS = ['1000000011', '1000000012', '1000000016'];

async function data<T>(res: Promise<import('fastify').LightMyRequestResponse>): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as T;
}

/** A token that may read the card: the demo account for its cards, else the card's own login. */
async function tokenFor(t: TestApp, num: string, account: string): Promise<string> {
  return (DEMO.boundCards as readonly string[]).includes(num) ? account : t.loginCard(num);
}

/**
 * Reads every view of the card's line and checks each against the read model. The first read syncs
 * a stale card; the rest read what it stored, so they describe the same instant.
 */
async function expectOneTruth(t: TestApp, num: string, token: string): Promise<LineAnswer> {
  const line = await data<LineAnswer>(t.get(`/api/v2/card/line?custom_num=${num}`, token));
  const flow = await data<{ package: unknown; today_used_kb: number; month_used_kb: number; line: LineAnswer }>(
    t.get(`/api/v2/card/flow?custom_num=${num}`, token),
  );
  expect(flow.line, `${num}: flow's line`).toEqual(line);
  expect(flow.package).toEqual(line.plan);
  expect([flow.today_used_kb, flow.month_used_kb]).toEqual([line.today_used_kb, line.month_used_kb]);

  const list = await data<{ list: { custom_num: string; state: number; package: unknown; problem: unknown; stop_reason: unknown }[] }>(
    t.get('/api/v1/card/bind_list', token),
  );
  const entry = list.list.find((c) => c.custom_num === num)!;
  expect(entry, `${num} in the card list`).toBeDefined();
  expect(entry.state).toBe(line.state);
  expect(entry.problem).toEqual(line.problem);
  expect(entry.stop_reason).toEqual(line.stop_reason);
  expect(entry.package).toEqual(
    line.plan && {
      name: line.plan.name,
      total_kb: line.plan.total_kb,
      remaining_kb: line.plan.remaining_kb,
      expired_at: line.plan.expired_at,
      valid_until: line.plan.valid_until,
    },
  );

  const clew = await data<{ content: string; action: { text: string } | null }>(t.get(`/api/v1/card/clew?custom_num=${num}`, token));
  if (line.problem) {
    expect(clew.content, `${num}: home names the problem`).toBe(`${line.problem.title}：${line.problem.detail}`);
    if (line.problem.fix && line.problem.fix.kind !== 'refresh') expect(clew.action?.text).toBe(line.problem.fix.text);
  } else expect(clew.content).not.toMatch(/停机|销户|欠费|未实名|用完/);

  const quick = await data<{ state: number; problem_title: string; needs: string | null }>(
    t.get(`/api/v1/quick/card_check?custom_num=${num}`),
  );
  expect([quick.state, quick.problem_title, quick.needs]).toEqual([line.state, line.problem?.title ?? '', line.needs]);

  if (DEVICE_CARDS.includes(num)) {
    const sims = await data<{ plan: unknown }>(t.get(`/api/v1/device/sims?custom_num=${num}`, token));
    expect(sims.plan, `${num}: the device's plan`).toEqual(line.plan);
  }

  if (line.purchasable) {
    const pkgs = await data<{ list: { effect?: { kind: string; restores_line?: boolean } }[] }>(
      t.get(`/api/v1/package/list?custom_num=${num}`, token),
    );
    const needsData = line.needs === 'refuel' || line.needs === 'package';
    for (const p of pkgs.list) if (p.effect && p.effect.kind !== 'refused') expect(p.effect.restores_line !== undefined).toBe(needsData);
  } else {
    // a cancelled card is never offered a purchase
    expect((await t.get(`/api/v1/package/list?custom_num=${num}`, token)).json().code).not.toBe(0);
  }

  // the diagnosis last: it asks the carrier, and must then still say what the line says
  const diag = await data<{
    state: number;
    stop_reason: unknown;
    overall: string;
    headline: string;
    checks: { key: string; fix: { kind: string } | null }[];
  }>(t.get(`/api/v2/go_card_diagnosis?custom_num=${num}`, token));
  const after = await data<LineAnswer>(t.get(`/api/v2/card/line?custom_num=${num}`, token));
  expect(diag.state).toBe(after.state);
  expect(diag.stop_reason).toEqual(after.stop_reason);
  if (after.problem) expect(diag.headline, `${num}: the diagnosis headline`).toContain(after.problem.title.split('：')[0]);
  else expect(diag.headline).not.toContain('异常');
  if (!after.purchasable)
    expect(diag.checks.some((c) => c.fix?.kind === 'buy_package' || c.fix?.kind === 'buy_refuel' || c.fix?.kind === 'recharge')).toBe(
      false,
    );
  return after;
}

async function pkgId(t: TestApp, name: string): Promise<number> {
  return (await t.db.kysely.selectFrom('packages').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

/** Pay through the sandbox gateway and its notification, as a holder at the cashier would. */
async function payAtGateway(t: TestApp, pay: { url: string }) {
  const row = (await sandboxOf(t).finish(pay.url.split('/').pop()!, 'pay', { drop: true }))!;
  expect((await notify(t, 1, sandboxOf(t).notificationFor(row))).json()).toMatchObject({ code: 0 });
}

async function quickBuy(t: TestApp, num: string, packageName: string) {
  const o = await data<{ order_no: string; access_key: string; pay: { url: string } }>(
    t.post('/api/v1/quick/order', { custom_num: num, package_id: await pkgId(t, packageName), pay_channel: 1, request_id: rid() }),
  );
  await payAtGateway(t, o.pay);
  return data<{ state: string; line_after?: string }>(
    t.get(`/api/v1/quick/order?order_no=${o.order_no}&access_key=${encodeURIComponent(o.access_key)}`),
  );
}

describe.each(databases())('one truth about a card on %s', (kind) => {
  const t = useTestApp(kind, { payReconcileIntervalMs: 0, paySandboxDropNotify: true }, { today: midMonth() });

  it('every demo card: every page that reports its line says what the read model says', async () => {
    const account = await t.loginAccount();
    for (const num of ALL_CARDS) await expectOneTruth(t, num, await tokenFor(t, num, account));
  });

  it('names the faults the issue found contradicted', async () => {
    const account = await t.loginAccount();
    const line = async (num: string) => expectOneTruth(t, num, await tokenFor(t, num, account));
    expect((await line('1000000005')).problem).toMatchObject({ code: 'cancelled', fix: { kind: 'customer' } });
    expect((await line('1000000005')).purchasable).toBe(false);
    expect((await line('1000000006')).problem).toMatchObject({ code: 'replace_card', fix: { kind: 'replace_card' } });
    // the APN is learned from the carrier's test (the diagnosis runs it): then every page names it
    expect((await line('1000000030')).problem).toMatchObject({ code: 'apn', title: 'APN 设置有误' });
    const used = await line('1000000022');
    expect(used).toMatchObject({
      state: 3,
      needs: 'refuel',
      problem: { code: 'stopped', title: '流量已用完', fix: { kind: 'buy_refuel' } },
    });
    expect(used.plan!.remaining_kb).toBe(0);
  });

  it('a 加油包 paid through quick payment brings 1000000022 back, and every page agrees', async () => {
    const token = await t.loginCard('1000000022');
    // before paying: the refuel says it restores the card today, a new monthly plan that it does not
    const pkgs = await data<{ list: { name: string; recommended: boolean; effect: { restores_line?: boolean; line_note?: string } }[] }>(
      t.get('/api/v1/quick/packages?custom_num=1000000022'),
    );
    const refuel = pkgs.list.find((p) => p.name.includes('加油包'))!;
    expect(refuel.effect.restores_line).toBe(true);
    const monthly = pkgs.list.find((p) => p.recommended)!;
    expect(monthly.effect).toMatchObject({ restores_line: false, line_note: expect.stringContaining('不能让卡今天恢复上网') });

    const order = await quickBuy(t, '1000000022', refuel.name);
    expect(order).toMatchObject({ state: 'fulfilled', line_after: 'back_online' });
    const after = await expectOneTruth(t, '1000000022', token);
    expect(after).toMatchObject({ state: 1, in_service: true, stop_reason: null, problem: null, restoring: false });
    // the 10 GB it bought, less what it has used since it came back this morning
    expect(after.plan!.remaining_kb).toBeLessThanOrEqual(10 * GB);
    expect(after.plan!.remaining_kb).toBeGreaterThan(8 * GB);
    const diag = await data<{ overall: string; headline: string }>(
      t.get('/api/v2/go_card_diagnosis?custom_num=1000000022&refresh=1', token),
    );
    expect(diag.headline).not.toContain('停机');
  });

  it('a monthly plan that only queues leaves the card stopped, and the result page says so', async () => {
    // 1000000022 is back online (above); a fresh stop for data used up on another card with a plan in force
    const sim = new CarrierSimulator(t.db);
    const token = await t.loginCard('1000000026');
    await sim.setLineState('1000000026', 3, 'FLOW_LIMIT');
    await data(t.post('/api/v2/card/flow/sync', { custom_num: '1000000026' }, token));
    const before = await expectOneTruth(t, '1000000026', token);
    expect(before).toMatchObject({ state: 3, needs: 'refuel', plan: { remaining_kb: 0 } });
    const order = await quickBuy(t, '1000000026', '畅享100G月包');
    expect(order).toMatchObject({ state: 'fulfilled', line_after: 'stopped' });
    expect(await expectOneTruth(t, '1000000026', token)).toMatchObject({ state: 3, restoring: false, queued: [{ name: '畅享100G月包' }] });
  });

  it('a plan bought for an expired card starts now and resumes it (1000000025)', async () => {
    const token = await t.loginCard('1000000025');
    expect(await expectOneTruth(t, '1000000025', token)).toMatchObject({ state: 3, needs: 'package', plan: null });
    expect(await quickBuy(t, '1000000025', '畅享50G月包')).toMatchObject({ line_after: 'back_online' });
    expect(await expectOneTruth(t, '1000000025', token)).toMatchObject({ state: 1, problem: null, plan: { name: '畅享50G月包' } });
  });

  it('a recharge that clears the arrears resumes 1000000021; while the carrier does not answer, every page says 正在恢复', async () => {
    const token = await t.loginCard('1000000021');
    expect(await expectOneTruth(t, '1000000021', token)).toMatchObject({
      state: 3,
      needs: 'recharge',
      problem: { fix: { kind: 'recharge' } },
    });
    // the carrier does not know the line for now (every call fails): the payment stands, the line waits
    const simLine = await t.db.kysely.selectFrom('sim_lines').selectAll().where('custom_num', '=', '1000000021').executeTakeFirstOrThrow();
    await t.db.kysely.deleteFrom('sim_lines').where('custom_num', '=', '1000000021').execute();
    const o = await data<{ order_no: string; pay: { url: string } }>(
      t.post(
        '/api/v1/order/create',
        { custom_num: '1000000021', goods_type: 'recharge', amount: 50, pay_channel: 1, request_id: rid() },
        token,
      ),
    );
    await payAtGateway(t, o.pay);
    const waiting = await data<LineAnswer>(t.get('/api/v2/card/line?custom_num=1000000021', token));
    expect(waiting).toMatchObject({ state: 3, restoring: true, problem: { code: 'restoring', fix: { kind: 'refresh' } }, needs: null });
    expect((await data<{ line_after?: string }>(t.get(`/api/v1/order/detail?order_no=${o.order_no}`, token))).line_after).toBe('restoring');
    const clew = await data<{ content: string }>(t.get('/api/v1/card/clew?custom_num=1000000021', token));
    expect(clew.content).toMatch(/^正在恢复上网：/);
    await t.db.kysely.insertInto('sim_lines').values(simLine).execute();
    // the restore job asks again
    const run = await t.app.jobs.runNow<{ asked: number; resumed: number }>('line-restore');
    expect(run).toMatchObject({ ran: true, result: { asked: 1, resumed: 1 } });
    expect(await expectOneTruth(t, '1000000021', token)).toMatchObject({ state: 1, restoring: false, problem: null });
  });

  it('after an upgrade, a refuel, usage pushed by the carrier and a switch of SIM, the pages still agree', async () => {
    const account = await t.loginAccount();
    const sim = new CarrierSimulator(t.db);
    // usage pushed by the carrier, then the holder's 刷新
    await sim.addUsage('1000000016', 3 * GB, clock.now());
    clock.advance(31_000);
    await data(t.post('/api/v2/card/flow/sync', { custom_num: '1000000016' }, account));
    await expectOneTruth(t, '1000000016', account);
    // an upgrade of the CPE's plan: its totals change on every page at once
    const options = await data<{ options: { package: { id: number } }[] }>(t.get('/api/v1/upgrade/options?custom_num=1000000011', account));
    const o = await data<{ pay: { url: string } }>(
      t.post(
        '/api/v1/order/create',
        { custom_num: '1000000011', goods_type: 'upgrade', package_id: options.options[0]!.package.id, pay_channel: 1, request_id: rid() },
        account,
      ),
    );
    await payAtGateway(t, o.pay);
    const cpe = await expectOneTruth(t, '1000000011', account);
    expect(cpe.plan!.total_kb).toBeGreaterThan(300 * GB);
    // a switch of SIM on the multi-SIM device: the plan they share does not move
    const before = await expectOneTruth(t, '1000000012', account);
    const sims = await data<{ list: { iccid: string; active: boolean; activated: boolean }[] }>(
      t.get('/api/v1/device/sims?custom_num=1000000012', account),
    );
    const other = sims.list.find((s) => !s.active && s.activated)!;
    await data(t.post('/api/v1/device/sims/switch', { custom_num: '1000000012', iccid: other.iccid }, account));
    expect((await expectOneTruth(t, '1000000012', account)).plan).toEqual(before.plan);
  });
});
