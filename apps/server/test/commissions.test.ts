// Agents' commission (docs/decisions/0035-agent-commissions.md) on SQLite and PostgreSQL: a paid
// package credits its agent once under a storm of duplicate notifications and a refund reverses
// it; credits wait out the holding period; concurrent withdrawals never spend the same money; a
// double click approves and pays once; a rejected or failed payout returns the amount; the account
// on file changes only with the agent's SMS code; an agent administrator sees only their agent; bad
// input answers a Chinese 4xx and writes nothing; balance = Σ ledger for every agent after all of it.
import { afterEach, describe, expect, it } from 'vitest';
import { clock } from '../src/lib/clock';
import { refundOrder } from '../src/modules/commerce';
import { adminGet, adminPost, loginAs } from './adminHelpers';
import { ctxOf, notify, rid, sandboxOf } from './commerceHelpers';
import { databases, useTestApp, type TestApp } from './harness';

const DAY = 86_400_000;
const paymentIdOf = (url: string) => url.split('/').pop()!;
const DEMO_VERIFY_MOBILE = '13900139000';

async function agentId(t: TestApp, mark: string): Promise<number> {
  return (await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', mark).executeTakeFirstOrThrow()).id;
}
async function pkg(t: TestApp, name: string) {
  return t.db.kysely.selectFrom('packages').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
}
async function ledgerOf(t: TestApp, agent: number) {
  return t.db.kysely.selectFrom('commission_ledger').selectAll().where('agent_id', '=', agent).orderBy('id').execute();
}

/** balance = Σ ledger for every agent with an account (and no ledger row without one). */
async function expectBalancesMatchLedger(t: TestApp) {
  const accounts = await t.db.kysely.selectFrom('commission_accounts').select(['agent_id', 'balance_fen']).execute();
  const sums = await t.db.kysely
    .selectFrom('commission_ledger')
    .select((eb) => ['agent_id', eb.fn.sum<number>('amount_fen').as('sum')])
    .groupBy('agent_id')
    .execute();
  for (const a of accounts) {
    const s = sums.find((x) => x.agent_id === a.agent_id);
    expect(a.balance_fen, `agent ${a.agent_id}`).toBe(Number(s?.sum ?? 0));
  }
  for (const s of sums) expect(accounts.some((a) => a.agent_id === s.agent_id)).toBe(true);
}

/** A package bought by the demo user through the gateway: answers the order and the notification to replay. */
async function payPackage(t: TestApp, card: string, packageName: string) {
  const token = await t.loginAccount();
  const p = await pkg(t, packageName);
  const res = await t.post(
    '/api/v1/order/create',
    { custom_num: card, goods_type: 'package', package_id: p.id, pay_channel: 1, request_id: rid() },
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  const o = res.json().data;
  const sandbox = sandboxOf(t);
  const row = (await sandbox.finish(paymentIdOf(o.pay.url), 'pay', { drop: true }))!;
  return { orderNo: o.order_no as string, pkg: p, notification: sandbox.notificationFor(row) };
}

async function adjust(t: TestApp, cookie: string, agent: number, amountFen: number) {
  const res = await adminPost(
    t,
    '/api/admin/commissions/adjust',
    { agent_id: agent, amount_fen: amountFen, reason: '测试入账', request_id: rid() },
    cookie,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function figures(t: TestApp, cookie: string, agent?: number) {
  const res = await adminGet(t, `/api/admin/commissions/ledger${agent ? `?agent_id=${agent}` : ''}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.figures;
}

function expectChinese4xx(res: { statusCode: number; json(): { msg?: string; message?: string } }, message?: RegExp) {
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  const body = res.json() as Record<string, unknown>;
  const text = String(body.msg ?? body.message ?? '');
  expect(text).toMatch(/[\u4e00-\u9fa5]/);
  if (message) expect(text).toMatch(message);
}

afterEach(() => clock.reset());

describe.each(databases())('agents’ commission on %s', (kind) => {
  const t = useTestApp(kind, { payReconcileIntervalMs: 0, paySandboxDropNotify: true });

  it('a paid package credits its agent once under 60 duplicate notifications; a refund reverses it', async () => {
    const demo = await agentId(t, 'demo');
    const before = await ledgerOf(t, demo);
    const o = await payPackage(t, '1000000013', '畅享50G月包');
    const answers = await Promise.all(Array.from({ length: 60 }, () => notify(t, 1, o.notification)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);

    const credits = (await ledgerOf(t, demo)).filter((r) => r.order_no === o.orderNo);
    expect(credits).toHaveLength(1);
    const order = await t.db.kysely.selectFrom('orders').selectAll().where('order_no', '=', o.orderNo).executeTakeFirstOrThrow();
    expect(order.state).toBe('fulfilled');
    // retail − discounts − cost, held for the agent's 7 days
    expect(credits[0]).toMatchObject({
      kind: 'order',
      retail_fen: o.pkg.price_fen,
      discount_fen: order.discount_fen,
      cost_fen: o.pkg.cost_fen,
      amount_fen: o.pkg.price_fen - order.discount_fen - o.pkg.cost_fen,
    });
    expect(Date.parse(credits[0]!.available_at) - Date.parse(credits[0]!.created_at)).toBe(7 * DAY);
    await expectBalancesMatchLedger(t);

    await refundOrder(ctxOf(t), o.orderNo, '客户申请退款');
    await refundOrder(ctxOf(t), o.orderNo, '客户申请退款');
    const rows = (await ledgerOf(t, demo)).filter((r) => r.order_no === o.orderNo);
    expect(rows.map((r) => [r.kind, r.amount_fen])).toEqual([
      ['order', credits[0]!.amount_fen],
      ['refund', -credits[0]!.amount_fen],
    ]);
    expect((await ledgerOf(t, demo)).length).toBe(before.length + 2);
    await expectBalancesMatchLedger(t);
  });

  it('a credit is withdrawable only after the holding period; the statement shows the month', async () => {
    const agent = await loginAs(t, 'agent');
    const demo = await agentId(t, 'demo');
    const start = await figures(t, agent);
    const o = await payPackage(t, '1000000013', '畅享50G月包');
    expect((await notify(t, 1, o.notification)).statusCode).toBe(200);
    const credit = (await ledgerOf(t, demo)).find((r) => r.order_no === o.orderNo)!;

    const held = await figures(t, agent);
    expect(held.pending_fen - start.pending_fen).toBe(credit.amount_fen);
    expect(held.withdrawable_fen).toBe(start.withdrawable_fen);
    expect(held.balance_fen).toBe(held.ledger_sum_fen);

    clock.advance(7 * DAY + 1000);
    // a console session lives 12 hours: log in again a week later
    const agentLater = await loginAs(t, 'agent');
    const free = await figures(t, agentLater);
    expect(free.pending_fen).toBe(0);
    expect(free.withdrawable_fen).toBe(start.withdrawable_fen + start.pending_fen + credit.amount_fen);

    // the month of the credit, in China time, as agent and finance see it
    const month = new Date(Date.parse(credit.created_at) + 8 * 3600_000).toISOString().slice(0, 7);
    for (const who of [agentLater, await loginAs(t, 'finance')]) {
      const res = await adminGet(t, `/api/admin/commissions/statement?agent_id=${demo}&month=${month}`, who);
      expect(res.statusCode, res.body).toBe(200);
      const s = res.json().data;
      expect(s.items.some((r: { order_no: string }) => r.order_no === o.orderNo)).toBe(true);
      const sum = s.items.reduce((a: number, r: { amount_fen: number }) => a + r.amount_fen, 0);
      expect(s.totals.closing_fen).toBe(s.totals.opening_fen + sum);
    }
    const csv = await adminGet(t, `/api/admin/commissions/statement/export?month=${month}`, agentLater);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.startsWith('\uFEFF时间（北京时间）,类型,订单号')).toBe(true);
    expect(csv.body).toContain(o.orderNo);
    expect(csv.body).toContain('期末余额');
  });

  it('20 concurrent withdrawal requests on one balance take at most the balance', async () => {
    const admin = await loginAs(t, 'admin');
    const agent = await loginAs(t, 'agent');
    const demo = await agentId(t, 'demo');
    const start = await figures(t, agent);
    // bring the withdrawable amount to exactly 100.00
    await adjust(t, admin, demo, 10_000 - start.withdrawable_fen);
    expect((await figures(t, agent)).withdrawable_fen, JSON.stringify({ start, ledger: await ledgerOf(t, demo) })).toBe(10_000);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        adminPost(t, '/api/admin/commissions/withdrawals/request', { amount_fen: 3_000, request_id: rid() }, agent),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(3);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expectChinese4xx(a, /可提现金额仅/);
    const after = await figures(t, agent);
    expect(after.withdrawable_fen).toBe(1_000);
    await expectBalancesMatchLedger(t);
  });

  it('a double click requests once, approves once and pays once; a rejection and a failed payout return the amount', async () => {
    const admin = await loginAs(t, 'admin');
    const finance = await loginAs(t, 'finance');
    const agent = await loginAs(t, 'agent');
    const demo = await agentId(t, 'demo');
    await adjust(t, admin, demo, 20_000);
    const start = await figures(t, agent);

    const request = { amount_fen: 5_000, request_id: rid() };
    const [a, b] = await Promise.all([
      adminPost(t, '/api/admin/commissions/withdrawals/request', request, agent),
      adminPost(t, '/api/admin/commissions/withdrawals/request', request, agent),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().data.applied, b.json().data.applied].sort()).toEqual([false, true]);
    const w = a.json().data.withdrawal;
    expect(w).toMatchObject({ state: 'requested', amount_fen: 5_000, payout_method: 2, payout_account: 'f***@demo.example.com' });
    expect((await figures(t, agent)).withdrawable_fen).toBe(start.withdrawable_fen - 5_000);

    // the dashboard's queue counts it, with its age, for finance, who works it; the agent administrator
    // who asked cannot approve it, so their dashboard does not list it as their work
    const dash = (await adminGet(t, '/api/admin/dashboard', finance)).json().data;
    const q = dash.queues.find((x: { key: string }) => x.key === 'commission_withdrawals');
    expect(q).toMatchObject({ label: '待处理佣金提现' });
    expect(q.count).toBeGreaterThanOrEqual(1);
    expect(q.oldest_at).toMatch(/^\d{4}-/);
    const mine = (await adminGet(t, '/api/admin/dashboard', agent)).json().data;
    expect(mine.queues.map((x: { key: string }) => x.key)).not.toContain('commission_withdrawals');
    // the queue shows it to finance
    const queue = await adminGet(t, '/api/admin/commissions/withdrawals?state=requested', finance);
    expect(queue.json().data.items.map((x: { id: number }) => x.id)).toContain(w.id);

    const approve = { id: w.id, request_id: rid() };
    const approvals = await Promise.all([1, 2, 3].map(() => adminPost(t, '/api/admin/commissions/withdrawals/approve', approve, finance)));
    for (const r of approvals) expect(r.statusCode, r.body).toBe(200);
    expect(approvals.filter((r) => r.json().data.applied)).toHaveLength(1);
    const audits = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'commission_withdrawal')
      .where('target_id', '=', String(w.id))
      .execute();
    expect(audits.map((x) => x.action).sort()).toEqual(['commission.withdrawal_approved', 'commission.withdrawal_requested']);
    // another click (another request id) on a decided withdrawal is refused, not applied again
    expectChinese4xx(await adminPost(t, '/api/admin/commissions/withdrawals/approve', { id: w.id, request_id: rid() }, finance), /待打款/);

    const ledgerBefore = (await ledgerOf(t, demo)).length;
    const transfers = await Promise.all(
      [1, 2].map(() => adminPost(t, '/api/admin/commissions/withdrawals/transfer', { id: w.id, request_id: rid() }, finance)),
    );
    for (const r of transfers) expect(r.statusCode, r.body).toBe(200);
    expect(transfers.filter((r) => r.json().data.applied)).toHaveLength(1);
    const paid = transfers[0]!.json().data.withdrawal;
    expect(paid).toMatchObject({ state: 'paid', payout_channel: 'gateway' });
    expect(paid.payout_reference).toMatch(/^SIMPAY/);
    expect((await ledgerOf(t, demo)).length).toBe(ledgerBefore);
    // paid is final: no failure, no second payout by hand
    expectChinese4xx(
      await adminPost(t, '/api/admin/commissions/withdrawals/paid', { id: w.id, reference: 'BANK-0001', request_id: rid() }, finance),
    );

    // rejected: the amount comes back
    const r2 = await adminPost(t, '/api/admin/commissions/withdrawals/request', { amount_fen: 2_000, request_id: rid() }, agent);
    const w2 = r2.json().data.withdrawal;
    const rejected = await adminPost(
      t,
      '/api/admin/commissions/withdrawals/reject',
      { id: w2.id, reason: '账户信息待核实', request_id: rid() },
      finance,
    );
    expect(rejected.json().data.withdrawal).toMatchObject({ state: 'rejected', reject_reason: '账户信息待核实' });
    expect((await figures(t, agent)).withdrawable_fen).toBe(start.withdrawable_fen - 5_000);

    // paid by hand with the bank's reference
    const r3 = await adminPost(t, '/api/admin/commissions/withdrawals/request', { amount_fen: 1_000, request_id: rid() }, agent);
    const w3 = r3.json().data.withdrawal;
    await adminPost(t, '/api/admin/commissions/withdrawals/approve', { id: w3.id, request_id: rid() }, finance);
    const manual = await adminPost(
      t,
      '/api/admin/commissions/withdrawals/paid',
      { id: w3.id, reference: 'ALIPAY20261127001', request_id: rid() },
      finance,
    );
    expect(manual.json().data.withdrawal).toMatchObject({ state: 'paid', payout_channel: 'manual', payout_reference: 'ALIPAY20261127001' });

    // a payout the gateway refuses (payee it cannot match): failed, amount back
    await adminPost(t, '/api/admin/commissions/account/code', {}, agent);
    const code = await t.lastSmsCode(DEMO_VERIFY_MOBILE);
    const changed = await adminPost(
      t,
      '/api/admin/commissions/account',
      { payout_method: 1, payee: '模拟失败', payout_account: '6222020200112233445', sms_code: code },
      agent,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const r4 = await adminPost(t, '/api/admin/commissions/withdrawals/request', { amount_fen: 1_500, request_id: rid() }, agent);
    const w4 = r4.json().data.withdrawal;
    expect(w4).toMatchObject({ payout_method: 1, payout_account: '622****3445' });
    await adminPost(t, '/api/admin/commissions/withdrawals/approve', { id: w4.id, request_id: rid() }, finance);
    const failed = await adminPost(t, '/api/admin/commissions/withdrawals/transfer', { id: w4.id, request_id: rid() }, finance);
    expect(failed.json().data.withdrawal).toMatchObject({ state: 'failed', failure_reason: '收款人姓名与账户实名不一致' });
    expect((await figures(t, agent)).withdrawable_fen).toBe(start.withdrawable_fen - 5_000 - 1_000);
    await expectBalancesMatchLedger(t);
  });

  it('the account on file changes only with the agent’s SMS code, audited masked', async () => {
    // one code a minute per mobile: the test before sent one
    clock.advance(61_000);
    const agent = await loginAs(t, 'agent');
    const demo = await agentId(t, 'demo');
    const before = await t.snapshot();
    const account = await t.db.kysely.selectFrom('commission_accounts').selectAll().where('agent_id', '=', demo).executeTakeFirstOrThrow();
    const body = { payout_method: 1, payee: '示范通信', payout_account: '6222020200199998888', sms_code: '000000' };
    expectChinese4xx(await adminPost(t, '/api/admin/commissions/account', body, agent), /验证码/);
    const sent = await adminPost(t, '/api/admin/commissions/account/code', {}, agent);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.mobile).toBe('139****9000');
    const code = await t.lastSmsCode(DEMO_VERIFY_MOBILE);
    // a bad account is refused before the code is spent
    expectChinese4xx(
      await adminPost(t, '/api/admin/commissions/account', { ...body, payout_account: '12ab', sms_code: code }, agent),
      /银行卡号/,
    );
    const ok = await adminPost(t, '/api/admin/commissions/account', { ...body, sms_code: code }, agent);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ payout_method: 1, payee: '示范通信', payout_account: '622****8888' });
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'commission.account_changed')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.before).toContain(account.payout_account.slice(0, 1));
    expect(audit.after).toContain('622****8888');
    expect(audit.after).not.toContain('6222020200199998888');
    // the code is used up
    expectChinese4xx(await adminPost(t, '/api/admin/commissions/account', { ...body, sms_code: code }, agent));
    const after = await t.snapshot();
    expect(after.commission_ledger).toBe(before.commission_ledger);
  });

  it('an agent administrator sees only their own agent; other roles are refused', async () => {
    const agent = await loginAs(t, 'agent');
    const support = await loginAs(t, 'support');
    const acme = await agentId(t, 'acme');
    const before = await t.snapshot();
    for (const url of [
      `/api/admin/commissions/ledger?agent_id=${acme}`,
      `/api/admin/commissions/statement?agent_id=${acme}&month=2026-11`,
      `/api/admin/commissions/statement/export?agent_id=${acme}&month=2026-11`,
      `/api/admin/commissions/withdrawals?agent_id=${acme}`,
    ]) {
      const res = await adminGet(t, url, agent);
      expect(res.statusCode, url).toBe(404);
    }
    const list = await adminGet(t, '/api/admin/commissions/agents', agent);
    expect(list.json().data.items.map((a: { mark: string }) => a.mark)).toEqual(['demo']);
    expect(
      (await adminPost(t, '/api/admin/commissions/withdrawals/request', { agent_id: acme, amount_fen: 100, request_id: rid() }, agent))
        .statusCode,
    ).toBe(404);
    expect((await adminPost(t, '/api/admin/commissions/withdrawals/approve', { id: 1, request_id: rid() }, agent)).statusCode).toBe(403);
    expect(
      (await adminPost(t, '/api/admin/commissions/adjust', { agent_id: acme, amount_fen: 100, reason: '试试', request_id: rid() }, agent))
        .statusCode,
    ).toBe(403);
    expect((await adminGet(t, '/api/admin/commissions/ledger', support)).statusCode).toBe(403);
    expect(await t.snapshot()).toEqual(before);
  });

  it('bad input: a Chinese 4xx and nothing written', async () => {
    const admin = await loginAs(t, 'admin');
    const finance = await loginAs(t, 'finance');
    const agent = await loginAs(t, 'agent');
    const demo = await agentId(t, 'demo');
    const acme = await agentId(t, 'acme');
    const withdrawable = (await figures(t, agent)).withdrawable_fen;
    const before = await t.snapshot();
    const request = (amount: unknown) =>
      adminPost(t, '/api/admin/commissions/withdrawals/request', { amount_fen: amount, request_id: rid() }, agent);
    expectChinese4xx(await request(-100), /大于 0/);
    expectChinese4xx(await request(0), /大于 0/);
    expectChinese4xx(await request(withdrawable + 100), /可提现金额仅/);
    expectChinese4xx(await request('abc'), /须为数字/);
    expectChinese4xx(await request(12.5), /两位小数/);
    expectChinese4xx(await request(undefined), /须为数字/);
    // acme has no account on file
    expectChinese4xx(
      await adminPost(t, '/api/admin/commissions/withdrawals/request', { agent_id: acme, amount_fen: 100, request_id: rid() }, admin),
      /收款账户/,
    );
    // finance: a withdrawal that does not exist, a missing reason, a short reference
    expect((await adminPost(t, '/api/admin/commissions/withdrawals/approve', { id: 999_999, request_id: rid() }, finance)).statusCode).toBe(
      404,
    );
    expectChinese4xx(
      await adminPost(t, '/api/admin/commissions/withdrawals/reject', { id: 1, reason: '', request_id: rid() }, finance),
      /原因/,
    );
    expectChinese4xx(
      await adminPost(t, '/api/admin/commissions/withdrawals/paid', { id: 1, reference: 'x', request_id: rid() }, finance),
      /流水号/,
    );
    expectChinese4xx(
      await adminPost(t, '/api/admin/commissions/adjust', { agent_id: demo, amount_fen: 0, reason: '调整', request_id: rid() }, finance),
      /不能为 0/,
    );
    expectChinese4xx(
      await adminPost(t, '/api/admin/commissions/adjust', { agent_id: demo, amount_fen: 100, request_id: rid() }, finance),
      /原因/,
    );
    expectChinese4xx(await adminGet(t, '/api/admin/commissions/statement?month=2026-13', agent), /月份/);
    expectChinese4xx(
      await adminPost(
        t,
        '/api/admin/commissions/settings',
        { agent_id: demo, holding_days: 91, verify_mobile: DEMO_VERIFY_MOBILE, reason: '调整冻结期' },
        admin,
      ),
      /0–90/,
    );
    expectChinese4xx(
      await adminPost(t, '/api/admin/commissions/adjust', { amount_fen: 100, reason: '调整', request_id: rid() }, finance),
      /代理/,
    );
    expect(await t.snapshot()).toEqual(before);
  });

  it('the platform sets the holding period, which new credits keep', async () => {
    const admin = await loginAs(t, 'admin');
    const demo = await agentId(t, 'demo');
    const res = await adminPost(
      t,
      '/api/admin/commissions/settings',
      { agent_id: demo, holding_days: 0, verify_mobile: DEMO_VERIFY_MOBILE, reason: '结算周期调整' },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.holding_days).toBe(0);
    const o = await payPackage(t, '1000000013', '畅享50G月包');
    await notify(t, 1, o.notification);
    const credit = (await ledgerOf(t, demo)).find((r) => r.order_no === o.orderNo)!;
    expect(credit.available_at).toBe(credit.created_at);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'commission.settings_saved')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before)).toMatchObject({ holding_days: 7 });
    expect(JSON.parse(audit.after)).toMatchObject({ holding_days: 0 });
    await adminPost(
      t,
      '/api/admin/commissions/settings',
      { agent_id: demo, holding_days: 7, verify_mobile: DEMO_VERIFY_MOBILE, reason: '恢复默认' },
      admin,
    );
  });

  it('balance = Σ ledger for every agent after a random storm of orders, refunds, adjustments and withdrawals', async () => {
    const admin = await loginAs(t, 'admin');
    const finance = await loginAs(t, 'finance');
    const agent = await loginAs(t, 'agent');
    const demo = await agentId(t, 'demo');
    const acme = await agentId(t, 'acme');
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const orders = await Promise.all([0, 1, 2].map(() => payPackage(t, '1000000013', '畅享50G月包')));
    const withdrawals: number[] = [];
    const tasks: Promise<unknown>[] = [];
    for (let i = 0; i < 40; i++) {
      const r = random();
      if (r < 0.2) tasks.push(notify(t, 1, orders[i % 3]!.notification));
      else if (r < 0.3) tasks.push(refundOrder(ctxOf(t), orders[i % 3]!.orderNo, '随机退款').catch(() => null));
      else if (r < 0.55) tasks.push(adjust(t, finance, random() < 0.5 ? demo : acme, Math.round(random() * 4000) - 1000 || 1));
      else if (r < 0.8)
        tasks.push(
          adminPost(
            t,
            '/api/admin/commissions/withdrawals/request',
            { amount_fen: 100 + Math.round(random() * 3000), request_id: rid() },
            agent,
          ).then((res) => {
            if (res.statusCode === 200) withdrawals.push(res.json().data.withdrawal.id);
          }),
        );
      else {
        const id = withdrawals[Math.floor(random() * withdrawals.length)];
        if (id !== undefined)
          tasks.push(
            adminPost(
              t,
              `/api/admin/commissions/withdrawals/${random() < 0.5 ? 'approve' : 'reject'}`,
              { id, reason: '随机处理', request_id: rid() },
              random() < 0.5 ? finance : admin,
            ),
          );
      }
    }
    await Promise.all(tasks);
    await expectBalancesMatchLedger(t);
    // withdrawals never took more than was there: no agent below zero withdrawable through them
    const ledger = await ledgerOf(t, demo);
    const once = new Set(ledger.map((r) => `${r.kind}:${r.ref}`));
    expect(once.size).toBe(ledger.length);
  });
});
