// The device shop (docs/decisions/0020): the product list without login; a device order is an
// ordinary order (sandbox cashier, exactly-once crediting, order detail) that also shows its
// shipping; stock is held when the order is placed, never oversold under concurrent orders, and
// given back exactly once when the order closes unpaid or is refunded before shipping; nobody
// reads another person's order; bad input writes nothing. SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import type { Order, ShopProduct } from '@portal/contract';
import { ShopCode } from '@portal/contract/shopCodes';
import { clock } from '../src/lib/clock';
import { markReceived, markShipped, reconcile, refundOrder } from '../src/modules/commerce';
import { expectAllRejectedWithoutWrites, expectRejected } from './badInput';
import { ctxOf, notify, rid, sandboxOf } from './commerceHelpers';
import { databases, useTestApp, type TestApp } from './harness';

const paymentIdOf = (url: string) => url.split('/').pop()!;
const delivery = {
  receiver: '张三',
  mobile: '13900139000',
  province: '广东省',
  city: '深圳市',
  district: '南山区',
  address: '科技园路 1 号 A 座 101',
};

async function productId(t: TestApp, name: string): Promise<number> {
  return (await t.db.kysely.selectFrom('shop_products').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}
async function stockOf(t: TestApp, id: number): Promise<number> {
  return (await t.db.kysely.selectFrom('shop_products').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
}
async function setStock(t: TestApp, id: number, stock: number): Promise<void> {
  await t.db.kysely.updateTable('shop_products').set({ stock }).where('id', '=', id).execute();
}
function order(t: TestApp, token: string, body: Record<string, unknown>) {
  return t.post(
    '/api/v1/order/create',
    { custom_num: '1000000001', goods_type: 'device', quantity: 1, delivery, pay_channel: 2, request_id: rid(), ...body },
    token,
  );
}
async function payInSandbox(t: TestApp, o: { pay: { kind: string; url?: string } }) {
  const sandbox = sandboxOf(t);
  const row = (await sandbox.finish(paymentIdOf(o.pay.url!), 'pay', { drop: true }))!;
  const body = sandbox.notificationFor(row);
  // the gateway repeats itself: credited once
  for (let i = 0; i < 3; i++) expect((await notify(t, 2, body)).json().data.result).toBe('success');
}
/** Closes every unpaid device order straight in the database (a test's clean slate for the per-card cap). */
async function closeUnpaid(t: TestApp): Promise<void> {
  await t.db.kysely
    .updateTable('orders')
    .set({ state: 'closed' })
    .where('goods_type', '=', 'device')
    .where('state', '=', 'pending')
    .execute();
}
async function countRows(t: TestApp, table: 'orders' | 'shop_orders'): Promise<number> {
  return Number(
    (
      await t.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}
const detail = async (t: TestApp, token: string, no: string) =>
  (await t.get(`/api/v1/order/detail?order_no=${no}`, token)).json().data as Order;

describe.each(databases())('device shop on %s', (kind) => {
  const t = useTestApp(kind, { payReconcileIntervalMs: 0, paySandboxDropNotify: true });

  it('lists the brand’s devices without a login, with pictures, bands, carriers, cards, price and stock', async () => {
    const res = await t.get('/api/v2/shop/products');
    expect(res.statusCode, res.body).toBe(200);
    const { open, list } = res.json().data as { open: boolean; list: ShopProduct[] };
    expect(open).toBe(true);
    expect(list.map((p) => p.name)).toEqual(['4G 随身WiFi（MiFi）', '5G CPE 家用路由器', '户外 4G CPE（防水）', '4G 插卡路由器']);
    expect(list[0]).toMatchObject({ image: '/shop/mifi.svg', price: 99, stock: 50, cards: '全部卡片' });
    expect(list[0]!.carriers).toEqual(['中国移动', '中国联通', '中国电信']);
    expect(list[1]!.cards).toBe('畅享月包系列');
    const acme = (await t.get('/api/v2/shop/products?mark=acme')).json().data.list as ShopProduct[];
    expect(acme.map((p) => p.name)).toEqual(['极客 4G 随身WiFi']);
    expectRejected(await t.get('/api/v2/shop/products?mark=nobody'), 404);
  });

  it('buys a device through the sandbox cashier: paid once, 待发货, then shipped with a tracking number', async () => {
    const token = await t.loginAccount();
    const mifi = await productId(t, '4G 随身WiFi（MiFi）');
    const stock = await stockOf(t, mifi);
    const quote = (
      await t.post('/api/v1/order/quote', { custom_num: '1000000001', goods_type: 'device', product_id: mifi, quantity: 2 }, token)
    ).json().data;
    expect(quote).toMatchObject({ title: '4G 随身WiFi（MiFi） ×2', total: 198, payable: 198 });

    const res = await order(t, token, { product_id: mifi, quantity: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json().data;
    expect(o).toMatchObject({ goods_type: 'device', state: 'pending', payable: 198 });
    expect(o.device).toMatchObject({ quantity: 2, ship_state: 'awaiting', ship_state_label: '待发货', mobile: '139****9000' });
    expect(o.device.address).toBe('广东省 深圳市 南山区 科技园路 1 号 A 座 101');
    expect(await stockOf(t, mifi)).toBe(stock - 2); // held while pending

    await payInSandbox(t, o);
    const paid = await detail(t, token, o.order_no);
    expect(paid.state).toBe('fulfilled');
    expect(paid.device).toMatchObject({ ship_state: 'awaiting', carrier: '', tracking_no: '' });
    expect(await t.db.kysely.selectFrom('payments').select('id').where('order_no', '=', o.order_no).execute()).toHaveLength(1);
    expect(await stockOf(t, mifi)).toBe(stock - 2); // sold: not given back

    // the list shows it among the card's orders
    const list = (await t.get('/api/v1/order/list?custom_num=1000000001', token)).json().data.list as Order[];
    expect(list.find((x) => x.order_no === o.order_no)?.device?.name).toBe('4G 随身WiFi（MiFi）');

    // the operator ships it (console: markShipped); bad tracking is refused, a second shipping too
    const ctx = ctxOf(t);
    await expect(markShipped(ctx, o.order_no, { carrier: '顺丰速运', tracking_no: '12' })).rejects.toThrow(/快递单号/);
    await markShipped(ctx, o.order_no, { carrier: '顺丰速运', tracking_no: 'SF1234567890' });
    await expect(markShipped(ctx, o.order_no, { carrier: '顺丰速运', tracking_no: 'SF1234567891' })).rejects.toThrow(/已发货/);
    const shipped = await detail(t, token, o.order_no);
    expect(shipped.device).toMatchObject({
      ship_state: 'shipped',
      ship_state_label: '已发货',
      carrier: '顺丰速运',
      tracking_no: 'SF1234567890',
    });
    // shipped: the money path refuses a refund until the device comes back
    await expect(refundOrder(ctx, o.order_no, '不想要了')).rejects.toThrow(/已发货/);
    await markReceived(ctx, o.order_no);
    expect((await detail(t, token, o.order_no)).device?.ship_state_label).toBe('已签收');
  });

  it('nobody reads another person’s device order by its number', async () => {
    const token = await t.loginAccount();
    const o = (await order(t, token, { product_id: await productId(t, '4G 随身WiFi（MiFi）') })).json().data;
    const stranger = await t.loginCard('1000000020');
    expect((await t.get(`/api/v1/order/detail?order_no=${o.order_no}`, stranger)).statusCode).toBe(403);
    expectRejected(await t.post('/api/v1/order/close', { order_no: o.order_no }, stranger), 403);
    expect((await t.get(`/api/v1/order/detail?order_no=${o.order_no}`)).statusCode).toBe(401);
    // nor orders for a card that is not theirs
    expectRejected(await order(t, stranger, { product_id: await productId(t, '4G 随身WiFi（MiFi）'), custom_num: '1000000001' }));
  });

  it('closing or expiring an unpaid order gives the stock back exactly once; a refund before shipping too', async () => {
    const token = await t.loginAccount();
    const cpe = await productId(t, '5G CPE 家用路由器');
    const stock = await stockOf(t, cpe);
    const a = (await order(t, token, { product_id: cpe, quantity: 3 })).json().data;
    expect(await stockOf(t, cpe)).toBe(stock - 3);
    expect((await t.post('/api/v1/order/close', { order_no: a.order_no }, token)).json().data.state).toBe('closed');
    expect(await stockOf(t, cpe)).toBe(stock);
    expectRejected(await t.post('/api/v1/order/close', { order_no: a.order_no }, token));
    expect(await stockOf(t, cpe)).toBe(stock);

    const b = (await order(t, token, { product_id: cpe, quantity: 2 })).json().data;
    clock.advance(t.config.payOrderTtlMs + 1000);
    try {
      await reconcile(ctxOf(t));
      await reconcile(ctxOf(t));
    } finally {
      clock.reset();
    }
    expect((await detail(t, token, b.order_no)).state).toBe('closed');
    expect(await stockOf(t, cpe)).toBe(stock);

    const c = (await order(t, token, { product_id: cpe, quantity: 1 })).json().data;
    await payInSandbox(t, c);
    expect(await stockOf(t, cpe)).toBe(stock - 1);
    const report = await refundOrder(ctxOf(t), c.order_no, '买错了');
    expect(report.effects.join('；')).toMatch(/库存退回 1 件/);
    expect(await stockOf(t, cpe)).toBe(stock);
    await refundOrder(ctxOf(t), c.order_no, '买错了'); // repeated: answers the same refund
    expect(await stockOf(t, cpe)).toBe(stock);
  });

  it('concurrent orders never sell more than the stock', async () => {
    const token = await t.loginAccount();
    const outdoorFree = await productId(t, '4G 随身WiFi（MiFi）');
    await setStock(t, outdoorFree, 5);
    // four of the user's cards, three orders each: the per-card cap of unpaid orders is not what stops them
    const cards = ['1000000001', '1000000002', '1000000003', '1000000010'];
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => order(t, token, { product_id: outdoorFree, quantity: 1, custom_num: cards[i % 4] })),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(5);
    for (const r of refused) expect(r.json().message).toMatch(/库存不足|售罄|仅剩/);
    expect(await stockOf(t, outdoorFree)).toBe(0);
    const held = await t.db.kysely
      .selectFrom('shop_orders')
      .innerJoin('orders', 'orders.order_no', 'shop_orders.order_no')
      .select('shop_orders.quantity')
      .where('shop_orders.product_id', '=', outdoorFree)
      .where('orders.state', '=', 'pending')
      .execute();
    expect(held.reduce((s, r) => s + r.quantity, 0)).toBe(5);
    // and two orders of 3 against 4 left: one wins
    await closeUnpaid(t);
    await setStock(t, outdoorFree, 4);
    const two = await Promise.all([
      order(t, token, { product_id: outdoorFree, quantity: 3 }),
      order(t, token, { product_id: outdoorFree, quantity: 3 }),
    ]);
    expect(two.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await stockOf(t, outdoorFree)).toBe(1);
  });

  it('one card holds at most 3 unpaid device orders, also when 12 are placed at once; the 4th is refused, holding nothing', async () => {
    await closeUnpaid(t);
    const token = await t.loginAccount();
    const mifi = await productId(t, '4G 随身WiFi（MiFi）');
    await setStock(t, mifi, 50);
    const ordersBefore = await countRows(t, 'orders');
    const shopOrdersBefore = await countRows(t, 'shop_orders');
    const results = await Promise.all(Array.from({ length: 12 }, () => order(t, token, { product_id: mifi, quantity: 2 })));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(3);
    for (const r of results.filter((r) => r.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().code).toBe(ShopCode.TOO_MANY_UNPAID);
      expect(r.json().message).toMatch(/已有 3 笔待支付的设备订单.*「我的订单」支付或取消/);
    }
    expect(await countRows(t, 'orders')).toBe(ordersBefore + 3);
    expect(await countRows(t, 'shop_orders')).toBe(shopOrdersBefore + 3);
    expect(await stockOf(t, mifi)).toBe(50 - 3 * 2);

    // the 4th, one at a time: refused at the quote already, and at the order, writing nothing
    const quote = await t.post('/api/v1/order/quote', { custom_num: '1000000001', goods_type: 'device', product_id: mifi }, token);
    expectRejected(quote, 400);
    expect(quote.json().message).toMatch(/我的订单/);
    await expectAllRejectedWithoutWrites(t, [
      { name: 'a 4th unpaid order', send: () => order(t, token, { product_id: mifi }), message: /待支付的设备订单/ },
    ]);
    expect(await stockOf(t, mifi)).toBe(44);
    // another card of the same user is not affected
    expect((await order(t, token, { product_id: mifi, custom_num: '1000000002' })).statusCode).toBe(200);

    // paying or cancelling one makes room for a new one
    const first = ok[0]!.json().data;
    expect((await t.post('/api/v1/order/close', { order_no: first.order_no }, token)).statusCode).toBe(200);
    expect((await order(t, token, { product_id: mifi })).statusCode).toBe(200);
    expect((await order(t, token, { product_id: mifi })).json().code).toBe(ShopCode.TOO_MANY_UNPAID);
    await payInSandbox(t, ok[1]!.json().data);
    expect((await order(t, token, { product_id: mifi })).statusCode).toBe(200);
    // an order past its payment time holds no place (the reconciler closes it and gives its stock back)
    clock.advance(t.config.payOrderTtlMs + 1000);
    try {
      expect((await order(t, token, { product_id: mifi })).statusCode).toBe(200);
    } finally {
      clock.reset();
    }
    await closeUnpaid(t);
  });

  it('bad input gets a clear Chinese message and writes nothing', async () => {
    const token = await t.loginAccount();
    const mifi = await productId(t, '4G 随身WiFi（MiFi）');
    const outdoor = await productId(t, '户外 4G CPE（防水）');
    const soldOut = await productId(t, '4G 插卡路由器');
    const acme = await productId(t, '极客 4G 随身WiFi');
    const send = (body: Record<string, unknown>) => () => order(t, token, { product_id: mifi, ...body });
    await expectAllRejectedWithoutWrites(t, [
      { name: 'quantity 0', send: send({ quantity: 0 }), message: /1-9999/ },
      { name: 'quantity 10000', send: send({ quantity: 10000 }), message: /1-9999/ },
      { name: 'quantity 1.5', send: send({ quantity: 1.5 }), message: /1-9999/ },
      { name: 'quantity text', send: send({ quantity: '两个' }), message: /1-9999/ },
      { name: 'no product', send: send({ product_id: undefined }), message: /设备/ },
      { name: 'unknown product', send: send({ product_id: 999999 }), message: /不存在|下架/ },
      { name: 'another brand’s product', send: send({ product_id: acme }), message: /不存在|下架/ },
      { name: 'not for this card', send: send({ product_id: outdoor }), message: /不适用/ },
      { name: 'sold out', send: send({ product_id: soldOut }), message: /售罄/ },
      { name: 'more than the stock', send: send({ quantity: 9999 }), message: /仅剩/ },
      { name: 'no address', send: send({ delivery: undefined }), message: /收货/ },
      { name: 'bad mobile', send: send({ delivery: { ...delivery, mobile: '123' } }), message: /手机号/ },
      { name: 'unknown province', send: send({ delivery: { ...delivery, province: '火星' } }), message: /省份/ },
      { name: 'city of another province', send: send({ delivery: { ...delivery, city: '杭州市' } }), message: /城市/ },
      { name: 'no district', send: send({ delivery: { ...delivery, district: ' ' } }), message: /区/ },
      { name: 'district of another city', send: send({ delivery: { ...delivery, district: '朝阳区' } }), message: /区 \/ 县/ },
      { name: 'typed district not in the dataset', send: send({ delivery: { ...delivery, district: '南山' } }), message: /区 \/ 县/ },
      { name: 'short address', send: send({ delivery: { ...delivery, address: '1号' } }), message: /详细地址/ },
      { name: 'one-letter receiver', send: send({ delivery: { ...delivery, receiver: '张' } }), message: /收货人/ },
    ]);
  });
});
