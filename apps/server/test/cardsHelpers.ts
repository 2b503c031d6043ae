// What the cards tests share: ids by account and card number, a second holder, what the bound list
// and card info answer.
import { expect } from 'vitest';
import { CardInfoAnswer } from '@portal/contract';
import { DEMO } from '../src/db/seed';
import { makeOtherUser } from './authHelpers';
import { type TestApp } from './harness';

export const DAY = 86_400_000;

export async function userId(t: TestApp, account: string): Promise<number> {
  const u = await t.db.kysely.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow();
  return u.id;
}

export async function cardId(t: TestApp, num: string): Promise<number> {
  const c = await t.db.kysely.selectFrom('cards').select('id').where('custom_num', '=', num).executeTakeFirstOrThrow();
  return c.id;
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
