// The order list (docs/decisions/0011): tabs 全部 / 待支付 / 已完成 / 已退款 filtered on the server, the current
// card or every card of the caller, paging kept, and only the caller's cards ever listed.
// Cancelling (closing) is refused for someone else's order and for a paid one, writing nothing.
import { describe, expect, it } from 'vitest';
import { expectAllRejectedWithoutWrites, expectRejected } from './badInput';
import { businessSnapshot, rid, sandboxOf } from './commerceHelpers';
import { databases, useTestApp } from './harness';

const OWN = '1000000001';
const OWN_2 = '1000000002';
/** a card of the demo agent not bound to the demo user: its card-number login is another person */
const STRANGER = '1000000007';
/** A field name in brackets, as validation messages used to carry it. */
const FIELD_NAME = /[（(][A-Za-z_][A-Za-z0-9_.]*[）)]/;

describe.each(databases())('order list and cancelling on %s', (kind) => {
  const t = useTestApp(kind, { payReconcileIntervalMs: 0, paySandboxDropNotify: true });

  /** A pending recharge order (messaging-app pay through the sandbox) of the card. */
  async function pendingOrder(token: string, customNum: string, amount = 10): Promise<string> {
    const res = await t.post(
      '/api/v1/order/create',
      { custom_num: customNum, goods_type: 'recharge', amount, pay_channel: 1, request_id: rid() },
      token,
    );
    expect(res.json().code, res.body).toBe(0);
    return res.json().data.order_no as string;
  }
  const setState = (orderNo: string, state: string) =>
    t.db.kysely.updateTable('orders').set({ state }).where('order_no', '=', orderNo).execute();
  async function list(token: string, query: string) {
    const res = await t.get(`/api/v1/order/list?${query}`, token);
    expect(res.json().code, res.body).toBe(0);
    return res.json().data as { list: { order_no: string; state: string; custom_num: string }[]; total: number; page: number };
  }

  it('filters by tab and card on the server, for this card or all of mine, with paging', async () => {
    const token = await t.loginAccount();
    const before = await list(token, `custom_num=${OWN}`);
    const [pending, done, refunded, failed] = [
      await pendingOrder(token, OWN),
      await pendingOrder(token, OWN),
      await pendingOrder(token, OWN),
      await pendingOrder(token, OWN),
    ];
    const onSecond = await pendingOrder(token, OWN_2);
    await setState(done, 'fulfilled');
    await setState(refunded, 'refunded');
    await setState(failed, 'failed');

    const all = await list(token, `custom_num=${OWN}&status=all`);
    expect(all.total).toBe(before.total + 4);
    expect(all.list.slice(0, 4).map((o) => o.order_no)).toEqual([failed, refunded, done, pending]);
    expect(all.list.every((o) => o.custom_num === OWN)).toBe(true);

    const nosOf = async (q: string) => (await list(token, q)).list.map((o) => o.order_no);
    expect(await nosOf(`custom_num=${OWN}&status=pending`)).toContain(pending);
    expect(await nosOf(`custom_num=${OWN}&status=pending`)).not.toContain(onSecond);
    expect((await list(token, `custom_num=${OWN}&status=pending`)).list.every((o) => o.state === 'pending')).toBe(true);
    expect((await list(token, `custom_num=${OWN}&status=done`)).list.every((o) => ['paid', 'fulfilled'].includes(o.state))).toBe(true);
    expect(await nosOf(`custom_num=${OWN}&status=done`)).toContain(done);
    expect(await nosOf(`custom_num=${OWN}&status=refunded`)).toEqual([refunded]);

    // every card of mine: the second card's order too, each with its card number
    const mine = await list(token, `custom_num=${OWN}&status=pending&scope=mine`);
    expect(mine.list.map((o) => o.order_no)).toEqual(expect.arrayContaining([pending, onSecond]));
    expect(mine.list.find((o) => o.order_no === onSecond)!.custom_num).toBe(OWN_2);

    // paging: 12 more pending orders on the second card → 10 + the rest, newest first
    for (let i = 0; i < 12; i++) await pendingOrder(token, OWN_2, 20 + i);
    const p1 = await list(token, `custom_num=${OWN_2}&status=pending&page=1`);
    const p2 = await list(token, `custom_num=${OWN_2}&status=pending&page=2`);
    expect(p1.total).toBe(13);
    expect(p1.list).toHaveLength(10);
    expect(p2.list).toHaveLength(3);
    expect(p2.page).toBe(2);
    expect(new Set([...p1.list, ...p2.list].map((o) => o.order_no)).size).toBe(13);
    expect(p2.list.at(-1)!.order_no).toBe(onSecond);
  });

  it("lists only the caller's cards: a card-number login sees its own card even with scope=mine, and no one else's", async () => {
    const account = await t.loginAccount();
    const mineOnOwn = await pendingOrder(account, OWN);
    const mineOnSecond = await pendingOrder(account, OWN_2);

    const cardLogin = await t.loginCard(OWN);
    const seen = await list(cardLogin, `custom_num=${OWN}&scope=mine&status=pending`);
    expect(seen.list.map((o) => o.order_no)).toContain(mineOnOwn);
    expect(seen.list.map((o) => o.order_no)).not.toContain(mineOnSecond);
    expect(seen.list.every((o) => o.custom_num === OWN)).toBe(true);

    const stranger = await t.loginCard(STRANGER);
    const strangers = await list(stranger, `custom_num=${STRANGER}&scope=mine`);
    expect(strangers.list.every((o) => o.custom_num === STRANGER)).toBe(true);
    const res = await t.get(`/api/v1/order/list?custom_num=${OWN}&scope=mine`, stranger);
    expectRejected(res, 403);
  });

  it('refuses bad tab and scope values with a plain Chinese message, no field name', async () => {
    const token = await t.loginAccount();
    for (const [q, message] of [
      [`custom_num=${OWN}&status=paid`, '订单分类有误'],
      [`custom_num=${OWN}&scope=everyone`, '订单范围有误'],
      [`custom_num=${OWN}&page=0`, '页码有误'],
    ] as const) {
      const body = expectRejected(await t.get(`/api/v1/order/list?${q}`, token), 400);
      expect(body.message).toBe(message);
    }
    const bad = expectRejected(await t.get('/api/v1/order/detail?order_no=garbage', token), 400);
    expect(bad.message).toBe('订单号有误');
    // the class: other endpoints' bad query fields name no field either
    for (const url of [
      '/api/v1/package/detail?custom_num=1000000001&package_id=abc',
      '/api/v1/voucher/list?custom_num=1000000001&status=x',
      '/api/v1/balance/ledger?custom_num=x',
      '/api/v1/order/list?custom_num=',
    ]) {
      const b = expectRejected(await t.get(url, token));
      expect(b.message, url).not.toMatch(FIELD_NAME);
    }
  });

  it("refuses to cancel someone else's order, and a paid one, and changes nothing", async () => {
    const account = await t.loginAccount();
    const theirs = await pendingOrder(account, OWN);
    const paid = await pendingOrder(account, OWN);
    await setState(paid, 'fulfilled');
    const stranger = await t.loginCard(STRANGER);
    const before = await businessSnapshot(t);
    await expectAllRejectedWithoutWrites(t, [
      {
        name: "someone else's order",
        send: () => t.post('/api/v1/order/close', { order_no: theirs }, stranger),
        status: 403,
      },
      {
        name: 'a paid order',
        send: () => t.post('/api/v1/order/close', { order_no: paid }, account),
        message: /只能关闭待支付的订单/,
      },
      {
        name: 'a bad order number',
        send: () => t.post('/api/v1/order/close', { order_no: 'x' }, account),
        status: 400,
        message: /^订单号有误$/,
      },
    ]);
    expect(await businessSnapshot(t)).toEqual(before);
    const states = await t.db.kysely.selectFrom('orders').select(['order_no', 'state']).where('order_no', 'in', [theirs, paid]).execute();
    expect(Object.fromEntries(states.map((s) => [s.order_no, s.state]))).toEqual({ [theirs]: 'pending', [paid]: 'fulfilled' });
    // the owner can still cancel the pending one
    const res = await t.post('/api/v1/order/close', { order_no: theirs }, account);
    expect(res.json(), res.body).toMatchObject({ code: 0, data: { state: 'closed' } });
  });
});

