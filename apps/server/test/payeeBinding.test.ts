// The payout openid bound through the messaging app (docs/decisions/0067-agents-in-levels.md), against
// the official account's fake on SQLite and PostgreSQL: the agent's administrator proves the change with
// the SMS code and gets the official account's web-login link; the payee opens it in WeChat (the fake
// hands the redirect a code for their openid) and the account on file becomes 微信零钱 to that openid,
// audited as the operator who asked. The link binds once, expires in 10 minutes, is refused for a state
// nobody issued, and a wrong SMS code gets no link at all.
import { afterEach, describe, expect, it } from 'vitest';
import { FakeWechatMp } from '../src/integrations/messaging/wechatMp/fake';
import { clock } from '../src/lib/clock';
import type { Config } from '../src/config';
import { adminGet, adminPost, loginAs } from './adminHelpers';
import { databases, useTestApp, type TestApp } from './harness';

const APPID = 'wx0123456789abcdef';
const SECRET = 'mp-secret-for-tests-0123';
const PUBLIC = 'https://h5.example.com';
const DEMO_VERIFY_MOBILE = '13900139000';
const wechatMp: Config['wechatMp'] = {
  appid: APPID,
  secret: SECRET,
  secretFile: null,
  templateId: 'TPL_card_alert_1',
  templateFields: { thing1: 'title', character_string2: 'card', thing3: 'body', time4: 'time' },
  apiBase: 'https://api.weixin.qq.com',
  publicUrl: PUBLIC,
};

afterEach(() => clock.reset());

describe.each(databases())('payee bound through the messaging app on %s', (kind) => {
  const fake = new FakeWechatMp({ appid: APPID, secret: SECRET, templates: ['TPL_card_alert_1'] });
  const t = useTestApp(kind, { wechatMp }, { transport: fake.transport });

  async function link(t: TestApp, agent: string, payee = '示范通信') {
    clock.advance(61_000); // one code a minute per mobile
    const sent = await adminPost(t, '/api/admin/commissions/account/code', {}, agent);
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await t.lastSmsCode(DEMO_VERIFY_MOBILE);
    const res = await adminPost(t, '/api/admin/commissions/payee/wechat', { payee, sms_code: code }, agent);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { token: string; url: string; expires_at: string };
  }

  /** The payee opens the link in WeChat: the platform redirects to our callback with its code and the state. */
  async function open(t: TestApp, url: string, openid: string) {
    const u = new URL(url);
    expect(u.origin + u.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(u.searchParams.get('scope')).toBe('snsapi_base');
    expect(u.searchParams.get('appid')).toBe(APPID);
    const back = new URL(u.searchParams.get('redirect_uri')!);
    expect(back.origin).toBe(PUBLIC);
    return t.inject({ method: 'GET', url: `${back.pathname}?code=${fake.codeFor(openid)}&state=${u.searchParams.get('state')}` });
  }

  it('binds the openid the payee’s WeChat names, once, audited as the operator who asked', async () => {
    const agent = await loginAs(t, 'agent');
    const l = await link(t, agent);
    expect((await adminGet(t, `/api/admin/commissions/payee/wechat?token=${l.token}`, agent)).json().data.state).toBe('waiting');

    const page = await open(t, l.url, 'oPayee_demo_0001');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('绑定成功');

    const status = (await adminGet(t, `/api/admin/commissions/payee/wechat?token=${l.token}`, agent)).json().data;
    expect(status.state).toBe('bound');
    expect(status.figures).toMatchObject({ payout_method: 3, payee: '示范通信', payout_account: 'oPa****0001' });
    const demo = (await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', 'demo').executeTakeFirstOrThrow()).id;
    const account = await t.db.kysely.selectFrom('commission_accounts').selectAll().where('agent_id', '=', demo).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ payout_method: 3, payout_account: 'oPayee_demo_0001' });
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'commission.payee_bound')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ operator_username: 'agent', target_id: String(demo) });
    expect(audit.after).not.toContain('oPayee_demo_0001'); // masked

    // the same link again (another phone, a replay): binds nothing
    const again = await open(t, l.url, 'oSomeoneElse_9999');
    expect(again.body).toContain('链接已使用');
    expect(
      (await t.db.kysely.selectFrom('commission_accounts').select('payout_account').where('agent_id', '=', demo).executeTakeFirstOrThrow())
        .payout_account,
    ).toBe('oPayee_demo_0001');
  });

  it('an expired link, a forged state, a missing code or a wrong SMS code binds nothing', async () => {
    clock.advance(5 * 60_000); // past the codes the test before sent (the clock is reset after each test)
    const agent = await loginAs(t, 'agent');
    const before = await t.db.kysely.selectFrom('commission_accounts').selectAll().orderBy('agent_id').execute();
    const l = await link(t, agent, '过期测试');
    clock.advance(11 * 60_000);
    expect((await open(t, l.url, 'oLate_0002')).body).toContain('链接已过期');
    expect((await adminGet(t, `/api/admin/commissions/payee/wechat?token=${l.token}`, agent)).json().data.state).toBe('expired');

    const forged = await t.inject({
      method: 'GET',
      url: `/api/admin/public/payee/wechat/bound?code=${fake.codeFor('oForged')}&state=${'a'.repeat(48)}`,
    });
    expect(forged.body).toContain('绑定未完成');
    const l2 = await link(t, agent, '无码测试');
    const noCode = await t.inject({
      method: 'GET',
      url: `/api/admin/public/payee/wechat/bound?state=${new URL(l2.url).searchParams.get('state')}`,
    });
    expect(noCode.body).toContain('绑定未完成');
    // a code the platform never issued
    const bogus = await t.inject({ method: 'GET', url: `/api/admin/public/payee/wechat/bound?code=nonsense&state=${l2.token}` });
    expect(bogus.body).toContain('绑定未完成');

    clock.advance(61_000);
    const wrong = await adminPost(t, '/api/admin/commissions/payee/wechat', { payee: '示范通信', sms_code: '000000' }, agent);
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrong.statusCode).toBeLessThan(500);
    expect(wrong.json().message).toMatch(/验证码/);
    const short = await adminPost(t, '/api/admin/commissions/payee/wechat', { payee: '张', sms_code: '123456' }, agent);
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/2–40/);

    // with the official account connected, an openid is never typed
    clock.advance(61_000);
    await adminPost(t, '/api/admin/commissions/account/code', {}, agent);
    const typed = await adminPost(
      t,
      '/api/admin/commissions/account',
      { payout_method: 3, payee: '示范通信', payout_account: 'oTyped_by_hand', sms_code: await t.lastSmsCode(DEMO_VERIFY_MOBILE) },
      agent,
    );
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toContain('扫码绑定');
    // another agent's link answers "not found" to this agent
    const other = await t.db.kysely.selectFrom('payee_bindings').select('token').where('token', '!=', l.token).executeTakeFirst();
    expect(other).toBeDefined();
    expect(await t.db.kysely.selectFrom('commission_accounts').selectAll().orderBy('agent_id').execute()).toEqual(before);
  });
});

describe('payee binding without an official account', () => {
  const t = useTestApp('sqlite', { wechatMp: null });
  it('says it plainly and makes no link', async () => {
    const agent = await loginAs(t, 'agent');
    const res = await adminPost(t, '/api/admin/commissions/payee/wechat', { payee: '示范通信', sms_code: '123456' }, agent);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('未接入微信公众号');
    expect(await t.db.kysely.selectFrom('payee_bindings').selectAll().execute()).toEqual([]);
  });
});
