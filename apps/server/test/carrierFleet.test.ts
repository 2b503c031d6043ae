// The carrier fleet view (docs/decisions/0065), against a fake CTWing gateway (a real HTTP server
// speaking the protocol) and a fake official account: each account's cards, its last round with
// the cards read and failed, its state in words — 尚未同步 before a round, 同步失败 after a round that
// read none of its cards, 密钥被拒 with when it is tried next in Beijing time — the state gauge
// Prometheus alerts on, and the operations team told in the messaging app once per episode (and
// again when it is back). A move of cards onto an account of another carrier (by the ICCID's issuer
// code) is refused naming them, nothing written, unless confirmed; the confirmed job counts them.
// SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@portal/contract/codes';
import type { Config } from '../src/config';
import { FakeCtwing } from '../src/integrations/carrier/ctwing/fake';
import { FakeWechatMp } from '../src/integrations/messaging/wechatMp/fake';
import { CARRIER_SYNC_JOB } from '../src/modules/carriers';
import { adminGet, adminPost, loginAs } from './adminHelpers';
import { finishedJob } from './bulkJobHelpers';
import { databases, useTestApp, type TestApp } from './harness';

const ACCOUNT = { appKey: 'ak-fleet-test', secret: 'fleet-secret-0123456789', custNumber: '6000055555' };
const CARDS = ['1000000001', '1000000002'];
const APPID = 'wx0123456789abcdef';
const OPS = 'oOps_fleet_0001';
const TOKEN = 'metrics-token-fleet-0123456789';

const wechatMp: Config['wechatMp'] = {
  appid: APPID,
  secret: 'mp-secret-for-tests-0123',
  secretFile: null,
  templateId: 'TPL_ops_1',
  templateFields: { thing1: 'title', character_string2: 'card', thing3: 'body', time4: 'time' },
  apiBase: 'https://api.weixin.qq.com',
  publicUrl: 'https://h5.example.com',
  opsOpenids: [OPS],
};

type Row = { id: number; name: string; health: Record<string, unknown> & { state: string } };

async function accountRow(t: TestApp, cookie: string, name: string): Promise<Row> {
  const res = await adminGet(t, '/api/admin/carrier-accounts', cookie);
  expect(res.statusCode, res.body).toBe(200);
  const row = (res.json().data.items as Row[]).find((a) => a.name === name);
  expect(row).toBeTruthy();
  return row!;
}

