// The balance history (docs/decisions/0011): spending as well as top-ups — a purchase paid from the balance
// is a 支出 entry, its refund a 收入 entry back, each with what it was for; the history filters
// by direction on the server, only for the caller's card, and the balance is the sum of it.
import { describe, expect, it } from 'vitest';
import { move } from '../src/modules/commerce/balance/repo';
import { refundOrder } from '../src/modules/commerce/refunds/service';
import { expectRejected } from './badInput';
import { ctxOf, rid } from './commerceHelpers';
import { databases, useTestApp } from './harness';

const OWN = '1000000001';

describe.each(databases())('balance history on %s', (kind) => {
  const t = useTestApp(kind, { payReconcileIntervalMs: 0 });

  interface Entry {
    amount: number;
    kind: string;
    note: string;
    order_no: string;
    balance_after: number;
  }
  async function history(token: string, direction?: string) {
    const res = await t.get(`/api/v1/balance/ledger?custom_num=${OWN}${direction ? `&direction=${direction}` : ''}`, token);
    expect(res.json().code, res.body).toBe(0);
    return res.json().data as { balance: number; list: Entry[] };
  }

  it('lists the purchase paid from the balance as 支出 and its refund as 收入, filtered by direction', async () => {
    const token = await t.loginAccount();
    const pkg = (await t.db.kysely.selectFrom('packages').select('id').where('name', '=', '畅享50G月包').executeTakeFirstOrThrow()).id;
    const res = await t.post(
      '/api/v1/order/create',
      { custom_num: OWN, goods_type: 'package', package_id: pkg, voucher_id: null, pay_channel: 3, request_id: rid() },
      token,
    );
    expect(res.json(), res.body).toMatchObject({ code: 0, data: { state: 'fulfilled' } });
    const orderNo = res.json().data.order_no as string;
    const paid = res.json().data.payable as number;

    const afterBuy = await history(token);
    expect(afterBuy.list[0]).toMatchObject({ kind: 'purchase', amount: -paid, note: '畅享50G月包', order_no: orderNo });
    expect(afterBuy.list[0]!.balance_after).toBe(afterBuy.balance);

    await refundOrder(ctxOf(t), orderNo, '客户申请退款');
    const all = await history(token);
    expect(all.list[0]).toMatchObject({ kind: 'refund', amount: paid, order_no: orderNo });
    expect(all.list[0]!.note).toContain('畅享50G月包');
    expect(all.balance).toBe(afterBuy.balance + paid);
    // the balance is the sum of its history
    expect(Math.round(all.list.reduce((s, e) => s + e.amount * 100, 0))).toBe(Math.round(all.balance * 100));

    const spent = await history(token, 'out');
    expect(spent.list.length).toBeGreaterThan(0);
    expect(spent.list.every((e) => e.amount < 0)).toBe(true);
    expect(spent.list.map((e) => e.order_no)).toContain(orderNo);
    const income = await history(token, 'in');
    expect(income.list.every((e) => e.amount > 0)).toBe(true);
    expect(income.list.length + spent.list.length).toBe(all.list.length);
  });

  it("refuses another person's card and a bad direction, with a plain Chinese message", async () => {
    const stranger = await t.loginCard('1000000007');
    expectRejected(await t.get(`/api/v1/balance/ledger?custom_num=${OWN}`, stranger), 403);
    const token = await t.loginAccount();
    const bad = expectRejected(await t.get(`/api/v1/balance/ledger?custom_num=${OWN}&direction=up`, token), 400);
    expect(bad.message).toBe('明细分类有误');
    expect(expectRejected(await t.get(`/api/v1/balance/ledger?custom_num=${OWN}&before_id=0`, token), 400).message).toBe('分页参数有误');
    expect(expectRejected(await t.get(`/api/v1/balance/ledger?custom_num=${OWN}&before_id=x`, token), 400).message).toBe('分页参数有误');
  });

  it('pages by 20, newest first: every entry once, even when a new one arrives between pages', async () => {
    const token = await t.loginAccount();
    const card = await t.db.kysely.selectFrom('cards').select('id').where('custom_num', '=', OWN).executeTakeFirstOrThrow();
    const credit = (n: number) =>
      t.db.kysely
        .transaction()
        .execute((trx) =>
          move(trx, { cardId: card.id, amountFen: 1, kind: 'recharge', orderNo: '', note: `测试${n}`, nowIso: new Date().toISOString() }),
        );
    for (let i = 0; i < 45; i++) await credit(i);
    const page = async (before?: number) => {
      const res = await t.get(`/api/v1/balance/ledger?custom_num=${OWN}${before ? `&before_id=${before}` : ''}`, token);
      expect(res.json().code, res.body).toBe(0);
      return res.json().data as { balance: number; has_more: boolean; list: (Entry & { id: number })[] };
    };
    const seen: number[] = [];
    let p = await page();
    expect(p.list).toHaveLength(20);
    expect(p.list[0]!.note).toBe('测试44');
    seen.push(...p.list.map((e) => e.id));
    await credit(45); // arrives while the user reads: it belongs to the top, not to the next page
    while (p.has_more) {
      p = await page(p.list.at(-1)!.id);
      seen.push(...p.list.map((e) => e.id));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    const total = await t.db.kysely
      .selectFrom('balance_ledger')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('card_id', '=', card.id)
      .executeTakeFirstOrThrow();
    expect(seen.length).toBe(Number(total.n) - 1);
    expect((await page()).list[0]!.note).toBe('测试45');
  });
});
