// The operator console's API (docs/decisions/0018): operator login, wrong password, lockout, session expiry
// (idle and absolute), logout, own password, TOTP enrolment and login, the audit log (written
// with each action, searchable, exported, immutable in the database) and the dashboard scoped for
// an agent administrator. SQLite and PostgreSQL.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { Code } from '@portal/contract/codes';
import { clock } from '../src/lib/clock';
import { verifyPassword } from '../src/lib/password';
import { DEMO_OPERATORS } from '../src/db/seedOperators';
import { connect } from '../src/db/connect';
import { DEMO_OPERATOR_HASH, holdsDemoLogins } from '../src/db/demoLogins';
import { migrate } from '../src/db/migrate';
import { base32Decode, hotp, totpStep } from '../src/modules/admin/auth/totp';
import { adminGet, passwordOf, adminLogin, adminPost, cookieOf, loginAs } from './adminHelpers';
import { databases, TEST_PASSWORD_HASH_COST, useTestApp, type TestApp } from './harness';

function codeAt(secret: string, at = clock.now()): string {
  return hotp(base32Decode(secret), totpStep(Math.floor(at.getTime() / 1000)));
}

async function auditRows(t: TestApp, action: string, username: string) {
  return t.db.kysely
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('operator_username', '=', username)
    .orderBy('id')
    .execute();
}

describe('demo operators', () => {
  it('make production refuse the database, like the other demo logins', async () => {
    expect(DEMO_OPERATOR_HASH).toBe(DEMO_OPERATORS[0].hash);
    const db = await connect(':memory:');
    try {
      await migrate(db);
      expect(await holdsDemoLogins(db)).toBe(false);
      const iso = new Date().toISOString();
      await db.kysely
        .insertInto('operators')
        .values({
          username: 'admin',
          password_hash: DEMO_OPERATOR_HASH,
          role: 'platform_admin',
          agent_id: null,
          display_name: '平台管理员',
          created_at: iso,
          updated_at: iso,
        })
        .execute();
      expect(await holdsDemoLogins(db)).toBe(true);
    } finally {
      await db.close();
    }
  });

  it.each(DEMO_OPERATORS.map((o) => [o.username, o.password, o.hash] as const))(
    '%s: the stored hash verifies %s',
    async (_u, password, hash) => {
      expect(await verifyPassword(password, hash)).toBe(true);
    },
  );
});

