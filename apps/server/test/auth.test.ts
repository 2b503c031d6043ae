// Sessions and the guards around login: per-address limits, token rotation and expiry, logout,
// password change, bad input on every auth route and the operator's forced logout.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { connect } from '../src/db/connect';
import { migrate } from '../src/db/migrate';
import { DEMO, seedDemo } from '../src/db/seed';
import { clock } from '../src/lib/clock';
import { expectAllRejectedWithoutWrites, expectRejected, oversizedBody } from './badInput';
import { runCli } from './cli';
import { databases, demoHashesForTests, TEST_PASSWORD_HASH_COST, useTestApp } from './harness';
import { MINUTE, client, okData, sendCode, addUser } from './authHelpers';

describe.each(databases())('auth on %s', (kind) => {
  const t = useTestApp(kind);

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
