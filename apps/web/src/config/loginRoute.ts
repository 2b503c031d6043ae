// /login's row of the route table. The table (./routes.ts) takes it from here, and so does the app's
// entry, which knows this one route before the table arrives (app/routeTable.ts): the other rows
// are not in /login's first load (docs/decisions/0025-first-load.md).
import type { RouteDef } from './routeTypes';

export const LOGIN_ROUTE = {
  path: '/login',
  name: 'login',
  title: '登录',
  area: 'account',
  meta: { noLogin: true, noShowKF: true },
  page: 'Login',
} as const satisfies RouteDef;
