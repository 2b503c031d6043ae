// Login and session: the three login models of docs/spec/decisions.md "Login", SMS codes with
// their limits, lockouts, token rotation and expiry, logout, password change and the operator's
// forced logout.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { connect } from '../src/db/connect';
import { migrate } from '../src/db/migrate';
import { DEMO, seedDemo } from '../src/db/seed';
import { clock } from '../src/lib/clock';
import { hashPassword } from '../src/lib/password';
import { nextChinaMidnight } from '../src/modules/auth/limits';
import { expectAllRejectedWithoutWrites, expectRejected, oversizedBody } from './badInput';
import { runCli } from './cli';
import { databases, demoHashesForTests, TEST_PASSWORD_HASH_COST, useTestApp, type TestApp } from './harness';

const MINUTE = 60_000;

/** Every test talks from its own client address, so per-address limits of one test do not leak into another. */
let nextIp = 1;
function freshIp(): string {
  const n = nextIp++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

function client(t: TestApp, ip = freshIp()) {
  const headers = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});
  return {
    ip,
    post: (url: string, body?: unknown, token?: string) =>
      t.inject({ method: 'POST', url, payload: body as object, headers: headers(token), remoteAddress: ip }),
    get: (url: string, token?: string) => t.inject({ method: 'GET', url, headers: headers(token), remoteAddress: ip }),
    raw: (url: string, payload: string, contentType = 'application/json', token?: string) =>
      t.inject({ method: 'POST', url, payload, headers: { ...headers(token), 'content-type': contentType }, remoteAddress: ip }),
  };
}
type Client = ReturnType<typeof client>;

function okData(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.code, res.body).toBe(0);
  return body.data;
}

async function sendCode(c: Client, mobile: string, extra: Record<string, unknown> = {}) {
  return c.post('/api/v1/sms/code', { mobile, ...extra });
}

