// No one moves money alone (docs/decisions/0056-no-one-moves-money-alone.md): each bypass an
// attacker found with one platform administrator's console, proved closed. The limits, the
// operators who approve, agents' commission adjustments, the verification mobile, the payout account
// and the withdrawals all go through a second person. SQLite and PostgreSQL.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_WRITE_LIMITS } from '@portal/domain';
import { clock } from '../src/lib/clock';
import { createAdminFromServer } from '../src/modules/admin/operators/fromServer';
import { adminGet, adminLogin, adminPost, cookieOf, loginAs, setSecondAdminDisabled } from './adminHelpers';
import { databases, useTestApp, type TestApp } from './harness';

let n = 0;
const rid = () => `req-two-${Date.now().toString(36)}-${++n}`;
const DAY = 86_400_000;
const NEW_PASSWORD = 'Puppet2026x';

async function agentId(t: TestApp, mark: string): Promise<number> {
  return (await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', mark).executeTakeFirstOrThrow()).id;
}

async function operatorId(t: TestApp, username: string): Promise<number> {
  return (await t.db.kysely.selectFrom('operators').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
}

async function balanceOf(t: TestApp, card: string): Promise<number> {
  return (await t.db.kysely.selectFrom('cards').select('balance_fen').where('custom_num', '=', card).executeTakeFirstOrThrow()).balance_fen;
}

async function commissionBalance(t: TestApp, agent: number): Promise<number> {
  const r = await t.db.kysely.selectFrom('commission_accounts').select('balance_fen').where('agent_id', '=', agent).executeTakeFirst();
  return r?.balance_fen ?? 0;
}

async function verifyMobile(t: TestApp, agent: number): Promise<string> {
  const r = await t.db.kysely.selectFrom('commission_accounts').select('verify_mobile').where('agent_id', '=', agent).executeTakeFirst();
  return r?.verify_mobile ?? '';
}

function expect4xx(res: { statusCode: number; body: string; json(): { message: string } }, status = 403) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toMatch(/[\u4e00-\u9fa5]/);
}

/** A held write's answer: the request waiting for someone else. */
function pendingOf(res: { statusCode: number; body: string; json(): { data: { pending_approval?: { id: number; state: string } } } }) {
  expect(res.statusCode, res.body).toBe(200);
  const p = res.json().data.pending_approval;
  expect(p, res.body).toBeDefined();
  expect(p!.state).toBe('pending');
  return p!;
}

async function approve(t: TestApp, id: number, cookie: string) {
  return adminPost(t, '/api/admin/approvals/approve', { id, reason: '已核实，同意' }, cookie);
}

describe.each(databases())('no one moves money alone on %s', (kind) => {
  const t = useTestApp(kind);
  afterEach(() => clock.reset());

  it('raising a limit waits for a second platform administrator; lowering one is at once', async () => {
    const [admin, admin2, finance] = [await loginAs(t, 'admin'), await loginAs(t, 'admin2'), await loginAs(t, 'finance')];
    const raised = { ...DEFAULT_WRITE_LIMITS, balance_adjust_fen: 500_000, reason: '临时放宽' };
    const held = pendingOf(await adminPost(t, '/api/admin/limits/save', raised, admin));
    expect((await adminGet(t, '/api/admin/limits', admin)).json().data).toEqual(DEFAULT_WRITE_LIMITS);
    // the ¥4,000 adjustment of the attack still waits
    const before = await balanceOf(t, '1000000001');
    pendingOf(
      await adminPost(
        t,
        '/api/admin/balance/adjust',
        { card: '1000000001', amount_fen: 400_000, reason: '补偿', request_id: rid() },
        admin,
      ),
    );
    expect(await balanceOf(t, '1000000001')).toBe(before);
    // nobody decides their own; finance may approve balances, not limits
    expect4xx(await approve(t, held.id, admin));
    expect4xx(await approve(t, held.id, finance));
    const listed = (await adminGet(t, '/api/admin/approvals', admin2)).json().data.items.find((r: { id: number }) => r.id === held.id);
    expect(listed).toMatchObject({ kind: 'limits_save', requested_by: 'admin', can_decide: true });
    expect(listed.summary).toContain('¥1000.00 → ¥5000.00');
    const ok = await approve(t, held.id, admin2);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await adminGet(t, '/api/admin/limits', admin)).json().data.balance_adjust_fen).toBe(500_000);
    // tightening needs nobody
    const lower = await adminPost(t, '/api/admin/limits/save', { ...DEFAULT_WRITE_LIMITS, reason: '恢复默认' }, admin);
    expect(lower.statusCode, lower.body).toBe(200);
    expect(lower.json().data.pending_approval).toBeUndefined();
    expect((await adminGet(t, '/api/admin/limits', admin)).json().data).toEqual(DEFAULT_WRITE_LIMITS);
  });

  it('a new platform administrator waits for a second one, and never approves what its creator filed', async () => {
    const [admin, admin2] = [await loginAs(t, 'admin'), await loginAs(t, 'admin2')];
    const adjust = pendingOf(
      await adminPost(
        t,
        '/api/admin/balance/adjust',
        { card: '1000000001', amount_fen: 300_000, reason: '补偿', request_id: rid() },
        admin,
      ),
    );
    const body = { username: 'admin9', display_name: '新管理员', role: 'platform_admin', password: NEW_PASSWORD, reason: '新增管理员' };
    const snap = await t.snapshot();
    const created = pendingOf(await adminPost(t, '/api/admin/operators/create', body, admin));
    // nothing but the request and its audit row
    expect({ ...(await t.snapshot()), audit_log: 0 }).toEqual({ ...snap, audit_log: 0 });
    expect((await adminLogin(t, 'admin9', NEW_PASSWORD)).json().data?.status).not.toBe('ok');
    // the password is not kept in words in the request
    const row = await t.db.kysely.selectFrom('approval_requests').select('payload').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.payload).not.toContain(NEW_PASSWORD);
    expect((await approve(t, created.id, admin2)).statusCode).toBe(200);
    const admin9 = cookieOf(await adminLogin(t, 'admin9', NEW_PASSWORD));
    // filed before admin9 existed, and by whoever created it: not admin9's to approve
    expect4xx(await approve(t, adjust.id, admin9));
    const later = pendingOf(
      await adminPost(
        t,
        '/api/admin/balance/adjust',
        { card: '1000000001', amount_fen: 300_000, reason: '补偿', request_id: rid() },
        admin,
      ),
    );
    expect4xx(await approve(t, later.id, admin9));
    // nor the other way: admin9's own requests are not its creator's to approve
    const own = pendingOf(
      await adminPost(
        t,
        '/api/admin/balance/adjust',
        { card: '1000000001', amount_fen: 300_000, reason: '补偿', request_id: rid() },
        admin9,
      ),
    );
    expect4xx(await approve(t, own.id, admin));
    expect((await approve(t, own.id, admin2)).statusCode).toBe(200);
  });

  it('a lone platform administrator may create the second, but cannot approve with it nor raise a limit', async () => {
    await setSecondAdminDisabled(t, true);
    const admin = await loginAs(t, 'admin');
    const body = { username: 'admin8', display_name: '第二位', role: 'platform_admin', password: NEW_PASSWORD, reason: '第二位管理员' };
    const created = await adminPost(t, '/api/admin/operators/create', body, admin);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data.username).toBe('admin8');
    const admin8 = cookieOf(await adminLogin(t, 'admin8', NEW_PASSWORD));
    const raise = pendingOf(
      await adminPost(t, '/api/admin/limits/save', { ...DEFAULT_WRITE_LIMITS, balance_adjust_fen: 500_000, reason: '放宽' }, admin),
    );
    expect4xx(await approve(t, raise.id, admin8));
    const mine = pendingOf(
      await adminPost(t, '/api/admin/limits/save', { ...DEFAULT_WRITE_LIMITS, balance_adjust_fen: 500_000, reason: '放宽' }, admin8),
    );
    expect4xx(await approve(t, mine.id, admin));
    expect((await adminGet(t, '/api/admin/limits', admin)).json().data).toEqual(DEFAULT_WRITE_LIMITS);
    await setSecondAdminDisabled(t, false);
  });

  it("a second administrator made on the server (npm run create-admin) approves a lone administrator's requests; bad input writes nothing", async () => {
    await setSecondAdminDisabled(t, true);
    const admin = await loginAs(t, 'admin');
    const raise = pendingOf(
      await adminPost(t, '/api/admin/limits/save', { ...DEFAULT_WRITE_LIMITS, voucher_amount_fen: 20_000, reason: '放宽' }, admin),
    );
    const snap = await t.snapshot();
    for (const bad of [
      { username: 'ab', display_name: '服务器', password: 'Server2026x' },
      { username: 'server1', display_name: '', password: 'Server2026x' },
      { username: 'server1', display_name: '服务器', password: 'short' },
      { username: 'admin', display_name: '服务器', password: 'Server2026x' },
    ])
      await expect(createAdminFromServer(t.db.kysely, 4, bad)).rejects.toThrow(/[\u4e00-\u9fa5]/);
    expect(await t.snapshot()).toEqual(snap);
    const id = await createAdminFromServer(t.db.kysely, 4, { username: 'server1', display_name: '第二位', password: 'Server2026x' });
    const row = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'operator.created')
      .where('target_id', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(row.operator_username).toBe('create-admin');
    // it existed before the next request, and nobody chose its password in the console
    clock.advance(1000);
    const again = pendingOf(
      await adminPost(t, '/api/admin/limits/save', { ...DEFAULT_WRITE_LIMITS, voucher_amount_fen: 20_000, reason: '放宽' }, admin),
    );
    const server1 = cookieOf(await adminLogin(t, 'server1', 'Server2026x'));
    expect4xx(await approve(t, raise.id, server1));
    expect((await approve(t, again.id, server1)).statusCode).toBe(200);
    expect((await adminGet(t, '/api/admin/limits', admin)).json().data.voucher_amount_fen).toBe(20_000);
    const back = await adminPost(t, '/api/admin/limits/save', { ...DEFAULT_WRITE_LIMITS, reason: '恢复默认' }, admin);
    expect(back.statusCode, back.body).toBe(200);
    await setSecondAdminDisabled(t, false);
    // the last case wants admin and admin2 as the only untied platform administrators
    const off = await adminPost(t, '/api/admin/operators/disabled', { id, disabled: true, reason: '测试结束' }, admin);
    expect(off.statusCode, off.body).toBe(200);
  });

  it('a commission adjustment above the limit waits like a balance adjustment; bad input writes nothing', async () => {
    const [finance, admin] = [await loginAs(t, 'finance'), await loginAs(t, 'admin')];
    const demo = await agentId(t, 'demo');
    const before = await commissionBalance(t, demo);
    const snap = await t.snapshot();
    for (const bad of [
      { agent_id: demo, amount_fen: 0, reason: '奖励', request_id: rid() },
      { agent_id: demo, amount_fen: 100, reason: '', request_id: rid() },
      { agent_id: demo, amount_fen: 9_999_999_999, reason: '奖励', request_id: rid() },
    ])
      expect((await adminPost(t, '/api/admin/commissions/adjust', bad, finance)).statusCode).toBe(400);
    expect(await t.snapshot()).toEqual(snap);
    const held = pendingOf(
      await adminPost(
        t,
        '/api/admin/commissions/adjust',
        { agent_id: demo, amount_fen: 5_000_000, reason: '季度奖励', request_id: rid() },
        finance,
      ),
    );
    expect(await commissionBalance(t, demo)).toBe(before);
    expect4xx(await approve(t, held.id, finance));
    const ok = await approve(t, held.id, admin);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await commissionBalance(t, demo)).toBe(before + 5_000_000);
    // below the limit: at once, as before
    const small = await adminPost(
      t,
      '/api/admin/commissions/adjust',
      { agent_id: demo, amount_fen: 10_000, reason: '小额补差', request_id: rid() },
      finance,
    );
    expect(small.json().data, small.body).toMatchObject({ applied: true });
  });

  it("a change of the agent's verification mobile waits for a second administrator", async () => {
    const [admin, admin2] = [await loginAs(t, 'admin'), await loginAs(t, 'admin2')];
    const demo = await agentId(t, 'demo');
    const mobile = await verifyMobile(t, demo);
    const held = pendingOf(
      await adminPost(
        t,
        '/api/admin/commissions/settings',
        { agent_id: demo, holding_days: 7, verify_mobile: '13011112222', reason: '换号' },
        admin,
      ),
    );
    expect(await verifyMobile(t, demo)).toBe(mobile);
    expect(held).toMatchObject({ state: 'pending' });
    expect4xx(await approve(t, held.id, admin));
    expect((await approve(t, held.id, admin2)).statusCode).toBe(200);
    expect(await verifyMobile(t, demo)).toBe('13011112222');
    // the holding period alone is no mobile change
    const days = await adminPost(
      t,
      '/api/admin/commissions/settings',
      { agent_id: demo, holding_days: 3, verify_mobile: '13011112222', reason: '缩短冻结期' },
      admin,
    );
    expect(days.statusCode, days.body).toBe(200);
    expect(days.json().data.pending_approval).toBeUndefined();
  });

  it('a withdrawal is approved by someone other than its requester and than whoever changed the payout account lately', async () => {
    const [admin, finance] = [await loginAs(t, 'admin'), await loginAs(t, 'finance')];
    const demo = await agentId(t, 'demo');
    const credit = await adminPost(
      t,
      '/api/admin/commissions/adjust',
      { agent_id: demo, amount_fen: 50_000, reason: '补差', request_id: rid() },
      finance,
    );
    expect(credit.statusCode, credit.body).toBe(200);
    // the administrator changes the payout account with the code sent to the agent's mobile
    expect((await adminPost(t, '/api/admin/commissions/account/code', { agent_id: demo }, admin)).statusCode).toBe(200);
    const code = await t.lastSmsCode(await verifyMobile(t, demo));
    const changed = await adminPost(
      t,
      '/api/admin/commissions/account',
      { agent_id: demo, payout_method: 1, payee: '某某某', payout_account: '6222020200100001111', sms_code: code },
      admin,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const asked = await adminPost(
      t,
      '/api/admin/commissions/withdrawals/request',
      { agent_id: demo, amount_fen: 15_000, request_id: rid() },
      admin,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const w = asked.json().data.withdrawal;
    const snap = await t.snapshot();
    expect4xx(await adminPost(t, '/api/admin/commissions/withdrawals/approve', { id: w.id, request_id: rid() }, admin));
    expect(await t.snapshot()).toEqual(snap);
    // the agent asks; the administrator who changed the account days ago still may not approve
    const agent = await loginAs(t, 'agent');
    const byAgent = await adminPost(t, '/api/admin/commissions/withdrawals/request', { amount_fen: 10_000, request_id: rid() }, agent);
    const w2 = byAgent.json().data.withdrawal;
    clock.advance(6 * DAY);
    expect4xx(
      await adminPost(t, '/api/admin/commissions/withdrawals/approve', { id: w2.id, request_id: rid() }, await loginAs(t, 'admin')),
    );
    // nor admin2, who approved the new verification mobile two tests ago; finance may, and after the window the administrator too
    expect4xx(
      await adminPost(t, '/api/admin/commissions/withdrawals/approve', { id: w.id, request_id: rid() }, await loginAs(t, 'admin2')),
    );
    const byFinance = await adminPost(
      t,
      '/api/admin/commissions/withdrawals/approve',
      { id: w.id, request_id: rid() },
      await loginAs(t, 'finance'),
    );
    expect(byFinance.statusCode, byFinance.body).toBe(200);
    clock.advance(2 * DAY);
    const late = await adminPost(
      t,
      '/api/admin/commissions/withdrawals/approve',
      { id: w2.id, request_id: rid() },
      await loginAs(t, 'admin'),
    );
    expect(late.statusCode, late.body).toBe(200);
  });
  // last: it leaves admin and admin2 tied
  it("a role change and another platform administrator's password wait; with nobody to approve, the reset ties the two", async () => {
    const [admin, admin2] = [await loginAs(t, 'admin'), await loginAs(t, 'admin2')];
    const adjust = pendingOf(
      await adminPost(
        t,
        '/api/admin/balance/adjust',
        { card: '1000000001', amount_fen: 300_000, reason: '补偿', request_id: rid() },
        admin,
      ),
    );
    const support = await operatorId(t, 'support');
    const role = pendingOf(
      await adminPost(t, '/api/admin/operators/role', { id: support, role: 'finance', agent_id: null, reason: '转岗' }, admin),
    );
    expect((await t.db.kysely.selectFrom('operators').select('role').where('id', '=', support).executeTakeFirstOrThrow()).role).toBe(
      'support',
    );
    // admin9 (made by admin) is another platform administrator: admin2 approves its reset, not admin9 itself
    const reset9 = pendingOf(
      await adminPost(
        t,
        '/api/admin/operators/password',
        { id: await operatorId(t, 'admin9'), password: 'Another2026x', reason: '忘记密码' },
        admin,
      ),
    );
    expect((await adminLogin(t, 'admin9', 'Another2026x')).json().data?.status).not.toBe('ok');
    expect((await approve(t, role.id, admin2)).statusCode).toBe(200);
    expect((await approve(t, reset9.id, admin2)).statusCode).toBe(200);
    expect((await t.db.kysely.selectFrom('operators').select('role').where('id', '=', support).executeTakeFirstOrThrow()).role).toBe(
      'finance',
    );
    expect((await adminLogin(t, 'admin9', 'Another2026x')).json().data?.status).toBe('ok');
    // admin2's own password: nobody but admin2 could approve (admin9 is admin's); done at once, the two tied
    const reset2 = await adminPost(
      t,
      '/api/admin/operators/password',
      { id: await operatorId(t, 'admin2'), password: NEW_PASSWORD, reason: '忘记密码' },
      admin,
    );
    expect(reset2.statusCode, reset2.body).toBe(200);
    const puppet = cookieOf(await adminLogin(t, 'admin2', NEW_PASSWORD));
    expect4xx(await approve(t, adjust.id, puppet));
    const asPuppet = pendingOf(
      await adminPost(
        t,
        '/api/admin/balance/adjust',
        { card: '1000000001', amount_fen: 300_000, reason: '补偿', request_id: rid() },
        puppet,
      ),
    );
    expect4xx(await approve(t, asPuppet.id, admin));
  });
});
