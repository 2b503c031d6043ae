// The holder's account pages (docs/decisions/0044-holder-account.md): the account password reset by
// an SMS code (忘记密码), 账号安全's change of mobile with codes to both numbers, the message centre
// fed where its events happen (the alerts job, support's ticket replies), and the agent's iPhone
// link. Bad input: 4xx with a Chinese message, nothing written. SQLite and PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { Code, type HolderMessage, type MessagesAnswer } from '@portal/contract';
import { CarrierSimulator } from '../src/integrations/carrier/simulator';
import { clock } from '../src/lib/clock';
import { adminPost, loginAs } from './adminHelpers';
import { expectAllRejectedWithoutWrites } from './badInput';
import { databases, useTestApp, type TestApp } from './harness';

async function ok<T>(res: Promise<LightMyRequestResponse>): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  expect(r.json().code, r.body).toBe(0);
  return r.json().data as T;
}

let nextIp = 1;
const ip = () => `10.44.${nextIp >> 8}.${nextIp++ & 255}`;

/** A new user, registered by an SMS login on `mobile`: their token. */
async function smsUser(t: TestApp, mobile: string): Promise<string> {
  const from = ip();
  clock.advance(61_000); // past the number's resend wait
  await ok(t.inject({ method: 'POST', url: '/api/v1/sms/code', payload: { mobile }, remoteAddress: from }));
  const code = await t.lastSmsCode(mobile);
  const res = await t.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { login_model: 'mobile', mobile, code },
    remoteAddress: from,
  });
  return (await ok<{ token: string }>(Promise.resolve(res))).token;
}

const session = (t: TestApp, token: string) => t.get('/api/v1/session', token);

