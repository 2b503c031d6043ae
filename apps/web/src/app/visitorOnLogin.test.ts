import { describe, expect, it } from 'vitest';
import { routedRouteOf } from '../config/routes';
import { decideNavigation, type GuardContext } from './guards';
import { isVisitorOnLogin } from './visitorOnLogin';

const visitor: Omit<GuardContext, 'path' | 'search'> = { hasCardInfo: false, cardLogin: false };
const user: Omit<GuardContext, 'path' | 'search'> = { token: 't', hasCardInfo: true, customNum: '1000000001', cardLogin: false };

describe('isVisitorOnLogin: what the entry shell renders without the full shell', () => {
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
    const decision = decideNavigation({ ...who, path, search }, routedRouteOf);
    const guardsShowLogin = decision.kind === 'allow' && decision.route.path === '/login' && !who.token;
    expect(guardsShowLogin).toBe(expected);
  });
});
