// A card's gifts (/gift, spec §2): balance bonuses and vouchers with their state and source, for
// the card's owner only; a first recharge shows its bonus as 待发放 until paid, then 已发放, and a
// refund takes it back.
import { describe, expect, it } from 'vitest';
import { refundOrder } from '../src/modules/commerce';
import { expectRejected } from './badInput';
import { ctxOf, notify, rid, sandboxOf } from './commerceHelpers';
import { databases, useTestApp } from './harness';

const OWN = '1000000001';
const paymentIdOf = (url: string) => url.split('/').pop()!;

interface Gift {
  key: string;
  kind: string;
  title: string;
  amount: number;
  state: string;
  source: string;
  detail: string;
}

describe.each(databases())('gifts on %s', (kind) => {
  const t = useTestApp(kind, { payReconcileIntervalMs: 0, paySandboxDropNotify: true });

  async function gifts(token: string, num = OWN): Promise<Gift[]> {
    const res = await t.get(`/api/v1/card/gifts?custom_num=${num}`, token);
    expect(res.json().code, res.body).toBe(0);
    return res.json().data.list as Gift[];
  }

  it("lists the demo card's vouchers and opening bonus with their state and source", async () => {
    const token = await t.loginAccount();
    const list = await gifts(token);
    const byTitle = (title: string) => list.find((g) => g.title === title);
    expect(byTitle('5元满减券')).toMatchObject({ kind: 'voucher', state: 'granted', amount: 5, source: '新用户礼包' });
    expect(byTitle('过期3元券')).toMatchObject({ state: 'expired', source: '活动赠送' });
    expect(byTitle('已使用2元券')).toMatchObject({ state: 'granted', detail: '已使用' });
    expect(list.find((g) => g.kind === 'balance')).toMatchObject({ state: 'granted', source: '开卡赠送余额' });
  });

  it('a first recharge: its bonus is pending until paid, granted once paid, revoked by a refund', async () => {
    const token = await t.loginAccount();
    const o = (
      await t.post(
        '/api/v1/order/create',
        { custom_num: OWN, goods_type: 'recharge', amount: 50, pay_channel: 1, request_id: rid() },
        token,
      )
    ).json().data;
    expect(o).toMatchObject({ state: 'pending', credit: 60 });
    expect((await gifts(token)).find((g) => g.key === `order-${o.order_no}`)).toMatchObject({
      kind: 'balance',
      state: 'pending',
      amount: 10,
      source: '首充优惠',
    });

    const sandbox = sandboxOf(t);
    const row = (await sandbox.finish(paymentIdOf(o.pay.url), 'pay', { drop: true }))!;
    expect((await notify(t, 1, sandbox.notificationFor(row))).json()).toMatchObject({ code: 0 });
    const paid = await gifts(token);
    expect(paid.some((g) => g.key === `order-${o.order_no}`)).toBe(false);
    const bonus = paid.find((g) => g.kind === 'balance' && g.source === '首充优惠');
    expect(bonus).toMatchObject({ state: 'granted', amount: 10 });
    expect(bonus!.detail).toContain(o.order_no);

    await refundOrder(ctxOf(t), o.order_no, '客户申请退款');
    expect((await gifts(token)).find((g) => g.key === bonus!.key)).toMatchObject({ state: 'revoked' });
  });

  it("refuses another person's card, an unknown card and a malformed number, with a plain Chinese message", async () => {
    const stranger = await t.loginCard('1000000007');
    expectRejected(await t.get(`/api/v1/card/gifts?custom_num=${OWN}`, stranger), 403);
    // the stranger's own card answers
    expect((await t.get('/api/v1/card/gifts?custom_num=1000000007', stranger)).json().code).toBe(0);
    const token = await t.loginAccount();
    expect(expectRejected(await t.get('/api/v1/card/gifts?custom_num=abc', token), 400).message).toMatch(/卡号/);
    expectRejected(await t.get('/api/v1/card/gifts', token), 400);
    const unknown = await t.get('/api/v1/card/gifts?custom_num=1999999999', token);
    expect(unknown.json().code).not.toBe(0);
    // no login, no gifts
    expectRejected(await t.get(`/api/v1/card/gifts?custom_num=${OWN}`, ''), 401);
  });
});