describe.each(databases())('operator console on %s', (kind) => {
  const t = useTestApp(kind);
  afterEach(() => clock.reset());

  describe('login and sessions', () => {
    it('logs in with a cookie the scripts cannot read, limited to /api/admin', async () => {
      const res = await adminLogin(t, 'admin', 'Admin#2026');
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data.status).toBe('ok');
      expect(data.operator).toMatchObject({ username: 'admin', role: 'platform_admin', role_label: '平台管理员', totp_enabled: false });
      expect(data.operator.permissions).toContain('audit.view');
      const set = String(res.headers['set-cookie']);
      expect(set).toMatch(/^op_session=[\w-]{40,}; Path=\/api\/admin; Max-Age=43200; HttpOnly; SameSite=Strict$/);
      const session = await adminGet(t, '/api/admin/session', cookieOf(res));
      expect(session.json().data.username).toBe('admin');
      // the token is stored hashed
      const token = cookieOf(res).split('=')[1]!;
      expect(
        await t.db.kysely.selectFrom('operator_sessions').select('id').where('token_hash', '=', token).executeTakeFirst(),
      ).toBeUndefined();
    });

    it('names the agent of an agent administrator', async () => {
      const cookie = await loginAs(t, 'agent');
      const me = (await adminGet(t, '/api/admin/session', cookie)).json().data;
      expect(me).toMatchObject({ role: 'agent_admin', agent: { mark: 'demo', name: '畅联物联' } });
      expect(me.permissions).not.toContain('audit.view');
    });

    // the clock goes back after each test: windows counted in its future would outlive the test
    const forgetLoginLimits = () => t.db.kysely.deleteFrom('throttles').where('key', 'like', 'admin-login%').execute();

    it('refuses a wrong password with the attempts left, and an unknown name exactly alike, without a session', async () => {
      const res = await adminLogin(t, 'support', 'wrong-password');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: Code.LOGIN_FAILED, message: '用户名或密码错误，还可尝试 4 次', data: null });
      expect(res.headers['set-cookie']).toBeUndefined();
      const unknown = await adminLogin(t, 'nobody', 'wrong-password');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual(res.json());
      // a right login clears the count
      await loginAs(t, 'support');
      expect((await adminLogin(t, 'support', 'x')).json().message).toBe('用户名或密码错误，还可尝试 4 次');
      await loginAs(t, 'support');
    });

    it('known and unknown names answer the same all the way to the lock, which holds only for the address that failed', async () => {
      const from = (ip: string, username: string, password: string) =>
        t.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password }, remoteAddress: ip });
      const known: unknown[] = [];
      const unknown: unknown[] = [];
      for (let i = 1; i <= 6; i++) {
        known.push((await from('10.9.0.1', 'finance', 'nope')).json());
        unknown.push((await from('10.9.0.2', 'no-such-operator', 'nope')).json());
      }
      expect(unknown).toEqual(known);
      expect(known[4]).toMatchObject({ code: Code.LOCKED, message: '密码错误次数过多，请 15 分钟后再试' });
      // even the right password waits at the address that failed …
      const right = await from('10.9.0.1', 'finance', 'Finance#2026');
      expect(right.json().code).toBe(Code.LOCKED);
      expect(right.headers['set-cookie']).toBeUndefined();
      expect(await auditRows(t, 'operator.locked', 'finance')).toHaveLength(1);
      // … while the operator at their own desk gets in (after a pause of seconds at most: the name was guessed)
      clock.advance(10_000);
      const desk = await from('10.9.0.3', 'finance', 'Finance#2026');
      expect(desk.json().code, desk.body).toBe(0);
      clock.advance(15 * 60_000 + 1000);
      await loginAs(t, 'finance');
      await forgetLoginLimits();
    });

    it('guessing one name from many addresses is slowed to one try per 10 seconds, never locked', async () => {
      const from = (ip: string, password: string) =>
        t.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'agent', password }, remoteAddress: ip });
      for (let i = 0; i < 5; i++) expect((await from(`10.8.0.${i}`, 'nope')).json().code).toBe(Code.LOGIN_FAILED);
      expect((await from('10.8.1.1', 'nope')).json().code).toBe(Code.LOGIN_FAILED);
      const paced = await from('10.8.1.2', 'nope');
      expect(paced.statusCode).toBe(429);
      expect(paced.json().message).toMatch(/^登录尝试过于频繁，请 \d+ 秒后再试$/);
      clock.advance(10_000);
      expect((await from('10.8.1.3', passwordOf('agent'))).json().code).toBe(0);
      await forgetLoginLimits();
    });

    it('twenty failures from one address slow it down without locking the operators behind it', async () => {
      const from = (username: string, password: string) =>
        t.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password }, remoteAddress: '10.7.0.1' });
      for (let i = 0; i < 20; i++) expect((await from(`ghost${i}`, 'nope')).statusCode).toBe(400);
      expect((await from('ghost-x', 'nope')).statusCode).toBe(400);
      expect((await from('support', passwordOf('support'))).statusCode).toBe(429);
      clock.advance(5_000);
      expect((await from('support', passwordOf('support'))).json().code).toBe(0);
      await forgetLoginLimits();
    });

    it('ends a session after 30 idle minutes', async () => {
      const cookie = await loginAs(t, 'support');
      clock.advance(29 * 60_000);
      expect((await adminGet(t, '/api/admin/session', cookie)).statusCode).toBe(200);
      clock.advance(29 * 60_000); // 29 minutes after the last request: still alive
      expect((await adminGet(t, '/api/admin/session', cookie)).statusCode).toBe(200);
      clock.advance(31 * 60_000);
      const res = await adminGet(t, '/api/admin/session', cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('登录已过期，请重新登录');
    });

    it('ends a session 12 hours after login however busy', async () => {
      const cookie = await loginAs(t, 'support');
      for (let i = 0; i < 28; i++) {
        clock.advance(25 * 60_000);
        expect((await adminGet(t, '/api/admin/session', cookie)).statusCode).toBe(200);
      }
      clock.advance(25 * 60_000); // 12 h 5 min
      expect((await adminGet(t, '/api/admin/session', cookie)).statusCode).toBe(401);
    });

    it('logout revokes the session and clears the cookie', async () => {
      const cookie = await loginAs(t, 'support');
      const out = await adminPost(t, '/api/admin/logout', {}, cookie);
      expect(out.statusCode).toBe(200);
      expect(String(out.headers['set-cookie'])).toMatch(/^op_session=; Path=\/api\/admin; Max-Age=0/);
      expect((await adminGet(t, '/api/admin/session', cookie)).statusCode).toBe(401);
      expect((await adminGet(t, '/api/admin/session', 'op_session=forged')).statusCode).toBe(401);
    });

    it('a portal login is no operator session', async () => {
      const token = await t.loginAccount();
      expect((await t.get('/api/admin/session', token)).statusCode).toBe(401);
    });
  });

  describe('own password', () => {
    it('checks the old one, asks for a strong new one, and signs the other logins out', async () => {
      const a = await loginAs(t, 'agent');
      const b = await loginAs(t, 'agent');
      const before = await t.snapshot();
      const wrong = await adminPost(t, '/api/admin/password', { old_password: 'nope', new_password: 'Better#2027' }, a);
      expect(wrong.json()).toMatchObject({ code: Code.LOGIN_FAILED, message: '原密码错误' });
      const weak = await adminPost(t, '/api/admin/password', { old_password: 'Agent#2026', new_password: 'short' }, a);
      expect(weak.statusCode).toBe(400);
      expect(weak.json().message).toBe('新密码至少 8 位');
      expect(await t.snapshot()).toEqual(before);

      const ok = await adminPost(t, '/api/admin/password', { old_password: 'Agent#2026', new_password: 'Better#2027' }, a);
      expect(ok.statusCode, ok.body).toBe(200);
      // hashed at the configured cost (PASSWORD_HASH_COST), like every other password
      const stored = await t.db.kysely
        .selectFrom('operators')
        .select('password_hash')
        .where('username', '=', 'agent')
        .executeTakeFirstOrThrow();
      expect(stored.password_hash.startsWith(`scrypt$${2 ** TEST_PASSWORD_HASH_COST}$`)).toBe(true);
      expect((await adminGet(t, '/api/admin/session', a)).statusCode).toBe(200);
      expect((await adminGet(t, '/api/admin/session', b)).statusCode).toBe(401);
      expect((await adminLogin(t, 'agent', 'Agent#2026')).json().code).toBe(Code.LOGIN_FAILED);
      const c = await loginAs(t, 'agent', 'Better#2027');
      // back to the published password for the other tests
      await adminPost(t, '/api/admin/password', { old_password: 'Better#2027', new_password: 'Agent#2026' }, c);
      expect(await auditRows(t, 'operator.password_changed', 'agent')).toHaveLength(2);
    });
  });

  describe('TOTP second factor', () => {
    it('enrols with a code, then asks for one at every login; disabling needs the password', async () => {
      const cookie = await loginAs(t, 'support');
      const enrol = await adminPost(t, '/api/admin/totp/enrol', {}, cookie);
      expect(enrol.statusCode, enrol.body).toBe(200);
      const { secret, uri } = enrol.json().data as { secret: string; uri: string };
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(uri).toContain(`secret=${secret}`);
      expect(uri).toMatch(/^otpauth:\/\/totp\/.+:support\?/);
      // sealed at rest
      const row = await t.db.kysely
        .selectFrom('operators')
        .select(['totp_secret', 'totp_enabled'])
        .where('username', '=', 'support')
        .executeTakeFirstOrThrow();
      expect(row.totp_secret).not.toContain(secret);
      expect(row.totp_enabled).toBe(0);
      // not yet on: a login needs no code
      await loginAs(t, 'support');

      const bad = await adminPost(t, '/api/admin/totp/confirm', { code: '000000' === codeAt(secret) ? '111111' : '000000' }, cookie);
      expect(bad.json().message).toBe('动态验证码错误，请核对手机时间后重试');
      // the clock runs: keep the code itself, for a 30 s step may end before the replay below
      const confirmCode = codeAt(secret);
      const confirm = await adminPost(t, '/api/admin/totp/confirm', { code: confirmCode }, cookie);
      expect(confirm.statusCode, confirm.body).toBe(200);
      expect(confirm.json().data.totp_enabled).toBe(true);

      const first = await adminLogin(t, 'support', 'Support#2026');
      expect(first.json().data).toEqual({ status: 'totp_required' });
      expect(first.headers['set-cookie']).toBeUndefined();
      // the code used to confirm cannot log in again
      const replay = await adminLogin(t, 'support', 'Support#2026', confirmCode);
      expect(replay.json().message).toMatch(/^动态验证码错误或已使用/);
      clock.advance(30_000);
      const code = codeAt(secret);
      const withCode = await adminLogin(t, 'support', 'Support#2026', code);
      expect(withCode.json().data.status, withCode.body).toBe('ok');
      const again = await adminLogin(t, 'support', 'Support#2026', code);
      expect(again.json().code).toBe(Code.LOGIN_FAILED);
      const viaCode = cookieOf(withCode);

      const noPassword = await adminPost(t, '/api/admin/totp/disable', { password: 'nope' }, viaCode);
      expect(noPassword.json().message).toBe('登录密码错误');
      const off = await adminPost(t, '/api/admin/totp/disable', { password: 'Support#2026' }, viaCode);
      expect(off.json().data.totp_enabled).toBe(false);
      await loginAs(t, 'support');
      const actions = (await t.db.kysely.selectFrom('audit_log').select('action').where('operator_username', '=', 'support').execute()).map(
        (r) => r.action,
      );
      expect(actions).toEqual(
        expect.arrayContaining(['operator.totp_enrol', 'operator.totp_enabled', 'operator.totp_disabled', 'operator.login_failed']),
      );
    });
  });

  describe('audit log', () => {
    it('records who, what, when and from where, and is searched newest first with keyset paging', async () => {
      const cookie = await loginAs(t, 'admin');
      await adminLogin(t, 'admin', 'wrong-password');
      await loginAs(t, 'admin');
      const list = await adminGet(t, '/api/admin/audit?operator=admin&limit=2', cookie);
      expect(list.statusCode, list.body).toBe(200);
      const page = list.json().data;
      expect(page.items).toHaveLength(2);
      expect(page.items[0]).toMatchObject({
        operator_username: 'admin',
        operator_role: 'platform_admin',
        action: 'operator.login',
        action_label: '登录',
        target_type: 'operator',
        ip: '127.0.0.1',
      });
      expect(page.items[1]).toMatchObject({ action: 'operator.login_failed', action_label: '登录失败', after: { failed_logins: 1 } });
      expect(page.items[0].request_id).toMatch(/[0-9a-f-]{36}/);
      expect(page.items[0].id).toBeGreaterThan(page.items[1].id);
      const next = (await adminGet(t, `/api/admin/audit?operator=admin&limit=2&before_id=${page.next_before_id}`, cookie)).json().data;
      expect(next.items[0].id).toBeLessThan(page.items[1].id);

      const failed = (await adminGet(t, '/api/admin/audit?action=operator.login_failed&operator=admin', cookie)).json().data;
      expect(failed.items.every((e: { action: string }) => e.action === 'operator.login_failed')).toBe(true);
      const future = (await adminGet(t, `/api/admin/audit?from=${encodeURIComponent(clock.isoIn(3_600_000))}`, cookie)).json().data;
      expect(future.items).toEqual([]);
      const bad = await adminGet(t, '/api/admin/audit?from=yesterday', cookie);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('时间格式有误');
    });

    it('exports CSV that Excel opens, formula-safe, and records the export', async () => {
      const cookie = await loginAs(t, 'admin');
      const res = await adminGet(t, '/api/admin/audit/export?operator=admin', cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toContain("filename*=UTF-8''%E5%AE%A1%E8%AE%A1%E6%97%A5%E5%BF%97.csv");
      expect(res.body.startsWith('\uFEFF时间（北京时间）,操作人,角色,操作,对象类型,对象编号,原因,变更前,变更后,请求编号,IP\r\n')).toBe(
        true,
      );
      expect(res.body).toContain(',admin,平台管理员,登录,operator,');
      expect(await auditRows(t, 'audit.export', 'admin')).toHaveLength(1);
    });

    it('cannot be changed or deleted, even by SQL', async () => {
      const before = await t.db.kysely
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      await expect(t.db.kysely.updateTable('audit_log').set({ reason: 'tampered' }).execute()).rejects.toThrow(/append-only/);
      await expect(t.db.kysely.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
      if (kind === 'postgres') await expect(sql`truncate audit_log`.execute(t.db.kysely)).rejects.toThrow(/append-only/);
      const after = await t.db.kysely
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
      expect(await t.db.kysely.selectFrom('audit_log').select('id').where('reason', '=', 'tampered').executeTakeFirst()).toBeUndefined();
    });
  });

  describe('dashboard', () => {
    async function dashboard(username: 'admin' | 'agent') {
      const res = await adminGet(t, '/api/admin/dashboard', await loginAs(t, username));
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    }

    it('shows every agent to the platform administrator and only their own to an agent administrator', async () => {
      const all = await dashboard('admin');
      const mine = await dashboard('agent');
      const demo = await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', 'demo').executeTakeFirstOrThrow();
      const count = async (agentId?: number) => {
        let q = t.db.kysely.selectFrom('cards').select((eb) => eb.fn.countAll<number>().as('n'));
        if (agentId) q = q.where('agent_id', '=', agentId);
        return Number((await q.executeTakeFirstOrThrow()).n);
      };
      const sum = (d: { cards_by_state: { count: number }[] }) => d.cards_by_state.reduce((s, r) => s + r.count, 0);
      expect(sum(all)).toBe(await count());
      expect(sum(mine)).toBe(await count(demo.id));
      expect(sum(mine)).toBeLessThan(sum(all));
      expect(all.cards_by_state[0].label).toBeTruthy();

      expect(all.daily).toHaveLength(30);
      expect(all.daily.at(-1).day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // the demo user's bound cards were first bound when the demo data was loaded: today
      expect(all.daily.at(-1).activations).toBeGreaterThan(0);
      expect(all.queues.map((q: { key: string }) => q.key)).toEqual([
        'tickets',
        'agent_applications',
        'refunds',
        'refund_requests',
        'invoice_requests',
        'replacements',
        'shop_orders',
        'commission_withdrawals',
        'approvals',
      ]);
      // the demo's one ticket has been replied to: it waits for its holder, not for the platform
      const tickets = all.queues.find((q: { key: string }) => q.key === 'tickets');
      expect(tickets).toMatchObject({ count: 0, oldest_at: null });
      // acme's cards are not the agent administrator's: no acme card among their top users
      const acmeNums = (
        await t.db.kysely
          .selectFrom('cards')
          .innerJoin('agents', 'agents.id', 'cards.agent_id')
          .select('custom_num')
          .where('agents.mark', '=', 'acme')
          .execute()
      ).map((r) => r.custom_num);
      for (const u of mine.top_data_users) expect(acmeNums).not.toContain(u.custom_num);
      expect(mine.daily.at(-1).activations).toBeLessThanOrEqual(all.daily.at(-1).activations);
    });
  });
});
