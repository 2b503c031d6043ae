// Alerts in the messaging app (docs/decisions/0038-alerts-in-the-messaging-app.md), against the fake
// official-account platform: the holder binds the card through the messaging app's silent login
// and chooses the official account on /alert_setting; an alert goes out as a template message with
// a link to the page that acts on it; a refusal (43004, 43101) is recorded, not retried, and the
// alert falls back to SMS for a holder who chose the official account alone; and two instances on
// one PostgreSQL running the alerts at once send each alert once, on one shared token.
// SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type AlertSetting } from '@portal/contract';
import { connect, type Db } from '../src/db/connect';
import { CarrierSimulator } from '../src/integrations/carrier/simulator';
import { WechatMpClient } from '../src/integrations/messaging/wechatMp/client';
import { FakeWechatMp } from '../src/integrations/messaging/wechatMp/fake';
import { DbTokenStore } from '../src/integrations/messaging/wechatMp/tokenStore';
import { SimulatorSms } from '../src/integrations/sms/simulatorSms';
import { clock } from '../src/lib/clock';
import { runAlerts } from '../src/modules/alerts';
import { createCarrierGateway } from '../src/modules/carriers';
import type { AppContext } from '../src/context';
import type { Config } from '../src/config';
import { expectAllRejectedWithoutWrites } from './badInput';
import { createPgDatabase, databases, useTestApp } from './harness';

const APPID = 'wx0123456789abcdef';
const SECRET = 'mp-secret-for-tests-0123';
const TEMPLATE = 'TPL_card_alert_1';
const PUBLIC = 'https://h5.example.com';
const CARD = '1000000001';
const MOBILE = '13800138000';
const OPENID = 'oHolder_0001';

const wechatMp: Config['wechatMp'] = {
  appid: APPID,
  secret: SECRET,
  secretFile: null,
  templateId: TEMPLATE,
  templateFields: { thing1: 'title', character_string2: 'card', thing3: 'body', time4: 'time' },
  apiBase: 'https://api.weixin.qq.com',
  publicUrl: PUBLIC,
};
const OFF = { data_alert: false, threshold_unit: 'percent', threshold_value: 20, expiry_alert: false, expiry_days: 3, auto_renew: false };