/** The answer of a pending order's detail says whether the gateway was just asked and said unpaid. */
describe.each(databases())('gateway_unpaid on %s', (kind) => {
  const t = useTestApp(kind, { payReconcileIntervalMs: 0, paySandboxDropNotify: true });
  it('is set when the gateway answers "nothing paid", and absent on a throttled repeat and once settled', async () => {
    const token = await t.loginAccount();
    const res = await t.post(
      '/api/v1/order/create',
      { custom_num: OWN, goods_type: 'recharge', amount: 10, pay_channel: 1, request_id: rid() },
      token,
    );
    const orderNo = res.json().data.order_no as string;
    const first = (await t.get(`/api/v1/order/detail?order_no=${orderNo}`, token)).json().data;
    expect(first).toMatchObject({ state: 'pending', gateway_unpaid: true });
    // within the query gap the gateway is not asked again: no claim either way
    const second = (await t.get(`/api/v1/order/detail?order_no=${orderNo}`, token)).json().data;
    expect(second.state).toBe('pending');
    expect(second.gateway_unpaid).toBeUndefined();
    await t.post('/api/v1/order/close', { order_no: orderNo }, token);
    const closed = (await t.get(`/api/v1/order/detail?order_no=${orderNo}`, token)).json().data;
    expect(closed.state).toBe('closed');
    expect(closed.gateway_unpaid).toBeUndefined();
  });

  it('is set on a quick order read with its access key, and never once the payment is made', async () => {
    const month = (await t.db.kysely.selectFrom('packages').select('id').where('name', '=', '畅享100G月包').executeTakeFirstOrThrow()).id;
    const o = (
      await t.post('/api/v1/quick/order', { custom_num: '1000000002', package_id: month, pay_channel: 1, request_id: rid() })
    ).json().data as { order_no: string; access_key: string; pay: { url: string } };
    const read = async () =>
      (await t.get(`/api/v1/quick/order?order_no=${o.order_no}&access_key=${o.access_key}`)).json().data as {
        state: string;
        gateway_unpaid?: boolean;
      };
    expect(await read()).toMatchObject({ state: 'pending', gateway_unpaid: true });
    await sandboxOf(t).finish(o.pay.url.split('/').pop()!, 'pay', { drop: true });
    // past the query gap, the gateway is asked again and says paid: settled, no "unpaid"
    await t.db.kysely.updateTable('orders').set({ last_query_at: null }).where('order_no', '=', o.order_no).execute();
    const after = await read();
    expect(after.state).toBe('fulfilled');
    expect(after.gateway_unpaid).toBeUndefined();
  });
});
