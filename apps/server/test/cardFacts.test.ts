// What the card pages print, answered by the server (docs/decisions/0011): ONE "valid until" (the last
// China-time day a package or card works) in the bind list, usage and card info, the same day the
// home reminder names, whose answer carries its button; and the network the user knows, never the
// supplier or the device kind. SQLite and PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { chinaDate } from '@portal/domain';
import { databases, useTestApp } from './harness';

const DAY = 86_400_000;

describe.each(databases())('card facts on %s', (kind) => {
  const t = useTestApp(kind);
  let demo: string;
  beforeAll(async () => {
    demo = await t.loginAccount();
  });

  const data = async (url: string, token = demo) => {
    const res = await t.get(url, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('names one last valid day for the package everywhere, and the reminder offers renewal', async () => {
    const card = await t.db.kysely.selectFrom('cards').select('id').where('custom_num', '=', '1000000001').executeTakeFirstOrThrow();
    // stops working at the China midnight five days ahead: its last day is four days ahead
    const end = Date.parse(`${chinaDate(new Date(Date.now() + 5 * DAY))}T00:00:00+08:00`);
    const lastDay = chinaDate(new Date(end - 1));
    await t.db.kysely
      .updateTable('card_packages')
      .set({ expired_at: new Date(end).toISOString() })
      .where('card_id', '=', card.id)
      .execute();
    await t.db.kysely
      .updateTable('cards')
      .set({ expired_at: new Date(end).toISOString() })
      .where('id', '=', card.id)
      .execute();

    const flow = await data('/api/v2/card/flow?custom_num=1000000001');
    expect(flow.package.valid_until).toBe(lastDay);
    const list = await data('/api/v1/card/bind_list');
    expect(list.list.find((c: { custom_num: string }) => c.custom_num === '1000000001').package.valid_until).toBe(lastDay);
    const info = await data('/api/v2/card/info?custom_num=1000000001');
    expect(info.info.valid_until).toBe(lastDay);
    const clew = await data('/api/v1/card/clew?custom_num=1000000001');
    expect(clew).toEqual({
      level: 'warning',
      content: `当前套餐「${flow.package.name}」有效期至${lastDay}（还剩4天），请及时续订`,
      action: { text: '去续订', path: '/combo' },
    });

    // renewed (a package bought now queues after the one in force): the reminder says so, no button
    const pkg = await t.db.kysely.selectFrom('packages').select('id').where('name', '=', '畅享50G月包').executeTakeFirstOrThrow();
    const order = await t.post(
      '/api/v1/order/create',
      {
        custom_num: '1000000001',
        goods_type: 'package',
        package_id: pkg.id,
        voucher_id: null,
        pay_channel: 3,
        request_id: `renew-${kind}`,
      },
      demo,
    );
    expect(order.json(), order.body).toMatchObject({ code: 0, data: { state: 'fulfilled' } });
    expect(await data('/api/v1/card/clew?custom_num=1000000001')).toEqual({
      level: 'info',
      content: `当前套餐「${flow.package.name}」有效期至${lastDay}，已续订「畅享50G月包」，到期后自动生效`,
      action: null,
    });
  });

  it.each([
    ['1000000001', '中国联通'], // Unicom
    ['1000000010', '中国联通'], // 八骏 reselling a Unicom SIM
    ['1000000011', '中国联通'], // a 5G CPE (随身WiFi family) on a Unicom SIM
    ['1000000012', '三网通'], // multi-SIM device (多卡)
  ])('card %s: the network is %s in card info and the bind list', async (num, network) => {
    expect((await data(`/api/v2/card/info?custom_num=${num}`)).info.network).toBe(network);
    const list = await data('/api/v1/card/bind_list');
    expect(list.list.find((c: { custom_num: string }) => c.custom_num === num).network).toBe(network);
  });

  it.each([
    ['1000000014', '中国电信'],
    ['1000000015', '中国移动'],
  ])('card %s (logged in by card number) is on %s', async (num, network) => {
    const token = await t.loginCard(num);
    expect((await data(`/api/v2/card/info?custom_num=${num}`, token)).info.network).toBe(network);
  });
});
