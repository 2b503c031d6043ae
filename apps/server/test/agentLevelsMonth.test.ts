// Tried as a reseller would (docs/decisions/0067-agents-in-levels.md), on SQLite and PostgreSQL: a
// three-level network with different shares — the demo 总代理 sets what its 代理 pays for one package,
// the 代理 keeps 60% of the margin elsewhere, its 分销 50% — sells for a China-time month from a card
// that moves down and up the network (sold by the 分销, the 代理 and the 总代理 in turn), two kinds of
// package, some orders refunded in part, some whole, one in part and then the rest. Every level's
// statement of the month adds up to the fen: per order the levels' credits make its margin, each
// reversal is the level's credit in proportion, a whole refund leaves each level nothing, and each
// statement's totals are its rows, its closing the agent's balance.
import { afterEach, describe, expect, it } from 'vitest';
import { clock } from '../src/lib/clock';
import { refundPart } from '../src/modules/commerce';
import { adminGet, adminLogin, adminPost, cookieOf, loginAs } from './adminHelpers';
import { ctxOf, notify, rid, sandboxOf } from './commerceHelpers';
import { databases, useTestApp } from './harness';

const PASSWORD = 'Month#2026x';
const CARD = '1000000013';
const DAY = 24 * 3600_000;

afterEach(() => clock.reset());

/** The China-time month after the one `now` is in, and how far away its first hour is. */
function nextChinaMonth(now: Date): { month: string; msToStart: number } {
  const china = new Date(now.getTime() + 8 * 3600_000);
  const startUtc = Date.UTC(china.getUTCFullYear(), china.getUTCMonth() + 1, 1) - 8 * 3600_000;
  const m = new Date(startUtc + 8 * 3600_000);
  return {
    month: `${m.getUTCFullYear()}-${String(m.getUTCMonth() + 1).padStart(2, '0')}`,
    msToStart: startUtc - now.getTime() + 3600_000,
  };
}

interface Statement {
  totals: {
    opening_fen: number;
    orders_fen: number;
    order_count: number;
    refunds_fen: number;
    refund_count: number;
    adjustments_fen: number;
    withdrawals_fen: number;
    closing_fen: number;
  };
  items: { kind: string; amount_fen: number; order_no: string | null }[];
}