async function scrape(t: TestApp): Promise<string> {
  const res = await t.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe.each(databases())('the carrier fleet on %s', (kind) => {
  let fake: FakeCtwing;
  const mp = new FakeWechatMp({ appid: APPID, secret: wechatMp.secret!, templates: ['TPL_ops_1'] });
  beforeAll(async () => {
    fake = await FakeCtwing.start({ ...ACCOUNT });
  });
  afterAll(async () => fake?.close());
  const t = useTestApp(
    kind,
    { carrierSyncIntervalMs: 0, wechatMp, metricsToken: TOKEN, logLevel: 'warn' },
    { transport: mp.transport, carrierGuard: { retryBaseMs: 1, healthCacheMs: 0 } },
  );
  let id = 0;
  const opsMessages = () => mp.messages.filter((m) => m.touser === OPS);
  const wantSync = () =>
    t.db.kysely.updateTable('cards').set({ sync_wanted_at: new Date().toISOString() }).where('custom_num', 'in', CARDS).execute();

  it('an account saved and not yet read is 尚未同步, with its cards counted — never 正常', async () => {
    const admin = await loginAs(t, 'admin');
    const res = await adminPost(
      t,
      '/api/admin/carrier-accounts/create',
      {
        name: '电信-车队',
        carrier: 'ctwing',
        base_url: fake.url,
        fields: { app_key: ACCOUNT.appKey, secret: ACCOUNT.secret, cust_number: ACCOUNT.custNumber },
        reason: '接入电信平台',
      },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    id = res.json().data.id;
    // the cards are telecom's (issuer 03) as the account's platform: put on it as an import would;
    // read two hours ago, so a round asks for a day or two, not the platform's 30 (paced at 5 calls a second)
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000).toISOString();
    await t.db.kysely
      .updateTable('cards')
      .set({ carrier_account_id: id, iccid: '89860317000000000001', flow_synced_at: twoHoursAgo, sync_wanted_at: '' })
      .where('custom_num', '=', CARDS[0]!)
      .execute();
    await t.db.kysely
      .updateTable('cards')
      .set({ carrier_account_id: id, iccid: '89860317000000000002', flow_synced_at: twoHoursAgo, sync_wanted_at: '' })
      .where('custom_num', '=', CARDS[1]!)
      .execute();
    const row = await accountRow(t, admin, '电信-车队');
    expect(row.health).toMatchObject({
      state: 'never',
      state_label: '尚未同步',
      cards: 2,
      last_round_at: null,
      last_round_cards: 0,
      last_round_failed: 0,
      next_try_at: null,
      failing: false,
    });
    expect(row.health.state_detail).toContain('尚未完成一轮同步');
  });

  it('a round that read none of its cards is 同步失败 with the cards counted, alerted once; back to 正常 when read', async () => {
    const admin = await loginAs(t, 'admin');
    // the platform does not know the cards (no line at the fake): each read fails, the round still walks them all
    const run = await t.app.jobs.runNow<{ account: string; synced: number; failed: number; complete: boolean }[]>(CARRIER_SYNC_JOB);
    expect(run.ran && run.result.find((r) => r.account === '电信-车队')).toMatchObject({ synced: 0, failed: 2, complete: true });
    const row = await accountRow(t, admin, '电信-车队');
    expect(row.health).toMatchObject({
      state: 'round_failed',
      state_label: '同步失败',
      last_round_cards: 0,
      last_round_failed: 2,
      cards: 2,
      failing: true,
    });
    expect(row.health.last_round_at).not.toBeNull();
    expect(row.health.state_detail).toBe('最近一轮 2 张卡全部读取失败：平台不认识这些卡，或卡不属于该账号（请核对卡的运营商与账号）');
    expect(await scrape(t)).toContain(`portal_carrier_account_state{account="${id}",state="round_failed"} 1`);

    // the operations team is told once, with the account's name and the words of the state
    expect(opsMessages()).toHaveLength(1);
    expect(opsMessages()[0]!.data).toMatchObject({
      thing1: { value: '运营商账号「电信-车队」同步失败' },
      character_string2: { value: `carrier-${id}` },
      // the template's thing keyword holds 20 characters: the words are cut, never replaced
      thing3: { value: expect.stringMatching(/^最近一轮 2 张卡全部读取失败/) },
    });
    await wantSync();
    await t.app.jobs.runNow(CARRIER_SYNC_JOB);
    expect(opsMessages()).toHaveLength(1);

    // the platform knows the cards now: the round reads them, the account is 正常 and the team hears it is back
    for (const num of CARDS) {
      const c = await t.db.kysely.selectFrom('cards').select(['isdn', 'iccid']).where('custom_num', '=', num).executeTakeFirstOrThrow();
      fake.addLine({ accessNumber: c.isdn, iccid: c.iccid, mainStatus: '4', authStatus: '1', monthKb: 1024, session: null });
    }
    await wantSync();
    await t.app.jobs.runNow(CARRIER_SYNC_JOB);
    expect((await accountRow(t, admin, '电信-车队')).health).toMatchObject({
      state: 'ok',
      state_label: '正常',
      state_detail: '',
      last_round_cards: 2,
      last_round_failed: 0,
      failing: false,
    });
    expect(opsMessages().map((m) => m.data.thing1!.value)).toEqual(['运营商账号「电信-车队」同步失败', '运营商账号「电信-车队」已恢复']);
  }, 90_000);

  it('credentials refused: 密钥被拒 with when it is tried next in Beijing time, the gauge and one alert; no English, no secret', async () => {
    const admin = await loginAs(t, 'admin');
    const res = await adminPost(
      t,
      '/api/admin/carrier-accounts/update',
      {
        id,
        name: '电信-车队',
        base_url: fake.url,
        fields: { app_key: ACCOUNT.appKey, secret: 'not-the-secret-0000', cust_number: ACCOUNT.custNumber },
        reason: '更换密钥',
      },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    await wantSync();
    await t.app.jobs.runNow(CARRIER_SYNC_JOB);
    const h = (await accountRow(t, admin, '电信-车队')).health;
    expect(h).toMatchObject({ state: 'auth', state_label: '密钥被拒', last_error_kind: 'auth', failing: true, circuit_open: true });
    // credentials refused rest the account 10 minutes: the next try is when the rest ends
    expect(h.next_try_at).toBe(h.circuit_open_until);
    const next = new Date(h.next_try_at as string);
    expect(next.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    const beijing = new Date(next.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
    expect(h.state_detail).toBe(
      `平台拒绝了账号或密钥，${beijing}（北京时间）起再次调用；请核对账号字段后在「编辑」中更新，或先「测试连接」`,
    );
    expect(JSON.stringify(h)).not.toContain('not-the-secret-0000');
    expect(JSON.stringify(h)).not.toContain(ACCOUNT.secret);
    const text = await scrape(t);
    expect(text).toContain(`portal_carrier_account_state{account="${id}",state="auth"} 1`);
    expect(text).not.toContain(`portal_carrier_account_state{account="${id}",state="ok"}`);
    expect(opsMessages().map((m) => m.data.thing1!.value)).toEqual([
      '运营商账号「电信-车队」同步失败',
      '运营商账号「电信-车队」已恢复',
      '运营商账号「电信-车队」密钥被拒',
    ]);
    // a page's 刷新 during the rest asks the round again: no second alert of the same episode
    await wantSync();
    await t.app.jobs.runNow(CARRIER_SYNC_JOB);
    expect(opsMessages()).toHaveLength(3);
    expect(mp.messages.every((m) => !JSON.stringify(m).includes('not-the-secret-0000'))).toBe(true);
  });

  describe('移至运营商账号 across carriers', () => {
    let onelink = 0;
    const UNICOM_CARD = '1000000003';
    const MOBILE_CARD = '1000000004';

    const job = (cookie: string, extra: Record<string, unknown> = {}) =>
      adminPost(
        t,
        '/api/admin/bulk-jobs',
        {
          kind: 'move_carrier_account',
          custom_nums: [UNICOM_CARD, MOBILE_CARD],
          reason: '联通卡已转网至移动',
          carrier_account_id: onelink,
          ...extra,
        },
        cookie,
      );

    it('a Unicom card onto a OneLink account is refused naming it, nothing written; bad input too', async () => {
      const now = new Date().toISOString();
      onelink = Number(
        (
          await t.db.kysely
            .insertInto('carrier_accounts')
            .values({ name: '移动-OneLink', carrier: 'onelink', enabled: 1, created_at: now, updated_at: now })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
      await t.db.kysely.updateTable('cards').set({ iccid: '89860119000000000003' }).where('custom_num', '=', UNICOM_CARD).execute();
      await t.db.kysely.updateTable('cards').set({ iccid: '89860023000000000004' }).where('custom_num', '=', MOBILE_CARD).execute();
      const admin = await loginAs(t, 'admin');
      const agent = await loginAs(t, 'agent');
      const before = await t.snapshot();
      const refused = await job(admin);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: Code.CROSS_CARRIER_NEEDS_CONFIRM,
        message:
          '1 张卡的 ICCID 不属于中国移动，不能移至运营商账号「移动-OneLink」：1000000003（中国联通）。' +
          '该平台不认识这些卡，移入后无法同步与停复机。如确需移动（如已转网），请勾选“确认跨运营商移动”并在原因中说明',
      });
      const bad = await job(admin, { confirm_cross_carrier: 'yes' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('跨运营商确认有误');
      // confirmed but by an agent administrator: the platform's call, as before
      expect((await job(agent, { confirm_cross_carrier: true })).statusCode).toBe(403);
      expect(await t.snapshot()).toEqual(before);
      const cards = await t.db.kysely
        .selectFrom('cards')
        .select('carrier_account_id')
        .where('custom_num', 'in', [UNICOM_CARD, MOBILE_CARD])
        .execute();
      expect(cards.every((c) => c.carrier_account_id !== onelink)).toBe(true);
    });

    it('confirmed with a reason: the job moves them and its params and audit count the cards of another carrier', async () => {
      const admin = await loginAs(t, 'admin');
      const res = await job(admin, { confirm_cross_carrier: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.params).toEqual({ carrier_account_id: onelink, carrier_account_name: '移动-OneLink', cross_carrier_cards: 1 });
      const done = await finishedJob(t, admin, res);
      expect(done).toMatchObject({ status: 'done', ok_count: 2, failed_count: 0 });
      const audit = await t.db.kysely
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'bulk_job.created')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(audit.reason).toBe('联通卡已转网至移动');
      expect(JSON.parse(audit.after)).toMatchObject({ kind: 'move_carrier_account', cards: 2, crossCarrierCards: 1 });
      // cards of the account's own carrier need no confirmation
      const same = await adminPost(
        t,
        '/api/admin/bulk-jobs',
        { kind: 'move_carrier_account', custom_nums: [MOBILE_CARD], reason: '移回', carrier_account_id: 1 },
        admin,
      );
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json().data.params.cross_carrier_cards).toBeUndefined();
    });
  });
});