describe.each(databases())('alerts in the messaging app on %s', (kind) => {
  const fake = new FakeWechatMp({ appid: APPID, secret: SECRET, templates: [TEMPLATE] });
  const t = useTestApp(kind, { alertsIntervalMs: 0, payReconcileIntervalMs: 0, wechatMp }, { transport: fake.transport });
  let demo: string;
  let cardId: number;
  let sim: CarrierSimulator;

  const setting = async () => {
    const r = await t.get(`/api/v1/card/alert_setting?custom_num=${CARD}`, demo);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as AlertSetting;
  };
  const save = async (o: Record<string, unknown>) => {
    const r = await t.post('/api/v1/card/alert_setting', { custom_num: CARD, ...OFF, ...o }, demo);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as AlertSetting;
  };
  const run = async () => {
    const r = await t.app.jobs.runNow<{ notices: number }>('alerts');
    expect(r.ran).toBe(true);
    return r.ran ? r.result.notices : 0;
  };
  const smsWith = async (text: string) =>
    (await t.db.kysely.selectFrom('sim_sms_outbox').select('content').where('mobile', '=', MOBILE).execute()).filter((r) =>
      r.content.includes(text),
    ).length;
  const deliveries = () =>
    t.db.kysely
      .selectFrom('alert_deliveries as d')
      .innerJoin('card_notices as n', 'n.id', 'd.notice_id')
      .select(['n.kind', 'd.channel', 'd.outcome', 'd.errcode', 'd.fallback'])
      .where('d.card_id', '=', cardId)
      .orderBy('d.id')
      .execute();
  /** the login: the URL the page opens, then the messaging app coming back with a code */
  const bindThroughLogin = async (openid = OPENID) => {
    const r = await t.post('/api/v1/card/alert_setting/wechat_mp', { custom_num: CARD }, demo);
    expect(r.statusCode, r.body).toBe(200);
    const url = new URL(r.json().data.url);
    expect(url.origin + url.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC}/api/v1/alerts/wechat_mp/bound`);
    expect(url.searchParams.get('scope')).toBe('snsapi_base');
    const state = url.searchParams.get('state')!;
    expect(state).toMatch(/^[A-Za-z0-9]{1,128}$/);
    return { state, back: (code = fake.codeFor(openid), s = state) => t.get(`/api/v1/alerts/wechat_mp/bound?code=${code}&state=${s}`) };
  };
  const pushUsageBelow = async (share: number) => {
    const f = (await t.get(`/api/v2/card/flow?custom_num=${CARD}`, demo)).json().data;
    const push = f.package.remaining_kb - Math.floor(f.package.total_kb * share);
    if (push > 0) await sim.addUsage(CARD, push, clock.now());
  };

  beforeAll(async () => {
    demo = await t.loginAccount();
    cardId = (await t.db.kysely.selectFrom('cards').select('id').where('custom_num', '=', CARD).executeTakeFirstOrThrow()).id;
    sim = new CarrierSimulator(t.db);
  });

  it('offers the channel, unbound: choosing it is refused with how to bind, and nothing is written', async () => {
    const s = await setting();
    expect(s).toMatchObject({ channel_sms: true, channel_mp: false, wechat_mp: { offered: true, bound: false, refused: '' } });
    await expectAllRejectedWithoutWrites(t, [
      {
        name: 'the official account before binding',
        send: () => t.post('/api/v1/card/alert_setting', { custom_num: CARD, ...OFF, channel_mp: true }, demo),
        status: 400,
        message: /绑定公众号提醒/,
      },
      {
        name: 'a channel flag as text',
        send: () => t.post('/api/v1/card/alert_setting', { custom_num: CARD, ...OFF, channel_mp: 'yes' }, demo),
        status: 400,
      },
      {
        name: 'binding another user’s card',
        send: () => t.post('/api/v1/card/alert_setting/wechat_mp', { custom_num: '1000000004' }, demo),
        status: 403,
      },
      { name: 'binding without login', send: () => t.post('/api/v1/card/alert_setting/wechat_mp', { custom_num: CARD }), status: 401 },
    ]);
  });

  it('the login binds the card to the holder’s openid; a forged, stale or reused way back binds nothing', async () => {
    const { state, back } = await bindThroughLogin();
    const forged = state.replace(/s[0-9a-f]{32}$/, `s${'0'.repeat(32)}`);
    const otherCard = state.replace(/^c\d+/, 'c4');
    for (const [s, code] of [
      [forged, undefined],
      [otherCard, undefined],
      [state, 'not-a-code'],
    ] as const) {
      const r = await back(code ?? fake.codeFor(OPENID), s);
      expect(r.statusCode).toBe(302);
      expect(r.headers.location).toBe('/alert_setting?wechat_mp=failed');
    }
    expect(await t.db.kysely.selectFrom('alert_recipients').selectAll().execute()).toEqual([]);
    const ok = await back();
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe('/alert_setting?wechat_mp=bound');
    expect(await t.db.kysely.selectFrom('alert_recipients').select(['card_id', 'appid', 'openid', 'refused_code']).execute()).toEqual([
      { card_id: cardId, appid: APPID, openid: OPENID, refused_code: null },
    ]);
    // a state older than its ten minutes
    const late = await bindThroughLogin('oSomeoneElse');
    clock.advance(11 * 60_000);
    try {
      expect((await late.back()).headers.location).toBe('/alert_setting?wechat_mp=failed');
    } finally {
      clock.reset();
    }
    expect((await setting()).wechat_mp).toEqual({ offered: true, bound: true, refused: '' });
  });

  it('the official account alone: the alert arrives as a template message linking to its page, no SMS', async () => {
    const s = await save({ data_alert: true, channel_sms: false, channel_mp: true });
    expect(s).toMatchObject({ channel_sms: false, channel_mp: true });
    await pushUsageBelow(0.15);
    expect(await run()).toBe(1);
    expect(await run()).toBe(0);
    expect(fake.messages).toHaveLength(1);
    const m = fake.messages[0]!;
    expect(m).toMatchObject({ touser: OPENID, template_id: TEMPLATE, url: `${PUBLIC}/combo` });
    expect(m.client_msg_id).toMatch(/^notice-\d+$/);
    expect(m.data.thing1).toEqual({ value: '剩余流量不足' });
    expect(m.data.character_string2).toEqual({ value: '****0001' });
    expect([...m.data.thing3!.value].length).toBeLessThanOrEqual(20);
    expect(m.data.time4!.value).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(await smsWith('剩余流量不足')).toBe(0);
    expect(await deliveries()).toEqual([{ kind: 'data_low', channel: 'wechat_mp', outcome: 'sent', errcode: null, fallback: 0 }]);
    // the token was asked for once and is shared from the database
    expect(fake.tokensIssued).toBe(1);
    expect(await t.db.kysely.selectFrom('messaging_app_tokens').select('appid').execute()).toEqual([{ appid: APPID }]);
  });

  it('43101 (refused): recorded, SMS instead, the page says so; the next alert does not try again', async () => {
    fake.refusing.set(OPENID, 43101);
    const sendsBefore = fake.sends;
    await save({ data_alert: true, expiry_alert: true, expiry_days: 30, channel_sms: false, channel_mp: true });
    expect(await run()).toBe(1); // expiry_soon
    expect(fake.sends).toBe(sendsBefore + 1);
    expect(fake.messages).toHaveLength(1);
    expect(await smsWith('套餐即将到期')).toBe(1);
    expect((await deliveries()).slice(1)).toEqual([
      { kind: 'expiry_soon', channel: 'wechat_mp', outcome: 'refused', errcode: 43101, fallback: 0 },
      { kind: 'expiry_soon', channel: 'sms', outcome: 'sent', errcode: null, fallback: 1 },
    ]);
    const s = await setting();
    expect(s.wechat_mp.refused).toContain('拒收');
    // choosing it again before binding again is refused with the same words
    const again = await t.post('/api/v1/card/alert_setting', { custom_num: CARD, ...OFF, channel_mp: true }, demo);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: Code.BAD_REQUEST, message: s.wechat_mp.refused });
    // the next alert (a renew notice at another period) goes by SMS without asking the platform
    await t.db.kysely.deleteFrom('alert_deliveries').where('card_id', '=', cardId).execute();
    await t.db.kysely.deleteFrom('card_notices').where('card_id', '=', cardId).where('kind', '=', 'expiry_soon').execute();
    expect(await run()).toBe(1);
    expect(fake.sends).toBe(sendsBefore + 1);
    expect(await smsWith('套餐即将到期')).toBe(2);
  });

  it('43004 (not following) after binding again: recorded the same way; binding again clears it', async () => {
    fake.refusing.set(OPENID, 43004);
    const { back } = await bindThroughLogin();
    expect((await back()).headers.location).toBe('/alert_setting?wechat_mp=bound');
    expect((await setting()).wechat_mp.refused).toBe('');
    await t.db.kysely.deleteFrom('alert_deliveries').where('card_id', '=', cardId).execute();
    await t.db.kysely.deleteFrom('card_notices').where('card_id', '=', cardId).where('kind', '=', 'expiry_soon').execute();
    expect(await run()).toBe(1);
    expect(await deliveries()).toEqual([
      { kind: 'expiry_soon', channel: 'wechat_mp', outcome: 'refused', errcode: 43004, fallback: 0 },
      { kind: 'expiry_soon', channel: 'sms', outcome: 'sent', errcode: null, fallback: 1 },
    ]);
    expect((await setting()).wechat_mp.refused).toContain('关注公众号');
  });

  it('both channels chosen: each carries the alert once; the metrics count it without personal data', async () => {
    fake.refusing.clear();
    const { back } = await bindThroughLogin();
    await back();
    await save({ expiry_alert: true, expiry_days: 30, channel_sms: true, channel_mp: true });
    await t.db.kysely.deleteFrom('alert_deliveries').where('card_id', '=', cardId).execute();
    await t.db.kysely.deleteFrom('card_notices').where('card_id', '=', cardId).where('kind', '=', 'expiry_soon').execute();
    const before = fake.messages.length;
    expect(await run()).toBe(1);
    expect(fake.messages.length).toBe(before + 1);
    expect(await deliveries()).toEqual([
      { kind: 'expiry_soon', channel: 'wechat_mp', outcome: 'sent', errcode: null, fallback: 0 },
      { kind: 'expiry_soon', channel: 'sms', outcome: 'sent', errcode: null, fallback: 0 },
    ]);
    const text = await t.app.metrics.render();
    expect(text).toMatch(/portal_messaging_app_alerts_total\{kind="expiry_soon",outcome="sent",reason=""\} [1-9]/);
    expect(text).toMatch(/portal_messaging_app_alerts_total\{kind="expiry_soon",outcome="refused",reason="refused_template"\} [1-9]/);
    expect(text).toMatch(/portal_messaging_app_alerts_total\{kind="expiry_soon",outcome="refused",reason="not_following"\} [1-9]/);
    // as a value of its own, not as digits inside a figure: a float such as 6.968831000000001 (a
    // process's CPU seconds) holds the card number's digits
    for (const secret of [OPENID, CARD, MOBILE, SECRET]) expect(text).not.toMatch(new RegExp(`(?<![\\w.])${secret}(?![\\w.])`));
  });
});

describe('without configuration', () => {
  const t = useTestApp('sqlite', { wechatMp: null });
  it('the channel is absent: not offered, not choosable, no login to start', async () => {
    const demo = await t.loginAccount();
    const s = (await t.get(`/api/v1/card/alert_setting?custom_num=${CARD}`, demo)).json().data as AlertSetting;
    expect(s.wechat_mp).toEqual({ offered: false, bound: false, refused: '' });
    const r = await t.post('/api/v1/card/alert_setting', { custom_num: CARD, ...OFF, channel_mp: true }, demo);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('暂不支持微信公众号提醒');
    expect((await t.post('/api/v1/card/alert_setting/wechat_mp', { custom_num: CARD }, demo)).statusCode).toBe(400);
  });
});

// Two instances on one PostgreSQL (docs/decisions/0017): each with its own connection pool, its own
// client and token store, running the alerts at the same moment — past the job runner's lease, so
// what keeps the alert single is the notice's once-only key and the delivery taken before the send.
describe.each(databases().filter((k) => k === 'postgres'))('two instances on one %s sending at once', () => {
  let drop: () => Promise<void> = async () => {};
  const dbs: Db[] = [];
  const fake = new FakeWechatMp({ appid: APPID, secret: SECRET, templates: [TEMPLATE] });

  beforeAll(async () => {
    const created = await createPgDatabase();
    drop = created.drop;
    await migratedAndSeeded(created.url);
    for (let i = 0; i < 2; i++) dbs.push(await connect(created.url));
  });
  afterAll(async () => {
    for (const db of dbs) await db.close();
    await drop();
  });

  it('one message per alert, one token, one delivery row per channel', async () => {
    const silent = {
      warn() {},
      info() {},
      error() {},
      debug() {},
      child() {
        return silent;
      },
    } as unknown as AppContext['log'];
    const { loadConfig } = await import('../src/config');
    const config: Config = { ...loadConfig({ NODE_ENV: 'test' }), wechatMp };
    const ctxOf = (db: Db): AppContext => ({
      db,
      config,
      carrier: createCarrierGateway(db, config, silent, fake.transport),
      sms: new SimulatorSms(db, silent),
      messagingApp: new WechatMpClient({
        appid: APPID,
        secret: SECRET,
        transport: fake.transport,
        tokens: new DbTokenStore(db.kysely),
        now: () => clock.now().getTime(),
      }),
      log: silent,
    });
    const [a, b] = dbs.map(ctxOf) as [AppContext, AppContext];
    const k = dbs[0]!.kysely;
    const card = await k.selectFrom('cards').select(['id']).where('custom_num', '=', CARD).executeTakeFirstOrThrow();
    const owner = await k.selectFrom('card_bindings').select('user_id').where('card_id', '=', card.id).executeTakeFirstOrThrow();
    await k
      .insertInto('card_alert_settings')
      .values({
        card_id: card.id,
        user_id: owner.user_id,
        data_alert: 0,
        threshold_unit: 'percent',
        threshold_value: 20,
        expiry_alert: 1,
        expiry_days: 30,
        auto_renew: 0,
        renew_package_id: null,
        updated_at: clock.iso(),
        channel_sms: 1,
        channel_mp: 1,
      })
      .execute();
    await k
      .insertInto('alert_recipients')
      .values({ card_id: card.id, appid: APPID, openid: OPENID, bound_at: clock.iso(), refused_code: null, refused_at: null })
      .execute();

    const [ra, rb] = await Promise.all([runAlerts(a), runAlerts(b)]);
    expect(ra.notices + rb.notices).toBe(1);
    expect(fake.sends).toBe(1);
    expect(fake.messages).toHaveLength(1);
    expect(fake.tokensIssued).toBe(1);
    const rows = await k.selectFrom('alert_deliveries').select(['channel', 'outcome']).orderBy('channel').execute();
    expect(rows).toEqual([
      { channel: 'sms', outcome: 'sent' },
      { channel: 'wechat_mp', outcome: 'sent' },
    ]);
    const sms = await k.selectFrom('sim_sms_outbox').select('content').where('mobile', '=', MOBILE).execute();
    expect(sms.filter((r) => r.content.includes('套餐即将到期'))).toHaveLength(1);
  });
});

/** migrated and seeded like the test harness does, on a database we keep */
async function migratedAndSeeded(url: string): Promise<void> {
  const { migrate } = await import('../src/db/migrate');
  const { seedDemo } = await import('../src/db/seed');
  const { demoHashesForTests } = await import('./harness');
  const db = await connect(url);
  await migrate(db);
  await seedDemo(db, new Date(), await demoHashesForTests());
  await db.close();
}
