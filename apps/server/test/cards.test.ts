// Cards API: bound cards, bind / unbind, the access rule (bound or logged-in card only), and bad
// input on every cards route. SQLite and PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@portal/contract';
import { DEMO } from '../src/db/seed';
import { expectAllRejectedWithoutWrites, expectRejected, jsonPost, oversizedBody } from './badInput';
import { databases, useTestApp } from './harness';
import { cardId, list, info, holders } from './cardsHelpers';

describe.each(databases())('cards on %s', (kind) => {
  const t = useTestApp(kind);
  let demo: string;
  let other: string;
  let demoId: number;

  beforeAll(async () => {
    ({ demo, other, demoId } = await holders(t));
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