describe.each(databases())('holder account on %s', (kind) => {
  const t = useTestApp(kind, { alertsIntervalMs: 300_000, payReconcileIntervalMs: 0 });

  describe('忘记密码: the account password by an SMS code', () => {
    const MOBILE = '13944000001';
    const reset = (body: unknown) =>
      t.inject({ method: 'POST', url: '/api/v1/user/password/reset', payload: body as object, remoteAddress: ip() });

    it('sets a new password, signs every session out, and the new password logs in', async () => {
      const token = await smsUser(t, MOBILE);
      clock.advance(61_000);
      await ok(t.post('/api/v1/sms/code', { mobile: MOBILE, purpose: 'user_password' }));
      const sms = await t.db.kysely
        .selectFrom('sim_sms_outbox')
        .select('content')
        .where('mobile', '=', MOBILE)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(sms.content).toContain('用于重置账号登录密码');
      const answer = await ok<{ revoked_sessions: number }>(
        reset({ mobile: MOBILE, code: await t.lastSmsCode(MOBILE), new_password: 'Reset2026a' }),
      );
      expect(answer.revoked_sessions).toBe(1);
      expect((await session(t, token)).json().code).toBe(Code.SESSION_REVOKED);
      const login = await t.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { login_model: 'account', account: MOBILE, password: 'Reset2026a' },
      });
      expect(login.json().code, login.body).toBe(0);
    });

    it('refuses a wrong code, a weak password and a mobile with no account, writing nothing', async () => {
      await ok(t.post('/api/v1/sms/code', { mobile: '13944000002', purpose: 'user_password' }));
      const free = await t.lastSmsCode('13944000002');
      clock.advance(61_000);
      await ok(t.post('/api/v1/sms/code', { mobile: MOBILE, purpose: 'user_password' }));
      const good = await t.lastSmsCode(MOBILE);
      const wrong = good === '000000' ? '111111' : '000000';
      // a wrong code counts an attempt on the code (sms_codes) and a failure of the address: checked on its own
      const before = await t.snapshot();
      const r = await reset({ mobile: MOBILE, code: wrong, new_password: 'Reset2026b' });
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toMatch(/验证码错误/);
      expect((await t.snapshot()).users).toBe(before.users);
      await expectAllRejectedWithoutWrites(t, [
        { name: 'short password', send: () => reset({ mobile: MOBILE, code: good, new_password: 'a1' }), status: 400, message: /至少8位/ },
        {
          name: 'no digit',
          send: () => reset({ mobile: MOBILE, code: good, new_password: 'abcdefgh' }),
          status: 400,
          message: /字母和数字/,
        },
        {
          name: 'bad mobile',
          send: () => reset({ mobile: '123', code: good, new_password: 'Reset2026b' }),
          status: 400,
          message: /手机号/,
        },
        { name: 'no code', send: () => reset({ mobile: MOBILE, new_password: 'Reset2026b' }), status: 400 },
      ]);
      const none = await reset({ mobile: '13944000002', code: free, new_password: 'Reset2026b' });
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toMatch(/尚未注册/);
      expect(await t.db.kysely.selectFrom('users').select('id').where('mobile', '=', '13944000002').executeTakeFirst()).toBeUndefined();
    });
  });

  describe('账号安全: a new mobile proven by codes to both numbers', () => {
    const OLD = '13944000011';
    const NEW = '13944000012';
    const code = (token: string, body: unknown) =>
      t.inject({
        method: 'POST',
        url: '/api/v1/user/mobile/code',
        payload: body as object,
        headers: { authorization: `Bearer ${token}` },
        remoteAddress: ip(),
      });
    let token: string;
    let other: string;
    beforeAll(async () => {
      token = await smsUser(t, OLD);
      other = await smsUser(t, OLD);
    });

    it('refuses a card-number login, a taken number, the same number and bad input, writing nothing', async () => {
      const card = await t.loginCard('1000000001');
      await expectAllRejectedWithoutWrites(t, [
        { name: 'card login', send: () => code(card, { target: 'old' }), status: 403, message: /卡号登录不能更换手机号/ },
        {
          name: 'card login change',
          send: () => t.post('/api/v1/user/mobile', { old_code: '123456', new_mobile: NEW, new_code: '123456' }, card),
          status: 403,
        },
        { name: 'taken', send: () => code(token, { target: 'new', mobile: '13800138000' }), status: 400, message: /已被其他账号使用/ },
        { name: 'same', send: () => code(token, { target: 'new', mobile: OLD }), status: 400, message: /不能与原手机号相同/ },
        { name: 'bad number', send: () => code(token, { target: 'new', mobile: '2345' }), status: 400, message: /手机号/ },
        { name: 'no target', send: () => code(token, {}), status: 400 },
        {
          name: 'no login',
          send: () => t.post('/api/v1/user/mobile', { old_code: '123456', new_mobile: NEW, new_code: '123456' }),
          status: 401,
        },
        {
          name: 'bad code',
          send: () => t.post('/api/v1/user/mobile', { old_code: '12', new_mobile: NEW, new_code: '123456' }, token),
          status: 400,
        },
      ]);
    });

    it('needs both codes, then moves the login to the new number and signs the other sessions out', async () => {
      const sentOld = await ok<{ mobile: string }>(code(token, { target: 'old' }));
      expect(sentOld.mobile).toBe('139****0011');
      const sentNew = await ok<{ mobile: string }>(code(token, { target: 'new', mobile: NEW }));
      expect(sentNew.mobile).toBe('139****0012');
      const oldCode = await t.lastSmsCode(OLD);
      const newCode = await t.lastSmsCode(NEW);
      // the new number's code given for the old one: refused, the mobile unchanged
      const swapped = await t.post(
        '/api/v1/user/mobile',
        { old_code: newCode === oldCode ? '999999' : newCode, new_mobile: NEW, new_code: newCode },
        token,
      );
      expect(swapped.statusCode).toBe(400);
      expect(swapped.json().message).toMatch(/^原手机号验证码错误/);
      const changed = await ok<{ mobile: string; revoked_sessions: number }>(
        t.post('/api/v1/user/mobile', { old_code: oldCode, new_mobile: NEW, new_code: newCode }, token),
      );
      expect(changed).toEqual({ mobile: NEW, revoked_sessions: 1 });
      expect((await ok<{ mobile: string }>(session(t, token))).mobile).toBe(NEW);
      expect((await session(t, other)).json().code).toBe(Code.SESSION_REVOKED);
      expect(await t.db.kysely.selectFrom('users').select('id').where('mobile', '=', OLD).executeTakeFirst()).toBeUndefined();
    });
  });

  describe('消息中心', () => {
    let demo: string;
    const list = (token = demo) => ok<MessagesAnswer>(t.get('/api/v2/messages', token));
    const unread = (token = demo) => ok<{ unread: number }>(t.get('/api/v2/messages/unread', token));
    beforeAll(async () => {
      demo = await t.loginAccount();
    });

    it("keeps support's steps on the demo ticket, newest first", async () => {
      const m = await list();
      expect(m.list.map((x) => [x.kind, x.title, x.read])).toEqual([
        ['ticket', '客服回复了您的工单', false],
        ['ticket', '您的工单正在处理', true],
      ]);
      expect(m.list[0]!.link).toBe('/suggest?ticket_no=T26110100000001');
      expect(m.unread).toBe(1);
    });

    it('a reply in the console lands as an unread message; a card-number login has its own', async () => {
      const support = await loginAs(t, 'support');
      const id = (await t.db.kysely.selectFrom('tickets').select('id').where('ticket_no', '=', 'T26110100000001').executeTakeFirstOrThrow())
        .id;
      const r = await adminPost(t, '/api/admin/tickets/reply', { id, status: 'replied', content: '已为您开启到期短信提醒' }, support);
      expect(r.statusCode, r.body).toBe(200);
      const m = await list();
      expect(m.list[0]).toMatchObject({
        kind: 'ticket',
        title: '客服回复了您的工单',
        body: '已为您开启到期短信提醒',
        read: false,
        custom_num: '1000000001',
      });
      expect((await unread()).unread).toBe(2);
      const card = await t.loginCard('1000000001');
      expect((await list(card)).list).toEqual([]);
    });

    it('an alert the job sends is kept, and opens the page its notice names', async () => {
      const sim = new CarrierSimulator(t.db);
      await ok(
        t.post(
          '/api/v1/card/alert_setting',
          {
            custom_num: '1000000001',
            data_alert: true,
            threshold_unit: 'percent',
            threshold_value: 90,
            expiry_alert: false,
            expiry_days: 3,
            auto_renew: false,
          },
          demo,
        ),
      );
      const flow = await ok<{ package: { remaining_kb: number; total_kb: number } }>(
        t.get('/api/v2/card/flow?custom_num=1000000001', demo),
      );
      await sim.addUsage('1000000001', Math.ceil(flow.package.total_kb * 0.2), clock.now());
      await t.app.jobs.runNow('alerts');
      const m = await list();
      const alert = m.list.find((x) => x.kind === 'alert') as HolderMessage;
      expect(alert).toMatchObject({ title: '剩余流量不足', link: '/combo', custom_num: '1000000001', read: false });
      // a second run sends nothing new
      await t.app.jobs.runNow('alerts');
      expect((await list()).list.filter((x) => x.kind === 'alert')).toHaveLength(1);
    });

    it("marks one and then all read; another owner's message is not found and stays unread", async () => {
      const m = await list();
      const first = m.list.find((x) => !x.read)!;
      const after = await ok<{ unread: number }>(t.post('/api/v2/messages/read', { id: first.id }, demo));
      expect(after.unread).toBe(m.unread - 1);
      const stranger = await smsUser(t, '13944000021');
      const theirs = await t.post('/api/v2/messages/read', { id: m.list.find((x) => !x.read)!.id }, stranger);
      expect(theirs.statusCode).toBe(404);
      expect((await unread()).unread).toBe(m.unread - 1);
      await expectAllRejectedWithoutWrites(t, [
        { name: 'no id', send: () => t.post('/api/v2/messages/read', {}, demo), status: 400 },
        { name: 'all false', send: () => t.post('/api/v2/messages/read', { all: false }, demo), status: 400 },
        { name: 'no login', send: () => t.post('/api/v2/messages/read', { all: true }), status: 401 },
      ]);
      expect((await ok<{ unread: number }>(t.post('/api/v2/messages/read', { all: true }, demo))).unread).toBe(0);
      expect((await list()).list.every((x) => x.read)).toBe(true);
    });
  });

  it("the portal branding carries the agent's iPhone link beside the Android one", async () => {
    const b = await ok<{ app_url: string; ios_url: string }>(t.get('/api/v1/application/customer_url?mark=demo'));
    expect(b).toMatchObject({ app_url: 'https://www.changlian.example.com/app', ios_url: 'https://apps.apple.com/cn/app/id1234567890' });
  });
});
