// Payment setting per agent (docs/spec/portal-spec.md §3; defaults from §9).
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { expectAllRejectedWithoutWrites, expectRejected } from './badInput';
import { databases, useTestApp } from './harness';

function okData(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code, res.body).toBe(0);
  return res.json().data;
}

describe.each(databases())('pay setting on %s', (kind) => {
  const t = useTestApp(kind);

  it('answers the setting of the card’s agent: demo pays by messaging app and e-wallet cashier, instalment from 100 yuan', async () => {
    const token = await t.loginAccount();
    expect(okData(await t.get('/api/v1/pay/setting?custom_num=1000000001', token))).toEqual({
      ali_pay: true,
      ali_pay_type: 4,
      ant_credit_pay: true,
      ant_credit_min_money: 100,
      wechat_pay: true,
      wechat_pay_type: 1,
      official_pay_type: 1,
    });
  });

  it('answers the spec defaults for an agent without a setting (acme)', async () => {
    const token = await t.loginCard('1000000014');
    expect(okData(await t.get('/api/v1/pay/setting?custom_num=1000000014', token))).toEqual({
      ali_pay: false,
      ali_pay_type: 0,
      ant_credit_pay: false,
      ant_credit_min_money: 0,
      wechat_pay: false,
      wechat_pay_type: 0,
      official_pay_type: 0,
    });
  });

  it('sends money in yuan from integer fen', async () => {
    const agent = await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', 'demo').executeTakeFirstOrThrow();
    await t.db.kysely.updateTable('pay_settings').set({ ant_credit_min_money_fen: 9999 }).where('agent_id', '=', agent.id).execute();
    try {
      const token = await t.loginAccount();
      expect(okData(await t.get('/api/v1/pay/setting?custom_num=1000000002', token)).ant_credit_min_money).toBe(99.99);
    } finally {
      await t.db.kysely.updateTable('pay_settings').set({ ant_credit_min_money_fen: 10000 }).where('agent_id', '=', agent.id).execute();
    }
  });

  it('is for the caller’s own cards only', async () => {
    const card20 = await t.loginCard('1000000020');
    okData(await t.get('/api/v1/pay/setting?custom_num=1000000020', card20));
    expect(expectRejected(await t.get('/api/v1/pay/setting?custom_num=1000000001', card20), 403).code).toBe(40300);
    const token = await t.loginAccount();
    expect(expectRejected(await t.get('/api/v1/pay/setting?custom_num=1999999999', token), 400)).toEqual({
      code: 10000,
      message: '卡号不存在',
      data: null,
    });
    expect(expectRejected(await t.get('/api/v1/pay/setting?custom_num=1000000001'), 401).code).toBe(40100);
  });

  it('rejects bad input with a Chinese message, never 500, writing nothing', async () => {
    const token = await t.loginAccount();
    await expectAllRejectedWithoutWrites(t, [
      { name: 'no card', send: () => t.get('/api/v1/pay/setting', token), status: 400, message: /卡号/ },
      { name: 'empty card', send: () => t.get('/api/v1/pay/setting?custom_num=', token), status: 400, message: /卡号/ },
      { name: 'letters', send: () => t.get('/api/v1/pay/setting?custom_num=abcdefgh', token), status: 400, message: /卡号/ },
      { name: 'twice', send: () => t.get('/api/v1/pay/setting?custom_num=1000000001&custom_num=1000000002', token), status: 400 },
      { name: 'forged token', send: () => t.get('/api/v1/pay/setting?custom_num=1000000001', 'forged'), status: 401 },
      { name: 'unknown card', send: () => t.get('/api/v1/pay/setting?custom_num=1999999999', token), status: 400, code: 10000 },
    ]);
  });
});
