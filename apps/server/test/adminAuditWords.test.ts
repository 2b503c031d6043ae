// The audit log read in words and the dashboard's queues as an operator works them
// (docs/decisions/0043-audit-in-words.md): a search by an action's Chinese label, the names of the
// rows a page refers to (one query per kind, whatever the page's size), the rows themselves kept as
// recorded; the tickets queue counts only tickets waiting for the platform, and each role sees only
// the queues it can act on. SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { adminGet, adminPost, loginAs } from './adminHelpers';
import { databases, useTestApp } from './harness';

describe.each(databases())('audit in words and dashboard queues on %s', (kind) => {
  const t = useTestApp(kind);

  it('finds actions by their Chinese label, and names the package, agent and series a page refers to', async () => {
    const admin = await loginAs(t, 'admin');
    const pkg = await t.db.kysely
      .selectFrom('packages')
      .innerJoin('package_series as s', 's.id', 'packages.series_id')
      .select(['packages.id', 'packages.name', 'packages.cost_fen', 'packages.price_fen', 's.agent_id'])
      .orderBy('packages.id')
      .executeTakeFirstOrThrow();
    const saved = await adminPost(
      t,
      '/api/admin/catalogue/prices/save',
      { package_id: pkg.id, retail_fen: pkg.price_fen + 200, reason: '调价测试' },
      admin,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const card = await t.db.kysely.selectFrom('cards').select(['id', 'custom_num', 'agent_id']).orderBy('id').executeTakeFirstOrThrow();
    const other = await t.db.kysely
      .selectFrom('agents')
      .select(['id', 'nickname'])
      .where('id', '!=', card.agent_id)
      .executeTakeFirstOrThrow();
    const job = await adminPost(
      t,
      '/api/admin/bulk-jobs',
      { kind: 'move_agent', custom_nums: [card.custom_num], agent_id: other.id, reason: '转移测试' },
      admin,
    );
    expect(job.statusCode, job.body).toBe(200);

    // 修改套餐价格 by its label, or a part of it; the code still works
    const byLabel = (await adminGet(t, `/api/admin/audit?action=${encodeURIComponent('修改套餐价格')}`, admin)).json().data;
    expect(byLabel.items).toHaveLength(1);
    const entry = byLabel.items[0];
    expect(entry).toMatchObject({
      action: 'price.changed',
      action_label: '修改套餐价格',
      target_type: 'package',
      target_id: String(pkg.id),
    });
    // the row as recorded: fen, ids
    expect(entry.before).toEqual({ cost_fen: pkg.cost_fen, retail_fen: pkg.price_fen });
    expect(entry.after).toEqual({ cost_fen: pkg.cost_fen, retail_fen: pkg.price_fen + 200 });
    // …and the names it refers to
    expect(byLabel.names.package).toEqual({ [String(pkg.id)]: pkg.name });
    expect((await adminGet(t, `/api/admin/audit?action=${encodeURIComponent('价格')}`, admin)).json().data.items).toHaveLength(1);
    expect((await adminGet(t, '/api/admin/audit?action=price.changed', admin)).json().data.items).toHaveLength(1);
    // words no action has: nothing, not everything
    expect((await adminGet(t, `/api/admin/audit?action=${encodeURIComponent('没有这个操作')}`, admin)).json().data.items).toEqual([]);
    // 导出 names every export
    await adminGet(t, '/api/admin/audit/export', admin);
    const exports = (await adminGet(t, `/api/admin/audit?action=${encodeURIComponent('导出')}`, admin)).json().data;
    expect(exports.items.map((e: { action: string }) => e.action)).toEqual(['audit.export']);

    const page = (await adminGet(t, '/api/admin/audit?limit=200', admin)).json().data;
    const agentNames = Object.fromEntries(
      (await t.db.kysely.selectFrom('agents').select(['id', 'nickname']).execute()).map((a) => [String(a.id), a.nickname]),
    );
    // the bulk job's target agent (its parameters), by name
    expect(page.names.agent[String(other.id)]).toBe(other.nickname);
    expect(agentNames[String(other.id)]).toBe(other.nickname);
    expect(page.names.package[String(pkg.id)]).toBe(pkg.name);
    // the log itself is unchanged by the reading
    const stored = await t.db.kysely
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'price.changed')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.after)).toEqual({ cost_fen: pkg.cost_fen, retail_fen: pkg.price_fen + 200 });
  });

  it('resolves a page of many rows with one query per kind of name, not one per row', async () => {
    const admin = await loginAs(t, 'admin');
    const pkgs = await t.db.kysely.selectFrom('packages').select(['id', 'price_fen']).orderBy('id').limit(5).execute();
    for (const p of pkgs) {
      const r = await adminPost(
        t,
        '/api/admin/catalogue/prices/save',
        { package_id: p.id, retail_fen: p.price_fen + 100, reason: '批量调价' },
        admin,
      );
      expect(r.statusCode, r.body).toBe(200);
    }
    const queries: string[] = [];
    const original = t.db.kysely.getExecutor().executeQuery.bind(t.db.kysely.getExecutor());
    const executor = t.db.kysely.getExecutor() as { executeQuery: typeof original };
    executor.executeQuery = (compiled, ...rest) => {
      queries.push(compiled.sql);
      return original(compiled, ...rest);
    };
    try {
      const page = (await adminGet(t, `/api/admin/audit?action=price.changed`, admin)).json().data;
      expect(page.items.length).toBeGreaterThanOrEqual(pkgs.length);
      for (const p of pkgs) expect(page.names.package[String(p.id)]).toBeTruthy();
    } finally {
      executor.executeQuery = original;
    }
    expect(queries.filter((q) => /from "packages"/.test(q))).toHaveLength(1);
  });

  it('counts only tickets waiting for the platform, and shows each role only the queues it can act on', async () => {
    const waiting = async () =>
      Number(
        (
          await t.db.kysely
            .selectFrom('tickets')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', 'in', ['submitted', 'in_progress'])
            .executeTakeFirstOrThrow()
        ).n,
      );
    const queues = async (username: 'admin' | 'agent' | 'support' | 'finance') => {
      const res = await adminGet(t, '/api/admin/dashboard', await loginAs(t, username));
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.queues as { key: string; count: number }[];
    };
    const ticketsOf = async () => (await queues('admin')).find((q) => q.key === 'tickets')!.count;
    // a replied ticket (the demo's) is not waiting for anyone on the platform
    const replied = await t.db.kysely.selectFrom('tickets').select('id').where('status', '=', 'replied').execute();
    expect(replied.length).toBeGreaterThan(0);
    expect(await ticketsOf()).toBe(await waiting());
    // a ticket the holder files joins the queue; support's reply takes it out
    const seeded = await t.db.kysely.selectFrom('tickets').selectAll().where('status', '=', 'replied').executeTakeFirstOrThrow();
    const before = await ticketsOf();
    const { id: _id, ...copy } = seeded;
    const filed = await t.db.kysely
      .insertInto('tickets')
      .values({ ...copy, ticket_no: 'T26112700000009', status: 'submitted' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await ticketsOf()).toBe(before + 1);
    const support = await loginAs(t, 'support');
    const r = await adminPost(t, '/api/admin/tickets/reply', { id: filed.id, status: 'replied', content: '已处理' }, support);
    expect(r.statusCode, r.body).toBe(200);
    expect(await ticketsOf()).toBe(before);

    const keys = async (u: 'admin' | 'agent' | 'support' | 'finance') => (await queues(u)).map((q) => q.key);
    expect(await keys('admin')).toEqual([
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
    // an agent administrator: the applications that came through its agents (docs/decisions/0076), their cards'
    // replacements and their shop orders, not support's tickets nor finance's work
    expect(await keys('agent')).toEqual(['agent_applications', 'replacements', 'shop_orders']);
    expect(await keys('support')).toEqual(['tickets']);
    expect(await keys('finance')).toEqual(['refunds', 'refund_requests', 'invoice_requests', 'commission_withdrawals', 'approvals']);
  });
});
