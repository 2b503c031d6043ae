// Whether a navigation is a visitor's on /login, which the entry's shell (./Shell.tsx) renders on
// its own; every other one goes through the full shell and its guards (./AppShell.tsx, ./guards.ts).
// The guards allow exactly these (guards.test.ts checks the two agree).
import { LOGIN_ROUTE } from '../config/loginRoute';
import { normalisePath } from '../config/routeRules';

export function isVisitorOnLogin(path: string, search: string, token: string | undefined): boolean {
  return !token && normalisePath(path) === LOGIN_ROUTE.path && new URLSearchParams(search).get('cmd') !== 'forced_logout';
}
