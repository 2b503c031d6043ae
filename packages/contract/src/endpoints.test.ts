import { describe, expect, expectTypeOf, it } from 'vitest';
import { ADMIN_ENDPOINTS, PERMISSIONS } from './admin/index';
import { ENDPOINTS, REGISTRY, ROUTES, type AnswerOf, type InputOf, type NameOf, type PortalEndpointName } from './endpoints';
import * as admin from './routes/admin';
import { pathOf } from './route';

const names = Object.keys(ROUTES) as PortalEndpointName[];

describe('endpoint declarations', () => {
  it('declare every route once, with its schemas', () => {
    expect(Object.keys(ENDPOINTS).sort()).toEqual([...names].sort());
    for (const name of names) {
      const e = ENDPOINTS[name];
      expect(e.name).toBe(name);
      // the zod-free constant the browser imports and the declaration the server registers are one route
      expect(e.route, name).toBe(ROUTES[name]);
      expect(e.summary.length, name).toBeGreaterThan(0);
      expect(e.tags.length, name).toBeGreaterThan(0);
      expect(`${e.method} ${e.path}`).toBe(e.route);
      expect(['holder', 'open']).toContain(e.access);
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
    expectTypeOf(ENDPOINTS.cardInfo.access).toEqualTypeOf<'holder'>();
    expectTypeOf(ENDPOINTS.login.access).toEqualTypeOf<'open'>();
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

describe('the registry of both', () => {
  it('holds every portal and console endpoint once, each naming who may call it', () => {
    const all = Object.keys(REGISTRY);
    expect(all.length).toBe(Object.keys(ENDPOINTS).length + Object.keys(ADMIN_ENDPOINTS).length);
    const routes = Object.values(REGISTRY).map((e) => e.route);
    expect(new Set(routes).size).toBe(routes.length);
    for (const e of Object.values(REGISTRY)) {
      const known = e.access === 'open' || e.access === 'holder' || e.access in PERMISSIONS;
      expect(known, `${e.name}: ${e.access}`).toBe(true);
      // a holder's login is the portal's; an operator's permission is the console's
      if (e.path.startsWith('/admin/')) expect(e.access, e.name).not.toBe('holder');
      else expect(e.access in PERMISSIONS, e.name).toBe(false);
    }
  });

  it('types a console call like a portal one', () => {
    expectTypeOf<NameOf<typeof admin.adminDashboard>>().toEqualTypeOf<'adminDashboard'>();
    expectTypeOf(REGISTRY.adminDashboard.access).toEqualTypeOf<'dashboard.view'>();
    expectTypeOf(REGISTRY.adminLogin.access).toEqualTypeOf<'open'>();
    expectTypeOf<InputOf<'adminDashboard'>>().toEqualTypeOf<void>();
    expectTypeOf<InputOf<'adminLogin'>>().toMatchTypeOf<{ username: string; password: string }>();
    expectTypeOf<AnswerOf<'adminDashboard'>['queues'][number]['count']>().toEqualTypeOf<number>();
  });
});
