// Agents in levels (docs/decisions/0067-agents-in-levels.md) on SQLite and PostgreSQL: a three-level
// network (demo 总代理 → 代理 → 分销) built in the console; a sale of the 分销's card credits each level
// its part once under a storm of duplicate notifications, the parts adding up to the order's margin;
// partial and whole refunds take each level's part back in proportion; each level's administrator
// sees its own subtree only (never a sibling's or a parent's cards, orders or ledger); a parent's
// terms are checked (never below its own cost) and only the parent sets them; bad input writes nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { clock } from '../src/lib/clock';
import { refundPart } from '../src/modules/commerce';
import { adminGet, adminLogin, adminPost, cookieOf, loginAs } from './adminHelpers';
import { ctxOf, notify, rid, sandboxOf } from './commerceHelpers';
import { databases, useTestApp, type TestApp } from './harness';

const paymentIdOf = (url: string) => url.split('/').pop()!;
const PASSWORD = 'Level#2026x';

async function idOf(t: TestApp, mark: string): Promise<number> {
  return (await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', mark).executeTakeFirstOrThrow()).id;
}

async function ledgerOfOrder(t: TestApp, orderNo: string) {
  return t.db.kysely.selectFrom('commission_ledger').selectAll().where('order_no', '=', orderNo).orderBy('id').execute();
}

async function expectBalancesMatchLedger(t: TestApp) {
  const accounts = await t.db.kysely.selectFrom('commission_accounts').select(['agent_id', 'balance_fen']).execute();
  const sums = await t.db.kysely
    .selectFrom('commission_ledger')
    .select((eb) => ['agent_id', eb.fn.sum<number>('amount_fen').as('sum')])
    .groupBy('agent_id')
    .execute();
  for (const a of accounts)
    expect(a.balance_fen, `agent ${a.agent_id}`).toBe(Number(sums.find((x) => x.agent_id === a.agent_id)?.sum ?? 0));
}

function expectChinese4xx(res: { statusCode: number; body: string }, message?: RegExp) {
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  const text = String(body.msg ?? body.message ?? '');
  expect(text).toMatch(/[\u4e00-\u9fa5]/);
  if (message) expect(text).toMatch(message);
}

afterEach(() => clock.reset());

describe.each(databases())('agents in levels on %s', (kind) => {
  const t = useTestApp(kind, { payReconcileIntervalMs: 0, paySandboxDropNotify: true });

  /** demo (总代理) → l2 (代理, keeps 60% where no cost is set) → l3 (分销, keeps 50%), each with its administrator. */
  async function network(seq: string) {
    const demoAdmin = await loginAs(t, 'agent');
    const demo = await idOf(t, 'demo');
    const l2res = await adminPost(
      t,
      '/api/admin/agents/sub/create',
      {
        parent_id: demo,
        mark: `l2${seq}`,
        nickname: '二级代理',
        share_bp: 6000,
        admin: { username: `l2admin${seq}`, display_name: '二级管理员', password: PASSWORD },
        reason: '发展下级代理',
      },
      demoAdmin,
    );
    expect(l2res.statusCode, l2res.body).toBe(200);
    const l2 = l2res.json().data;
    expect(l2).toMatchObject({ parent_id: demo, level: 2, share_bp: 6000 });
    const l2Admin = cookieOf(await adminLogin(t, `l2admin${seq}`, PASSWORD));
    const l3res = await adminPost(
      t,
      '/api/admin/agents/sub/create',
      {
        parent_id: l2.id,
        mark: `l3${seq}`,
        nickname: '三级分销',
        share_bp: 5000,
        admin: { username: `l3admin${seq}`, display_name: '三级管理员', password: PASSWORD },
        reason: '发展下级分销',
      },
      l2Admin,
    );
    expect(l3res.statusCode, l3res.body).toBe(200);
    const l3 = l3res.json().data;
    expect(l3).toMatchObject({ parent_id: l2.id, level: 3 });
    const l3Admin = cookieOf(await adminLogin(t, `l3admin${seq}`, PASSWORD));
    return { demo, demoAdmin, l2: l2.id as number, l2Admin, l3: l3.id as number, l3Admin };
  }

  async function payPackageOn(card: string, packageName: string) {
    const token = await t.loginAccount();
    const p = await t.db.kysely.selectFrom('packages').selectAll().where('name', '=', packageName).executeTakeFirstOrThrow();
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

  it('three levels: each credited its part once under 60 notifications, parts = margin, refunds back in proportion', async () => {
    const n = await network('a');
    const pkg = await t.db.kysely.selectFrom('packages').selectAll().where('name', '=', '畅享50G月包').executeTakeFirstOrThrow();
    // demo sets what 代理 pays for this package; 分销 follows its 50% share of 代理's margin
    const l2Cost = pkg.cost_fen + Math.floor((pkg.price_fen - pkg.cost_fen) / 4);
    const save = await adminPost(
      t,
      '/api/admin/agents/sub/terms',
      { id: n.l2, share_bp: 6000, costs: [{ package_id: pkg.id, cost_fen: l2Cost }], reason: '约定二级成本价' },
      n.demoAdmin,
    );
    expect(save.statusCode, save.body).toBe(200);
    const l3Terms = (await adminGet(t, `/api/admin/agents/sub/terms?id=${n.l3}`, n.l2Admin)).json().data;
    const row = l3Terms.packages.find((p: { package_id: number }) => p.package_id === pkg.id);
    const l3Cost = l2Cost + Math.round(((pkg.price_fen - l2Cost) * 5000) / 10000);
    expect(row).toMatchObject({ parent_cost_fen: l2Cost, set_cost_fen: null, cost_fen: l3Cost, retail_fen: pkg.price_fen });
    expect(l3Terms.can_edit).toBe(true);

    // the demo user's card moves to the 分销 (cards follow the subtree)
    await t.db.kysely.updateTable('cards').set({ agent_id: n.l3 }).where('custom_num', '=', '1000000013').execute();
    const o = await payPackageOn('1000000013', '畅享50G月包');
    const answers = await Promise.all(Array.from({ length: 60 }, () => notify(t, 1, o.notification)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);

    const order = await t.db.kysely.selectFrom('orders').selectAll().where('order_no', '=', o.orderNo).executeTakeFirstOrThrow();
    const credits = (await ledgerOfOrder(t, o.orderNo)).filter((r) => r.kind === 'order');
    expect(credits.map((c) => c.agent_id).sort()).toEqual([n.demo, n.l2, n.l3].sort());
    const by = (agent: number) => credits.find((c) => c.agent_id === agent)!;
    expect(by(n.demo).amount_fen).toBe(l2Cost - pkg.cost_fen);
    expect(by(n.l2).amount_fen).toBe(l3Cost - l2Cost);
    expect(by(n.l3).amount_fen).toBe(pkg.price_fen - order.discount_fen - l3Cost);
    expect(by(n.demo).from_agent_id).toBe(n.l3);
    const margin = pkg.price_fen - order.discount_fen - pkg.cost_fen;
    expect(credits.reduce((a, c) => a + c.amount_fen, 0)).toBe(margin);
    await expectBalancesMatchLedger(t);

    // a partial refund, its replay, then the rest: each level's part back in proportion, exactly once
    const part = Math.floor(order.payable_fen / 3);
    const first = { orderNo: o.orderNo, amountFen: part, reason: '客户申请部分退款', requestId: rid(), operatorUsername: 'finance' };
    await refundPart(ctxOf(t), first);
    await refundPart(ctxOf(t), first);
    let rows = await ledgerOfOrder(t, o.orderNo);
    expect(rows.filter((r) => r.kind === 'refund')).toHaveLength(credits.filter((c) => c.amount_fen !== 0).length);
    for (const c of credits) {
      const back = rows.filter((r) => r.kind === 'refund' && r.agent_id === c.agent_id).reduce((a, r) => a + r.amount_fen, 0);
      expect(back).toBe(-Math.round((c.amount_fen * part) / order.payable_fen));
    }
    await refundPart(ctxOf(t), { ...first, amountFen: order.payable_fen - part, requestId: rid() });
    rows = await ledgerOfOrder(t, o.orderNo);
    for (const agent of [n.demo, n.l2, n.l3])
      expect(
        rows.filter((r) => r.agent_id === agent).reduce((a, r) => a + r.amount_fen, 0),
        `agent ${agent}`,
      ).toBe(0);
    await expectBalancesMatchLedger(t);
  });

  it('each level sees its own subtree only: never a sibling’s or a parent’s cards, orders or ledger', async () => {
    const n = await network('b');
    const sibling = (
      await adminPost(
        t,
        '/api/admin/agents/sub/create',
        { parent_id: n.demo, mark: 'siblingb', nickname: '兄弟代理', share_bp: 7000, reason: '发展下级代理' },
        n.demoAdmin,
      )
    ).json().data.id as number;
    await t.db.kysely.updateTable('cards').set({ agent_id: n.l3 }).where('custom_num', '=', '1000000020').execute();
    await t.db.kysely.updateTable('cards').set({ agent_id: sibling }).where('custom_num', '=', '1000000021').execute();
    const o = await payPackageOn('1000000001', '畅享50G月包'); // demo's own card
    await notify(t, 1, o.notification);

    const cards = async (cookie: string) =>
      ((await adminGet(t, '/api/admin/cards?limit=100', cookie)).json().data.items as { custom_num: string }[]).map((c) => c.custom_num);
    // the parent sees its sub-agents' cards
    expect(await cards(n.demoAdmin)).toEqual(expect.arrayContaining(['1000000001', '1000000020', '1000000021']));
    // 代理 sees its 分销's card, not its parent's nor its sibling's
    const l2Cards = await cards(n.l2Admin);
    expect(l2Cards).toContain('1000000020');
    expect(l2Cards).not.toContain('1000000001');
    expect(l2Cards).not.toContain('1000000021');
    expect(await cards(n.l3Admin)).toEqual(['1000000020']);

    // the parent's order: not listed for the levels below, its card answers "not found"
    const orders = async (cookie: string) =>
      ((await adminGet(t, '/api/admin/orders?limit=100', cookie)).json().data.items as { order_no: string }[]).map((x) => x.order_no);
    expect(await orders(n.demoAdmin)).toContain(o.orderNo);
    expect(await orders(n.l2Admin)).not.toContain(o.orderNo);
    expect((await adminGet(t, `/api/admin/orders/detail?order_no=${o.orderNo}`, n.l2Admin)).statusCode).toBe(404);

    // ledgers: a parent reads its sub-agents'; a sub-agent never its parent's or a sibling's
    expect((await adminGet(t, `/api/admin/commissions/ledger?agent_id=${n.l3}`, n.demoAdmin)).statusCode).toBe(200);
    expect((await adminGet(t, `/api/admin/commissions/ledger?agent_id=${n.l3}`, n.l2Admin)).statusCode).toBe(200);
    for (const [cookie, other] of [
      [n.l2Admin, n.demo],
      [n.l2Admin, sibling],
      [n.l3Admin, n.l2],
      [n.l3Admin, n.demo],
    ] as const) {
      expect((await adminGet(t, `/api/admin/commissions/ledger?agent_id=${other}`, cookie)).statusCode).toBe(404);
      expect((await adminGet(t, `/api/admin/commissions/statement?agent_id=${other}&month=2026-11`, cookie)).statusCode).toBe(404);
      expect((await adminGet(t, `/api/admin/agents/detail?id=${other}`, cookie)).statusCode).toBe(404);
    }
    const commissionAgents = (await adminGet(t, '/api/admin/commissions/agents', n.l2Admin)).json().data.items as { agent_id: number }[];
    expect(commissionAgents.map((a) => a.agent_id).sort()).toEqual([n.l2, n.l3].sort());
    const agents = (await adminGet(t, '/api/admin/agents', n.l2Admin)).json().data.items as { id: number }[];
    expect(agents.map((a) => a.id).sort()).toEqual([n.l2, n.l3].sort());
    // a withdrawal is each level's own: the parent cannot ask one for its sub-agent
    const w = await adminPost(
      t,
      '/api/admin/commissions/withdrawals/request',
      { agent_id: n.l3, amount_fen: 100, request_id: rid() },
      n.l2Admin,
    );
    expect(w.statusCode).toBe(404);
  });

  it('terms: only the parent sets them, never below its own cost or above retail; a fourth level is refused; bad input writes nothing', async () => {
    const n = await network('c');
    const pkg = await t.db.kysely.selectFrom('packages').selectAll().where('name', '=', '畅享50G月包').executeTakeFirstOrThrow();
    const before = await t.db.kysely.selectFrom('agent_package_costs').selectAll().execute();
    const auditBefore = await t.db.kysely.selectFrom('audit_log').select('id').execute();

    expectChinese4xx(
      await adminPost(
        t,
        '/api/admin/agents/sub/terms',
        { id: n.l2, share_bp: 6000, costs: [{ package_id: pkg.id, cost_fen: pkg.cost_fen - 1 }], reason: '压低成本' },
        n.demoAdmin,
      ),
      /不能低于本级成本价/,
    );
    expectChinese4xx(
      await adminPost(
        t,
        '/api/admin/agents/sub/terms',
        { id: n.l2, share_bp: 6000, costs: [{ package_id: pkg.id, cost_fen: pkg.price_fen + 1 }], reason: '抬高成本' },
        n.demoAdmin,
      ),
      /不能高于零售价/,
    );
    expectChinese4xx(
      await adminPost(t, '/api/admin/agents/sub/terms', { id: n.l2, share_bp: 10001, costs: [], reason: '调整分成' }, n.demoAdmin),
      /0%–100%/,
    );
    // a sub-agent never sets its own terms; nor reads a parent's
    const own = await adminPost(
      t,
      '/api/admin/agents/sub/terms',
      { id: n.l2, share_bp: 10000, costs: [], reason: '给自己加分成' },
      n.l2Admin,
    );
    expect(own.statusCode).toBe(403);
    expect((await adminGet(t, `/api/admin/agents/sub/terms?id=${n.l2}`, n.l3Admin)).statusCode).toBe(404);
    // at most three levels, and a sub-agent only under one's own subtree
    expectChinese4xx(
      await adminPost(
        t,
        '/api/admin/agents/sub/create',
        { parent_id: n.l3, mark: 'fourthc', nickname: '四级', share_bp: 5000, reason: '继续发展' },
        n.l3Admin,
      ),
      /最多 3 级/,
    );
    const acme = await idOf(t, 'acme');
    const foreign = await adminPost(
      t,
      '/api/admin/agents/sub/create',
      { parent_id: acme, mark: 'foreignc', nickname: '别家下级', share_bp: 5000, reason: '发展下级代理' },
      n.demoAdmin,
    );
    expect(foreign.statusCode).toBe(404);
    expectChinese4xx(
      await adminPost(
        t,
        '/api/admin/agents/sub/create',
        { parent_id: n.demo, mark: 'demo', nickname: '重名', share_bp: 5000, reason: '发展下级代理' },
        n.demoAdmin,
      ),
      /已被使用/,
    );
    expect(await t.db.kysely.selectFrom('agent_package_costs').selectAll().execute()).toEqual(before);
    expect((await t.db.kysely.selectFrom('audit_log').select('id').execute()).length).toBe(auditBefore.length);
    expect(await t.db.kysely.selectFrom('agents').select('id').where('mark', 'in', ['fourthc', 'foreignc']).execute()).toEqual([]);
  });
});
