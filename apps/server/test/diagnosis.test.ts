// Smart diagnosis (GET /api/v2/go_card_diagnosis, no login) and the card test (POST
// /api/v1/card/check): each demo card's verdict for a visitor and for its owner, what a visitor
// must not see, another user's card, bad and unknown numbers, the visitor rate limit, the
// rate-limited refresh, the kept history, and the stop reasons on the card facts. SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import type { CardDiagnosis } from '@portal/contract';
import { CarrierSimulator } from '../src/integrations/carrier/simulator';
import { clock } from '../src/lib/clock';
import { databases, useTestApp, type TestApp } from './harness';

let ipSeq = 1;
/** A fresh client address per use, so the visitor limit of one test does not leak into another. */
const freshIp = () => `10.9.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;

async function diagnose(t: TestApp, num: string, o: { token?: string; ip?: string; refresh?: boolean | 'paid' } = {}) {
  const refresh = o.refresh === 'paid' ? '&refresh=paid' : o.refresh ? '&refresh=1' : '';
  return t.inject({
    method: 'GET',
    url: `/api/v2/go_card_diagnosis?custom_num=${encodeURIComponent(num)}${refresh}`,
    headers: o.token ? { authorization: `Bearer ${o.token}` } : {},
    remoteAddress: o.ip ?? freshIp(),
  });
}

async function ok(t: TestApp, num: string, o: { token?: string; ip?: string; refresh?: boolean | 'paid' } = {}): Promise<CardDiagnosis> {
  const res = await diagnose(t, num, o);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code).toBe(0);
  return res.json().data;
}

const check = (d: CardDiagnosis, key: string) => d.checks.find((c) => c.key === key);

// [card, card-state status, words of the state verdict, fix button]
const STOPPED: [string, string, string][] = [
  ['1000000021', '欠费停机', '去充值'],
  // its plan is still in force: only a refuel brings it back today (a new plan would queue)
  ['1000000022', '流量已用完', '订购加油包'],
  ['1000000023', '机卡分离', '联系客服'],
  ['1000000024', '未实名停机', '去实名'],
  ['1000000025', '套餐已到期', '订购套餐'],
  ['1000000026', '区域限制', '联系客服'],
  ['1000000027', '已申请停机', '联系客服'],
  ['1000000028', '运营商停机', '联系客服'],
];

describe.each(databases())('smart diagnosis on %s', (kind) => {
  const t = useTestApp(kind);

  it.each(STOPPED)('%s is stopped: %s → %s, for a visitor and for its owner', async (num, title, fixText) => {
    const visitor = await ok(t, num);
    expect(visitor.view).toBe('visitor');
    expect(visitor.overall).toBe('problem');
    expect(visitor.stop_reason?.title).toBe(title);
    expect(visitor.headline).toContain(title);
    const state = check(visitor, 'card_state')!;
    expect(state.status).toBe('problem');
    expect(state.verdict).toContain(title);
    expect(state.fix?.text).toBe(fixText);
    expect(visitor.history).toEqual([]);

    const owner = await ok(t, num, { token: await t.loginCard(num) });
    expect(owner.view).toBe('owner');
    expect(owner.checks.map((c) => [c.key, c.status])).toEqual(visitor.checks.map((c) => [c.key, c.status]));
    expect(check(owner, 'balance')!.verdict).toMatch(/余额 -?\d+\.\d{2} 元/);
    // the owner sees what the card's diagnoses said before (the visitor's one just now)
    expect(owner.history[0]?.headline).toContain(title);
  });

  it('the stopped cards differ where they should: real-name, package, balance', async () => {
    expect(check(await ok(t, '1000000024'), 'real_name')!.status).toBe('problem');
    expect(check(await ok(t, '1000000025'), 'package')!.verdict).toContain('没有生效中的套餐');
    expect(check(await ok(t, '1000000022'), 'package')!.verdict).toContain('流量已用完');
    expect(check(await ok(t, '1000000021'), 'balance')!.status).toBe('problem');
    expect(check(await ok(t, '1000000026'), 'balance')!.status).toBe('ok');
  });

  it.each([
    ['1000000001', 'ok', '卡片一切正常'],
    ['1000000003', 'problem', '尚未实名认证'],
    ['1000000002', 'problem', '没有生效中的套餐'],
    ['1000000005', 'problem', '已销户'],
    // the diagnosis names the faults the rest of the portal names (the line's read model)
    ['1000000006', 'problem', '需要换卡'],
    ['1000000030', 'problem', 'APN 设置有误'],
  ])('%s → %s (%s)', async (num, overall, words) => {
    const d = await ok(t, num);
    expect(d.overall).toBe(overall);
    expect(d.headline).toContain(words);
  });

  it('a visitor sees no personal data: no balance, no package name or figures, a masked ICCID', async () => {
    const d = await ok(t, '1000000001');
    const text = JSON.stringify(d);
    expect(text).not.toMatch(/20\.00|畅享100G月包|GB|89860119000000000001/);
    expect(d.masked_iccid).toMatch(/^898601\*+0001$/);
    expect(check(d, 'balance')!.verdict).toBe('无欠费');
    expect(check(d, 'package')!.verdict).toBe('当前套餐流量充足');

    const owner = await ok(t, '1000000001', { token: await t.loginAccount() });
    expect(owner.view).toBe('owner');
    expect(check(owner, 'balance')!.verdict).toBe('余额 20.00 元，无欠费');
    expect(check(owner, 'package')!.verdict).toContain('「畅享100G月包」剩余');
  });

  it("another user's card, and a stale or bad token, get the visitor view", async () => {
    const demo = await t.loginAccount();
    const d = await ok(t, '1000000021', { token: demo }); // not bound to the demo user
    expect(d.view).toBe('visitor');
    expect(d.history).toEqual([]);
    expect((await ok(t, '1000000001', { token: 'not-a-token' })).view).toBe('visitor');
  });

  it('a device card: the device online and its signal; a weak SIM with a better one says switch', async () => {
    const cpe = await ok(t, '1000000011', { token: await t.loginAccount() });
    expect(cpe.is_device).toBe(true);
    expect(check(cpe, 'device')!.status).toBe('ok');
    expect(check(cpe, 'signal')!.verdict).toMatch(/信号强（RSRP −\d+ dBm）/);

    const offline = await ok(t, '1000000016');
    expect(check(offline, 'device')!.verdict).toContain('设备离线');
    expect(check(offline, 'signal')).toBeUndefined();

    // the multi-SIM MiFi's China Mobile SIM loses its signal; Unicom is still fair
    await t.db.kysely
      .updateTable('sim_device_sims')
      .set({ rsrp: -115, sinr: -2 })
      .where('serial', '=', 'MIFI3N-B0012')
      .where('carrier', '=', 1)
      .execute();
    const weak = await ok(t, '1000000012');
    expect(check(weak, 'signal')!.verdict).toBe('卡正常，但信号弱（RSRP −115 dBm） → 切换到联通');
    expect(check(weak, 'signal')!.fix).toEqual({ kind: 'switch_network', text: '切换到联通' });
    expect(weak.headline).toContain('卡正常，但信号弱');
  });

  it('bad card numbers: a clear Chinese 400 and nothing written', async () => {
    const before = await t.snapshot();
    for (const bad of ['', 'abc', '12345', '1'.repeat(21), '10000000 1', '1000000001;drop']) {
      const res = await diagnose(t, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().data).toBeNull();
      expect(res.json().message).toMatch(/\p{Script=Han}/u);
    }
    const res = await t.inject({
      method: 'GET',
      url: '/api/v2/go_card_diagnosis?custom_num=1000000001&refresh=yes',
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(await t.snapshot()).toEqual(before);
  });

  it('an unknown number: 400 卡号 not found; only the lookup is counted, no diagnosis written', async () => {
    const before = await t.snapshot();
    const res = await diagnose(t, '1999999999');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('未找到该卡号，请核对后重新输入');
    const after = await t.snapshot();
    expect({ ...after, throttles: 0 }).toEqual({ ...before, throttles: 0 });
  });

  it('visitor lookups are rate-limited per address (unknown numbers count too); the owner is not', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      const res = await diagnose(t, i % 2 ? '1000000001' : `19999999${String(i).padStart(2, '0')}`, { ip });
      expect(res.statusCode, res.body).not.toBe(429);
    }
    const refused = await diagnose(t, '1000000001', { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/查询过于频繁，请\d+分钟后再试/);
    const owner = await ok(t, '1000000001', { ip, token: await t.loginAccount() });
    expect(owner.view).toBe('owner');
  });

  it('refresh asks the carrier again at most once a minute per card; the answer says when the data is from', async () => {
    const first = await diagnose(t, '1000000013', { refresh: true });
    expect(first.json().data.refreshed).toBe(true);
    expect(first.json().message).toBe('已从运营商更新数据');
    expect(check(first.json().data, 'sync')!.verdict).toBe('数据更新于 刚刚');
    const second = await diagnose(t, '1000000013', { refresh: true });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.refreshed).toBe(false);
    expect(second.json().data.retry_after_seconds).toBeGreaterThan(0);
    expect(second.json().message).toMatch(/数据刚刚已更新，请\d+秒后再刷新/);
    clock.advance(61_000);
    try {
      const third = await diagnose(t, '1000000013', { refresh: true });
      expect(third.json().data.refreshed).toBe(true);
    } finally {
      clock.reset();
    }
  });

  it('the refresh after a payment has its own allowance: 刷新数据 right after it is not refused; it is rate-limited itself', async () => {
    const paid = await diagnose(t, '1000000012', { refresh: 'paid' });
    expect(paid.json().data).toMatchObject({ refreshed: true, retry_after_seconds: 0 });
    // the holder taps 刷新数据 at once: its slot is untouched
    const asked = await diagnose(t, '1000000012', { refresh: true });
    expect(asked.json().data.refreshed, asked.body).toBe(true);
    expect(asked.json().message).toBe('已从运营商更新数据');
    // a few payments' refreshes in ten minutes, then refused (quietly: the figures stay as they were)
    for (let i = 0; i < 2; i++) expect((await diagnose(t, '1000000012', { refresh: 'paid' })).json().data.refreshed).toBe(true);
    const fourth = await diagnose(t, '1000000012', { refresh: 'paid' });
    expect(fourth.statusCode).toBe(200);
    expect(fourth.json().data.refreshed).toBe(false);
    expect(fourth.json().message).toMatch(/数据刚刚已更新，请\d+秒后再刷新/);
    // and it never lent 刷新数据 a second try within the minute
    expect((await diagnose(t, '1000000012', { refresh: true })).json().data.refreshed).toBe(false);
  });

  it('keeps a short history per card in the owner’s view, even of a visitor’s lookup', async () => {
    const card = await t.db.kysely.selectFrom('cards').select('id').where('custom_num', '=', '1000000027').executeTakeFirstOrThrow();
    const before = await t.db.kysely.selectFrom('diagnoses').selectAll().where('card_id', '=', card.id).execute();
    await ok(t, '1000000027');
    const rows = await t.db.kysely.selectFrom('diagnoses').selectAll().where('card_id', '=', card.id).orderBy('id', 'desc').execute();
    expect(rows.length).toBe(before.length + 1);
    expect(rows[0]!.asked_by).toBe('visitor');
    expect(rows[0]!.checks).toMatch(/余额 \d+\.\d{2} 元/); // stored as the owner (and support) would read it
    for (let i = 0; i < 25; i++) await ok(t, '1000000027');
    const kept = await t.db.kysely.selectFrom('diagnoses').select('id').where('card_id', '=', card.id).execute();
    expect(kept.length).toBe(20);
  });

  it('follows the carrier: a line put back in service diagnoses as fine, and the card facts say so', async () => {
    const sim = new CarrierSimulator(t.db);
    await sim.setLineState('1000000028', 1);
    const d = await ok(t, '1000000028');
    expect(check(d, 'card_state')!.status).toBe('ok');
    expect(d.stop_reason).toBeNull();
    const token = await t.loginCard('1000000028');
    const info = await t.get('/api/v2/card/info?custom_num=1000000028', token);
    expect(info.json().data.info.stop_reason).toBeNull();
    await sim.setLineState('1000000028', 3, 'RISK_CONTROL');
    await ok(t, '1000000028');
  });
});

describe.each(databases())('stop reasons on the card facts on %s', (kind) => {
  const t = useTestApp(kind);

  it('card info, the card list and the home hint say why a card is stopped, with the fix', async () => {
    const token = await t.loginCard('1000000021');
    const info = await t.get('/api/v2/card/info?custom_num=1000000021', token);
    expect(info.json().data.info.stop_reason).toMatchObject({
      code: 'arrears',
      title: '欠费停机',
      fix: { kind: 'recharge', text: '去充值' },
    });
    const list = await t.get('/api/v1/card/bind_list', token);
    expect(list.json().data.list[0].stop_reason.title).toBe('欠费停机');
    const clew = await t.get('/api/v1/card/clew?custom_num=1000000021', token);
    expect(clew.json().data).toMatchObject({ level: 'danger', action: { text: '去充值', path: '/recharge' } });
    expect(clew.json().data.content).toContain('欠费停机');

    const rn = await t.get('/api/v1/card/clew?custom_num=1000000024', await t.loginCard('1000000024'));
    expect(rn.json().data.action).toEqual({ text: '去实名', path: '/remind' });
    const sep = await t.get('/api/v1/card/clew?custom_num=1000000023', await t.loginCard('1000000023'));
    expect(sep.json().data.content).toContain('机卡分离');
    expect(sep.json().data.action.text).toBe('联系客服');
  });

  it('a card in service has no stop reason', async () => {
    const info = await t.get('/api/v2/card/info?custom_num=1000000001', await t.loginAccount());
    expect(info.json().data.info.stop_reason).toBeNull();
  });
});

describe.each(databases())('card test (/check) on %s', (kind) => {
  const t = useTestApp(kind);

  it.each([
    ['1000000001', 'ok', ['ok', 'ok', 'ok'], '测试通过'],
    ['1000000021', 'problem', ['problem', 'unknown', 'ok'], '没有注册到网络'],
    // a wrong APN means no data session: never 能正常上网 beside APN 设置有误
    ['1000000030', 'problem', ['ok', 'problem', 'problem'], 'APN 设置有误'],
  ] as const)('%s → %s', async (num, overall, statuses, words) => {
    const res = await t.post('/api/v1/card/check', { custom_num: num }, await t.loginCard(num));
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.overall).toBe(overall);
    expect(d.checks.map((c: { status: string }) => c.status)).toEqual(statuses);
    expect(d.headline).toContain(words);
  });

  it('a stopped line names the reason and the fix', async () => {
    const res = await t.post('/api/v1/card/check', { custom_num: '1000000024' }, await t.loginCard('1000000024'));
    expect(res.json().data.checks[0].verdict).toContain('未实名停机');
    expect(res.json().data.checks[0].fix).toEqual({ kind: 'real_name', text: '去实名' });
  });

  it("needs a login and the card's owner; bad numbers write nothing", async () => {
    expect((await t.post('/api/v1/card/check', { custom_num: '1000000001' })).statusCode).toBe(401);
    const demo = await t.loginAccount();
    const before = await t.snapshot();
    expect((await t.post('/api/v1/card/check', { custom_num: '1000000021' }, demo)).statusCode).toBe(403);
    expect((await t.post('/api/v1/card/check', { custom_num: 'abc' }, demo)).statusCode).toBe(400);
    expect((await t.post('/api/v1/card/check', {}, demo)).statusCode).toBe(400);
    expect(await t.snapshot()).toEqual(before);
  });

  it('is kept in the history the owner sees on the diagnosis', async () => {
    const token = await t.loginCard('1000000030');
    await t.post('/api/v1/card/check', { custom_num: '1000000030' }, token);
    const d = await ok(t, '1000000030', { token });
    expect(d.history[0]).toMatchObject({ kind: 'line_test', overall: 'problem' });
  });
});
