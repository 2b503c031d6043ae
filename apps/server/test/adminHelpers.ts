// Operator-console test helpers: log in as a demo operator and call /api/admin with the cookie.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { DEMO_OPERATORS } from '../src/db/seedOperators';
import type { TestApp } from './harness';

export type DemoOperator = (typeof DEMO_OPERATORS)[number]['username'];

export function passwordOf(username: DemoOperator): string {
  return DEMO_OPERATORS.find((o) => o.username === username)!.password;
}

export function adminLogin(t: TestApp, username: string, password: string, totp?: string) {
  return t.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password, ...(totp ? { totp } : {}) } });
}

/** The `op_session=…` pair of a login answer's Set-Cookie, for the Cookie header. */
export function cookieOf(res: LightMyRequestResponse): string {
  const set = res.headers['set-cookie'];
  const line = Array.isArray(set) ? set[0] : set;
  expect(line, res.body).toBeTruthy();
  return line!.split(';')[0]!;
}

export async function loginAs(t: TestApp, username: DemoOperator, password = passwordOf(username)): Promise<string> {
  const res = await adminLogin(t, username, password);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.status).toBe('ok');
  return cookieOf(res);
}

export function adminGet(t: TestApp, url: string, cookie?: string) {
  return t.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

export function adminPost(t: TestApp, url: string, body: unknown, cookie?: string) {
  return t.inject({ method: 'POST', url, payload: body as object, headers: cookie ? { cookie } : {} });
}

/**
 * Disables (or enables again) the demo's second platform administrator, through the console as
 * `admin`: for the cases about the last enabled platform administrator, `admin` must be the only one.
 */
export async function setSecondAdminDisabled(t: TestApp, disabled: boolean): Promise<void> {
  const row = await t.db.kysely.selectFrom('operators').select('id').where('username', '=', 'admin2').executeTakeFirstOrThrow();
  const res = await adminPost(
    t,
    '/api/admin/operators/disabled',
    { id: row.id, disabled, reason: disabled ? '只留一位平台管理员' : '恢复第二位平台管理员' },
    await loginAs(t, 'admin'),
  );
  expect(res.statusCode, res.body).toBe(200);
}
