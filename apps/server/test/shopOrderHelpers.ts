// Shared setup of the console's shop-order tests: a device order bought by the demo card holder
// and paid through the payment sandbox (its notification delivered through the real HTTP route),
// so it waits in the 发货 queue.
import { expect } from 'vitest';
import { notify, rid, sandboxOf } from './commerceHelpers';
import type { TestApp } from './harness';

/** A paid device order of card 1000000001 to the given street address; answers its order number. */
export async function paidDeviceOrder(t: TestApp, address = '科技园路 1 号'): Promise<string> {
  const token = await t.loginAccount();
  const product = await t.db.kysely
    .selectFrom('shop_products')
    .select('id')
    .where('name', '=', '4G 随身WiFi（MiFi）')
    .executeTakeFirstOrThrow();
  const res = await t.post(
    '/api/v1/order/create',
    {
      custom_num: '1000000001',
      goods_type: 'device',
      product_id: product.id,
      quantity: 1,
      delivery: {
        receiver: '张三',
        mobile: '13800138000',
        province: '广东省',
        city: '深圳市',
        district: '南山区',
        address,
      },
      pay_channel: 2,
      request_id: rid(),
    },
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  const o = res.json().data;
  const sandbox = sandboxOf(t);
  const row = (await sandbox.finish(o.pay.url.split('/').pop(), 'pay', { drop: true }))!;
  expect((await notify(t, 2, sandbox.notificationFor(row))).json().data.result).toBe('success');
  return o.order_no as string;
}
