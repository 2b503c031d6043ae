// What the auth tests share: a fresh client address per test (per-address limits of one test do not
// leak into another), a client on it, the answer's data, and users added beside the demo one.
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO } from '../src/db/seed';
import { clock } from '../src/lib/clock';
import { hashPassword } from '../src/lib/password';
import { TEST_PASSWORD_HASH_COST, type TestApp } from './harness';

export const MINUTE = 60_000;

/** Every test talks from its own client address, so per-address limits of one test do not leak into another. */
let nextIp = 1;
export function freshIp(): string {
  const n = nextIp++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export function client(t: TestApp, ip = freshIp()) {
  const headers = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});
  return {
    ip,
    post: (url: string, body?: unknown, token?: string) =>
      t.inject({ method: 'POST', url, payload: body as object, headers: headers(token), remoteAddress: ip }),
    get: (url: string, token?: string) => t.inject({ method: 'GET', url, headers: headers(token), remoteAddress: ip }),
    raw: (url: string, payload: string, contentType = 'application/json', token?: string) =>
      t.inject({ method: 'POST', url, payload, headers: { ...headers(token), 'content-type': contentType }, remoteAddress: ip }),
  };
}
export type Client = ReturnType<typeof client>;

export function okData(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.code, res.body).toBe(0);
  return body.data;
}

export async function sendCode(c: Client, mobile: string, extra: Record<string, unknown> = {}) {
  return c.post('/api/v1/sms/code', { mobile, ...extra });
}

export async function addUser(t: TestApp, u: { account?: string; mobile?: string; password?: string }): Promise<number> {
  const agent = await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', 'demo').executeTakeFirstOrThrow();
  const row = await t.db.kysely
    .insertInto('users')
    .values({
      agent_id: agent.id,
      account: u.account ?? null,
      mobile: u.mobile ?? null,
      password_hash: u.password ? await hashPassword(u.password, TEST_PASSWORD_HASH_COST) : null,
      created_at: clock.iso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function demoUserId(t: TestApp): Promise<number> {
  return (await t.db.kysely.selectFrom('users').select('id').where('account', '=', DEMO.account).executeTakeFirstOrThrow()).id;
}

/** A second real user of the demo agent (account other / other1234), signed in: their token. */
export async function makeOtherUser(t: TestApp, mobile = '13900139000'): Promise<string> {
  await addUser(t, { account: 'other', mobile, password: 'other1234' });
  return t.loginAccount('other', 'other1234');
}
