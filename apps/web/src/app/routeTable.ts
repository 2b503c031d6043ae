// The route table (config/routes.ts) is not in the app's entry: its rows are ~1.4 kB of gzip that
// /login's first load does without (docs/decisions/0025-first-load.md). The entry knows /login's own
// row (config/loginRoute.ts); the table comes at the first touch or key (./router.ts), beside the
// page's code on a visit that starts anywhere else (index.html preloads it: build/firstPaint.ts;
// main.tsx waits for it there), and the shell waits for it before it decides on any other path
// (./routeLookup.ts: what is known of a path meanwhile).
/** What the app reads of the table once it is here. */
export type RouteTable = Pick<typeof import('../config/routes'), 'routedRouteOf' | 'routeOf'>;

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

export function subscribeRouteTable(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
