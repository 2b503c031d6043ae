// What the cards tests share: ids by account and card number, a second holder, what the bound list
// and card info answer.
import { expect } from 'vitest';
import { CardInfoAnswer } from '@portal/contract';
import { DEMO } from '../src/db/seed';
import { hashPassword } from '../src/lib/password';
import { TEST_PASSWORD_HASH_COST, type TestApp } from './harness';

export const DAY = 86_400_000;

export async function userId(t: TestApp, account: string): Promise<number> {
  const u = await t.db.kysely.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow();
  return u.id;
}

export async function cardId(t: TestApp, num: string): Promise<number> {
  const c = await t.db.kysely.selectFrom('cards').select('id').where('custom_num', '=', num).executeTakeFirstOrThrow();
  return c.id;
}

/** A second real user (account other / other1234) of the demo agent. */
export async function makeOtherUser(t: TestApp): Promise<string> {
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

export async function list(t: TestApp, token: string): Promise<string[]> {
  const res = await t.get('/api/v1/card/bind_list', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.list.map((c: { custom_num: string }) => c.custom_num);
}

export async function info(t: TestApp, num: string, token: string): Promise<CardInfoAnswer> {
  const res = await t.get(`/api/v2/card/info?custom_num=${num}`, token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code).toBe(0);
  return res.json().data;
}
/** Who the cards tests act as: the demo holder (token and id) and a holder with no card. */
export async function holders(t: TestApp): Promise<{ demo: string; other: string; demoId: number }> {
  return { demo: await t.loginAccount(), other: await makeOtherUser(t), demoId: await userId(t, DEMO.account) };
}