describe.each(databases())('a month of a three-level network on %s', (kind) => {
  const t = useTestApp(kind, { payReconcileIntervalMs: 0, paySandboxDropNotify: true });

  const idOf = async (mark: string) =>
    (await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', mark).executeTakeFirstOrThrow()).id;

  async function sub(parentId: number, mark: string, shareBp: number, cookie: string) {
    const res = await adminPost(
      t,
      '/api/admin/agents/sub/create',
      {
        parent_id: parentId,
        mark,
        nickname: `下级${mark}`,
        share_bp: shareBp,
        admin: { username: `${mark}admin`, display_name: `${mark}管理员`, password: PASSWORD },
        reason: '发展下级代理',
      },
      cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  }

  async function sell(packageName: string): Promise<string> {
    const token = await t.loginAccount();
    const p = await t.db.kysely.selectFrom('packages').select('id').where('name', '=', packageName).executeTakeFirstOrThrow();
    const res = await t.post(
      '/api/v1/order/create',
      { custom_num: CARD, goods_type: 'package', package_id: p.id, pay_channel: 1, request_id: rid() },
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json().data;
    const sandbox = sandboxOf(t);
    const row = (await sandbox.finish((o.pay.url as string).split('/').pop()!, 'pay', { drop: true }))!;
    // a notification repeated: credited once all the same
    for (let i = 0; i < 2; i++) expect((await notify(t, 1, sandbox.notificationFor(row))).statusCode).toBe(200);
    return o.order_no as string;
  }

  it('every level’s statement of the month adds up to the fen', async () => {
    const demoAdmin = await loginAs(t, 'agent');
    const demo = await idOf('demo');
    const l2 = await sub(demo, 'mon2', 6000, demoAdmin);
    const l3 = await sub(l2, 'mon3', 5000, demoAdmin);
    const set = await t.db.kysely.selectFrom('packages').selectAll().where('name', '=', '畅享50G月包').executeTakeFirstOrThrow();
    const terms = await adminPost(
      t,
      '/api/admin/agents/sub/terms',
      { id: l2, share_bp: 6000, costs: [{ package_id: set.id, cost_fen: set.cost_fen + 300 }], reason: '约定二级成本价' },
      demoAdmin,
    );
    expect(terms.statusCode, terms.body).toBe(200);
    const other = await t.db.kysely
      .selectFrom('packages')
      .select('name')
      .where('name', '!=', set.name)
      .where('name', 'like', '畅享%月包')
      .orderBy('id')
      .executeTakeFirstOrThrow();

    const { month, msToStart } = nextChinaMonth(clock.now());
    clock.advance(msToStart);

    // who sells, what, and what is refunded: 'part' a third, 'whole' all, 'both' a third then the rest
    const plan = [
      { seller: l3, pkg: set.name, refund: null },
      { seller: l3, pkg: other.name, refund: 'part' },
      { seller: l3, pkg: set.name, refund: 'whole' },
      { seller: l2, pkg: set.name, refund: null },
      { seller: l2, pkg: other.name, refund: 'both' },
      { seller: demo, pkg: set.name, refund: 'part' },
      { seller: demo, pkg: other.name, refund: null },
      { seller: l3, pkg: other.name, refund: 'both' },
      { seller: l3, pkg: set.name, refund: 'part' },
      { seller: l2, pkg: other.name, refund: null },
    ] as const;
    const sold: { orderNo: string; refund: (typeof plan)[number]['refund'] }[] = [];
    for (const step of plan) {
      await t.db.kysely.updateTable('cards').set({ agent_id: step.seller }).where('custom_num', '=', CARD).execute();
      sold.push({ orderNo: await sell(step.pkg), refund: step.refund });
      clock.advance(2 * DAY);
    }
    const refund = (orderNo: string, amountFen: number) =>
      refundPart(ctxOf(t), { orderNo, amountFen, reason: '客户申请退款', requestId: rid(), operatorUsername: 'finance' });
    for (const s of sold) {
      const order = await t.db.kysely.selectFrom('orders').selectAll().where('order_no', '=', s.orderNo).executeTakeFirstOrThrow();
      const third = Math.floor(order.payable_fen / 3);
      if (s.refund === 'part' || s.refund === 'both') await refund(s.orderNo, third);
      if (s.refund === 'both') await refund(s.orderNo, order.payable_fen - third);
      if (s.refund === 'whole') await refund(s.orderNo, order.payable_fen);
    }

    // per order: the levels' credits make its margin, each reversal is the level's credit in proportion
    const ledger = await t.db.kysely
      .selectFrom('commission_ledger')
      .selectAll()
      .where(
        'order_no',
        'in',
        sold.map((s) => s.orderNo),
      )
      .execute();
    for (const s of sold) {
      const order = await t.db.kysely.selectFrom('orders').selectAll().where('order_no', '=', s.orderNo).executeTakeFirstOrThrow();
      const pkg = await t.db.kysely.selectFrom('packages').selectAll().where('id', '=', order.package_id!).executeTakeFirstOrThrow();
      const rows = ledger.filter((r) => r.order_no === s.orderNo);
      const credits = rows.filter((r) => r.kind === 'order');
      expect(new Set(credits.map((c) => c.agent_id)).size, s.orderNo).toBe(credits.length);
      expect(
        credits.reduce((a, c) => a + c.amount_fen, 0),
        s.orderNo,
      ).toBe(pkg.price_fen - order.discount_fen - pkg.cost_fen);
      for (const c of credits) {
        expect(c.amount_fen).toBeGreaterThanOrEqual(0);
        const back = rows.filter((r) => r.kind === 'refund' && r.agent_id === c.agent_id).reduce((a, r) => a + r.amount_fen, 0);
        const refunded = s.refund === null ? 0 : s.refund === 'part' ? Math.floor(order.payable_fen / 3) : order.payable_fen;
        if (refunded === order.payable_fen) expect(back, `${s.orderNo} agent ${c.agent_id}`).toBe(-c.amount_fen || 0);
        else expect(back, `${s.orderNo} agent ${c.agent_id}`).toBe(-Math.round((c.amount_fen * refunded) / order.payable_fen) || 0);
      }
    }

    // each level's statement: its rows are the month's, its totals their sums, its closing the balance
    const cookies = new Map<number, string>([
      [demo, await loginAs(t, 'agent')],
      [l2, cookieOf(await adminLogin(t, 'mon2admin', PASSWORD))],
      [l3, cookieOf(await adminLogin(t, 'mon3admin', PASSWORD))],
    ]);
    for (const [agent, cookie] of cookies) {
      const res = await adminGet(t, `/api/admin/commissions/statement?agent_id=${agent}&month=${month}`, cookie);
      expect(res.statusCode, res.body).toBe(200);
      const st = res.json().data as Statement;
      const mine = ledger.filter((r) => r.agent_id === agent);
      const sum = (k: string) => mine.filter((r) => r.kind === k).reduce((a, r) => a + r.amount_fen, 0);
      expect(st.items.filter((i) => i.order_no !== null && sold.some((s) => s.orderNo === i.order_no)).length, `agent ${agent}`).toBe(
        mine.length,
      );
      expect(st.totals).toMatchObject({
        orders_fen: sum('order'),
        order_count: mine.filter((r) => r.kind === 'order').length,
        refunds_fen: sum('refund'),
        refund_count: mine.filter((r) => r.kind === 'refund').length,
        adjustments_fen: 0,
        withdrawals_fen: 0,
      });
      expect(st.items.reduce((a, i) => a + i.amount_fen, 0)).toBe(st.totals.closing_fen - st.totals.opening_fen);
      expect(st.totals.closing_fen).toBe(st.totals.opening_fen + st.totals.orders_fen + st.totals.refunds_fen);
      const account = await t.db.kysely
        .selectFrom('commission_accounts')
        .select('balance_fen')
        .where('agent_id', '=', agent)
        .executeTakeFirstOrThrow();
      expect(st.totals.closing_fen, `agent ${agent}`).toBe(account.balance_fen);
      // every level earned this month, and gave some back
      expect(st.totals.orders_fen, `agent ${agent}`).toBeGreaterThan(0);
      expect(st.totals.refunds_fen, `agent ${agent}`).toBeLessThan(0);
      // the new levels began this month: nothing before it
      if (agent !== demo) expect(st.totals.opening_fen).toBe(0);
    }

    // and the network's net of the month is the orders' margins less what each level gave back
    const net = ledger.reduce((a, r) => a + r.amount_fen, 0);
    const statements = await Promise.all(
      [...cookies].map(async ([agent, cookie]) => {
        const st = (await adminGet(t, `/api/admin/commissions/statement?agent_id=${agent}&month=${month}`, cookie)).json()
          .data as Statement;
        return st.totals.orders_fen + st.totals.refunds_fen;
      }),
    );
    expect(statements.reduce((a, b) => a + b, 0)).toBe(net);
    expect(net).toBeGreaterThan(0);
  });
});
