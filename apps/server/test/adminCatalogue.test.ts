// The console's catalogue (docs/decisions/0018): prices per agent with cost, retail and margin; the portal
// quotes exactly the retail saved here; retail below cost and negative prices refused with nothing
// written; an agent administrator sees and changes only their agent's rows and never the cost;
// vouchers issued in bulk once per request id, seen by the card holder; every change audited.
import { describe, expect, it } from 'vitest';
import { Code } from '@portal/contract/codes';
import { adminGet, adminPost, loginAs } from './adminHelpers';
import { databases, useTestApp, type TestApp } from './harness';

async function pkg(t: TestApp, name: string) {
  return t.db.kysely
    .selectFrom('packages as p')
    .innerJoin('package_series as s', 's.id', 'p.series_id')
    .select(['p.id', 'p.price_fen', 'p.cost_fen', 's.agent_id'])
    .where('p.name', '=', name)
    .executeTakeFirstOrThrow();
}

async function auditOf(t: TestApp, action: string) {
  return t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();
}

async function quote(t: TestApp, token: string, packageId: number) {
  const res = await t.post('/api/v1/order/quote', { custom_num: '1000000001', goods_type: 'package', package_id: packageId }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe.each(databases())('admin catalogue on %s', (kind) => {
  const t = useTestApp(kind);

  it('lists packages with cost, retail and margin; an agent administrator only their own', async () => {
    const admin = await loginAs(t, 'admin');
    const all = (await adminGet(t, '/api/admin/catalogue/packages', admin)).json().data.items;
    const agents = new Set(all.map((p: { agent_id: number }) => p.agent_id));
    expect(agents.size).toBe(2);
    const p = all[0];
    expect(p.margin_fen).toBe(p.retail_fen - p.cost_fen);

    const agent = await loginAs(t, 'agent');
    const own = (await adminGet(t, '/api/admin/catalogue/packages', agent)).json().data.items;
    const demo = (await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', 'demo').executeTakeFirstOrThrow()).id;
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r: { agent_id: number }) => r.agent_id === demo)).toBe(true);
    const acme = (await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', 'acme').executeTakeFirstOrThrow()).id;
    expect((await adminGet(t, `/api/admin/catalogue/packages?agent_id=${acme}`, agent)).json().data.items).toEqual([]);
    const series = (await adminGet(t, '/api/admin/catalogue/series', agent)).json().data.items;
    expect(series.every((s: { agent_id: number }) => s.agent_id === demo)).toBe(true);
    const offers = (await adminGet(t, '/api/admin/catalogue/recharge-offers', agent)).json().data.items;
    expect(offers.map((o: { agent_id: number }) => o.agent_id)).toEqual([demo]);

    const finance = await loginAs(t, 'finance');
    expect((await adminGet(t, '/api/admin/catalogue/packages', finance)).json().data.items.length).toBe(all.length);
  });

  it('a price far from its series is said before it is saved, and saved only once confirmed; audited as confirmed', async () => {
    const p = await pkg(t, '畅享100G月包');
    const admin = await loginAs(t, 'admin');
    const before = await t.snapshot();
    // below the platform's retail limit: above it the price waits for a second approver (adminApprovals.test.ts)
    const typo = { package_id: p.id, retail_fen: 99_900, reason: '调价' };
    const refused = await adminPost(t, '/api/admin/catalogue/prices/save', typo, admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: Code.PRICE_NEEDS_CONFIRM,
      message: expect.stringMatching(/^该套餐每 GB .+ 倍，请核对价格$/),
    });
    // the same through the package form
    const whole = (await adminGet(t, '/api/admin/catalogue/packages', admin)).json().data.items.find((x: { id: number }) => x.id === p.id);
    const form = { ...whole, retail_fen: 1, reason: '调价' };
    for (const k of ['series_name', 'agent_id', 'agent_name', 'margin_fen', 'margin_rate']) delete form[k];
    form.cost_fen = 0;
    const cheap = await adminPost(t, '/api/admin/catalogue/packages/save', form, admin);
    expect(cheap.json(), cheap.body).toMatchObject({
      code: Code.PRICE_NEEDS_CONFIRM,
      message: expect.stringMatching(/仅为同系列同类套餐/),
    });
    expect(await t.snapshot()).toEqual(before);

    const confirmed = await adminPost(t, '/api/admin/catalogue/prices/save', { ...typo, price_confirmed: true }, admin);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(JSON.parse((await auditOf(t, 'price.changed'))[0]!.after)).toMatchObject({ retail_fen: 99_900, price_confirmed: true });
    // back to its price: an ordinary change needs no confirmation
    const back = await adminPost(
      t,
      '/api/admin/catalogue/prices/save',
      { package_id: p.id, retail_fen: p.price_fen, reason: '改回' },
      admin,
    );
    expect(back.statusCode, back.body).toBe(200);
    expect(JSON.parse((await auditOf(t, 'price.changed'))[0]!.after).price_confirmed).toBeUndefined();
  });

  it('a retail price saved by the platform is what the portal lists and quotes; audited', async () => {
    const p = await pkg(t, '畅享100G月包');
    const admin = await loginAs(t, 'admin');
    const res = await adminPost(
      t,
      '/api/admin/catalogue/prices/save',
      { package_id: p.id, cost_fen: 1500, retail_fen: 2500, reason: '双十一调价' },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ cost_fen: 1500, retail_fen: 2500, margin_fen: 1000, margin_pct: 40 });

    const token = await t.loginAccount();
    const list = (await t.get('/api/v1/package/list?custom_num=1000000001', token)).json().data.list;
    expect(list.find((x: { id: number }) => x.id === p.id).price).toBe(25);
    expect((await quote(t, token, p.id)).total).toBe(25);

    const [audit] = await auditOf(t, 'price.changed');
    expect(JSON.parse(audit!.before)).toEqual({ cost_fen: p.cost_fen, retail_fen: p.price_fen });
    expect(JSON.parse(audit!.after)).toEqual({ cost_fen: 1500, retail_fen: 2500 });
    expect(audit!.reason).toBe('双十一调价');
  });

  it('an agent administrator changes their retail price, never the cost nor another agent’s', async () => {
    const p = await pkg(t, '畅享100G月包');
    const agent = await loginAs(t, 'agent');
    const ok = await adminPost(t, '/api/admin/catalogue/prices/save', { package_id: p.id, retail_fen: 2600, reason: '代理调价' }, agent);
    expect(ok.statusCode, ok.body).toBe(200);
    const token = await t.loginAccount();
    expect((await quote(t, token, p.id)).total).toBe(26);

    const before = await t.snapshot();
    const audits = (await auditOf(t, 'price.changed')).length;
    const cost = await adminPost(
      t,
      '/api/admin/catalogue/prices/save',
      { package_id: p.id, cost_fen: 1, retail_fen: 2600, reason: '代理调价' },
      agent,
    );
    expect(cost.statusCode).toBe(403);
    const acmePkg = await pkg(t, '电信畅享60G月包').catch(() => null);
    const acmeRow = acmePkg ?? (await t.db.kysely.selectFrom('packages').select('id').where('series_id', '=', 3).executeTakeFirstOrThrow());
    const foreign = await adminPost(
      t,
      '/api/admin/catalogue/prices/save',
      { package_id: acmeRow.id, retail_fen: 1, reason: '越权调价' },
      agent,
    );
    expect(foreign.statusCode).toBe(404);
    expect(await t.snapshot()).toEqual(before);
    expect((await auditOf(t, 'price.changed')).length).toBe(audits);
    expect((await pkg(t, '畅享100G月包')).price_fen).toBe(2600);
  });

  it.each([
    ['retail below cost', { cost_fen: 2000, retail_fen: 1999 }, '零售价不能低于成本价'],
    ['a negative retail', { retail_fen: -1 }, '零售价不能为负数'],
    ['a fraction of a fen', { retail_fen: 10.5 }, '零售价须精确到分'],
  ])('refuses %s: 400, nothing written', async (_name, price, message) => {
    const p = await pkg(t, '畅享100G月包');
    const admin = await loginAs(t, 'admin');
    const before = await t.snapshot();
    const audits = (await auditOf(t, 'price.changed')).length;
    const res = await adminPost(t, '/api/admin/catalogue/prices/save', { package_id: p.id, ...price, reason: '测试调价' }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await t.snapshot()).toEqual(before);
    expect((await auditOf(t, 'price.changed')).length).toBe(audits);
    expect(await pkg(t, '畅享100G月包')).toEqual(p);
  });

  it('creates a series and a top-up package in it; retail below cost refused there too', async () => {
    const admin = await loginAs(t, 'admin');
    const demo = (await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', 'demo').executeTakeFirstOrThrow()).id;
    const s = await adminPost(
      t,
      '/api/admin/catalogue/series/save',
      { agent_id: demo, name: '加油包系列', description: '', sort: 5, reason: '新系列上架' },
      admin,
    );
    expect(s.statusCode, s.body).toBe(200);
    const base = {
      series_id: s.json().data.id,
      name: '加油包5G',
      package_type: 2,
      period: 2,
      period_count: 1,
      flow_mb: 5120,
      cost_fen: 300,
      retail_fen: 500,
      original_price_fen: 800,
      description: '当月有效',
      voucher_allowed: true,
      recommended: false,
      on_sale: true,
      sort: 0,
      reason: '新套餐上架',
    };
    const bad = await adminPost(t, '/api/admin/catalogue/packages/save', { ...base, retail_fen: 200 }, admin);
    expect(bad.statusCode).toBe(400);
    const ok = await adminPost(t, '/api/admin/catalogue/packages/save', base, admin);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ package_type: 2, retail_fen: 500, margin_fen: 200 });
    expect((await auditOf(t, 'package.saved')).length).toBe(1);
    expect((await auditOf(t, 'series.saved')).length).toBe(1);
  });

  it('sets a first-recharge offer the portal shows on /recharge, and a coupon package', async () => {
    const admin = await loginAs(t, 'admin');
    const demo = (await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', 'demo').executeTakeFirstOrThrow()).id;
    const offer = { amount_fen: 10000, bonus_fen: 2000, title: '首充100送20', description: '仅限首次充值' };
    const res = await adminPost(t, '/api/admin/catalogue/recharge-offers/save', { agent_id: demo, offer, reason: '首充活动' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    const token = await t.loginAccount();
    // the seed's card has had no balance order yet: the offer shows
    const options = (await t.get('/api/v1/recharge/options?custom_num=1000000001', token)).json().data;
    expect(options.first_recharge).toMatchObject({ amount: 100, bonus_amount: 20, title: '首充100送20' });
    const tooMuch = await adminPost(
      t,
      '/api/admin/catalogue/recharge-offers/save',
      { agent_id: demo, offer: { ...offer, bonus_fen: 20000 }, reason: '首充活动' },
      admin,
    );
    expect(tooMuch.statusCode).toBe(400);

    const cp = await adminPost(
      t,
      '/api/admin/catalogue/coupon-packages/save',
      {
        agent_id: demo,
        name: '新人券包',
        price_fen: 990,
        description: '',
        vouchers: [{ amount_fen: 500, min_spend_fen: 2000, valid_days: 30, package_types: [3] }],
        on_sale: true,
        reason: '上架券包',
      },
      admin,
    );
    expect(cp.statusCode, cp.body).toBe(200);
    const cps = (await t.get('/api/v1/coupon_package/list?custom_num=1000000001', token)).json().data.list;
    expect(cps.map((c: { name: string }) => c.name)).toContain('新人券包');
  });

  it('issues vouchers to a list of cards once per request id; the card holder sees them', async () => {
    const agent = await loginAs(t, 'agent');
    const body = {
      request_id: 'req-0001-abcdef',
      target: { kind: 'cards', custom_nums: ['1000000001', '1000000002'] },
      name: '回馈5元券',
      amount_fen: 500,
      min_spend_fen: 1000,
      valid_days: 30,
      package_types: [],
      reason: '老用户回馈',
    };
    const first = await adminPost(t, '/api/admin/vouchers/issue', body, agent);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ repeated: false, batch: { card_count: 2 } });
    const again = await adminPost(t, '/api/admin/vouchers/issue', body, agent);
    expect(again.json().data).toMatchObject({ repeated: true, batch: { id: first.json().data.batch.id } });
    const issued = await t.db.kysely.selectFrom('vouchers').select('id').where('name', '=', '回馈5元券').execute();
    expect(issued.length).toBe(2);
    expect((await auditOf(t, 'vouchers.issued')).length).toBe(1);

    const token = await t.loginAccount();
    const usable = (await t.get('/api/v1/voucher/list?custom_num=1000000001&status=usable', token)).json().data.list;
    expect(usable.map((v: { name: string }) => v.name)).toContain('回馈5元券');

    const batches = (await adminGet(t, '/api/admin/vouchers/batches', agent)).json().data.items;
    expect(batches.map((b: { name: string }) => b.name)).toEqual(['回馈5元券']);
  });

  it('revokes what is left of a batch: used and in-payment vouchers stay; holders no longer see the rest; audited once', async () => {
    const agent = await loginAs(t, 'agent');
    const issued = await adminPost(
      t,
      '/api/admin/vouchers/issue',
      {
        request_id: 'req-revoke-0001',
        target: { kind: 'cards', custom_nums: ['1000000001', '1000000002', '1000000003'] },
        name: '误发50元券',
        amount_fen: 5000,
        min_spend_fen: 0,
        valid_days: 30,
        package_types: [],
        reason: '活动发放',
      },
      agent,
    );
    expect(issued.statusCode, issued.body).toBe(200);
    const batchId = issued.json().data.batch.id;
    const ids = (await t.db.kysely.selectFrom('vouchers').select('id').where('batch_id', '=', batchId).orderBy('id').execute()).map(
      (v) => v.id,
    );
    // meanwhile one holder has paid with theirs and another is paying with theirs now
    await t.db.kysely
      .updateTable('vouchers')
      .set({ status: 'used', order_no: 'O-USED', used_at: new Date().toISOString() })
      .where('id', '=', ids[0]!)
      .execute();
    await t.db.kysely.updateTable('vouchers').set({ status: 'locked', order_no: 'O-PAYING' }).where('id', '=', ids[1]!).execute();

    // bad input: no reason, an unknown batch, another agent's batch — nothing written
    const before = await t.snapshot();
    expect((await adminPost(t, '/api/admin/vouchers/batches/revoke', { id: batchId, reason: '' }, agent)).statusCode).toBe(400);
    const unknown = await adminPost(t, '/api/admin/vouchers/batches/revoke', { id: 999_999, reason: '误发' }, agent);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('发放批次不存在');
    expect(await t.snapshot()).toEqual(before);
    const admin = await loginAs(t, 'admin');
    const acmeBatch = await adminPost(
      t,
      '/api/admin/vouchers/issue',
      {
        request_id: 'req-revoke-0002',
        target: { kind: 'cards', custom_nums: ['1000000014'] },
        name: '极客券',
        amount_fen: 100,
        min_spend_fen: 0,
        valid_days: 30,
        package_types: [],
        reason: '发放',
      },
      admin,
    );
    const mid = await t.snapshot();
    expect(
      (await adminPost(t, '/api/admin/vouchers/batches/revoke', { id: acmeBatch.json().data.batch.id, reason: '误发' }, agent)).statusCode,
    ).toBe(404);
    expect(await t.snapshot()).toEqual(mid);

    const res = await adminPost(t, '/api/admin/vouchers/batches/revoke', { id: batchId, reason: '金额填错，撤回重发' }, agent);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ revoked: 1, batch: { vouchers: { usable: 0, used: 1, locked: 1, revoked: 1, expired: 0 } } });
    const statuses = (
      await t.db.kysely.selectFrom('vouchers').select('status').where('batch_id', '=', batchId).orderBy('id').execute()
    ).map((v) => v.status);
    expect(statuses).toEqual(['used', 'locked', 'revoked']);
    // the holder of 1000000003 no longer sees it among their usable vouchers
    const holder = await t.loginCard('1000000003');
    const usable = (await t.get('/api/v1/voucher/list?custom_num=1000000003&status=usable', holder)).json().data.list;
    expect(usable.map((v: { name: string }) => v.name)).not.toContain('误发50元券');
    // again: nothing more to revoke, nothing more audited; the list shows where the batch stands
    const again = await adminPost(t, '/api/admin/vouchers/batches/revoke', { id: batchId, reason: '金额填错，撤回重发' }, agent);
    expect(again.json().data.revoked).toBe(0);
    expect((await auditOf(t, 'vouchers.batch_revoked')).length).toBe(1);
    const listed = (await adminGet(t, '/api/admin/vouchers/batches', agent))
      .json()
      .data.items.find((b: { id: number }) => b.id === batchId);
    expect(listed.vouchers).toEqual({ usable: 0, used: 1, locked: 1, revoked: 1, expired: 0 });
  });

  it("refuses vouchers to another agent's card or a bad amount: nothing written", async () => {
    const agent = await loginAs(t, 'agent');
    const before = await t.snapshot();
    const base = { name: '越权券', amount_fen: 500, min_spend_fen: 0, valid_days: 30, package_types: [], reason: '测试发放' };
    const foreign = await adminPost(
      t,
      '/api/admin/vouchers/issue',
      { ...base, request_id: 'req-0002-abcdef', target: { kind: 'cards', custom_nums: ['1000000001', '1000000014'] } },
      agent,
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toContain('1000000014');
    const zero = await adminPost(
      t,
      '/api/admin/vouchers/issue',
      { ...base, amount_fen: 0, request_id: 'req-0003-abcdef', target: { kind: 'cards', custom_nums: ['1000000001'] } },
      agent,
    );
    expect(zero.statusCode).toBe(400);
    const acme = (await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', 'acme').executeTakeFirstOrThrow()).id;
    const otherAgent = await adminPost(
      t,
      '/api/admin/vouchers/issue',
      { ...base, request_id: 'req-0004-abcdef', target: { kind: 'agent', agent_id: acme } },
      agent,
    );
    expect(otherAgent.statusCode).toBe(404);
    expect(await t.snapshot()).toEqual(before);
  });

  it('issues to every card of a series (platform)', async () => {
    const admin = await loginAs(t, 'admin');
    const res = await adminPost(
      t,
      '/api/admin/vouchers/issue',
      {
        request_id: 'req-0005-abcdef',
        target: { kind: 'series', series_id: 3 },
        name: '系列券',
        amount_fen: 300,
        min_spend_fen: 0,
        valid_days: 7,
        package_types: [3],
        reason: '系列活动',
      },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const n = res.json().data.batch.card_count;
    expect(n).toBeGreaterThan(0);
    const rows = await t.db.kysely.selectFrom('vouchers').select(['batch_id', 'source']).where('name', '=', '系列券').execute();
    expect(rows.length).toBe(n);
    expect(rows.every((r) => r.batch_id === res.json().data.batch.id)).toBe(true);
  });
});
