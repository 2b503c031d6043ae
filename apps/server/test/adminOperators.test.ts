// Operator accounts from the console (docs/decisions/0018): a platform administrator adds an operator who
// can then log in, resets a password (their sessions end), unlocks, disables and changes roles;
// nobody disables themselves and the last enabled platform administrator stays. Bad input → 400
// and nothing written; other roles 403; every change audited without the password hash.
import { describe, expect, it } from 'vitest';
import { adminGet, adminLogin, adminPost, cookieOf, loginAs, setSecondAdminDisabled } from './adminHelpers';
import { databases, useTestApp, type TestApp } from './harness';

const PASSWORD = 'Newbie2026x';

async function count(t: TestApp, table: 'operators' | 'audit_log'): Promise<number> {
  const r = await t.db.kysely
    .selectFrom(table)
    .select((e) => e.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

async function agentId(t: TestApp, mark: string): Promise<number> {
  return (await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', mark).executeTakeFirstOrThrow()).id;
}

async function auditOf(t: TestApp, action: string, targetId: number) {
  return t.db.kysely
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', String(targetId))
    .orderBy('id')
    .execute();
}

describe.each(databases())('console operators on %s', (kind) => {
  const t = useTestApp(kind);
  let seq = 0;
  const fresh = () => `op${kind.slice(0, 2)}.${++seq}`;

  async function create(admin: string, body: Record<string, unknown>) {
    return adminPost(
      t,
      '/api/admin/operators/create',
      { display_name: '新同事', role: 'support', password: PASSWORD, reason: '新员工入职', ...body },
      admin,
    );
  }

  it('an admin creates a support operator who then logs in and sees the support permissions; audited without the hash', async () => {
    const admin = await loginAs(t, 'admin');
    const username = fresh();
    const res = await create(admin, { username });
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().data;
    expect(row).toMatchObject({
      username,
      role: 'support',
      role_label: '客服',
      agent: null,
      disabled: false,
      locked_until: null,
      totp_enabled: false,
      last_login_at: null,
    });

    const login = await adminLogin(t, username, PASSWORD);
    expect(login.json().data.status, login.body).toBe('ok');
    expect(login.json().data.operator.permissions).toContain('tickets.manage');
    expect(login.json().data.operator.permissions).not.toContain('operators.manage');

    const list = (await adminGet(t, '/api/admin/operators', admin)).json().data.items;
    const listed = list.find((o: { username: string }) => o.username === username);
    expect(listed.last_login_at).not.toBeNull();

    const audit = await auditOf(t, 'operator.created', row.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.reason).toBe('新员工入职');
    expect(JSON.parse(audit[0]!.after)).toMatchObject({ username, role: 'support', agent_id: null });
    expect(audit[0]!.after).not.toContain('scrypt');
  });

  it('an agent administrator needs an existing agent; other roles may not have one', async () => {
    const admin = await loginAs(t, 'admin');
    const demo = await agentId(t, 'demo');
    const ok = await create(admin, { username: fresh(), role: 'agent_admin', agent_id: demo });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.agent).toMatchObject({ id: demo, mark: 'demo' });
  });

  it('bad input answers 400 and writes nothing', async () => {
    const admin = await loginAs(t, 'admin');
    const demo = await agentId(t, 'demo');
    const before = [await count(t, 'operators'), await count(t, 'audit_log')];
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ username: fresh(), password: 'short1' }, '至少 8 位'],
      [{ username: fresh(), password: 'onlyletters' }, '字母和数字'],
      [{ username: 'admin' }, '用户名已被使用'],
      [{ username: 'AB' }, '用户名'],
      [{ username: 'bad name!' }, '用户名只能包含'],
      [{ username: fresh(), role: 'agent_admin' }, '须选择所属代理商'],
      [{ username: fresh(), role: 'agent_admin', agent_id: 999999 }, '代理商不存在'],
      [{ username: fresh(), role: 'support', agent_id: demo }, '只有代理管理员'],
      [{ username: fresh(), reason: '' }, '原因'],
    ];
    for (const [body, message] of cases) {
      const res = await create(admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toContain(message);
    }
    // logging in as admin above wrote its audit row before `before` was taken
    expect([await count(t, 'operators'), await count(t, 'audit_log')]).toEqual(before);
  });

  it('resetting a password ends that operator’s sessions; the new password works', async () => {
    const admin = await loginAs(t, 'admin');
    const username = fresh();
    const id = (await create(admin, { username })).json().data.id;
    const theirs = cookieOf(await adminLogin(t, username, PASSWORD));
    expect((await adminGet(t, '/api/admin/session', theirs)).statusCode).toBe(200);

    const weak = await adminPost(t, '/api/admin/operators/password', { id, password: 'abc', reason: '忘记密码' }, admin);
    expect(weak.statusCode).toBe(400);
    const res = await adminPost(t, '/api/admin/operators/password', { id, password: 'Reset2026y', reason: '忘记密码' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect((await adminGet(t, '/api/admin/session', theirs)).statusCode).toBe(401);
    expect((await adminLogin(t, username, PASSWORD)).statusCode).not.toBe(200);
    expect((await adminLogin(t, username, 'Reset2026y')).json().data.status).toBe('ok');
    const audit = await auditOf(t, 'operator.password_reset', id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.reason).toBe('忘记密码');
    expect(audit[0]!.after + audit[0]!.before).not.toContain('scrypt');
  });

  it('unlock clears the failed count and the lock', async () => {
    const admin = await loginAs(t, 'admin');
    const username = fresh();
    const id = (await create(admin, { username })).json().data.id;
    for (let i = 0; i < 5; i++) await adminLogin(t, username, 'wrong-password1');
    const locked = (await adminGet(t, '/api/admin/operators', admin)).json().data.items.find((o: { id: number }) => o.id === id);
    expect(locked.locked_until).not.toBeNull();
    expect((await adminLogin(t, username, PASSWORD)).statusCode).not.toBe(200);

    const res = await adminPost(t, '/api/admin/operators/unlock', { id, reason: '本人确认' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ locked_until: null, failed_logins: 0 });
    expect((await adminLogin(t, username, PASSWORD)).json().data.status).toBe('ok');
    const audit = await auditOf(t, 'operator.unlocked', id);
    expect(JSON.parse(audit[0]!.after)).toEqual({ failed_logins: 0, locked_until: null });
    expect(JSON.parse(audit[0]!.before).locked_until).not.toBeNull();
  });

  it('disabling ends the sessions and refuses login; enabling lets them back; nobody disables themselves', async () => {
    const admin = await loginAs(t, 'admin');
    const username = fresh();
    const id = (await create(admin, { username })).json().data.id;
    const theirs = cookieOf(await adminLogin(t, username, PASSWORD));

    const off = await adminPost(t, '/api/admin/operators/disabled', { id, disabled: true, reason: '离职' }, admin);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.disabled).toBe(true);
    expect((await adminGet(t, '/api/admin/session', theirs)).statusCode).toBe(401);
    expect((await adminLogin(t, username, PASSWORD)).json().message).toContain('已停用');

    const on = await adminPost(t, '/api/admin/operators/disabled', { id, disabled: false, reason: '返岗' }, admin);
    expect(on.json().data.disabled).toBe(false);
    expect((await adminLogin(t, username, PASSWORD)).json().data.status).toBe('ok');
    expect((await auditOf(t, 'operator.disabled', id))[0]!.reason).toBe('离职');
    expect(JSON.parse((await auditOf(t, 'operator.enabled', id))[0]!.after).disabled).toBe(false);

    const me = (await adminGet(t, '/api/admin/session', admin)).json().data.id;
    const self = await adminPost(t, '/api/admin/operators/disabled', { id: me, disabled: true, reason: '试试看' }, admin);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toContain('不能停用自己');
  });

  it('the last enabled platform administrator cannot be disabled or demoted; with a second one it can', async () => {
    await setSecondAdminDisabled(t, true);
    const admin = await loginAs(t, 'admin');
    const adminId = (await adminGet(t, '/api/admin/session', admin)).json().data.id;
    const username = fresh();
    const second = (await create(admin, { username, role: 'platform_admin' })).json().data.id;
    const secondCookie = cookieOf(await adminLogin(t, username, PASSWORD));
    // the second admin demotes themselves to support: allowed, the seeded admin remains
    const demoteSelf = await adminPost(t, '/api/admin/operators/role', { id: second, role: 'support', reason: '调岗' }, secondCookie);
    expect(demoteSelf.statusCode, demoteSelf.body).toBe(200);

    const before = await count(t, 'audit_log');
    const demote = await adminPost(t, '/api/admin/operators/role', { id: adminId, role: 'finance', reason: '调岗' }, admin);
    expect(demote.statusCode).toBe(400);
    expect(demote.json().message).toContain('最后一位');
    const row = await t.db.kysely.selectFrom('operators').select('role').where('id', '=', adminId).executeTakeFirstOrThrow();
    expect(row.role).toBe('platform_admin');
    expect(await count(t, 'audit_log')).toBe(before);

    // promoted back, the second admin may disable the first; then the second is the last one
    expect(
      (await adminPost(t, '/api/admin/operators/role', { id: second, role: 'platform_admin', reason: '复岗' }, admin)).statusCode,
    ).toBe(200);
    const again = cookieOf(await adminLogin(t, username, PASSWORD));
    const off = await adminPost(t, '/api/admin/operators/disabled', { id: adminId, disabled: true, reason: '交接' }, again);
    expect(off.statusCode, off.body).toBe(200);
    const lastDemote = await adminPost(t, '/api/admin/operators/role', { id: second, role: 'support', reason: '调岗' }, again);
    expect(lastDemote.statusCode).toBe(400);
    expect(lastDemote.json().message).toContain('最后一位');
    // put the seeded admin back for the other tests
    expect(
      (await adminPost(t, '/api/admin/operators/disabled', { id: adminId, disabled: false, reason: '交接完毕' }, again)).statusCode,
    ).toBe(200);
    const audit = await auditOf(t, 'operator.role_changed', second);
    expect(JSON.parse(audit[0]!.before)).toEqual({ role: 'platform_admin', agent_id: null });
    expect(JSON.parse(audit[0]!.after)).toEqual({ role: 'support', agent_id: null });
    await setSecondAdminDisabled(t, false);
  });

  it('other roles get 403 and write nothing', async () => {
    for (const who of ['agent', 'support', 'finance'] as const) {
      const cookie = await loginAs(t, who);
      expect((await adminGet(t, '/api/admin/operators', cookie)).statusCode).toBe(403);
      const before = await count(t, 'operators');
      const res = await adminPost(
        t,
        '/api/admin/operators/create',
        { username: fresh(), display_name: 'x', role: 'platform_admin', password: PASSWORD, reason: '提权' },
        cookie,
      );
      expect(res.statusCode).toBe(403);
      expect(await count(t, 'operators')).toBe(before);
    }
  });
});
