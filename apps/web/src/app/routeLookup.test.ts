import { describe, expect, it } from 'vitest';
import { LOGIN_ROUTE } from '../config/loginRoute';
import * as routes from '../config/routes';
import { lookupRoute, PENDING } from './routeLookup';

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
