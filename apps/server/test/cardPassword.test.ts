// Card login passwords: has_password, and set / reset by an SMS code sent to the card's mobile
// (the /forgot page; /forgot?set=true for a card without a password, such as 1000000013).
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO } from '../src/db/seed';
import { clock } from '../src/lib/clock';
import { expectAllRejectedWithoutWrites, expectRejected, jsonPost, oversizedBody } from './badInput';
import { databases, useTestApp } from './harness';

function okData(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code, res.body).toBe(0);
  return res.json().data;
}

describe.each(databases())('card password on %s', (kind) => {
  const t = useTestApp(kind);
  /** the demo holder's phone gets every code of this file: keep clear of the 60 s cooldown */
  const nextMinute = () => clock.advance(61_000);

  async function requestCode(customNum: string): Promise<{ mobile: string; code: string }> {
    nextMinute();
    const data = okData(await t.post('/api/v1/card/password/sms', { custom_num: customNum }));
    return { mobile: data.mobile, code: await t.lastSmsCode(DEMO.mobile) };
  }

  describe('has_password', () => {
    it('says whether a card has a password, never sending the hash', async () => {
      const token = await t.loginAccount();
      const withPw = await t.get('/api/v1/card/has_password?custom_num=1000000001', token);
      expect(okData(withPw)).toEqual({ password: '******', has_password: true, card_login: true });
      expect(withPw.body).not.toContain('scrypt');
      const without = okData(await t.get('/api/v1/card/has_password?custom_num=1000000013', token));
      expect(without).toEqual({ password: '', has_password: false, card_login: true });
    });

    it('is for the caller’s own cards only: 403 for another person’s card, 10000 for an unknown one, 401 without login', async () => {
      const card20 = await t.loginCard('1000000020');
      okData(await t.get('/api/v1/card/has_password?custom_num=1000000020', card20));
      const other = expectRejected(await t.get('/api/v1/card/has_password?custom_num=1000000001', card20), 403);
      expect(other.code).toBe(40300);
      const token = await t.loginAccount();
      // 1000000014 exists but is not bound to the demo user
      expect(expectRejected(await t.get('/api/v1/card/has_password?custom_num=1000000014', token), 403).code).toBe(40300);
      expect(expectRejected(await t.get('/api/v1/card/has_password?custom_num=1999999999', token), 400)).toEqual({
        code: 10000,
        message: '卡号不存在',
        data: null,
      });
      expect(expectRejected(await t.get('/api/v1/card/has_password?custom_num=1000000001'), 401).code).toBe(40100);
    });
  });

  describe('bind_check (before binding: which proof, the same answer whether the card exists or not)', () => {
    const hint = '请输入卡密码（6位数字，印在卡片包装或卡托上；遗失请联系客服）';
    const asked = (num: string) => ({ custom_num: num, needs_password: true, already_bound: false, proof: 'card_password', hint });
    it.each([
      ['a free card with a password', '1000000020', asked('1000000020')],
      // an ICCID is not resolved for someone else's card: that would tell which numbers exist
      ['the ICCID on its holder, not the caller’s', '89860119000000000020', asked('89860119000000000020')],
      ['an unknown number: the same answer', '1999999999', asked('1999999999')],
      ['a cancelled card: the same answer', '1000000005', asked('1000000005')],
      [
        'a card of the caller’s own: nothing to ask',
        '1000000001',
        { custom_num: '1000000001', needs_password: false, already_bound: true, proof: 'none', hint: '' },
      ],
    ])('%s', async (_n, num, expected) => {
      const token = await t.loginAccount();
      expect(okData(await t.get(`/api/v1/card/bind_check?custom_num=${num}`, token))).toEqual(expected);
    });

    it('a card without a password still needs one: no card is exempt (docs/decisions/0028)', async () => {
      const token = await t.loginAccount();
      await t.db.kysely.updateTable('cards').set({ password_hash: null }).where('custom_num', '=', '1000000020').execute();
      expect(okData(await t.get('/api/v1/card/bind_check?custom_num=1000000020', token))).toEqual(asked('1000000020'));
    });

    it('refuses a card-number login (403), no login (401) and a malformed number (10001)', async () => {
      const token = await t.loginAccount();
      const card = await t.loginCard('1000000001');
      expect(expectRejected(await t.get('/api/v1/card/bind_check?custom_num=1000000020', card), 403).code).toBe(40300);
      expect(expectRejected(await t.get('/api/v1/card/bind_check?custom_num=1000000020'), 401).code).toBe(40100);
      expect(expectRejected(await t.get('/api/v1/card/bind_check?custom_num=12ab', token), 400).code).toBe(10001);
    });
  });

  describe('set and reset by SMS', () => {
    it('sets a first password for 1000000013 (/forgot?set=true), then the card logs in with it', async () => {
      const { mobile, code } = await requestCode('1000000013');
      expect(mobile).toBe('138****8000');
      const sms = await t.db.kysely.selectFrom('sim_sms_outbox').select('content').orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(sms.content).toContain('尾号0013');
      expect(sms.content).toContain('【畅联流量卡自助服务】');
      const stored = await t.db.kysely.selectFrom('sms_codes').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ mobile: DEMO.mobile, purpose: 'card_password', subject: '1000000013' });
      expect(stored.code_hash).not.toContain(code);

      const done = okData(
        await t.post('/api/v1/card/password/reset', { custom_num: '1000000013', code, password: '8888', confirm_password: '8888' }),
      );
      expect(done).toEqual({ custom_num: '1000000013', revoked_sessions: 0 });
      const token = await t.loginAccount();
      expect(okData(await t.get('/api/v1/card/has_password?custom_num=1000000013', token)).has_password).toBe(true);
      const login = okData(await t.post('/api/v1/login', { login_model: 'customNum', custom_num: '1000000013', password: '8888' }));
      expect(login).toMatchObject({ user_id: 0, custom_num: '1000000013' });
      const row = await t.db.kysely
        .selectFrom('cards')
        .select('password_hash')
        .where('custom_num', '=', '1000000013')
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^scrypt\$/);
    });

    it('resets a password: card-number logins of that card are signed out (40001), account logins are not', async () => {
      const cardToken = await t.loginCard('1000000003');
      const accountToken = await t.loginAccount();
      const otherCard = await t.loginCard('1000000002');
      const { code } = await requestCode('1000000003');
      const done = okData(
        await t.post('/api/v1/card/password/reset', { custom_num: '1000000003', code, password: '24680', confirm_password: '24680' }),
      );
      expect(done).toEqual({ custom_num: '1000000003', revoked_sessions: 1 });

      const kicked = await t.get('/api/v1/session', cardToken);
      expect([kicked.statusCode, kicked.json().code]).toEqual([200, 40001]);
      okData(await t.get('/api/v1/card/has_password?custom_num=1000000003', accountToken));
      okData(await t.get('/api/v1/session', otherCard));

      const old = expectRejected(
        await t.post('/api/v1/login', { login_model: 'customNum', custom_num: '1000000003', password: DEMO.cardPassword }),
        400,
      );
      expect(old.code).toBe(10202);
      okData(await t.post('/api/v1/login', { login_model: 'customNum', custom_num: '1000000003', password: '24680' }));
    });

    it('lifts a lockout of the card: its holder proved control of the mobile', async () => {
      for (let i = 0; i < 5; i++) await t.post('/api/v1/login', { login_model: 'customNum', custom_num: '1000000010', password: '0000' });
      const locked = expectRejected(
        await t.post('/api/v1/login', { login_model: 'customNum', custom_num: '1000000010', password: DEMO.cardPassword }),
        400,
      );
      expect(locked.code).toBe(10102);
      const { code } = await requestCode('1000000010');
      okData(await t.post('/api/v1/card/password/reset', { custom_num: '1000000010', code, password: '1357', confirm_password: '1357' }));
      okData(await t.post('/api/v1/login', { login_model: 'customNum', custom_num: '1000000010', password: '1357' }));
    });

    it('rejects a wrong, expired, used or other-purpose code and leaves the password alone', async () => {
      const before = await t.db.kysely
        .selectFrom('cards')
        .select('password_hash')
        .where('custom_num', '=', '1000000011')
        .executeTakeFirstOrThrow();
      const reset = (code: string) =>
        t.post('/api/v1/card/password/reset', { custom_num: '1000000011', code, password: '4321', confirm_password: '4321' });

      const { code } = await requestCode('1000000011');
      const wrong = code === '000000' ? '111111' : '000000';
      expect(expectRejected(await reset(wrong), 400)).toMatchObject({ code: 10103, message: '验证码错误，还可尝试4次' });

      clock.advance(5 * 60_000 + 1000);
      expect(expectRejected(await reset(code), 400)).toMatchObject({ code: 10103, message: '验证码错误或已过期，请重新获取' });

      // a login code for the same mobile does not reset a card password
      nextMinute();
      okData(await t.post('/api/v1/sms/code', { mobile: DEMO.mobile }));
      const loginCode = await t.lastSmsCode(DEMO.mobile);
      expect(expectRejected(await reset(loginCode), 400).code).toBe(10103);

      const after = await t.db.kysely
        .selectFrom('cards')
        .select('password_hash')
        .where('custom_num', '=', '1000000011')
        .executeTakeFirstOrThrow();
      expect(after.password_hash).toBe(before.password_hash);

      const fresh = await requestCode('1000000011');
      okData(await reset(fresh.code));
      expect(expectRejected(await reset(fresh.code), 400).code).toBe(10103);
    });

    it('takes a code only for the card it was sent for, not another card of the same holder (same mobile)', async () => {
      const hashOf = async (num: string) =>
        (await t.db.kysely.selectFrom('cards').select('password_hash').where('custom_num', '=', num).executeTakeFirstOrThrow())
          .password_hash;
      const before = await hashOf('1000000010');
      const { code } = await requestCode('1000000003'); // the message says 尾号0003
      const other = expectRejected(
        await t.post('/api/v1/card/password/reset', { custom_num: '1000000010', code, password: '9753', confirm_password: '9753' }),
        400,
      );
      expect(other).toMatchObject({ code: 10103, message: '验证码错误或已过期，请重新获取' });
      expect(await hashOf('1000000010')).toBe(before);
      // and it still works for its own card
      okData(await t.post('/api/v1/card/password/reset', { custom_num: '1000000003', code, password: '9753', confirm_password: '9753' }));
    });

    it('keeps the 60-second cooldown per phone number', async () => {
      await requestCode('1000000012');
      const again = expectRejected(await t.post('/api/v1/card/password/sms', { custom_num: '1000000012' }), 400);
      expect(again.code).toBe(10104);
      expect(again.message).toMatch(/秒后再试/);
    });

    it('sends to the reserve mobile of a card bound to nobody, and answers CARD_NO_MOBILE when there is none', async () => {
      const none = expectRejected(await t.post('/api/v1/card/password/sms', { custom_num: '1000000020' }), 400);
      expect(none).toEqual({ code: 10205, message: '该卡未绑定手机号，请联系客服', data: null });
      expect(
        expectRejected(
          await t.post('/api/v1/card/password/reset', {
            custom_num: '1000000020',
            code: '123456',
            password: '1234',
            confirm_password: '1234',
          }),
          400,
        ).code,
      ).toBe(10205);

      await t.db.kysely.updateTable('cards').set({ reserve_mobile: '13612345678' }).where('custom_num', '=', '1000000020').execute();
      const sent = okData(await t.post('/api/v1/card/password/sms', { custom_num: '1000000020' }));
      expect(sent).toEqual({ mobile: '136****5678', cooldown_seconds: 60 });
      const code = await t.lastSmsCode('13612345678');
      okData(await t.post('/api/v1/card/password/reset', { custom_num: '1000000020', code, password: '97531', confirm_password: '97531' }));
      okData(await t.post('/api/v1/login', { login_model: 'customNum', custom_num: '1000000020', password: '97531' }));
    });

    it('answers code 10000 for an unknown card, sending nothing', async () => {
      const before = await t.snapshot();
      expect(expectRejected(await t.post('/api/v1/card/password/sms', { custom_num: '1999999999' }), 400).code).toBe(10000);
      expect((await t.snapshot()).sim_sms_outbox).toBe(before.sim_sms_outbox);
      expect((await t.snapshot()).sms_codes).toBe(before.sms_codes);
    });
  });

  describe('bad input', () => {
    it('is rejected on every card password route with a Chinese message, never 500, writing nothing', async () => {
      const token = await t.loginAccount();
      const S = '/api/v1/card/password/sms';
      const R = '/api/v1/card/password/reset';
      const good = { custom_num: '1000000001', code: '123456', password: '1234', confirm_password: '1234' };
      const raw = (url: string, payload: string) =>
        t.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
      await expectAllRejectedWithoutWrites(t, [
        // GET /card/has_password
        { name: 'has no query', send: () => t.get('/api/v1/card/has_password', token), status: 400, message: /卡号/ },
        { name: 'has letters', send: () => t.get('/api/v1/card/has_password?custom_num=abc', token), status: 400, message: /卡号/ },
        { name: 'has too long', send: () => t.get(`/api/v1/card/has_password?custom_num=${'1'.repeat(30)}`, token), status: 400 },
        {
          name: 'has twice',
          send: () => t.get('/api/v1/card/has_password?custom_num=1000000001&custom_num=1000000002', token),
          status: 400,
        },
        {
          name: 'has injection',
          send: () => t.get(`/api/v1/card/has_password?custom_num=${encodeURIComponent("1' or '1'='1")}`, token),
          status: 400,
        },
        { name: 'has forged token', send: () => t.get('/api/v1/card/has_password?custom_num=1000000001', 'forged'), status: 401 },
        // POST /card/password/sms
        { name: 'sms malformed', send: () => raw(S, '{"custom_num":'), status: 400, message: /JSON/ },
        { name: 'sms missing', send: () => t.post(S, {}), status: 400, message: /卡号/ },
        { name: 'sms number type', send: () => t.post(S, { custom_num: 1000000001 }), status: 400, message: /卡号/ },
        { name: 'sms oversized', send: () => raw(S, oversizedBody({ custom_num: '1000000001' })), status: 413 },
        { name: 'sms null body', send: () => raw(S, 'null'), status: 400 },
        // POST /card/password/reset
        { name: 'reset malformed', send: () => raw(R, '{"custom_num":"1000000001",'), status: 400, message: /JSON/ },
        { name: 'reset missing code', send: () => t.post(R, { ...good, code: undefined }), status: 400, message: /验证码/ },
        {
          name: 'reset short password',
          send: () => t.post(R, { ...good, password: '123', confirm_password: '123' }),
          status: 400,
          message: /4-6位/,
        },
        {
          name: 'reset letters',
          send: () => t.post(R, { ...good, password: 'abcd', confirm_password: 'abcd' }),
          status: 400,
          message: /4-6位/,
        },
        {
          name: 'reset mismatch',
          send: () => t.post(R, { ...good, confirm_password: '4321' }),
          status: 400,
          message: /两次输入的密码不一致/,
        },
        { name: 'reset wrong types', send: () => t.post(R, { ...good, code: 123456 }), status: 400 },
        { name: 'reset oversized', send: () => jsonPost(t, R, oversizedBody(good), token), status: 413 },
      ]);
    });
  });
});
