// What a package does to the card, said before paying (packages/domain purchaseEffect): the
// package list, detail and the quick-payment list carry it, and fulfilment does exactly that.
import { describe, expect, it } from 'vitest';
import { NO_BASE_PACKAGE, purchaseEffect } from '@portal/domain';
import { expectRejected } from './badInput';
import { rid } from './commerceHelpers';
import { databases, useTestApp, type TestApp } from './harness';

interface Listed {
  id: number;
  name: string;
  effect: { kind: string; first_day: string; valid_until: string; text: string };
}

const chinaDay = (iso: string, minusMs = 0) => new Date(Date.parse(iso) - minusMs + 8 * 3600_000).toISOString().slice(0, 10);

async function cardId(t: TestApp, num: string): Promise<number> {
  return (await t.db.kysely.selectFrom('cards').select('id').where('custom_num', '=', num).executeTakeFirstOrThrow()).id;
}
async function packagesOf(t: TestApp, num: string) {
  return t.db.kysely
    .selectFrom('card_packages')
    .select(['id', 'name', 'package_type', 'started_at', 'expired_at'])
    .where('card_id', '=', await cardId(t, num))
    .orderBy('id')
    .execute();
}
const byName = (list: Listed[], name: string) => list.find((p) => p.name === name)!;

describe.each(databases())('purchase effect on %s', (kind) => {
  const t = useTestApp(kind, { payReconcileIntervalMs: 0, paySandboxDropNotify: true });

  it('a card with a package in force: a basic queues after it, a refuel stacks on it', async () => {
    const token = await t.loginAccount();
    const [current] = await packagesOf(t, '1000000001');
    const list: Listed[] = (await t.get('/api/v1/package/list?custom_num=1000000001', token)).json().data.list;
    const month = byName(list, '畅享50G月包');
    expect(month.effect).toMatchObject({ kind: 'queued', first_day: chinaDay(current!.expired_at) });
    expect(month.effect.text).toContain('不会替换');
    expect(byName(list, '10G加油包').effect).toMatchObject({ kind: 'stacks', valid_until: chinaDay(current!.expired_at, 1) });
    // the detail says the same
    const detail = (await t.get(`/api/v1/package/detail?custom_num=1000000001&package_id=${month.id}`, token)).json().data;
    expect(detail.effect).toEqual(month.effect);
    // and the quick-payment list (no login) too
    const quick: Listed[] = (await t.get('/api/v1/quick/packages?custom_num=1000000001')).json().data.list;
    expect(byName(quick, '畅享50G月包').effect).toEqual(month.effect);

    // buying it does what was said: a new row from the day said, valid until the day said
    const res = await t.post(
      '/api/v1/order/create',
      { custom_num: '1000000001', goods_type: 'package', package_id: month.id, pay_channel: 3, request_id: rid() },
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.state).toBe('fulfilled');
    const after = await packagesOf(t, '1000000001');
    const added = after.find((p) => p.id !== current!.id && p.name === '畅享50G月包')!;
    expect(added.started_at).toBe(current!.expired_at);
    expect(chinaDay(added.started_at)).toBe(month.effect.first_day);
    expect(chinaDay(added.expired_at, 1)).toBe(month.effect.valid_until);
    // the order says the same days, for the result page (not a blanket 已生效)
    const orderNo = res.json().data.order_no;
    const shown = (await t.get(`/api/v1/order/detail?order_no=${orderNo}`, token)).json().data;
    expect(shown.package_window).toEqual({ first_day: month.effect.first_day, valid_until: month.effect.valid_until });
    // the one in force was not replaced
    expect(after.find((p) => p.id === current!.id)!.expired_at).toBe(current!.expired_at);
    // the next basic now queues after the one just bought
    const again: Listed[] = (await t.get('/api/v1/package/list?custom_num=1000000001', token)).json().data.list;
    expect(byName(again, '畅享100G月包').effect.first_day).toBe(chinaDay(added.expired_at));
  });

  it('a card with no package: a basic starts now, a refuel cannot be bought (and the order says why, in the same words)', async () => {
    const token = await t.loginAccount();
    const list: Listed[] = (await t.get('/api/v1/package/list?custom_num=1000000002', token)).json().data.list;
    expect(byName(list, '畅享100G月包').effect.kind).toBe('starts_now');
    const refuel = byName(list, '10G加油包');
    expect(refuel.effect).toEqual({ kind: 'refused', first_day: '', valid_until: '', text: NO_BASE_PACKAGE });
    const quick: Listed[] = (await t.get('/api/v1/quick/packages?custom_num=1000000002')).json().data.list;
    expect(byName(quick, '10G加油包').effect.kind).toBe('refused');

    const quote = await t.post('/api/v1/order/quote', { custom_num: '1000000002', goods_type: 'package', package_id: refuel.id }, token);
    expect(expectRejected(quote)).toMatchObject({ code: 10501, message: NO_BASE_PACKAGE });
    const quickQuote = await t.post('/api/v1/quick/quote', { custom_num: '1000000002', package_id: refuel.id });
    expect(expectRejected(quickQuote).message).toBe(NO_BASE_PACKAGE);
    const before = await t.db.kysely
      .selectFrom('orders')
      .select((e) => e.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const order = await t.post('/api/v1/quick/order', {
      custom_num: '1000000002',
      package_id: refuel.id,
      pay_channel: 1,
      request_id: rid(),
    });
    expect(expectRejected(order).message).toBe(NO_BASE_PACKAGE);
    const after = await t.db.kysely
      .selectFrom('orders')
      .select((e) => e.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('the answer is the domain rule applied to the card (no second opinion in the server)', async () => {
    const token = await t.loginAccount();
    const rows = await packagesOf(t, '1000000001');
    const list: (Listed & { package_type: number; period: number; period_count: number; flow_mb: number })[] = (
      await t.get('/api/v1/package/list?custom_num=1000000001', token)
    ).json().data.list;
    const now = new Date();
    for (const p of list) {
      const expected = purchaseEffect(
        p,
        rows.filter((r) => Date.parse(r.expired_at) > now.getTime()),
        now,
      );
      expect(p.effect.kind, p.name).toBe(expected.kind);
      expect(p.effect.valid_until, p.name).toBe(expected.valid_until);
    }
  });
});
