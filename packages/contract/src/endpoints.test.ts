import { describe, expect, expectTypeOf, it } from 'vitest';
import { ENDPOINTS, ROUTES, type AnswerOf, type EndpointName, type InputOf, type NameOf } from './endpoints';
import { pathOf } from './route';

const names = Object.keys(ROUTES) as EndpointName[];

describe('endpoint declarations', () => {
  it('declare every route once, with its schemas', () => {
    expect(Object.keys(ENDPOINTS).sort()).toEqual([...names].sort());
    for (const name of names) {
      const e = ENDPOINTS[name];
      expect(e.name).toBe(name);
      expect(e.summary.length, name).toBeGreaterThan(0);
      expect(e.tags.length, name).toBeGreaterThan(0);
      expect('raw' in e || 'answer' in e, `${name} answers something`).toBe(true);
      expect(`${e.method} ${e.path}`).toBe(e.route);
      expect(['session', 'none']).toContain(e.auth);
      if (e.method === 'GET') expect('body' in e, `${name} is a GET with a body`).toBe(false);
    }
  });

  it('give each route (method and path) one endpoint', () => {
    const keys = names.map((n) => ROUTES[n]);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each([
    ['cardInfo', {}, '/v2/card/info'],
    ['uploadedFile', { id: 'abc_DEF-12' }, '/v1/upload/abc_DEF-12'],
    ['payNotify', { channel: 2 }, '/v1/pay/notify/2'],
    ['uploadedFile', { id: 'a/b?c' }, '/v1/upload/a%2Fb%3Fc'],
  ] as const)('pathOf(%s, %o) is %s', (name, params, path) => {
    expect(pathOf(ROUTES[name], params)).toBe(path);
  });

  it('refuses a path without its parameter', () => {
    expect(() => pathOf(ROUTES.uploadedFile)).toThrow(/no id/);
  });

  it('type the client input and the answer from the schemas', () => {
    expectTypeOf<NameOf<typeof ROUTES.cardInfo>>().toEqualTypeOf<'cardInfo'>();
    // one path, two methods: two endpoints
    expectTypeOf<NameOf<typeof ROUTES.quickOrder>>().toEqualTypeOf<'quickOrder'>();
    expectTypeOf<NameOf<typeof ROUTES.quickOrderDetail>>().toEqualTypeOf<'quickOrderDetail'>();
    // a login is needed unless an endpoint says otherwise
    expectTypeOf(ENDPOINTS.cardInfo.auth).toEqualTypeOf<'session'>();
    expectTypeOf(ENDPOINTS.login.auth).toEqualTypeOf<'none'>();
    expectTypeOf(ENDPOINTS.uploadedFile.path).toEqualTypeOf<'/v1/upload/:id'>();
    expectTypeOf<InputOf<'cardInfo'>>().toEqualTypeOf<{ custom_num: string }>();
    expectTypeOf<InputOf<'bindList'>>().toEqualTypeOf<void>();
    expectTypeOf<AnswerOf<'unbindCard'>>().toEqualTypeOf<{ custom_num: string }>();
    expectTypeOf<AnswerOf<'login'>['user_id']>().toEqualTypeOf<number>();
    // a body's defaults are optional on the way in
    expectTypeOf<InputOf<'sendSmsCode'>>().toMatchTypeOf<{
      mobile: string;
      purpose?: 'login' | 'card_password' | 'agent_apply' | 'register' | 'user_password';
    }>();
  });
});
