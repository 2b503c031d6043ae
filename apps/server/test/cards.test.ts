// Cards API: bound cards, bind / unbind, card info with every field, the card hint, the access
// rule (bound or logged-in card only), and bad input on every route. SQLite and PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { CardInfoAnswer, CardInfoCore, Code } from '@portal/contract';
import { chinaDate } from '@portal/domain';
import { DEMO } from '../src/db/seed';
import { queryObserver } from '../src/lib/metrics';
import { hashPassword } from '../src/lib/password';
import { expectAllRejectedWithoutWrites, expectRejected, jsonPost, oversizedBody } from './badInput';
import { databases, TEST_PASSWORD_HASH_COST, useTestApp, type TestApp } from './harness';

const DAY = 86_400_000;

async function userId(t: TestApp, account: string): Promise<number> {
  const u = await t.db.kysely.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow();
  return u.id;
}

async function cardId(t: TestApp, num: string): Promise<number> {
  const c = await t.db.kysely.selectFrom('cards').select('id').where('custom_num', '=', num).executeTakeFirstOrThrow();
  return c.id;
}

/** A second real user (account other / other1234) of the demo agent. */
async function makeOtherUser(t: TestApp): Promise<string> {
  const agent = await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', 'demo').executeTakeFirstOrThrow();
  await t.db.kysely
    .insertInto('users')
    .values({
      agent_id: agent.id,
      mobile: '13900139000',
      account: 'other',
      password_hash: await hashPassword('other1234', TEST_PASSWORD_HASH_COST),
      created_at: new Date().toISOString(),
    })
    .execute();
  return t.loginAccount('other', 'other1234');
}

