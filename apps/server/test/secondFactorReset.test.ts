// Resetting another operator's second factor (docs/decisions/0059-refunds-and-second-factors-held.md):
// for an operator who lost their phone. A support, finance or agent operator's is reset at once; a
// platform administrator's waits for another platform administrator (not the requester, not tied to
// them), unless nobody could approve it — then it is done at once, as a password reset is. Either
// way the operator's sessions end and the resetter is tied to them. SQLite and PostgreSQL.
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { clock } from '../src/lib/clock';
import { createAdminFromServer } from '../src/modules/admin/operators/fromServer';
import { adminGet, adminLogin, adminPost, cookieOf, loginAs, passwordOf } from './adminHelpers';
import { databases, useTestApp, type TestApp } from './harness';
import { enableTotp } from './refundHelpers';

type Res = LightMyRequestResponse;

async function operator(t: TestApp, username: string) {
  return t.db.kysely
    .selectFrom('operators')
    .select(['id', 'totp_enabled', 'totp_secret'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
}

async function tiesOf(t: TestApp, id: number) {
  return t.db.kysely.selectFrom('operator_ties').select(['tied_id', 'what']).where('operator_id', '=', id).execute();
}

function expect4xx(res: Res, status: number, message: RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toMatch(message);
}

const reset = (t: TestApp, id: number, cookie: string) => adminPost(t, '/api/admin/operators/totp', { id, reason: '手机丢失' }, cookie);

describe.each(databases())("resetting another operator's second factor on %s", (kind) => {
  const t = useTestApp(kind);
  afterEach(() => clock.reset());

  it("a support operator's: done at once, their sessions end, they sign in with the password alone, the two tied", async () => {
    const support = await loginAs(t, 'support');
    await enableTotp(t, support);
    expect((await adminLogin(t, 'support', passwordOf('support'))).json().data).toEqual({ status: 'totp_required' });
    const admin = await loginAs(t, 'admin');
    const { id } = await operator(t, 'support');

    // nobody else may, and bad input writes nothing
    const finance = await loginAs(t, 'finance');
    const adminId = (await operator(t, 'admin')).id;
    const snap = await t.snapshot();
    expect4xx(await reset(t, id, finance), 403, /无权/);
    expect4xx(await reset(t, adminId, admin), 400, /不能在此重置自己的两步验证/);
    expect4xx(await reset(t, 999_999, admin), 404, /操作员不存在/);
    expect4xx(await adminPost(t, '/api/admin/operators/totp', { id, reason: '' }, admin), 400, /原因/);
    expect(await t.snapshot()).toEqual(snap);

    const done = await reset(t, id, admin);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ username: 'support', totp_enabled: false });
    expect(await operator(t, 'support')).toMatchObject({ totp_enabled: 0, totp_secret: '' });
    // the session opened with the lost phone's codes has ended
    expect((await adminGet(t, '/api/admin/session', support)).statusCode).toBe(401);
    expect((await adminLogin(t, 'support', passwordOf('support'))).json().data.status).toBe('ok');
    expect(await tiesOf(t, id)).toEqual([{ tied_id: adminId, what: 'totp' }]);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'operator.totp_reset')
      .where('target_id', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ operator_username: 'admin', reason: '手机丢失' });
    // nothing left to reset
    expect4xx(await reset(t, id, admin), 400, /该操作员未开启两步验证，无需重置/);
  });

  it("another platform administrator's waits for a third; with nobody to approve it is done at once and tied", async () => {
    const admin = await loginAs(t, 'admin');
    const third = await createAdminFromServer(t.db.kysely, 4, { username: 'server3', display_name: '第三位', password: 'Server2026x' });
    clock.advance(1000);
    const admin2 = await loginAs(t, 'admin2');
    await enableTotp(t, admin2);
    const target = (await operator(t, 'admin2')).id;

    const res = await reset(t, target, admin);
    expect(res.statusCode, res.body).toBe(200);
    const held = res.json().data.pending_approval;
    expect(held).toMatchObject({ kind: 'operator_totp', state: 'pending', breaches: ['重置平台管理员的两步验证需另一位平台管理员审批'] });
    expect(held.summary).toBe('重置平台管理员 admin2（平台复核管理员）的两步验证，并退出其全部登录');
    expect(await operator(t, 'admin2')).toMatchObject({ totp_enabled: 1 });
    expect((await adminGet(t, '/api/admin/session', admin2)).statusCode).toBe(200);

    expect4xx(await adminPost(t, '/api/admin/approvals/approve', { id: held.id, reason: '同意' }, admin), 403, /不能审批自己提交的申请/);
    const server3 = cookieOf(await adminLogin(t, 'server3', 'Server2026x'));
    const ok = await adminPost(t, '/api/admin/approvals/approve', { id: held.id, reason: '本人来电确认' }, server3);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.outcome).toBe('已重置 admin2 的两步验证，其登录已全部退出');
    expect(await operator(t, 'admin2')).toMatchObject({ totp_enabled: 0 });
    expect((await adminGet(t, '/api/admin/session', admin2)).statusCode).toBe(401);
    // the requester is tied to them, not the approver
    expect(await tiesOf(t, target)).toEqual([{ tied_id: (await operator(t, 'admin')).id, what: 'totp' }]);

    // with the third disabled nobody untied could approve: done at once, and tied
    const off = await adminPost(t, '/api/admin/operators/disabled', { id: third, disabled: true, reason: '测试结束' }, admin);
    expect(off.statusCode, off.body).toBe(200);
    await enableTotp(t, cookieOf(await adminLogin(t, 'admin2', passwordOf('admin2'))));
    const atOnce = await reset(t, target, admin);
    expect(atOnce.json().data, atOnce.body).toMatchObject({ username: 'admin2', totp_enabled: false });
  });
});
