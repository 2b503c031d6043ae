// Login (docs/spec/decisions.md "Login"): SMS codes with their limits, and the three login models —
// mobile and SMS code, account and password, card number and card password — with their lockouts.
import { describe, expect, it } from 'vitest';
import { DEMO } from '../src/db/seed';
import { clock } from '../src/lib/clock';
import { nextChinaMidnight } from '../src/modules/auth/limits';
import { expectRejected } from './badInput';
import { databases, useTestApp } from './harness';
import { MINUTE, client, okData, sendCode, addUser, demoUserId } from './authHelpers';

describe.each(databases())('login on %s', (kind) => {
  const t = useTestApp(kind);

  describe('SMS code', () => {
    it('sends a 6-digit code that lives 5 minutes, stores only a hash of it, and signs with the brand', async () => {
      const c = client(t);
      const data = okData(await sendCode(c, '13900000001', { mark: 'acme' }));
      expect(data).toEqual({ cooldown_seconds: 60, expires_in_seconds: 300 });
      const code = await t.lastSmsCode('13900000001');
      expect(code).toMatch(/^\d{6}$/);
      const sms = await t.db.kysely.selectFrom('sim_sms_outbox').selectAll().where('mobile', '=', '13900000001').executeTakeFirstOrThrow();
      expect(sms.content).toContain('【极客通信用户中心】');
      const row = await t.db.kysely.selectFrom('sms_codes').selectAll().where('mobile', '=', '13900000001').executeTakeFirstOrThrow();
      expect(row.purpose).toBe('login');
      expect(row.code_hash).not.toContain(code);
      expect(row.code_hash).toMatch(/^scrypt\$/);
      expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(5 * MINUTE);
    });

    it('refuses a second code within 60 seconds for the same mobile, and sends again after', async () => {
      const c = client(t);
      okData(await sendCode(c, '13900000002'));
      const again = await sendCode(c, '13900000002');
      const body = expectRejected(again, 400);
      expect(body.code).toBe(10104);
      expect(body.message).toMatch(/^验证码已发送，请\d+秒后再试$/);
      // another mobile is not held up
      okData(await sendCode(c, '13900000003'));
      clock.advance(61_000);
      okData(await sendCode(c, '13900000002'));
    });

    it('caps codes per mobile per China day', async () => {
      const c = client(t);
      const mobile = '13900000004';
      // start at 01:00 China time: ten codes a minute apart must stay inside one China day (run at
      // 23:55 there, the cap's day would turn over in the middle of the loop)
      clock.advance(nextChinaMidnight(clock.now()).getTime() - clock.now().getTime() + 3600_000);
      for (let i = 0; i < 10; i++) {
        okData(await sendCode(c, mobile));
        clock.advance(61_000);
      }
      const capped = expectRejected(await sendCode(c, mobile), 400);
      expect(capped.code).toBe(10104);
      expect(capped.message).toBe('该手机号今日获取验证码次数已达上限，请明天再试');
      clock.advance(nextChinaMidnight(clock.now()).getTime() - clock.now().getTime() + 1000);
      okData(await sendCode(c, mobile));
    });

    it('caps codes per client address per hour (HTTP 429)', async () => {
      const c = client(t);
      for (let i = 0; i < 30; i++) okData(await sendCode(c, `1370000${String(i).padStart(4, '0')}`));
      const res = await sendCode(c, '13700009999');
      const body = expectRejected(res, 429);
      expect(body.code).toBe(42900);
      expect(body.message).toMatch(/^获取验证码过于频繁，请\d+分钟后再试$/);
      // another address is not affected
      okData(await sendCode(client(t), '13700009999'));
    });
  });

  describe('login by mobile and SMS code', () => {
    it('registers a mobile seen for the first time under the agent of the mark, and logs in', async () => {
      const c = client(t);
      okData(await sendCode(c, '13911110001', { mark: 'acme' }));
      const code = await t.lastSmsCode('13911110001');
      const data = okData(await c.post('/api/v1/login', { login_model: 'mobile', mobile: '13911110001', code, mark: 'acme' }));
      expect(data.user_id).toBeGreaterThan(0);
      expect(data.mobile).toBe('13911110001');
      expect(data).not.toHaveProperty('custom_num');
      expect(typeof data.token).toBe('string');
      const user = await t.db.kysely
        .selectFrom('users')
        .innerJoin('agents', 'agents.id', 'users.agent_id')
        .select(['users.id', 'agents.mark', 'users.password_hash', 'users.account'])
        .where('users.mobile', '=', '13911110001')
        .executeTakeFirstOrThrow();
      expect(user).toMatchObject({ id: data.user_id, mark: 'acme', password_hash: null, account: null });
      const session = okData(await c.get('/api/v1/session', data.token));
      expect(session).toEqual({
        user_id: data.user_id,
        mobile: '13911110001',
        account: '',
        custom_num: '',
        login_model: 'mobile',
        mark: 'acme',
        expires_at: data.expires_at,
        has_password: false,
      });
    });

    it('registers under the default agent when no mark is given, and a code works only once', async () => {
      const c = client(t);
      okData(await sendCode(c, '13911110002'));
      const code = await t.lastSmsCode('13911110002');
      const first = okData(await c.post('/api/v1/login', { login_model: 'mobile', mobile: '13911110002', code }));
      const user = await t.db.kysely
        .selectFrom('users')
        .innerJoin('agents', 'agents.id', 'users.agent_id')
        .select('agents.mark')
        .where('users.id', '=', first.user_id)
        .executeTakeFirstOrThrow();
      expect(user.mark).toBe('demo');
      const reuse = expectRejected(await c.post('/api/v1/login', { login_model: 'mobile', mobile: '13911110002', code }), 400);
      expect(reuse).toMatchObject({ code: 10103, message: '验证码错误或已过期，请重新获取' });
    });

    it('logs an existing mobile into its existing user', async () => {
      const c = client(t);
      okData(await sendCode(c, DEMO.mobile));
      const code = await t.lastSmsCode(DEMO.mobile);
      const users = (await t.snapshot()).users;
      const data = okData(await c.post('/api/v1/login', { login_model: 'mobile', mobile: DEMO.mobile, code }));
      expect(data.user_id).toBe(await demoUserId(t));
      expect((await t.snapshot()).users).toBe(users);
    });

    it('rejects an expired code', async () => {
      const c = client(t);
      okData(await sendCode(c, '13911110003'));
      const code = await t.lastSmsCode('13911110003');
      clock.advance(5 * MINUTE + 1000);
      const res = expectRejected(await c.post('/api/v1/login', { login_model: 'mobile', mobile: '13911110003', code }), 400);
      expect(res).toMatchObject({ code: 10103, message: '验证码错误或已过期，请重新获取' });
      expect(await t.db.kysely.selectFrom('users').select('id').where('mobile', '=', '13911110003').executeTakeFirst()).toBeUndefined();
    });

    it('burns a code after 5 wrong tries, and a new code replaces the old one', async () => {
      const c = client(t);
      const mobile = '13911110004';
      okData(await sendCode(c, mobile));
      const code = await t.lastSmsCode(mobile);
      const wrong = code === '000000' ? '111111' : '000000';
      const messages = [];
      for (let i = 0; i < 5; i++) {
        const body = expectRejected(await c.post('/api/v1/login', { login_model: 'mobile', mobile, code: wrong }), 400);
        expect(body.code).toBe(10103);
        messages.push(body.message);
      }
      expect(messages).toEqual([
        '验证码错误，还可尝试4次',
        '验证码错误，还可尝试3次',
        '验证码错误，还可尝试2次',
        '验证码错误，还可尝试1次',
        '验证码错误次数过多，请重新获取',
      ]);
      // the right code no longer helps
      const burnt = expectRejected(await c.post('/api/v1/login', { login_model: 'mobile', mobile, code }), 400);
      expect(burnt.message).toBe('验证码错误次数过多，请重新获取');

      clock.advance(61_000);
      okData(await sendCode(c, mobile));
      const second = await t.lastSmsCode(mobile);
      if (second !== code) {
        const old = expectRejected(await c.post('/api/v1/login', { login_model: 'mobile', mobile, code }), 400);
        expect(old.code).toBe(10103);
      }
      okData(await c.post('/api/v1/login', { login_model: 'mobile', mobile, code: second }));
    });

    it('does not accept a card-password code for a login', async () => {
      const c = client(t);
      okData(await sendCode(c, '13911110005', { purpose: 'card_password' }));
      const code = await t.lastSmsCode('13911110005');
      expect(expectRejected(await c.post('/api/v1/login', { login_model: 'mobile', mobile: '13911110005', code }), 400).code).toBe(10103);
    });

    it('a parallel burst of guesses gets no more than 5 comparisons', async () => {
      const c = client(t);
      const mobile = '13911110006';
      okData(await sendCode(c, mobile));
      const code = await t.lastSmsCode(mobile);
      const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
      const results = await Promise.all(guesses.map((g) => c.post('/api/v1/login', { login_model: 'mobile', mobile, code: g })));
      expect(results.every((r) => r.statusCode === 400 && r.json().code === 10103)).toBe(true);
      const row = await t.db.kysely.selectFrom('sms_codes').select('attempts').where('mobile', '=', mobile).executeTakeFirstOrThrow();
      expect(row.attempts).toBe(5);
      expect(expectRejected(await c.post('/api/v1/login', { login_model: 'mobile', mobile, code }), 400).code).toBe(10103);
    });
  });

  describe('login by account and password', () => {
    it('logs in with the account name or with the mobile as account', async () => {
      const c = client(t);
      const data = okData(await c.post('/api/v1/login', { login_model: 'account', account: DEMO.account, password: DEMO.password }));
      expect(data).toMatchObject({ user_id: await demoUserId(t), mobile: DEMO.mobile });
      expect(data).not.toHaveProperty('custom_num');
      expect(new Date(data.expires_at).getTime()).toBeGreaterThan(clock.now().getTime());
      const session = okData(await c.get('/api/v1/session', data.token));
      expect(session).toMatchObject({ account: 'demo', login_model: 'account', mark: 'demo', custom_num: '', has_password: true });
      okData(await c.post('/api/v1/login', { login_model: 'account', account: DEMO.mobile, password: DEMO.password }));
    });

    it('keeps the mark of the link in the session', async () => {
      const c = client(t);
      const data = okData(
        await c.post('/api/v1/login', { login_model: 'account', account: DEMO.account, password: DEMO.password, mark: 'acme' }),
      );
      expect(okData(await c.get('/api/v1/session', data.token)).mark).toBe('acme');
    });

    it('answers a wrong password and an unknown account alike', async () => {
      const c = client(t);
      await addUser(t, { account: 'alike', password: 'alike123' });
      const wrong = expectRejected(await c.post('/api/v1/login', { login_model: 'account', account: 'alike', password: 'nope1234' }), 400);
      const unknown = expectRejected(
        await c.post('/api/v1/login', { login_model: 'account', account: 'nobody-here', password: 'nope1234' }),
        400,
      );
      expect(wrong).toEqual({ code: 10101, message: '账号或密码错误，还可尝试4次', data: null });
      expect(unknown).toEqual(wrong);
    });

    it('locks the account for 15 minutes after 5 wrong passwords, and says so', async () => {
      const c = client(t);
      await addUser(t, { account: 'locker', password: 'right123' });
      const attempt = (password: string) => c.post('/api/v1/login', { login_model: 'account', account: 'locker', password });
      for (let left = 4; left >= 1; left--) {
        expect(expectRejected(await attempt('wrong123'), 400)).toMatchObject({ code: 10101, message: `账号或密码错误，还可尝试${left}次` });
      }
      const fifth = expectRejected(await attempt('wrong123'), 400);
      expect(fifth).toMatchObject({ code: 10102, message: '密码错误次数过多，该账号已被锁定15分钟，请15分钟后再试' });
      // even the right password is refused while locked, and the answer gives the wait
      const locked = expectRejected(await attempt('right123'), 400);
      expect(locked).toMatchObject({ code: 10102, message: '密码错误次数过多，该账号已被锁定，请15分钟后再试' });
      clock.advance(10 * MINUTE);
      expect(expectRejected(await attempt('right123'), 400).message).toBe('密码错误次数过多，该账号已被锁定，请5分钟后再试');
      clock.advance(5 * MINUTE + 1000);
      okData(await attempt('right123'));
      // the success reset the count
      expect(expectRejected(await attempt('wrong123'), 400).message).toBe('账号或密码错误，还可尝试4次');
    });

    it('locks the same user whether the account name or the mobile is typed', async () => {
      const c = client(t);
      await addUser(t, { account: 'twoways', mobile: '13922220001', password: 'right123' });
      for (let i = 0; i < 3; i++) await c.post('/api/v1/login', { login_model: 'account', account: 'twoways', password: 'wrong123' });
      const viaMobile = expectRejected(
        await c.post('/api/v1/login', { login_model: 'account', account: '13922220001', password: 'wrong123' }),
        400,
      );
      expect(viaMobile.message).toBe('账号或密码错误，还可尝试1次');
    });

    it('a successful login resets the failure count', async () => {
      const c = client(t);
      await addUser(t, { account: 'resetter', password: 'right123' });
      const attempt = (password: string) => c.post('/api/v1/login', { login_model: 'account', account: 'resetter', password });
      await attempt('wrong123');
      await attempt('wrong123');
      expect(expectRejected(await attempt('wrong123'), 400).message).toBe('账号或密码错误，还可尝试2次');
      okData(await attempt('right123'));
      expect(expectRejected(await attempt('wrong123'), 400).message).toBe('账号或密码错误，还可尝试4次');
    });

    it('a parallel burst of guesses gets no more than 5 comparisons', async () => {
      const c = client(t);
      await addUser(t, { account: 'burst', password: 'right123' });
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          c.post('/api/v1/login', { login_model: 'account', account: 'burst', password: `wrong${i}xx` }),
        ),
      );
      const codes = results.map((r) => r.json().code).sort();
      expect(codes).toEqual([10101, 10101, 10101, 10101, 10102, 10102, 10102, 10102, 10102, 10102]);
      expect(
        expectRejected(await c.post('/api/v1/login', { login_model: 'account', account: 'burst', password: 'right123' }), 400).code,
      ).toBe(10102);
    });
  });

  describe('login by card number and card password', () => {
    it('logs a card in: user_id 0, the card number, and the masked mobile of its holder', async () => {
      const c = client(t);
      const data = okData(
        await c.post('/api/v1/login', { login_model: 'customNum', custom_num: '1000000001', password: DEMO.cardPassword }),
      );
      expect(data).toMatchObject({ user_id: 0, custom_num: '1000000001', mobile: '138****8000' });
      const session = okData(await c.get('/api/v1/session', data.token));
      expect(session).toMatchObject({
        user_id: 0,
        custom_num: '1000000001',
        login_model: 'customNum',
        account: '',
        mobile: '138****8000',
        mark: 'demo',
      });
      // a card of another agent takes that agent's mark when the link has none
      const acme = okData(
        await c.post('/api/v1/login', { login_model: 'customNum', custom_num: '1000000014', password: DEMO.cardPassword }),
      );
      expect(acme.mobile).toBe('');
      expect(okData(await c.get('/api/v1/session', acme.token)).mark).toBe('acme');
    });

    it('asks a card without a password to log in by account or mobile and set one', async () => {
      const c = client(t);
      const res = expectRejected(
        await c.post('/api/v1/login', { login_model: 'customNum', custom_num: '1000000013', password: '123456' }),
        400,
      );
      expect(res.code).toBe(10203);
      expect(res.message).toContain('尚未设置登录密码');
      expect(res.message).toContain('手机号或账号登录');
    });

    it('answers an unknown card number with code 10000, writing no session', async () => {
      const c = client(t);
      const before = (await t.snapshot()).sessions;
      const res = expectRejected(
        await c.post('/api/v1/login', { login_model: 'customNum', custom_num: '1999999999', password: '123456' }),
        400,
      );
      expect(res).toEqual({ code: 10000, message: '卡号不存在，请核对卡号后重新输入', data: null });
      expect((await t.snapshot()).sessions).toBe(before);
    });

    it('refuses card login when the agent has it switched off', async () => {
      const c = client(t);
      await t.db.kysely.updateTable('agents').set({ card_login: 0 }).where('mark', '=', 'acme').execute();
      try {
        const res = expectRejected(
          await c.post('/api/v1/login', { login_model: 'customNum', custom_num: '1000000014', password: '123456' }),
          400,
        );
        expect(res.code).toBe(10206);
      } finally {
        await t.db.kysely.updateTable('agents').set({ card_login: 1 }).where('mark', '=', 'acme').execute();
      }
    });

    it('locks the card after 5 wrong card passwords', async () => {
      const c = client(t);
      const attempt = (password: string) => c.post('/api/v1/login', { login_model: 'customNum', custom_num: '1000000005', password });
      for (let left = 4; left >= 1; left--)
        expect(expectRejected(await attempt('0000'), 400)).toMatchObject({ code: 10202, message: `卡密码错误，还可尝试${left}次` });
      expect(expectRejected(await attempt('0000'), 400)).toMatchObject({
        code: 10102,
        message: '卡密码错误次数过多，该卡号已被锁定15分钟，请15分钟后再试',
      });
      expect(expectRejected(await attempt(DEMO.cardPassword), 400).code).toBe(10102);
      clock.advance(15 * MINUTE + 1000);
      okData(await attempt(DEMO.cardPassword));
    });
  });
});
