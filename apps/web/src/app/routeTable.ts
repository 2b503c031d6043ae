// The route table (config/routes.ts) is not in the app's entry: its rows are ~1.4 kB of gzip that
// /login's first load does without (docs/decisions/0025-first-load.md). The entry knows /login's own
// row (config/loginRoute.ts); the table comes at the first touch or key (./router.ts), beside the
// page's code on a visit that starts anywhere else (index.html preloads it: build/firstPaint.ts;
// main.tsx waits for it there), and the shell waits for it before it decides on any other path.
import { useSyncExternalStore } from 'react';
import { LOGIN_ROUTE } from '../config/loginRoute';
import { normalisePath } from '../config/routeRules';
import type { RouteDef } from '../config/routes';

export type RouteTable = Pick<typeof import('../config/routes'), 'routedRouteOf' | 'routeOf'>;

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

let table: RouteTable | undefined;
let loading: Promise<RouteTable> | undefined;
const listeners = new Set<() => void>();

/** Loads the table, once; a failed load is tried afresh next time (the shell's 重试). */
export function loadRouteTable(): Promise<RouteTable> {
  loading ??= import('../config/routes').then(
    (m) => {
      table = m;
      listeners.forEach((l) => l());
      return m;
    },
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/** The table if it has loaded. */
export const routeTableNow = (): RouteTable | undefined => table;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The table once it has loaded; a component re-renders when it arrives. */
export function useRouteTable(): RouteTable | undefined {
  return useSyncExternalStore(subscribe, routeTableNow, routeTableNow);
}
