import { describe, expect, it } from 'vitest';
import { isVisitorOnLogin, LOGIN_ROUTE } from '../config/routeRules';
import * as routes from '../config/routes';
import { decideNavigation, lookupRoute, PENDING, type GuardContext } from './guards';
import { pageLoaderOf, PAGE_MODULES } from './pages';

describe('the page map: every page named once, in its route row', () => {
  it('binds each built route (but /login, bound in the entry) to src/routes/<area>/<page>.tsx', () => {
    for (const r of routes.BUILT_ROUTES.filter((x) => x !== routes.routeOf('/login')))
      expect(Object.keys(PAGE_MODULES), r.path).toContain(`../${routes.pageModule(r)}.tsx`);
  });

  it('holds no module that no row names (a page file without a route is a mistake)', () => {
    const named = new Set(routes.BUILT_ROUTES.map((r) => `../${routes.pageModule(r)}.tsx`));
    for (const key of Object.keys(PAGE_MODULES)) expect(named, key).toContain(key);
  });

  it('refuses a row whose page has no module', () => {
    expect(() => pageLoaderOf({ area: 'account', page: 'NoSuchPage', meta: {} })).toThrow(/NoSuchPage/);
  });
});

describe('lookupRoute: what the shell knows of a path', () => {
  it.each([
    ['/login', LOGIN_ROUTE],
    ['/login/', LOGIN_ROUTE],
    ['/', PENDING],
    ['/flow', PENDING],
    ['/no-such-page', PENDING],
  ])('before the table has loaded: %s', (path, expected) => expect(lookupRoute(path, undefined)).toBe(expected));

  it.each([
    ['/login', '/login'],
    ['/', '/'],
    ['/flow/', '/flow'],
    ['/no-such-page', undefined],
  ])('with the table: %s', (path, expected) => expect((lookupRoute(path, routes) as routes.RouteDef | undefined)?.path).toBe(expected));

  it("/login's row is the table's, and every built route is routed once the table is here", () => {
    expect(routes.routeOf('/login')).toEqual(LOGIN_ROUTE);
    for (const r of routes.BUILT_ROUTES) expect(lookupRoute(r.path, routes), r.path).toBe(r);
  });
});

const visitor: Omit<GuardContext, 'path' | 'search'> = { hasCardInfo: false, cardLogin: false };
const user: Omit<GuardContext, 'path' | 'search'> = { token: 't', hasCardInfo: true, customNum: '1000000001', cardLogin: false };

describe('isVisitorOnLogin: the one shell decision (the entry shell renders these alone)', () => {
  it.each([
    ['/login', '', visitor, true],
    ['/login/', '', visitor, true],
    ['/login', '?mark=acme&login_model=account&redirect=%2Fflow', visitor, true],
    ['/login', '?cmd=forced_logout', visitor, false],
    ['/login', '?mark=acme&cmd=forced_logout', visitor, false],
    ['/login', '', user, false],
    ['/login', '?redirect=%2Fflow', user, false],
    ['/', '', visitor, false],
    ['/agreement', '', visitor, false],
    ['/qr_code_login', '', visitor, false],
    ['/no-such-page', '', visitor, false],
    ['/loginx', '', visitor, false],
  ] as const)('%s%s (token: %o)', (path, search, who, expected) => {
    expect(isVisitorOnLogin(path, search, who.token)).toBe(expected);
    // exactly where the guards let the login page show to a visitor
    const decision = decideNavigation({ ...who, path, search }, routes.routedRouteOf);
    const guardsShowLogin = decision.kind === 'allow' && decision.route.path === '/login' && !who.token;
    expect(guardsShowLogin).toBe(expected);
  });
});
