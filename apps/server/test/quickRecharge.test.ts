// 快捷充值 of balance (/quick_payment): anyone with the card number tops up THAT card's balance, with
// /recharge's amounts and first-recharge offer, told the exact credit before paying, through the
// ordinary payment flow, credited exactly once however often the gateway notifies — on both databases.
import { describe, expect, it } from 'vitest';
import { expectAllRejectedWithoutWrites } from './badInput';
import { ledgerMatches, notify, rid, sandboxOf } from './commerceHelpers';
import { databases, useTestApp } from './harness';

const paymentIdOf = (url: string) => url.split('/').pop()!;
const ARREARS = '1000000021';

describe.each(databases())('quick balance recharge on %s', (kind) => {
  const t = useTestApp(kind);

  it('offers /recharge’s amounts and first-recharge offer without a login, and never the balance', async () => {
    const res = await t.get(`/api/v1/quick/recharge_options?custom_num=${ARREARS}`);
    expect(res.statusCode, res.body).toBe(200);
    const options = res.json().data;
    expect(options).toEqual({
      presets: expect.arrayContaining([50]),
      min: expect.any(Number),
      max: expect.any(Number),
      first_recharge: expect.objectContaining({ amount: 50, bonus_amount: 10 }),
    });
    expect(res.body).not.toContain('balance');
  });

  it('says the exact credit before payment, then credits the card once however many notifications come', async () => {
    const quote = (await t.post('/api/v1/quick/quote', { custom_num: ARREARS, amount: 50 })).json().data;
    expect(quote).toMatchObject({ goods_type: 'recharge', payable: 50, credit: 60, bonus: 10 });
    expect(quote.channels.map((c: { value: number }) => c.value)).not.toContain(3);
    // an amount without the offer credits itself
    expect((await t.post('/api/v1/quick/quote', { custom_num: ARREARS, amount: 30 })).json().data).toMatchObject({
      payable: 30,
      credit: 30,
    });

    const before = await ledgerMatches(t, ARREARS);
    const res = await t.post('/api/v1/quick/order', { custom_num: ARREARS, amount: 50, pay_channel: 1, request_id: rid() });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json().data;
    expect(o).toMatchObject({ goods_type: 'recharge', state: 'pending', payable: 50, credit: 60, custom_num: ARREARS });
    expect(o.access_key.length).toBeGreaterThanOrEqual(32);

    const sandbox = sandboxOf(t);
    const row = (await sandbox.finish(paymentIdOf(o.pay.url), 'pay', { drop: true }))!;
    expect(row.return_url).toBe(`/quick_payment_success?order_no=${o.order_no}&access_key=${o.access_key}`);
    const body = sandbox.notificationFor(row);
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(t, 1, body)));
    for (const a of answers) expect(a.json(), a.body).toMatchObject({ code: 0, data: { result: 'success' } });

    const after = await ledgerMatches(t, ARREARS);
    expect(after.balance).toBe(before.balance + 6000);
    expect(after.sum).toBe(after.balance);
    expect(await t.db.kysely.selectFrom('payments').select('id').where('order_no', '=', o.order_no).execute()).toHaveLength(1);
    const read = (await t.get(`/api/v1/quick/order?order_no=${o.order_no}&access_key=${o.access_key}`)).json().data;
    expect(read).toMatchObject({ state: 'fulfilled', credit: 60 });
    // the offer was the first recharge's: the next top-up of 50 credits 50
    expect((await t.post('/api/v1/quick/quote', { custom_num: ARREARS, amount: 50 })).json().data).toMatchObject({ credit: 50, bonus: 0 });
  });

  it('refuses what is not one top-up of a whole amount within the limits, and the balance channel, writing nothing', async () => {
    const order = (b: object) => () => t.post('/api/v1/quick/order', { custom_num: ARREARS, pay_channel: 1, request_id: rid(), ...b });
    await expectAllRejectedWithoutWrites(t, [
      { name: 'neither a package nor an amount', send: order({}), status: 400, message: /请选择套餐或充值金额/ },
      { name: 'both a package and an amount', send: order({ package_id: 1, amount: 50 }), status: 400, message: /请选择套餐或充值金额/ },
      { name: 'zero', send: order({ amount: 0 }), status: 400 },
      { name: 'over the limit', send: order({ amount: 5001 }), status: 400 },
      { name: 'a fraction', send: order({ amount: 10.5 }), status: 400 },
      { name: 'the balance channel', send: order({ amount: 50, pay_channel: 3 }), status: 400, message: /余额支付/ },
      { name: 'a cancelled card', send: order({ amount: 50, custom_num: '1000000005' }), status: 400, code: 10301 },
      { name: 'an unknown card', send: order({ amount: 50, custom_num: '1999999999' }), status: 400, code: 10000 },
      {
        name: 'options of a cancelled card',
        send: () => t.get('/api/v1/quick/recharge_options?custom_num=1000000005'),
        status: 400,
        code: 10301,
      },
    ]);
  });
});
