// Card info with every field (as a phone asks for it, and what it costs the database) and the card
// hint (clew), each for a bound or logged-in card only. SQLite and PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { CardInfoAnswer, CardInfoCore, Code } from '@portal/contract';
import { chinaDate } from '@portal/domain';
import { queryObserver } from '../src/lib/metrics';
import { expectAllRejectedWithoutWrites } from './badInput';
import { databases, useTestApp } from './harness';
import { DAY, cardId, info, holders } from './cardsHelpers';

describe.each(databases())('card info on %s', (kind) => {
  const t = useTestApp(kind);
  let demo: string;
  let demoId: number;

  beforeAll(async () => {
    ({ demo, demoId } = await holders(t));
  });

  describe('card info', () => {
    it('1000000001: every field, in the legacy shape', async () => {
      const d = await info(t, '1000000001', demo);
      expect(Object.keys(d).sort()).toEqual(Object.keys(CardInfoAnswer.shape).sort());
      expect(Object.keys(d.info).sort()).toEqual(Object.keys(CardInfoCore.shape).sort());
      const i = d.info;
      expect(i).toMatchObject({
        custom_num: '1000000001',
        balance: 20,
        supplier: 2,
        state: 1,
        order_has_payment: true,
        balance_order_has_payment: true,
        auth_state: true,
        supplier_auth_state: true,
        supplier_state: 1,
        real_name_order: 0,
        pre_store: false,
        pre_store_show: false,
        need_change_card: false,
        need_auth: false,
        need_id: false,
        multi_series: false,
        package_series_ids: [1],
        package_mold: 1,
        card_mold: 1,
        channel_id: 1,
        user_id: demoId,
        // the owner's member level (docs/decisions/0019): the demo user starts as 普通会员, 360 growth
        x_member_rights: {
          level: 0,
          level_name: '普通会员',
          growth: 360,
          package_price_pct: 100,
          discount_label: '',
          rights: ['成长值累计', '邀请好友得成长值'],
        },
        networks: [],
        card_extensions: { member_right_switch: true, fake_real_name: false, pre_store_mold: 0 },
        agent: {
          id: expect.any(Number),
          nickname: '畅联物联',
          username: 'demo',
          payee: '畅联物联网科技有限公司',
          withdrawal_method: 0,
          withdrawal_account: '',
          is_agent: true,
          affiliated_official_account: '',
        },
      });
      expect(i.iccid).toMatch(/^8986\d{16}$/);
      expect(i.isdn).toMatch(/^\d{13}$/);
      expect(Date.parse(i.expired_at)).toBeGreaterThan(Date.now());
      expect(Number.isInteger(i.today_sum_flow)).toBe(true);
      expect(i.today_sum_flow).toBeGreaterThanOrEqual(0);
      expect(d).toMatchObject({
        is_skip: false,
        member_expired_at: '',
        series_type: 1,
        multi_series: false,
        real_name_url: '',
        ordered_flag: true,
      });
    });

    it('today_sum_flow is today’s stored usage (China date)', async () => {
      const id = await cardId(t, '1000000001');
      const today = chinaDate(new Date());
      await t.db.kysely
        .insertInto('card_flow_daily')
        .values({ card_id: id, day: today, used_kb: 123_456 })
        .onConflict((oc) => oc.columns(['card_id', 'day']).doUpdateSet({ used_kb: 123_456 }))
        .execute();
      expect((await info(t, '1000000001', demo)).info.today_sum_flow).toBe(123_456);
    });

    it('the demo cards show what they are for', async () => {
      const c2 = await info(t, '1000000002', demo);
      expect(c2.info.order_has_payment).toBe(false);
      expect(c2.ordered_flag).toBe(false);

      const c3 = await info(t, '1000000003', demo);
      expect(c3.info).toMatchObject({ real_name_order: 2, supplier_auth_state: false, auth_state: false });

      const c10 = await info(t, '1000000010', demo);
      expect(c10.info.supplier).toBe(8);
      expect(c10.info.supplier_auth_state).toBe(false);
      expect(c10.real_name_url).toBe('https://realname.example.com/bajun/1000000010');

      const c11 = await info(t, '1000000011', demo);
      expect(c11.info).toMatchObject({ supplier: 10, card_mold: 10, networks: [] });

      const c12 = await info(t, '1000000012', demo);
      expect(c12.info.supplier).toBe(9);
      expect(c12.info.networks).toHaveLength(3);
      expect(c12.info.networks.map((n) => n.carrier)).toEqual([1, 2, 3]);
      expect(c12.info.networks.filter((n) => n.active)).toHaveLength(1);

      const c13 = await info(t, '1000000013', demo);
      expect(c13.info.state).toBe(1);
    });

    it('cards not bound to anybody, read through a card-number login', async () => {
      const at = async (num: string) => info(t, num, await t.loginCard(num));
      const c4 = await at('1000000004');
      expect(c4.info).toMatchObject({
        real_name_order: 1,
        pre_store: true,
        pre_store_show: false,
        balance_order_has_payment: false,
        order_has_payment: false,
        user_id: 0,
        card_extensions: { pre_store_mold: 1, fake_real_name: false, member_right_switch: false },
      });
      const c5 = await at('1000000005');
      expect(c5.info.state).toBe(6);
      const c6 = await at('1000000006');
      expect(c6.info.need_change_card).toBe(true);
      const c7 = await at('1000000007');
      expect(c7.info).toMatchObject({ multi_series: true, package_series_ids: [1, 2], package_mold: 3 });
      expect(c7.multi_series).toBe(true);
      const c8 = await at('1000000008');
      expect(c8.info.need_id).toBe(true);
      const c9 = await at('1000000009');
      expect(c9.info).toMatchObject({ supplier: 4, supplier_auth_state: false, order_has_payment: false, package_mold: 2, card_mold: 2 });
      const c14 = await at('1000000015');
      expect(c14.info.supplier).toBe(1);
    });

    it('the acme card carries the acme agent', async () => {
      const d = await info(t, '1000000015', await t.loginCard('1000000015'));
      expect(d.info.agent).toMatchObject({ nickname: '极客通信', username: 'acme' });
    });

    it('URLs from the database are made safe; money keeps fen precision', async () => {
      await t.db.kysely
        .updateTable('cards')
        .set({
          real_name_url: 'javascript:alert(1)',
          verify_url: 'https://verify.example.com/a?b=1',
          balance_fen: 12345,
          package_series_ids: 'not json',
        })
        .where('custom_num', '=', '1000000002')
        .execute();
      const d = await info(t, '1000000002', demo);
      expect(d.real_name_url).toBe('');
      expect(d.info.verify_url).toBe('https://verify.example.com/a?b=1');
      expect(d.info.balance).toBe(123.45);
      expect(d.info.package_series_ids).toEqual([]);
      await t.db.kysely
        .updateTable('cards')
        .set({ real_name_url: '', verify_url: '', balance_fen: 0, package_series_ids: '[1]' })
        .where('custom_num', '=', '1000000002')
        .execute();
    });

    it('is two statements: the session, then the one read model with the whole answer (nothing else per request)', async () => {
      await info(t, '1000000001', demo); // a card never synced is synced by its first read: not this one's concern
      let statements = 0;
      t.db.observeQueries(() => statements++);
      const counts: number[] = [];
      try {
        for (let i = 0; i < 3; i++) {
          statements = 0;
          await info(t, '1000000001', demo);
          counts.push(statements);
        }
      } finally {
        t.db.observeQueries(queryObserver(t.db.dialect));
      }
      // the least of three: a scheduled job's statements may fall into one of them, never into all
      expect(Math.min(...counts)).toBe(2);
    });

    it('answers a phone that offers gzip as it is: the 1.4 kB answer is not worth a zlib stream per request (decision 0068)', async () => {
      const res = await t.inject({
        method: 'GET',
        url: '/api/v2/card/info?custom_num=1000000001',
        headers: { authorization: `Bearer ${demo}`, 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.rawPayload.length).toBeLessThan(4096);
      expect(res.json().code).toBe(0);
    });

    it('reads only the caller’s cards: 403 for others, 10000 for unknown numbers, 401 without login', async () => {
      const cardToken = await t.loginCard('1000000020');
      await expectAllRejectedWithoutWrites(t, [
        {
          name: 'demo reads 1000000004',
          send: () => t.get('/api/v2/card/info?custom_num=1000000004', demo),
          status: 403,
          code: Code.FORBIDDEN,
          message: /没有权限/,
        },
        { name: 'card login reads another card', send: () => t.get('/api/v2/card/info?custom_num=1000000001', cardToken), status: 403 },
        {
          name: 'unknown card',
          send: () => t.get('/api/v2/card/info?custom_num=1999999999', demo),
          status: 400,
          code: Code.CARD_NOT_FOUND,
          message: /^卡号不存在$/,
        },
        { name: 'clew of another card', send: () => t.get('/api/v1/card/clew?custom_num=1000000004', demo), status: 403 },
        {
          name: 'clew unknown',
          send: () => t.get('/api/v1/card/clew?custom_num=1999999999', demo),
          status: 400,
          code: Code.CARD_NOT_FOUND,
        },
        { name: 'no token', send: () => t.get('/api/v2/card/info?custom_num=1000000001'), status: 401 },
        { name: 'forged token', send: () => t.get('/api/v2/card/info?custom_num=1000000001', 'forged-token'), status: 401 },
      ]);
    });
  });

  describe('clew', () => {
    const clew = async (num: string, token = demo) => {
      const res = await t.get(`/api/v1/card/clew?custom_num=${num}`, token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { content: string; level: string; action: { text: string; path: string } | null };
    };

    it('a cancelled card', async () => {
      const c = await clew('1000000005', await t.loginCard('1000000005'));
      expect(c.level).toBe('danger');
      expect(c.content).toMatch(/^已销户：/);
      // never a purchase for a card that cannot use it
      expect(c.action).toEqual({ text: '联系客服', path: '/customer?form=home' });
    });

    it('no package', async () => {
      const c = await clew('1000000002');
      expect(c).toEqual({
        level: 'info',
        content: '没有生效中的套餐：订购套餐后即可上网',
        action: { text: '订购套餐', path: '/combo_detail?restore=1' },
      });
    });

    it('stopped and disconnected cards', async () => {
      const id = await cardId(t, '1000000003');
      // stopped: the carrier's reason in words with its own fix (docs/decisions/0014)
      await t.db.kysely.updateTable('cards').set({ state: 3, stop_reason: 'ARREARS' }).where('id', '=', id).execute();
      expect(await clew('1000000003')).toEqual({
        level: 'danger',
        content: expect.stringMatching(/^欠费停机：/),
        action: { text: '去充值', path: '/recharge' },
      });
      // no reason given: never a guess, support finds out
      await t.db.kysely.updateTable('cards').set({ state: 3, stop_reason: '' }).where('id', '=', id).execute();
      expect(await clew('1000000003')).toEqual({
        level: 'danger',
        content: expect.stringMatching(/停机/),
        action: { text: '联系客服', path: '/customer?form=home' },
      });
      await t.db.kysely.updateTable('cards').set({ state: 4 }).where('id', '=', id).execute();
      expect(await clew('1000000003')).toEqual({
        level: 'danger',
        content: expect.stringMatching(/^流量已用完：/),
        // the order of the package that brings it back, one tap from paying (decision 0070)
        action: { text: '订购加油包', path: '/combo_detail?restore=1' },
      });
      await t.db.kysely.updateTable('cards').set({ state: 1 }).where('id', '=', id).execute();
    });

    it('a package expiring within 7 days, low remaining data, and nothing to say', async () => {
      // a real-named card (1000000003 is not: its one problem would be 去实名)
      const id = await cardId(t, '1000000013');
      const now = Date.now();
      const setPackage = (startedMs: number, expiredMs: number, totalKb: number) =>
        t.db.kysely
          .updateTable('card_packages')
          .set({ started_at: new Date(startedMs).toISOString(), expired_at: new Date(expiredMs).toISOString(), total_kb: totalKb })
          .where('card_id', '=', id)
          .execute();

      // stops working at the China midnight 3 days ahead (its last day is 2 days ahead), plenty of data
      const expiry = new Date(`${chinaDate(new Date(now + 3 * DAY))}T00:00:00+08:00`).getTime();
      await setPackage(now - 2 * DAY, expiry, 500 * 1024 * 1024);
      const lastDay = chinaDate(new Date(expiry - 1));
      // the reminder names the package's last day (the package card says the same) and offers renewal
      expect(await clew('1000000013')).toEqual({
        level: 'warning',
        content: expect.stringContaining(`有效期至${lastDay}（还剩2天）`),
        action: { text: '去续订', path: '/combo' },
      });

      // far from expiry, but the package is nearly used up (5 % of it left)
      await setPackage(now - 2 * DAY, now + 20 * DAY, 500 * 1024 * 1024);
      const flow = await t.get('/api/v2/card/flow?custom_num=1000000013', demo);
      const used = flow.json().data.package.used_kb as number;
      await setPackage(now - 2 * DAY, now + 20 * DAY, Math.ceil(used / 0.95));
      const low = await clew('1000000013');
      expect(low.level).toBe('warning');
      expect(low.content).toMatch(/剩余流量不足10%/);
      expect(low.action).toEqual({ text: '订购加油包', path: '/combo' });

      // far from expiry and plenty left
      await setPackage(now - 2 * DAY, now + 20 * DAY, 500 * 1024 * 1024);
      expect(await clew('1000000013')).toEqual({ level: 'none', content: '', action: null });
    });
  });
});
