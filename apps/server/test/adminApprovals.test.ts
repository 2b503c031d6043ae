// Limits and a second approver (docs/decisions/0048-limits-and-a-second-approver.md): a voucher, a
// balance adjustment or a price above the platform's limits is not written but kept for approval;
// another operator with the right permission approves it — carried out once, however many approve at
// once, audited with both names — or rejects it with a reason; the requester cannot decide their own.
// SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { Code } from '@portal/contract/codes';
import { DEFAULT_WRITE_LIMITS } from '@portal/domain';
import { adminGet, adminPost, loginAs } from './adminHelpers';
import { databases, useTestApp, type TestApp } from './harness';

let n = 0;
const rid = () => `req-approval-${Date.now().toString(36)}-${++n}`;

async function auditOf(t: TestApp, action: string) {
  return t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();
}

async function balanceOf(t: TestApp, card: string): Promise<number> {
  return (await t.db.kysely.selectFrom('cards').select('balance_fen').where('custom_num', '=', card).executeTakeFirstOrThrow()).balance_fen;
}

async function vouchersOf(t: TestApp, card: string): Promise<number> {
  const r = await t.db.kysely
    .selectFrom('vouchers')
    .innerJoin('cards', 'cards.id', 'vouchers.card_id')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .where('cards.custom_num', '=', card)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

describe.each(databases())('limits and a second approver on %s', (kind) => {
  const t = useTestApp(kind);

  it('the platform administrator sets the limits, with a reason, audited; others read them', async () => {
    const [admin, agent] = [await loginAs(t, 'admin'), await loginAs(t, 'agent')];
    expect((await adminGet(t, '/api/admin/limits', agent)).json().data).toEqual(DEFAULT_WRITE_LIMITS);
    const tighter = { ...DEFAULT_WRITE_LIMITS, retail_price_fen: 50_000 };
    expect((await adminPost(t, '/api/admin/limits/save', { ...tighter, reason: '收紧' }, agent)).statusCode).toBe(403);
    const snap = await t.snapshot();
    for (const bad of [
      { ...tighter },
      { ...tighter, retail_price_fen: 0, reason: '收紧' },
      { ...tighter, voucher_valid_days: 1.5, reason: '收紧' },
    ]) {
      const res = await adminPost(t, '/api/admin/limits/save', bad, admin);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await t.snapshot()).toEqual(snap);
    const saved = await adminPost(t, '/api/admin/limits/save', { ...tighter, reason: '零售价上限收紧到 500 元' }, admin);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await adminGet(t, '/api/admin/limits', agent)).json().data).toEqual(tighter);
    const [row] = await auditOf(t, 'write_limits.saved');
    expect(row).toMatchObject({ operator_username: 'admin', reason: '零售价上限收紧到 500 元' });
    expect(JSON.parse(row!.before).retail_price_fen).toBe(DEFAULT_WRITE_LIMITS.retail_price_fen);
    expect(JSON.parse(row!.after).retail_price_fen).toBe(50_000);
  });

  it('a ¥100,000 voucher waits; another operator approves it: issued once, however many approve at once, with both names', async () => {
    const [admin, agent] = [await loginAs(t, 'admin'), await loginAs(t, 'agent')];
    const vouchersBefore = await vouchersOf(t, '1000000001');
    const body = {
      request_id: rid(),
      target: { kind: 'cards', custom_nums: ['1000000001'] },
      name: '超大额券',
      amount_fen: 10_000_000,
      min_spend_fen: 0,
      valid_days: 3650,
      package_types: [],
      reason: '老客户回馈',
    };
    const res = await adminPost(t, '/api/admin/vouchers/issue', body, agent);
    expect(res.statusCode, res.body).toBe(200);
    const pending = res.json().data.pending_approval;
    expect(pending).toMatchObject({
      kind: 'voucher_issue',
      state: 'pending',
      requested_by: 'agent',
      reason: '老客户回馈',
      can_decide: false,
    });
    expect(pending.breaches).toEqual([
      '单张券面额 ¥100000.00 超过上限 ¥100.00',
      '有效天数 3650 天 超过上限 365 天',
      '本批总额 ¥100000.00 超过上限 ¥10000.00',
    ]);
    expect(pending.summary).toMatch(/超大额券.*¥100000\.00.*3650 天/);
    expect(await vouchersOf(t, '1000000001')).toBe(vouchersBefore);
    expect(await auditOf(t, 'approval.requested')).toHaveLength(1);
    expect(await auditOf(t, 'vouchers.issued')).toHaveLength(0);

    // listed for both; only the other operator may decide
    const mine = (await adminGet(t, '/api/admin/approvals', agent)).json().data.items;
    expect(mine.map((a: { id: number }) => a.id)).toEqual([pending.id]);
    const forAdmin = (await adminGet(t, '/api/admin/approvals?state=pending', admin)).json().data.items;
    expect(forAdmin[0]).toMatchObject({ id: pending.id, can_decide: true, agent_name: expect.any(String) });
    expect((await adminPost(t, '/api/admin/approvals/approve', { id: pending.id, reason: '自己批' }, agent)).statusCode).toBe(403);

    const [a, b] = await Promise.all([
      adminPost(t, '/api/admin/approvals/approve', { id: pending.id, reason: '已电话核实' }, admin),
      adminPost(t, '/api/admin/approvals/approve', { id: pending.id, reason: '已电话核实' }, admin),
    ]);
    const oks = [a, b].filter((r) => r.statusCode === 200);
    expect(oks, `${a.body} ${b.body}`).toHaveLength(1);
    const other = [a, b].find((r) => r.statusCode !== 200)!;
    expect(other.json()).toMatchObject({ code: Code.APPROVAL_ALREADY_DECIDED, message: expect.stringMatching(/已由 admin通过/) });
    expect(oks[0]!.json().data).toMatchObject({ state: 'approved', decided_by: 'admin', decision_reason: '已电话核实', can_decide: false });
    expect(oks[0]!.json().data.outcome).toMatch(/^已发放 1 张券/);
    expect(await vouchersOf(t, '1000000001')).toBe(vouchersBefore + 1);

    const [issued] = await auditOf(t, 'vouchers.issued');
    expect(issued).toMatchObject({ operator_username: 'admin', reason: '老客户回馈' });
    expect(JSON.parse(issued!.after)).toMatchObject({ requested_by: 'agent', approved_by: 'admin', approval_id: pending.id });
    const [approved] = await auditOf(t, 'approval.approved');
    expect(approved).toMatchObject({ operator_username: 'admin', reason: '已电话核实', target_id: String(pending.id) });
    expect(JSON.parse(approved!.after)).toMatchObject({ requested_by: 'agent', approved_by: 'admin' });
    // the batch is the requester's
    const batches = (await adminGet(t, '/api/admin/vouchers/batches', agent)).json().data.items;
    expect(batches[0]).toMatchObject({ name: '超大额券', operator_username: 'agent', amount_fen: 10_000_000 });

    // decided: approving or rejecting again changes nothing
    const snap = await t.snapshot();
    expect((await adminPost(t, '/api/admin/approvals/approve', { id: pending.id, reason: '再批一次' }, admin)).json().code).toBe(
      Code.APPROVAL_ALREADY_DECIDED,
    );
    expect((await adminPost(t, '/api/admin/approvals/reject', { id: pending.id, reason: '撤回' }, admin)).statusCode).toBe(400);
    expect(await t.snapshot()).toEqual(snap);
    expect((await adminGet(t, '/api/admin/approvals', admin)).json().data.items).toEqual([]);
    expect((await adminGet(t, '/api/admin/approvals?state=decided', agent)).json().data.items[0]).toMatchObject({ id: pending.id });
  });

  it('a ¥99,999 price waits, unchanged for the holder; rejected with a reason it is never written', async () => {
    const [admin, agent] = [await loginAs(t, 'admin'), await loginAs(t, 'agent')];
    const p = await t.db.kysely
      .selectFrom('packages')
      .select(['id', 'price_fen'])
      .where('name', '=', '畅享100G月包')
      .executeTakeFirstOrThrow();
    const res = await adminPost(
      t,
      '/api/admin/catalogue/prices/save',
      { package_id: p.id, retail_fen: 9_999_900, reason: '调价', price_confirmed: true },
      agent,
    );
    expect(res.statusCode, res.body).toBe(200);
    const pending = res.json().data.pending_approval;
    expect(pending).toMatchObject({ kind: 'price_save', breaches: [expect.stringMatching(/^零售价 ¥99999.00 超过上限 ¥/)] });
    const price = async () =>
      (await t.db.kysely.selectFrom('packages').select('price_fen').where('id', '=', p.id).executeTakeFirstOrThrow()).price_fen;
    expect(await price()).toBe(p.price_fen);
    expect((await adminPost(t, '/api/admin/approvals/reject', { id: pending.id, reason: '' }, admin)).statusCode).toBe(400);
    const rejected = await adminPost(t, '/api/admin/approvals/reject', { id: pending.id, reason: '价格明显有误' }, admin);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({ state: 'rejected', decided_by: 'admin', decision_reason: '价格明显有误' });
    expect((await adminPost(t, '/api/admin/approvals/approve', { id: pending.id, reason: '改主意' }, admin)).statusCode).toBe(400);
    expect(await price()).toBe(p.price_fen);
    const [row] = await auditOf(t, 'approval.rejected');
    expect(JSON.parse(row!.after)).toMatchObject({ requested_by: 'agent', rejected_by: 'admin' });
    // under the limit a price is saved at once, as before
    const ok = await adminPost(
      t,
      '/api/admin/catalogue/prices/save',
      { package_id: p.id, retail_fen: p.price_fen + 100, reason: '调价' },
      agent,
    );
    expect(ok.json().data).toMatchObject({ id: p.id, retail_fen: p.price_fen + 100 });
  });

  it('a large adjustment waits for another operator; approved when the balance no longer bears it, it stays pending and says why', async () => {
    const [admin, finance] = [await loginAs(t, 'admin'), await loginAs(t, 'finance')];
    const card = '1000000020';
    const start = await balanceOf(t, card);
    const credit = await adminPost(
      t,
      '/api/admin/balance/adjust',
      { card, amount_fen: 300_000, reason: '大额补偿', request_id: rid() },
      finance,
    );
    const held = credit.json().data.pending_approval;
    expect(held).toMatchObject({ kind: 'balance_adjust', summary: `卡号 ${card}：增加余额 ¥3000.00` });
    expect(await balanceOf(t, card)).toBe(start);
    expect((await adminPost(t, '/api/admin/approvals/approve', { id: held.id, reason: '自己批' }, finance)).json().message).toMatch(
      /不能审批自己提交的申请/,
    );
    const ok = await adminPost(t, '/api/admin/approvals/approve', { id: held.id, reason: '核实无误' }, admin);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await balanceOf(t, card)).toBe(start + 300_000);
    const [adjusted] = await auditOf(t, 'balance.adjust');
    expect(JSON.parse(adjusted!.after)).toMatchObject({ amount_fen: 300_000, requested_by: 'finance', approved_by: 'admin' });

    // a debit of the whole balance waits; meanwhile some is spent; approving it now fails and keeps it pending
    const whole = start + 300_000;
    const debit = (
      await adminPost(t, '/api/admin/balance/adjust', { card, amount_fen: -whole, reason: '扣回补偿', request_id: rid() }, admin)
    ).json().data.pending_approval;
    expect(debit.state).toBe('pending');
    const small = await adminPost(t, '/api/admin/balance/adjust', { card, amount_fen: -100, reason: '小额扣回', request_id: rid() }, admin);
    expect(small.json().data).toMatchObject({ applied: true, balance_fen: whole - 100 });
    const snap = await t.snapshot();
    const late = await adminPost(t, '/api/admin/approvals/approve', { id: debit.id, reason: '同意' }, finance);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: Code.BALANCE_INSUFFICIENT });
    expect(await t.snapshot()).toEqual(snap);
    expect((await adminGet(t, '/api/admin/approvals', finance)).json().data.items[0]).toMatchObject({
      id: debit.id,
      state: 'pending',
      can_decide: true,
    });
  });

  it('the dashboard counts the approvals an operator may decide, not their own nor those past their permission', async () => {
    const queue = async (u: 'admin' | 'admin2' | 'finance' | 'agent') => {
      const res = await adminGet(t, '/api/admin/dashboard', await loginAs(t, u));
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.queues as { key: string; count: number; oldest_at: string | null }[]).find((q) => q.key === 'approvals');
    };
    // earlier cases of this file may leave requests waiting: counted from here
    const count = async (u: 'admin' | 'admin2' | 'finance') => (await queue(u))!.count;
    const [admin0, admin20, finance0] = [await count('admin'), await count('admin2'), await count('finance')];
    const p = await t.db.kysely.selectFrom('packages').select('id').where('name', '=', '畅享100G月包').executeTakeFirstOrThrow();
    const price = { package_id: p.id, retail_fen: 9_999_900, reason: '调价', price_confirmed: true };
    const held = await adminPost(t, '/api/admin/catalogue/prices/save', price, await loginAs(t, 'admin'));
    expect(held.json().data.pending_approval.state).toBe('pending');
    // admin asked it: not in admin's count; the second platform administrator's; finance may not set prices
    expect(await count('admin')).toBe(admin0);
    expect(await count('admin2')).toBe(admin20 + 1);
    expect(await count('finance')).toBe(finance0);
    // an agent administrator does not decide: no such queue
    expect(await queue('agent')).toBeUndefined();
    // the second platform administrator approves admin's price
    const ok = await adminPost(
      t,
      '/api/admin/approvals/approve',
      { id: held.json().data.pending_approval.id, reason: '已核实' },
      await loginAs(t, 'admin2'),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await count('admin2')).toBe(admin20);
  });

  it('the requester withdraws their own pending request once, with a reason, audited; nobody else can, nor after a decision', async () => {
    const [admin, agent] = [await loginAs(t, 'admin'), await loginAs(t, 'agent')];
    const p = await t.db.kysely.selectFrom('packages').select('id').where('name', '=', '畅享100G月包').executeTakeFirstOrThrow();
    const ask = async () =>
      (
        await adminPost(
          t,
          '/api/admin/catalogue/prices/save',
          { package_id: p.id, retail_fen: 8_888_800, reason: '调价', price_confirmed: true },
          agent,
        )
      ).json().data.pending_approval as { id: number; can_withdraw: boolean; can_decide: boolean };
    const mine = await ask();
    expect(mine).toMatchObject({ can_withdraw: true, can_decide: false });
    const listed = (await adminGet(t, '/api/admin/approvals?state=pending', admin))
      .json()
      .data.items.find((i: { id: number }) => i.id === mine.id);
    expect(listed).toMatchObject({ can_withdraw: false, can_decide: true });

    const snap = await t.snapshot();
    // not theirs; no reason
    const other = await adminPost(t, '/api/admin/approvals/withdraw', { id: mine.id, reason: '替他撤回' }, admin);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('只能撤回自己提交的申请');
    expect((await adminPost(t, '/api/admin/approvals/withdraw', { id: mine.id, reason: '' }, agent)).statusCode).toBe(400);
    expect(await t.snapshot()).toEqual(snap);

    const done = await adminPost(t, '/api/admin/approvals/withdraw', { id: mine.id, reason: '价格填错' }, agent);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ state: 'withdrawn', decided_by: 'agent', decision_reason: '价格填错', can_withdraw: false });
    // once: again, or an approval after it, is refused and writes nothing
    const again = await adminPost(t, '/api/admin/approvals/withdraw', { id: mine.id, reason: '价格填错' }, agent);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/已由 agent撤回/);
    const late = await adminPost(t, '/api/admin/approvals/approve', { id: mine.id, reason: '同意' }, admin);
    expect(late.json().code).toBe(Code.APPROVAL_ALREADY_DECIDED);
    const [row] = await auditOf(t, 'approval.withdrawn');
    expect(row).toMatchObject({ operator_username: 'agent', reason: '价格填错' });
    expect(JSON.parse(row!.after)).toMatchObject({ state: 'withdrawn', approval_kind: 'price_save', requested_by: 'agent' });
    // never carried out: the price stands, no price change after the request
    const now = await t.db.kysely.selectFrom('packages').select('price_fen').where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(now.price_fen).not.toBe(8_888_800);
    expect((await auditOf(t, 'price.changed')).filter((r) => r.id > row!.id)).toEqual([]);

    // a decided request cannot be withdrawn
    const decided = await ask();
    expect((await adminPost(t, '/api/admin/approvals/reject', { id: decided.id, reason: '价格有误' }, admin)).statusCode).toBe(200);
    const afterDecision = await adminPost(t, '/api/admin/approvals/withdraw', { id: decided.id, reason: '撤回' }, agent);
    expect(afterDecision.json()).toMatchObject({ code: Code.APPROVAL_ALREADY_DECIDED, message: expect.stringMatching(/已由 admin驳回/) });
  });

  it('a coupon package with vouchers above the limits waits like a voucher issue; approved, it is saved once', async () => {
    const [admin, admin2] = [await loginAs(t, 'admin'), await loginAs(t, 'admin2')];
    const demo = await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', 'demo').executeTakeFirstOrThrow();
    const coupons = async () =>
      Number(
        (
          await t.db.kysely
            .selectFrom('coupon_packages')
            .select(({ fn }) => fn.countAll<number>().as('n'))
            .where('name', '=', '超值券包')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const body = {
      agent_id: demo.id,
      name: '超值券包',
      price_fen: 990,
      description: '',
      vouchers: [
        { amount_fen: 5_000_000, min_spend_fen: 0, valid_days: 3650, package_types: [] },
        { amount_fen: 500, min_spend_fen: 0, valid_days: 30, package_types: [] },
      ],
      on_sale: true,
      reason: '新券包',
    };
    const res = await adminPost(t, '/api/admin/catalogue/coupon-packages/save', body, admin);
    expect(res.statusCode, res.body).toBe(200);
    const pending = res.json().data.pending_approval;
    expect(pending).toMatchObject({
      kind: 'coupon_package_save',
      breaches: [
        '券包内单张券面额 ¥50000.00 超过上限 ¥100.00',
        '券包内券有效天数 3650 天 超过上限 365 天',
        '券包内券总额 ¥50005.00 超过上限 ¥10000.00',
      ],
    });
    expect(await coupons()).toBe(0);
    const ok = await adminPost(t, '/api/admin/approvals/approve', { id: pending.id, reason: '活动已批' }, admin2);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.outcome).toMatch(/^券包「超值券包」已保存/);
    expect(await coupons()).toBe(1);
    const [saved] = await auditOf(t, 'coupon_package.saved');
    expect(saved).toMatchObject({ operator_username: 'admin2', reason: '新券包' });
    expect(JSON.parse(saved!.after)).toMatchObject({ requested_by: 'admin', approved_by: 'admin2' });
    // within the limits a coupon package is saved at once, as before
    const small = await adminPost(
      t,
      '/api/admin/catalogue/coupon-packages/save',
      { ...body, name: '日常券包', vouchers: [body.vouchers[1]] },
      admin,
    );
    expect(small.json().data).toMatchObject({ name: '日常券包' });
  });
});