async function list(t: TestApp, token: string): Promise<string[]> {
  const res = await t.get('/api/v1/card/bind_list', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.list.map((c: { custom_num: string }) => c.custom_num);
}

async function info(t: TestApp, num: string, token: string): Promise<CardInfoAnswer> {
  const res = await t.get(`/api/v2/card/info?custom_num=${num}`, token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code).toBe(0);
  return res.json().data;
}

describe.each(databases())('cards on %s', (kind) => {
  const t = useTestApp(kind);
  let demo: string;
  let other: string;
  let demoId: number;

  beforeAll(async () => {
    demo = await t.loginAccount();
    other = await makeOtherUser(t);
    demoId = await userId(t, DEMO.account);
  });

  describe('bind list', () => {
    it('lists the demo user’s seven cards in binding order', async () => {
      const res = await t.get('/api/v1/card/bind_list', demo);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.code).toBe(0);
      expect(body.data.list.map((c: { custom_num: string }) => c.custom_num)).toEqual([...DEMO.boundCards]);
      const first = body.data.list[0];
      expect(first).toEqual({
        custom_num: '1000000001',
        iccid: expect.stringMatching(/^8986/),
        state: 1,
        supplier: 2,
        card_mold: 1,
        remark: '',
        bound_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        // at a glance: the network the user knows, balance, the package in force and what is left
        nickname: '',
        network: '中国联通',
        balance: 20,
        package: {
          name: expect.any(String),
          total_kb: expect.any(Number),
          remaining_kb: expect.any(Number),
          expired_at: expect.any(String),
          valid_until: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        },
        // in service: no stop reason, nothing wrong (the line's read model)
        stop_reason: null,
        problem: null,
        // in no wifi device (docs/decisions/0066)
        device: null,
      });
      const byNum = (n: string) => body.data.list.find((c: { custom_num: string }) => c.custom_num === n);
      expect(byNum('1000000012').supplier).toBe(9);
      // suppliers and device kinds are never shown as the network
      expect(byNum('1000000012').network).toBe('三网通');
      expect(byNum('1000000010').network).toBe('中国联通');
      expect(byNum('1000000002').package).toBeNull();
      expect(byNum('1000000002').problem).toMatchObject({ code: 'no_package', fix: { kind: 'buy_package' } });
      expect(byNum('1000000003').problem).toMatchObject({ code: 'not_real_named', fix: { kind: 'real_name' } });
    });

    it('a card-number login sees its own card only', async () => {
      const token = await t.loginCard('1000000020');
      const res = await t.get('/api/v1/card/bind_list', token);
      expect(res.json().data.list).toEqual([expect.objectContaining({ custom_num: '1000000020', state: 1, supplier: 2, bound_at: '' })]);
    });

    it('a user without cards gets an empty list', async () => {
      expect(await list(t, other)).toEqual([]);
    });

    it('needs a login', async () => {
      const res = await t.get('/api/v1/card/bind_list');
      expectRejected(res, 401);
    });
  });

  describe('bind', () => {
    it('a card with a password needs it', async () => {
      const before = await t.snapshot();
      const res = await t.post('/api/v1/card/bind', { custom_num: '1000000020' }, demo);
      const body = expectRejected(res, 400);
      expect(body.code).toBe(Code.CARD_PASSWORD_REQUIRED);
      expect(await t.snapshot()).toEqual(before);
    });

    it('a wrong password is refused and says how many tries are left', async () => {
      const res = await t.post('/api/v1/card/bind', { custom_num: '1000000020', password: '654321' }, demo);
      const body = expectRejected(res, 400);
      expect(body.code).toBe(Code.CARD_PASSWORD_WRONG);
      expect(body.message).toMatch(/卡号或卡密码错误，还可尝试4次/);
      expect(await list(t, demo)).not.toContain('1000000020');
    });

    it('binds 1000000020 with its password; the card then shows in the list and its info names the owner', async () => {
      const res = await t.post('/api/v1/card/bind', { custom_num: '1000000020', password: DEMO.cardPassword }, demo);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.code).toBe(0);
      expect(body.data).toEqual({
        card: expect.objectContaining({ custom_num: '1000000020', state: 1, supplier: 2, bound_at: expect.any(String) }),
        already_bound: false,
      });
      expect(await list(t, demo)).toEqual([...DEMO.boundCards, '1000000020']);
      expect((await info(t, '1000000020', demo)).info.user_id).toBe(demoId);
      // the failure count was reset by the success
      const throttle = await t.db.kysely.selectFrom('throttles').select('key').where('key', 'like', '%1000000020%').execute();
      expect(throttle).toEqual([]);
    });

    it('binding again is an idempotent success', async () => {
      const before = await t.snapshot();
      const res = await t.post('/api/v1/card/bind', { custom_num: '1000000020', password: DEMO.cardPassword }, demo);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.already_bound).toBe(true);
      expect(await t.snapshot()).toEqual(before);
    });

    it('a card bound to someone else cannot be bound', async () => {
      const before = await t.snapshot();
      const res = await t.post('/api/v1/card/bind', { custom_num: '1000000020', password: DEMO.cardPassword }, other);
      const body = expectRejected(res, 400);
      expect(body.code).toBe(Code.CARD_ALREADY_BOUND);
      expect(body.message).toMatch(/该卡已被其他账号绑定，需原绑定人解绑/);
      expect(await t.snapshot()).toEqual(before);
      expect(await list(t, other)).toEqual([]);
    });

    it('a cancelled card (1000000005) cannot be bound', async () => {
      const before = await t.snapshot();
      const res = await t.post('/api/v1/card/bind', { custom_num: '1000000005', password: DEMO.cardPassword }, other);
      const body = expectRejected(res, 400);
      expect(body.message).toMatch(/已销户/);
      expect(await t.snapshot()).toEqual(before);
    });

    it('an unknown card answers like a wrong password: a guess learns nothing', async () => {
      const res = await t.post('/api/v1/card/bind', { custom_num: '1999999999', password: '123456' }, other);
      const body = expectRejected(res, 400);
      expect(body.code).toBe(Code.CARD_PASSWORD_WRONG);
      expect(body.message).toBe('卡号或卡密码错误，还可尝试4次');
    });

    it('a card-number login cannot bind cards', async () => {
      const token = await t.loginCard('1000000008');
      const before = await t.snapshot();
      const res = await t.post('/api/v1/card/bind', { custom_num: '1000000008', password: DEMO.cardPassword }, token);
      const body = expectRejected(res, 403);
      expect(body.message).toMatch(/卡号登录不能绑定/);
      expect(await t.snapshot()).toEqual(before);
    });

    it('repeated wrong passwords lock the card for this account only: the holder still logs in with it', async () => {
      for (let i = 1; i <= 4; i++) {
        const res = await t.post('/api/v1/card/bind', { custom_num: '1000000014', password: '000000' }, other);
        expect(res.json().code, res.body).toBe(Code.CARD_PASSWORD_WRONG);
      }
      const fifth = await t.post('/api/v1/card/bind', { custom_num: '1000000014', password: '000000' }, other);
      expect(fifth.json().code).toBe(Code.LOCKED);
      expect(fifth.json().message).toMatch(/锁定/);
      // the right password does not help while locked
      const right = await t.post('/api/v1/card/bind', { custom_num: '1000000014', password: DEMO.cardPassword }, other);
      expect(right.json().code).toBe(Code.LOCKED);
      // a stranger's failures never lock the holder's own card login (docs/decisions/0028)
      const login = await t.post('/api/v1/login', { login_model: 'customNum', custom_num: '1000000014', password: DEMO.cardPassword });
      expect(login.json().code, login.body).toBe(0);
      expect(await list(t, other)).toEqual([]);
    });

    it('concurrent binds of one free card: exactly one user gets it', async () => {
      // 1000000013 has no card password: give it the demo one (every bind proves possession), then free it
      const demoHash = await t.db.kysely
        .selectFrom('cards')
        .select('password_hash')
        .where('custom_num', '=', '1000000020')
        .executeTakeFirstOrThrow();
      await t.db.kysely
        .updateTable('cards')
        .set({ password_hash: demoHash.password_hash })
        .where('custom_num', '=', '1000000013')
        .execute();
      const un = await t.post('/api/v1/card/unbind', { custom_num: '1000000013' }, demo);
      expect(un.json().code, un.body).toBe(0);
      const bind13 = { custom_num: '1000000013', password: DEMO.cardPassword };
      const results = await Promise.all([
        t.post('/api/v1/card/bind', bind13, demo),
        t.post('/api/v1/card/bind', bind13, other),
        t.post('/api/v1/card/bind', bind13, demo),
        t.post('/api/v1/card/bind', bind13, other),
      ]);
      for (const r of results) expect(r.statusCode).toBeLessThan(500);
      const rows = await t.db.kysely
        .selectFrom('card_bindings')
        .select('user_id')
        .where('card_id', '=', await cardId(t, '1000000013'))
        .execute();
      expect(rows).toHaveLength(1);
      const winner = rows[0]!.user_id;
      const winnerToken = winner === demoId ? demo : other;
      const loserToken = winner === demoId ? other : demo;
      expect(await list(t, winnerToken)).toContain('1000000013');
      expect(await list(t, loserToken)).not.toContain('1000000013');
      const losers = results.filter((r) => r.json().code !== 0);
      for (const r of losers) expect(r.json().code).toBe(Code.CARD_ALREADY_BOUND);
      // give it back to the demo user
      if (winner !== demoId) {
        expect((await t.post('/api/v1/card/unbind', { custom_num: '1000000013' }, other)).json().code).toBe(0);
        expect((await t.post('/api/v1/card/bind', bind13, demo)).json().code).toBe(0);
      }
    });
  });

  describe('unbind', () => {
    it('unbinds a bound card; it leaves the list and the card is free for others', async () => {
      const res = await t.post('/api/v1/card/unbind', { custom_num: '1000000020' }, demo);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ code: 0, message: 'ok', data: { custom_num: '1000000020' } });
      expect(await list(t, demo)).not.toContain('1000000020');
      // no longer the demo user's card
      expectRejected(await t.get('/api/v2/card/info?custom_num=1000000020', demo), 403);
      const again = await t.post('/api/v1/card/bind', { custom_num: '1000000020', password: DEMO.cardPassword }, other);
      expect(again.json().code).toBe(0);
      expect(await list(t, other)).toEqual(['1000000020']);
    });

    it('refuses a card that is not the caller’s (403), an unknown one (10000) and card-number logins', async () => {
      const cardToken = await t.loginCard('1000000020');
      await expectAllRejectedWithoutWrites(t, [
        {
          name: 'not bound',
          send: () => t.post('/api/v1/card/unbind', { custom_num: '1000000004' }, demo),
          status: 403,
          code: Code.FORBIDDEN,
        },
        { name: 'bound to another user', send: () => t.post('/api/v1/card/unbind', { custom_num: '1000000020' }, demo), status: 403 },
        {
          name: 'unknown',
          send: () => t.post('/api/v1/card/unbind', { custom_num: '1999999999' }, demo),
          status: 400,
          code: Code.CARD_NOT_FOUND,
        },
        {
          name: 'card login',
          send: () => t.post('/api/v1/card/unbind', { custom_num: '1000000020' }, cardToken),
          status: 403,
          message: /卡号登录/,
        },
        { name: 'no token', send: () => t.post('/api/v1/card/unbind', { custom_num: '1000000001' }), status: 401 },
      ]);
    });
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

  describe('bad input', () => {
    it('every cards route rejects malformed input with a Chinese 4xx and writes nothing', async () => {
      const big = oversizedBody({ custom_num: '1000000001' });
      await expectAllRejectedWithoutWrites(t, [
        // card info
        { name: 'info: missing custom_num', send: () => t.get('/api/v2/card/info', demo), status: 400, code: Code.BAD_REQUEST },
        { name: 'info: letters', send: () => t.get('/api/v2/card/info?custom_num=abc', demo), status: 400, message: /卡号/ },
        { name: 'info: too short', send: () => t.get('/api/v2/card/info?custom_num=12345', demo), status: 400 },
        { name: 'info: too long', send: () => t.get(`/api/v2/card/info?custom_num=${'1'.repeat(21)}`, demo), status: 400 },
        { name: 'info: twice', send: () => t.get('/api/v2/card/info?custom_num=1000000001&custom_num=1000000002', demo), status: 400 },
        {
          name: 'info: injection',
          send: () => t.get(`/api/v2/card/info?custom_num=${encodeURIComponent("1' or '1'='1")}`, demo),
          status: 400,
        },
        { name: 'info: empty', send: () => t.get('/api/v2/card/info?custom_num=', demo), status: 400 },
        // clew
        { name: 'clew: missing', send: () => t.get('/api/v1/card/clew', demo), status: 400 },
        { name: 'clew: malformed', send: () => t.get('/api/v1/card/clew?custom_num=10000000x1', demo), status: 400 },
        // bind
        {
          name: 'bind: malformed JSON',
          send: () => jsonPost(t, '/api/v1/card/bind', '{"custom_num": "1000000004",', demo),
          status: 400,
          message: /JSON/,
        },
        { name: 'bind: empty JSON body', send: () => jsonPost(t, '/api/v1/card/bind', '', demo), status: 400 },
        {
          name: 'bind: missing custom_num',
          send: () => t.post('/api/v1/card/bind', { password: '123456' }, demo),
          status: 400,
          code: Code.BAD_REQUEST,
        },
        {
          name: 'bind: number custom_num',
          send: () => t.post('/api/v1/card/bind', { custom_num: 1000000004, password: '123456' }, demo),
          status: 400,
        },
        {
          name: 'bind: number password',
          send: () => t.post('/api/v1/card/bind', { custom_num: '1000000004', password: 123456 }, demo),
          status: 400,
        },
        {
          name: 'bind: short password',
          send: () => t.post('/api/v1/card/bind', { custom_num: '1000000004', password: '12' }, demo),
          status: 400,
          message: /4-6位/,
        },
        {
          name: 'bind: letters password',
          send: () => t.post('/api/v1/card/bind', { custom_num: '1000000004', password: 'abcdef' }, demo),
          status: 400,
        },
        { name: 'bind: array body', send: () => jsonPost(t, '/api/v1/card/bind', '["1000000004"]', demo), status: 400 },
        { name: 'bind: null body', send: () => jsonPost(t, '/api/v1/card/bind', 'null', demo), status: 400 },
        { name: 'bind: oversized', send: () => jsonPost(t, '/api/v1/card/bind', big, demo), status: 413 },
        {
          name: 'bind: not JSON',
          send: () =>
            t.inject({
              method: 'POST',
              url: '/api/v1/card/bind',
              payload: 'custom_num=1000000004',
              headers: { authorization: `Bearer ${demo}`, 'content-type': 'application/x-www-form-urlencoded' },
            }),
        },
        // unbind
        { name: 'unbind: malformed JSON', send: () => jsonPost(t, '/api/v1/card/unbind', '{custom_num:1000000001}', demo), status: 400 },
        { name: 'unbind: missing', send: () => t.post('/api/v1/card/unbind', {}, demo), status: 400 },
        { name: 'unbind: wrong type', send: () => t.post('/api/v1/card/unbind', { custom_num: ['1000000001'] }, demo), status: 400 },
        { name: 'unbind: oversized', send: () => jsonPost(t, '/api/v1/card/unbind', big, demo), status: 413 },
      ]);
      // and the demo user still has the card bad requests named
      expect(await list(t, demo)).toContain('1000000001');
    });
  });
});
