// Commerce API (docs/decisions/0006): catalogue, pricing, vouchers, orders, balance, idempotency, bad input.
import { describe, expect, it } from 'vitest';
import { Code } from '@portal/contract/codes';
import { expectAllRejectedWithoutWrites, expectRejected } from './badInput';
import { businessSnapshot, ledgerMatches, rid } from './commerceHelpers';
import { databases, useTestApp, type TestApp } from './harness';

async function pkgId(t: TestApp, name: string): Promise<number> {
  return (await t.db.kysely.selectFrom('packages').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}
async function voucherId(t: TestApp, name: string): Promise<number> {
  return (await t.db.kysely.selectFrom('vouchers').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

describe.each(databases())('commerce on %s', (kind) => {
  const t = useTestApp(kind, { payReconcileIntervalMs: 0, paySandboxDropNotify: true });

  it('lists the packages of the card series, priced in yuan', async () => {
    const token = await t.loginAccount();
    const res = await t.get('/api/v1/package/list?custom_num=1000000001', token);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data.list;
    expect(list.map((p: { name: string }) => p.name)).toEqual([
      '畅享100G月包',
      '畅享50G月包',
      '月初重置200G季包',
      '10G加油包',
      '30天叠加包30G',
      '7天体验包',
    ]);
    expect(list[0]).toMatchObject({
      price: 29,
      original_price: 39,
      package_type: 3,
      period: 2,
      period_count: 1,
      flow_mb: 102400,
      recommended: true,
      voucher_allowed: true,
    });
    const seven = await t.loginCard('1000000007');
    const multi = await t.get('/api/v1/package/list?custom_num=1000000007', seven);
    expect(multi.json().data.list).toHaveLength(9);
    // a package of another series is not on this card
    const year = await pkgId(t, '超值年包1200G');
    expectRejected(await t.get(`/api/v1/package/detail?custom_num=1000000001&package_id=${year}`, token), 404);
    const detail = await t.get(`/api/v1/package/detail?custom_num=1000000007&package_id=${year}`, seven);
    expect(detail.json().data).toMatchObject({ name: '超值年包1200G', price: 299 });
    // another person's card
    expectRejected(await t.get('/api/v1/package/list?custom_num=1000000004', token), 403);
  });

  it('answers coupon packages and recharge options with the first-recharge offer', async () => {
    const token = await t.loginAccount();
    const cps = (await t.get('/api/v1/coupon_package/list?custom_num=1000000002', token)).json().data.list;
    expect(cps.map((c: { name: string }) => c.name)).toEqual(['省钱券包', '年包立减券包']);
    expect(cps[0].vouchers[0]).toEqual({ amount: 5, min_spend: 20, valid_days: 30, package_types: [3, 9] });
    const opt = (await t.get('/api/v1/recharge/options?custom_num=1000000002', token)).json().data;
    expect(opt).toMatchObject({
      presets: [10, 20, 50, 100, 200, 300],
      min: 1,
      max: 5000,
      balance: 0,
      first_recharge: { amount: 50, bonus_amount: 10 },
    });
  });

  it('quotes a recharge with what lands on the balance: the first-recharge bonus from its amount up', async () => {
    const token = await t.loginAccount();
    const quoteOf = async (amount: number) =>
      (await t.post('/api/v1/order/quote', { custom_num: '1000000002', goods_type: 'recharge', amount }, token)).json().data;
    expect(await quoteOf(50)).toMatchObject({ total: 50, payable: 50, credit: 60, bonus: 10 });
    expect(await quoteOf(100)).toMatchObject({ total: 100, payable: 100, credit: 110, bonus: 10 });
    expect(await quoteOf(30)).toMatchObject({ total: 30, payable: 30, credit: 30, bonus: 0 });
    // a package says nothing of the balance
    const pkg = (
      await t.post(
        '/api/v1/order/quote',
        { custom_num: '1000000002', goods_type: 'package', package_id: await pkgId(t, '畅享100G月包') },
        token,
      )
    ).json().data;
    expect(pkg.credit).toBeUndefined();
  });

  it('quotes on the server: voucher discount and channels', async () => {
    const token = await t.loginAccount();
    const id = await pkgId(t, '畅享100G月包');
    const v = await voucherId(t, '月包专享10元券');
    const res = await t.post(
      '/api/v1/order/quote',
      { custom_num: '1000000001', goods_type: 'package', package_id: id, voucher_id: v },
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json().data;
    expect(q).toMatchObject({ title: '畅享100G月包', total: 29, discount: 10, payable: 19, voucher_id: v });
    expect(q.channels.map((c: { channel: number; available: boolean }) => [c.channel, c.available])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, false],
    ]);
    expect(q.channels[3].reason).toBe('分期需满100元');
    const inApp = (
      await t.post(
        '/api/v1/order/quote',
        { custom_num: '1000000001', goods_type: 'package', package_id: id, in_messaging_app: true },
        token,
      )
    ).json().data;
    expect(inApp.channels.find((c: { channel: number }) => c.channel === 2)).toMatchObject({
      available: false,
      reason: '请在浏览器中打开',
    });
    expect(inApp.payable).toBe(29);
  });

  it('lists vouchers by status and the usable ones for a package, best first', async () => {
    const token = await t.loginAccount();
    const usable = (await t.get('/api/v1/voucher/list?custom_num=1000000001&status=usable', token)).json().data.list;
    expect(usable.map((v: { name: string }) => v.name).sort()).toEqual(['5元满减券', '年包立减50元券', '月包专享10元券'].sort());
    const invalid = (await t.get('/api/v1/voucher/list?custom_num=1000000001&status=invalid', token)).json().data.list;
    expect(invalid.map((v: { status: string }) => v.status).sort()).toEqual(['expired', 'used']);
    const id = await pkgId(t, '畅享100G月包');
    const forPkg = (await t.get(`/api/v1/voucher/usable?custom_num=1000000001&package_id=${id}`, token)).json().data.list;
    expect(forPkg.map((v: { name: string }) => v.name)).toEqual(['月包专享10元券', '5元满减券']);
  });

  it('refuses vouchers that do not apply, with their own codes, writing nothing', async () => {
    const token = await t.loginAccount();
    const month = await pkgId(t, '畅享100G月包');
    const stack = await pkgId(t, '30天叠加包30G');
    const refuel = await pkgId(t, '10G加油包');
    const card = await t.db.kysely.selectFrom('cards').select('id').where('custom_num', '=', '1000000001').executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('vouchers')
      .values({
        card_id: card.id,
        name: '重置包专用券',
        amount_fen: 100,
        min_spend_fen: 0,
        package_types: '[9]',
        expires_at: '2099-01-01T00:00:00.000Z',
        status: 'usable',
        order_no: null,
        source: 't',
        used_at: null,
        created_at: '2025-01-01T00:00:00.000Z',
      })
      .execute();
    const body = (o: object) => ({
      custom_num: '1000000001',
      goods_type: 'package',
      package_id: month,
      pay_channel: 1,
      request_id: rid(),
      ...o,
    });
    await expectAllRejectedWithoutWrites(t, [
      {
        name: 'someone else’s voucher',
        send: async () => t.post('/api/v1/order/create', body({ voucher_id: await voucherId(t, '极客5元券') }), token),
        status: 403,
      },
      { name: 'unknown voucher', send: () => t.post('/api/v1/order/create', body({ voucher_id: 999999 }), token), status: 404 },
      {
        name: 'expired',
        send: async () => t.post('/api/v1/order/create', body({ voucher_id: await voucherId(t, '过期3元券') }), token),
        code: Code.VOUCHER_EXPIRED,
      },
      {
        name: 'used',
        send: async () => t.post('/api/v1/order/create', body({ voucher_id: await voucherId(t, '已使用2元券') }), token),
        code: Code.VOUCHER_UNUSABLE,
      },
      {
        name: 'min spend',
        send: async () =>
          t.post('/api/v1/order/create', body({ package_id: stack, voucher_id: await voucherId(t, '月包专享10元券') }), token),
        code: Code.VOUCHER_MIN_SPEND,
      },
      {
        name: 'package type',
        send: async () => t.post('/api/v1/order/create', body({ voucher_id: await voucherId(t, '重置包专用券') }), token),
        code: Code.VOUCHER_PACKAGE_TYPE,
      },
      {
        name: 'package without vouchers',
        send: async () => t.post('/api/v1/order/create', body({ package_id: refuel, voucher_id: await voucherId(t, '5元满减券') }), token),
        code: Code.VOUCHER_NOT_ALLOWED,
      },
      {
        name: 'voucher on a recharge',
        send: async () =>
          t.post('/api/v1/order/create', body({ goods_type: 'recharge', amount: 50, voucher_id: await voucherId(t, '5元满减券') }), token),
        code: Code.VOUCHER_NOT_ALLOWED,
      },
    ]);
  });

  it('refuses bad input with a Chinese 4xx and writes nothing', async () => {
    const token = await t.loginAccount();
    const month = await pkgId(t, '畅享100G月包');
    const year = await pkgId(t, '超值年包1200G');
    const recharge = (amount: unknown) => ({ custom_num: '1000000001', goods_type: 'recharge', amount, pay_channel: 1, request_id: rid() });
    const post = (body: unknown) => () => t.post('/api/v1/order/create', body, token);
    await expectAllRejectedWithoutWrites(t, [
      { name: 'negative amount', send: post(recharge(-10)) },
      { name: 'fractional amount', send: post(recharge(10.5)) },
      { name: 'amount over 5000', send: post(recharge(5001)) },
      { name: 'zero amount', send: post(recharge(0)) },
      { name: 'amount as text', send: post(recharge('abc')) },
      // docs/decisions/0028: numbers as numbers only — not a boolean, not an exponent, not padded
      { name: 'amount true', send: post(recharge(true)), message: /请输入/ },
      { name: "amount '1e2'", send: post(recharge('1e2')) },
      { name: "amount ' 12'", send: post(recharge(' 12')) },
      { name: "amount '0x10'", send: post(recharge('0x10')) },
      {
        name: 'package id true',
        send: post({ custom_num: '1000000001', goods_type: 'package', package_id: true, pay_channel: 1, request_id: rid() }),
      },
      {
        name: 'no amount',
        send: post({ custom_num: '1000000001', goods_type: 'recharge', pay_channel: 1, request_id: rid() }),
        code: Code.RECHARGE_AMOUNT_INVALID,
      },
      {
        name: 'no package',
        send: post({ custom_num: '1000000001', goods_type: 'package', pay_channel: 1, request_id: rid() }),
        code: Code.GOODS_REQUIRED,
      },
      { name: 'unknown goods type', send: post({ custom_num: '1000000001', goods_type: 'car', pay_channel: 1, request_id: rid() }) },
      { name: 'no request id', send: post({ custom_num: '1000000001', goods_type: 'package', package_id: month, pay_channel: 1 }) },
      { name: 'no pay channel', send: post({ custom_num: '1000000001', goods_type: 'package', package_id: month, request_id: rid() }) },
      {
        name: 'pay channel 9',
        send: post({ custom_num: '1000000001', goods_type: 'package', package_id: month, pay_channel: 9, request_id: rid() }),
      },
      {
        name: 'another person’s card',
        send: post({ custom_num: '1000000004', goods_type: 'package', package_id: month, pay_channel: 1, request_id: rid() }),
        status: 403,
      },
      {
        name: 'unknown card',
        send: post({ custom_num: '1999999999', goods_type: 'package', package_id: month, pay_channel: 1, request_id: rid() }),
        code: Code.CARD_NOT_FOUND,
      },
      {
        name: 'package of another series',
        send: post({ custom_num: '1000000001', goods_type: 'package', package_id: year, pay_channel: 1, request_id: rid() }),
        code: Code.PACKAGE_UNAVAILABLE,
      },
      { name: 'balance pays no recharge', send: post({ ...recharge(10), pay_channel: 3 }), code: Code.PAY_CHANNEL_UNAVAILABLE },
      {
        name: 'balance too small',
        send: post({ custom_num: '1000000001', goods_type: 'package', package_id: month, pay_channel: 3, request_id: rid() }),
        code: Code.BALANCE_INSUFFICIENT,
      },
      {
        name: 'instalment below minimum',
        send: post({ custom_num: '1000000001', goods_type: 'package', package_id: month, pay_channel: 4, request_id: rid() }),
        code: Code.PAY_CHANNEL_UNAVAILABLE,
      },
      {
        name: 'e-wallet inside a messaging app',
        send: post({
          custom_num: '1000000001',
          goods_type: 'package',
          package_id: month,
          pay_channel: 2,
          in_messaging_app: true,
          request_id: rid(),
        }),
        code: Code.PAY_CHANNEL_UNAVAILABLE,
      },
      {
        name: 'gated card (real-name first)',
        send: post({ custom_num: '1000000003', goods_type: 'package', package_id: month, pay_channel: 1, request_id: rid() }),
        code: Code.CARD_NEEDS_REAL_NAME,
      },
      { name: 'no token', send: () => t.post('/api/v1/order/create', recharge(10)), status: 401 },
      { name: 'unknown order', send: () => t.get('/api/v1/order/detail?order_no=2025010100000000000', token), status: 404 },
      { name: 'malformed order no', send: () => t.get('/api/v1/order/detail?order_no=../../x', token), status: 400 },
    ]);
  });

  it('pays from the balance in one transaction: ledger, flags, package effect', async () => {
    const token = await t.loginAccount();
    const refuel = await pkgId(t, '10G加油包');
    const card = await t.db.kysely.selectFrom('cards').selectAll().where('custom_num', '=', '1000000001').executeTakeFirstOrThrow();
    const before = await t.db.kysely
      .selectFrom('card_packages')
      .select(['id', 'total_kb'])
      .where('card_id', '=', card.id)
      .executeTakeFirstOrThrow();
    const res = await t.post(
      '/api/v1/order/create',
      { custom_num: '1000000001', goods_type: 'package', package_id: refuel, pay_channel: 3, request_id: rid() },
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json().data;
    expect(o).toMatchObject({ state: 'fulfilled', total: 5, payable: 5, pay_channel: 3, pay: { kind: 'settled' } });
    expect(o.paid_at).toBeTruthy();
    const after = await t.db.kysely.selectFrom('card_packages').select(['total_kb']).where('id', '=', before.id).executeTakeFirstOrThrow();
    expect(after.total_kb - before.total_kb).toBe(10 * 1024 * 1024);
    expect(await ledgerMatches(t, '1000000001')).toEqual({ balance: card.balance_fen - 500, sum: card.balance_fen - 500 });
    const ledger = (await t.get('/api/v1/balance/ledger?custom_num=1000000001', token)).json().data;
    expect(ledger.balance).toBe((card.balance_fen - 500) / 100);
    expect(ledger.list[0]).toMatchObject({
      amount: -5,
      kind: 'purchase',
      order_no: o.order_no,
      balance_after: (card.balance_fen - 500) / 100,
    });
    const list = (await t.get('/api/v1/order/list?custom_num=1000000001', token)).json().data;
    expect(list.list[0].order_no).toBe(o.order_no);
    expect(list).toMatchObject({ page: 1, page_size: 10 });
  });

  it('the same request_id answers the same order; a different body is refused; concurrent repeats make one order', async () => {
    const token = await t.loginAccount();
    const month = await pkgId(t, '畅享50G月包');
    const body = { custom_num: '1000000001', goods_type: 'package', package_id: month, pay_channel: 1, request_id: rid() };
    const a = (await t.post('/api/v1/order/create', body, token)).json().data;
    const b = (await t.post('/api/v1/order/create', body, token)).json().data;
    expect(b.order_no).toBe(a.order_no);
    expect(b.pay).toEqual(a.pay);
    expect(a.pay.url).toMatch(/^\/sim\/pay\/cashier\/sp[0-9a-f]+$/);
    expectRejected(await t.post('/api/v1/order/create', { ...body, pay_channel: 2 }, token));
    const burst = { ...body, request_id: rid() };
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.post('/api/v1/order/create', burst, token)));
    const nos = new Set(answers.map((r) => r.json().data?.order_no));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(nos.size).toBe(1);
    const count = await t.db.kysely
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('request_id', '=', burst.request_id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('closing a pending order gives its voucher back; a closed order cannot be closed again', async () => {
    const token = await t.loginAccount();
    const month = await pkgId(t, '畅享100G月包');
    const v = await voucherId(t, '5元满减券');
    const o = (
      await t.post(
        '/api/v1/order/create',
        { custom_num: '1000000001', goods_type: 'package', package_id: month, voucher_id: v, pay_channel: 1, request_id: rid() },
        token,
      )
    ).json().data;
    expect(o).toMatchObject({ state: 'pending', payable: 24, voucher: { id: v, amount: 5 } });
    const locked = await t.db.kysely.selectFrom('vouchers').select(['status', 'order_no']).where('id', '=', v).executeTakeFirstOrThrow();
    expect(locked).toEqual({ status: 'locked', order_no: o.order_no });
    // a locked voucher cannot go on a second order
    const second = await t.post(
      '/api/v1/order/create',
      { custom_num: '1000000001', goods_type: 'package', package_id: month, voucher_id: v, pay_channel: 1, request_id: rid() },
      token,
    );
    expect(expectRejected(second).code).toBe(Code.VOUCHER_UNUSABLE);
    const closed = await t.post('/api/v1/order/close', { order_no: o.order_no }, token);
    expect(closed.json().data.state).toBe('closed');
    expect((await t.db.kysely.selectFrom('vouchers').select('status').where('id', '=', v).executeTakeFirstOrThrow()).status).toBe('usable');
    await expectAllRejectedWithoutWrites(t, [
      {
        name: 'close a closed order',
        send: () => t.post('/api/v1/order/close', { order_no: o.order_no }, token),
        code: Code.ORDER_NOT_PENDING,
      },
      { name: 'close without order_no', send: () => t.post('/api/v1/order/close', {}, token), status: 400 },
    ]);
    // the sandbox no longer accepts payment for it
    const pay = await t.inject({
      method: 'POST',
      url: o.pay.url,
      payload: 'action=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(pay.statusCode).toBe(303);
    expect((await t.get(`/api/v1/order/detail?order_no=${o.order_no}`, token)).json().data.state).toBe('closed');
  });

  it('another person’s order is 403', async () => {
    const demo = await t.loginAccount();
    const other = await t.loginCard('1000000020');
    const month = await pkgId(t, '畅享50G月包');
    const o = (
      await t.post(
        '/api/v1/order/create',
        { custom_num: '1000000020', goods_type: 'package', package_id: month, pay_channel: 1, request_id: rid() },
        other,
      )
    ).json().data;
    await expectAllRejectedWithoutWrites(t, [
      { name: 'read', send: () => t.get(`/api/v1/order/detail?order_no=${o.order_no}`, demo), status: 403 },
      { name: 'close', send: () => t.post('/api/v1/order/close', { order_no: o.order_no }, demo), status: 403 },
      { name: 'ledger', send: () => t.get('/api/v1/balance/ledger?custom_num=1000000020', demo), status: 403 },
    ]);
  });

  it('buys a coupon package: its vouchers arrive', async () => {
    const token = await t.loginAccount();
    const cp = (await t.db.kysely.selectFrom('coupon_packages').select('id').where('name', '=', '省钱券包').executeTakeFirstOrThrow()).id;
    const before = (await t.get('/api/v1/voucher/list?custom_num=1000000001', token)).json().data.list.length;
    const o = (
      await t.post(
        '/api/v1/order/create',
        { custom_num: '1000000001', goods_type: 'coupon_package', coupon_package_id: cp, pay_channel: 3, request_id: rid() },
        token,
      )
    ).json().data;
    expect(o).toMatchObject({ state: 'fulfilled', total: 9.9 });
    const after = (await t.get('/api/v1/voucher/list?custom_num=1000000001', token)).json().data.list;
    expect(after.length - before).toBe(3);
    expect(after.filter((v: { source: string }) => v.source === '券包：省钱券包')).toHaveLength(3);
    const l = await ledgerMatches(t, '1000000001');
    expect(l.balance).toBe(l.sum);
  });

  it('a voucher that covers the whole price settles at once', async () => {
    const token = await t.loginAccount();
    const card = await t.db.kysely.selectFrom('cards').select('id').where('custom_num', '=', '1000000001').executeTakeFirstOrThrow();
    const v = await t.db.kysely
      .insertInto('vouchers')
      .values({
        card_id: card.id,
        name: '全额券',
        amount_fen: 1900,
        min_spend_fen: 0,
        package_types: '[]',
        expires_at: '2099-01-01T00:00:00.000Z',
        status: 'usable',
        order_no: null,
        source: 't',
        used_at: null,
        created_at: '2025-01-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const month = await pkgId(t, '畅享50G月包');
    const o = (
      await t.post(
        '/api/v1/order/create',
        { custom_num: '1000000001', goods_type: 'package', package_id: month, voucher_id: v.id, pay_channel: 1, request_id: rid() },
        token,
      )
    ).json().data;
    expect(o).toMatchObject({ state: 'fulfilled', payable: 0, discount: 19, pay: { kind: 'settled' } });
    expect((await t.db.kysely.selectFrom('vouchers').select('status').where('id', '=', v.id).executeTakeFirstOrThrow()).status).toBe(
      'used',
    );
  });

  it('nothing changes for a quote (pure read)', async () => {
    const token = await t.loginAccount();
    const before = await businessSnapshot(t);
    await t.post('/api/v1/order/quote', { custom_num: '1000000002', goods_type: 'recharge', amount: 100 }, token);
    expect(await businessSnapshot(t)).toEqual(before);
  });
});
