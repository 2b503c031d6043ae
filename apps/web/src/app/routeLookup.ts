// What the full shell (./AppShell.tsx) knows of a path while the route table (./routeTable.ts) may
// still be on its way: /login's own row, or that it has to wait.
import { useSyncExternalStore } from 'react';
import { LOGIN_ROUTE } from '../config/loginRoute';
import { normalisePath } from '../config/routeRules';
import type { RouteDef } from '../config/routes';
import { routeTableNow, subscribeRouteTable, type RouteTable } from './routeTable';

/** Not known yet: the table has not loaded. */
export const PENDING = 'pending';

/**
 * The route a user may reach at `path` as far as the app knows now: the table's (undefined: not
 * routed, a 404), or before the table is here /login's own row, or PENDING for any other path.
 */
export function lookupRoute(path: string, table: RouteTable | undefined): RouteDef | undefined | typeof PENDING {
  if (table) return table.routedRouteOf(path);
  return normalisePath(path) === LOGIN_ROUTE.path ? LOGIN_ROUTE : PENDING;
}

/** The table once it has loaded; a component re-renders when it arrives. */
export function useRouteTable(): RouteTable | undefined {
  return useSyncExternalStore(subscribeRouteTable, routeTableNow, routeTableNow);
}