async function addUser(t: TestApp, u: { account?: string; mobile?: string; password?: string }): Promise<number> {
  const agent = await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', 'demo').executeTakeFirstOrThrow();
  const row = await t.db.kysely
    .insertInto('users')
    .values({
      agent_id: agent.id,
      account: u.account ?? null,
      mobile: u.mobile ?? null,
      password_hash: u.password ? await hashPassword(u.password, TEST_PASSWORD_HASH_COST) : null,
      created_at: clock.iso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function demoUserId(t: TestApp): Promise<number> {
  return (await t.db.kysely.selectFrom('users').select('id').where('account', '=', DEMO.account).executeTakeFirstOrThrow()).id;
}

describe.each(databases())('auth on %s', (kind) => {
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

  describe('per-address limits on login', () => {
    it('blocks an address after 30 failed logins in an hour', async () => {
      const c = client(t);
      for (let i = 0; i < 30; i++) {
        const res = await c.post('/api/v1/login', {
          login_model: 'customNum',
          custom_num: `19000000${String(i).padStart(2, '0')}`,
          password: '1234',
        });
        expect(res.json().code).toBe(10000);
      }
      const blocked = expectRejected(
        await c.post('/api/v1/login', { login_model: 'account', account: DEMO.account, password: DEMO.password }),
        429,
      );
      expect(blocked).toMatchObject({ code: 42900, message: '登录失败次数过多，请15分钟后再试' });
      // other addresses go on
      okData(await client(t).post('/api/v1/login', { login_model: 'account', account: DEMO.account, password: DEMO.password }));
      clock.advance(15 * MINUTE + 1000);
      okData(await c.post('/api/v1/login', { login_model: 'account', account: DEMO.account, password: DEMO.password }));
    });

    it('rate-limits login attempts per address', async () => {
      const c = client(t);
      for (let i = 0; i < 100; i++) {
        const res = await c.post('/api/v1/login', { login_model: 'customNum', custom_num: '1000000013', password: '1234' });
        expect(res.json().code).toBe(10203);
      }
      const limited = expectRejected(
        await c.post('/api/v1/login', { login_model: 'account', account: DEMO.account, password: DEMO.password }),
        429,
      );
      expect(limited.code).toBe(42900);
      expect(limited.message).toMatch(/^登录尝试过于频繁，请\d+分钟后再试$/);
      clock.advance(10 * MINUTE);
      okData(await c.post('/api/v1/login', { login_model: 'account', account: DEMO.account, password: DEMO.password }));
    });
  });

  describe('tokens and sessions', () => {
    it('answers 401 without a token, with a forged token and with a malformed header', async () => {
      const c = client(t);
      for (const res of [
        await c.get('/api/v1/session'),
        await c.get('/api/v1/session', 'forged-token-that-was-never-issued'),
        await t.inject({ method: 'GET', url: '/api/v1/session', headers: { authorization: 'Basic ZGVtbzpkZW1vMTIzNA==' } }),
        await c.post('/api/v1/logout', undefined, 'forged'),
      ]) {
        expect(expectRejected(res, 401).code).toBe(40100);
      }
    });

    it('rotates a token close to expiry: New-Token header, the old token works for a grace period, the new one goes on', async () => {
      const c = client(t);
      const old = okData(await c.post('/api/v1/login', { login_model: 'account', account: DEMO.account, password: DEMO.password })).token;
      const fresh = await c.get('/api/v1/session', old);
      expect(fresh.headers['new-token']).toBeUndefined();

      clock.advance(t.config.tokenTtlMs - t.config.tokenRotateBeforeMs + MINUTE);
      const rotated = await c.get('/api/v1/session', old);
      okData(rotated);
      const next = rotated.headers['new-token'];
      expect(typeof next).toBe('string');
      expect(next).not.toBe(old);

      // in-flight requests with the old token still work, and are not rotated twice
      const again = await c.get('/api/v1/session', old);
      okData(again);
      expect(again.headers['new-token']).toBeUndefined();
      const info = okData(await c.get('/api/v1/session', next as string));
      expect(new Date(info.expires_at).getTime()).toBeGreaterThan(clock.now().getTime() + t.config.tokenTtlMs - MINUTE);

      clock.advance(3 * MINUTE);
      expect(expectRejected(await c.get('/api/v1/session', old), 401).code).toBe(40100);
      okData(await c.get('/api/v1/session', next as string));
    });

    it('answers 401 for an expired token', async () => {
      const c = client(t);
      const token = okData(
        await c.post('/api/v1/login', { login_model: 'customNum', custom_num: '1000000001', password: DEMO.cardPassword }),
      ).token;
      clock.advance(t.config.tokenTtlMs + 1000);
      const res = expectRejected(await c.get('/api/v1/session', token), 401);
      expect(res).toMatchObject({ code: 40100, message: '登录已过期，请重新登录' });
    });

    it('logout revokes only this session: it then answers code 40001 with HTTP 200', async () => {
      const c = client(t);
      const a = okData(await c.post('/api/v1/login', { login_model: 'account', account: DEMO.account, password: DEMO.password })).token;
      const b = okData(await c.post('/api/v1/login', { login_model: 'account', account: DEMO.account, password: DEMO.password })).token;
      okData(await c.post('/api/v1/logout', undefined, a));
      const after = await c.get('/api/v1/session', a);
      expect(after.statusCode).toBe(200);
      expect(after.json()).toMatchObject({ code: 40001, data: null });
      expect(after.json().message).toMatch(/请重新登录/);
      // routes of other modules answer the same
      const pay = await c.get('/api/v1/pay/setting?custom_num=1000000001', a);
      expect([pay.statusCode, pay.json().code]).toEqual([200, 40001]);
      okData(await c.get('/api/v1/session', b));
    });
  });

  describe('account password change', () => {
    it('changes the password and signs out every other session of the user (code 40001)', async () => {
      const c = client(t);
      await addUser(t, { account: 'changer', password: 'first123' });
      const login = (password: string) => c.post('/api/v1/login', { login_model: 'account', account: 'changer', password });
      const mine = okData(await login('first123')).token;
      const other = okData(await login('first123')).token;

      const wrong = expectRejected(
        await c.post('/api/v1/user/password', { old_password: 'nope1234', new_password: 'second123' }, mine),
        400,
      );
      expect(wrong).toMatchObject({ code: 10101, message: '原密码错误，还可尝试4次' });
      const same = expectRejected(await c.post('/api/v1/user/password', { old_password: 'first123', new_password: 'first123' }, mine), 400);
      expect(same.message).toBe('新密码不能与原密码相同');
      const missing = expectRejected(await c.post('/api/v1/user/password', { new_password: 'second123' }, mine), 400);
      expect(missing.message).toBe('请输入原密码');

      const done = okData(await c.post('/api/v1/user/password', { old_password: 'first123', new_password: 'second123' }, mine));
      expect(done).toEqual({ revoked_sessions: 1 });
      okData(await c.get('/api/v1/session', mine));
      const kicked = await c.get('/api/v1/session', other);
      expect([kicked.statusCode, kicked.json().code]).toEqual([200, 40001]);

      expect(expectRejected(await login('first123'), 400).code).toBe(10101);
      okData(await login('second123'));
      const hash = await t.db.kysely.selectFrom('users').select('password_hash').where('account', '=', 'changer').executeTakeFirstOrThrow();
      expect(hash.password_hash).toMatch(/^scrypt\$/);
      expect(hash.password_hash).not.toContain('second123');
    });

    it('lets a user registered by SMS set a first password without an old one', async () => {
      const c = client(t);
      okData(await sendCode(c, '13933330001'));
      const code = await t.lastSmsCode('13933330001');
      const token = okData(await c.post('/api/v1/login', { login_model: 'mobile', mobile: '13933330001', code })).token;
      expect(okData(await c.post('/api/v1/user/password', { new_password: 'mine1234' }, token))).toEqual({ revoked_sessions: 0 });
      okData(await c.post('/api/v1/login', { login_model: 'account', account: '13933330001', password: 'mine1234' }));
    });

    it('is not available to a card-number login (403)', async () => {
      const c = client(t);
      const token = okData(
        await c.post('/api/v1/login', { login_model: 'customNum', custom_num: '1000000001', password: DEMO.cardPassword }),
      ).token;
      expect(expectRejected(await c.post('/api/v1/user/password', { new_password: 'mine1234' }, token), 403).code).toBe(40300);
    });
  });

  describe('bad input', () => {
    it('is rejected on every auth route with a Chinese message, never 500, writing nothing', async () => {
      const c = client(t);
      const token = okData(await c.post('/api/v1/login', { login_model: 'account', account: DEMO.account, password: DEMO.password })).token;
      const L = '/api/v1/login';
      await expectAllRejectedWithoutWrites(t, [
        // POST /sms/code
        { name: 'sms malformed', send: () => c.raw('/api/v1/sms/code', '{"mobile":'), status: 400, message: /JSON/ },
        { name: 'sms empty body', send: () => c.raw('/api/v1/sms/code', ''), status: 400 },
        { name: 'sms missing mobile', send: () => c.post('/api/v1/sms/code', {}), status: 400, message: /手机号/ },
        { name: 'sms mobile number type', send: () => c.post('/api/v1/sms/code', { mobile: 13800138000 }), status: 400, message: /手机号/ },
        { name: 'sms bad mobile', send: () => c.post('/api/v1/sms/code', { mobile: '12345' }), status: 400, message: /手机号/ },
        { name: 'sms unknown purpose', send: () => c.post('/api/v1/sms/code', { mobile: '13900009999', purpose: 'hack' }), status: 400 },
        {
          name: 'sms bad mark',
          send: () => c.post('/api/v1/sms/code', { mobile: '13900009999', mark: '<script>' }),
          status: 400,
          message: /代理标识/,
        },
        { name: 'sms unknown mark', send: () => c.post('/api/v1/sms/code', { mobile: '13900009999', mark: 'nosuch' }), status: 404 },
        { name: 'sms array body', send: () => c.post('/api/v1/sms/code', [1, 2]), status: 400 },
        {
          name: 'sms oversized',
          send: () => c.raw('/api/v1/sms/code', oversizedBody({ mobile: '13900009999' })),
          status: 413,
          code: 41300,
        },
        { name: 'sms not json', send: () => c.raw('/api/v1/sms/code', '<xml/>', 'application/xml'), status: 415 },
        // POST /login
        { name: 'login malformed', send: () => c.raw(L, '{"login_model":"account",'), status: 400, message: /JSON/ },
        { name: 'login no body', send: () => c.post(L), status: 400, message: /登录方式/ },
        {
          name: 'login unknown model',
          send: () => c.post(L, { login_model: 'wechat', account: 'demo', password: 'x' }),
          status: 400,
          message: /登录方式/,
        },
        { name: 'login missing model', send: () => c.post(L, { account: 'demo', password: 'x' }), status: 400, message: /登录方式/ },
        { name: 'login model wrong type', send: () => c.post(L, { login_model: 1 }), status: 400, message: /登录方式/ },
        { name: 'login account missing fields', send: () => c.post(L, { login_model: 'account' }), status: 400, message: /账号/ },
        {
          name: 'login account wrong type',
          send: () => c.post(L, { login_model: 'account', account: ['demo'], password: 'x' }),
          status: 400,
        },
        {
          name: 'login password missing',
          send: () => c.post(L, { login_model: 'account', account: 'demo' }),
          status: 400,
          message: /密码/,
        },
        {
          name: 'login password too long',
          send: () => c.post(L, { login_model: 'account', account: 'demo', password: 'x'.repeat(200) }),
          status: 400,
          message: /密码过长/,
        },
        {
          name: 'login mobile bad code',
          send: () => c.post(L, { login_model: 'mobile', mobile: DEMO.mobile, code: '12345' }),
          status: 400,
          message: /验证码/,
        },
        {
          name: 'login mobile bad mobile',
          send: () => c.post(L, { login_model: 'mobile', mobile: '1380013800', code: '123456' }),
          status: 400,
          message: /手机号/,
        },
        {
          name: 'login card bad number',
          send: () => c.post(L, { login_model: 'customNum', custom_num: 'abc', password: '123456' }),
          status: 400,
          message: /卡号/,
        },
        {
          name: 'login card bad password',
          send: () => c.post(L, { login_model: 'customNum', custom_num: '1000000001', password: '12ab' }),
          status: 400,
          message: /卡密码/,
        },
        {
          name: 'login card password number',
          send: () => c.post(L, { login_model: 'customNum', custom_num: '1000000001', password: 123456 }),
          status: 400,
          message: /卡密码/,
        },
        {
          name: 'login card password too long',
          send: () => c.post(L, { login_model: 'customNum', custom_num: '1000000001', password: '1234567' }),
          status: 400,
        },
        {
          name: 'login unknown mark',
          send: () => c.post(L, { login_model: 'account', account: 'demo', password: 'demo1234', mark: 'nosuch' }),
          status: 404,
          code: 40400,
        },
        {
          name: 'login oversized',
          send: () => c.raw(L, oversizedBody({ login_model: 'account', account: 'demo', password: 'demo1234' })),
          status: 413,
        },
        // POST /logout, GET /session
        { name: 'logout malformed', send: () => c.raw('/api/v1/logout', '{', 'application/json', token), status: 400 },
        { name: 'logout oversized', send: () => c.raw('/api/v1/logout', oversizedBody(), 'application/json', token), status: 413 },
        { name: 'logout no token', send: () => c.post('/api/v1/logout'), status: 401 },
        { name: 'session no token', send: () => c.get('/api/v1/session'), status: 401 },
        // POST /user/password
        {
          name: 'password malformed',
          send: () => c.raw('/api/v1/user/password', '{"new_password":', 'application/json', token),
          status: 400,
        },
        { name: 'password missing', send: () => c.post('/api/v1/user/password', {}, token), status: 400, message: /密码/ },
        {
          name: 'password too short',
          send: () => c.post('/api/v1/user/password', { old_password: DEMO.password, new_password: 'a1' }, token),
          status: 400,
          message: /至少8位/,
        },
        {
          name: 'password no digit',
          send: () => c.post('/api/v1/user/password', { old_password: DEMO.password, new_password: 'abcdefgh' }, token),
          status: 400,
          message: /字母和数字/,
        },
        {
          name: 'password wrong type',
          send: () => c.post('/api/v1/user/password', { old_password: DEMO.password, new_password: 12345678 }, token),
          status: 400,
        },
        {
          name: 'password oversized',
          send: () => c.raw('/api/v1/user/password', oversizedBody({ new_password: 'abc12345' }), 'application/json', token),
          status: 413,
        },
        {
          name: 'password no token',
          send: () => c.post('/api/v1/user/password', { old_password: DEMO.password, new_password: 'abc12345' }),
          status: 401,
        },
      ]);
      // the demo password was not changed by any of the above
      okData(await c.post('/api/v1/login', { login_model: 'account', account: DEMO.account, password: DEMO.password }));
    });
  });

  describe('forced logout by the operator', () => {
    it('revokes every session of the user named by mobile or account (command line)', async () => {
      // The command is a separate process, so it needs a database another process can open:
      // the PostgreSQL test database, the file's SQLite copy of the run's prepared database, or
      // (a file that seeds its own in ":memory:") a file of our own.
      let target = t;
      let cleanup = async () => {};
      if (kind === 'sqlite' && t.config.databaseUrl === ':memory:') {
        const dir = mkdtempSync(join(tmpdir(), 'portal-cli-'));
        const url = join(dir, 'portal.db');
        const db = await connect(url);
        await migrate(db);
        await seedDemo(db, new Date(), await demoHashesForTests());
        const config = {
          ...loadConfig({}),
          databaseUrl: url,
          webDist: null,
          logLevel: 'silent',
          passwordHashCost: TEST_PASSWORD_HASH_COST,
        };
        const app = await buildApp({ db, config, logger: false });
        target = { ...t, app, db, config, inject: (o) => app.inject(o) };
        cleanup = async () => {
          await app.close();
          await db.close();
          rmSync(dir, { recursive: true, force: true });
        };
      }
      try {
        const c = client(target);
        const login = () => c.post('/api/v1/login', { login_model: 'account', account: DEMO.account, password: DEMO.password });
        const a = okData(await login()).token;
        const b = okData(await login()).token;
        const card = okData(
          await c.post('/api/v1/login', { login_model: 'customNum', custom_num: '1000000001', password: DEMO.cardPassword }),
        ).token;

        const out = await runCli('revokeSessions.ts', [DEMO.mobile], target.config.databaseUrl);
        expect(out.code, out.stderr).toBe(0);
        expect(out.stdout).toMatch(/已强制下线用户 13800138000/);
        for (const token of [a, b]) {
          const res = await c.get('/api/v1/session', token);
          expect([res.statusCode, res.json().code]).toEqual([200, 40001]);
        }
        // a card-number login is not the user's session
        okData(await c.get('/api/v1/session', card));

        const again = okData(await login()).token;
        const [byAccount, unknown, usage] = await Promise.all([
          runCli('revokeSessions.ts', [DEMO.account], target.config.databaseUrl),
          runCli('revokeSessions.ts', ['nobody-at-all'], target.config.databaseUrl),
          runCli('revokeSessions.ts', [], target.config.databaseUrl),
        ]);
        expect(byAccount.code, byAccount.stderr).toBe(0);
        expect((await c.get('/api/v1/session', again)).json().code).toBe(40001);
        expect(unknown.code).toBe(1);
        expect(unknown.stderr).toMatch(/未找到用户/);
        expect(usage.code).toBe(2);
        expect(usage.stderr).toMatch(/用法/);
      } finally {
        await cleanup();
      }
    }, 60_000);
  });
});
