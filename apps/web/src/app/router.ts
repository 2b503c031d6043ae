// Routing after the first load, in one place: the route table's lazy half (./pages.ts: the table's
// lookups and every page's code, one chunk) loaded once, and the one lazy, retryable component per built route. /login's page is bound here in the entry, with
// /login's own row (config/routeRules.ts): a visitor's /login needs nothing else
// (docs/decisions/0025-first-load.md, docs/decisions/0052-routing-in-one-table.md). A page whose
// code fails to load can be loaded again (./retryableLazy.ts, ./PageBoundary.tsx).
import { LOGIN_ROUTE, type RouteDef } from '../config/routeRules';
import { loadCatalogue } from '../lib/api';
import type { PageModule } from './pages';
import { retryableLazy, type RetryableComponent } from './retryableLazy';

/** What the app reads of the table once it is here. */
export type RouteTable = Pick<typeof import('./pages'), 'routedRouteOf' | 'routeOf' | 'pageLoaderOf'>;

let table: RouteTable | undefined;
let loading: Promise<RouteTable> | undefined;
const listeners = new Set<() => void>();

/** Loads the table and the page map, once; a failed load is tried afresh next time (the 重试). */
export function loadRouteTable(): Promise<RouteTable> {
  loading ??= import('./pages').then(
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

/**
 * Fetches code at the user's first touch or key, so the tap that opens another page finds it
 * already coming — and a visit that only looks (or /login while nobody types) never pays for it.
 */
export function atFirstTouch(fetch: () => Promise<unknown>): void {
  if (typeof window === 'undefined') return;
  const run = () => void fetch().catch(() => undefined);
  for (const type of ['pointerdown', 'keydown'] as const) window.addEventListener(type, run, { once: true, capture: true, passive: true });
}
// the route table with the page map, and the API client's error catalogue
atFirstTouch(loadRouteTable);
atFirstTouch(loadCatalogue);

const loginPage: PageModule = () => import('../routes/account/Login');
const pages = new Map<string, RetryableComponent<object>>();

/** The page component (lazy, retryable) of a built route: one per route, made when first asked
 *  for. Any page but /login's comes through the table's lazy half. */
export function pageOf(route: Pick<RouteDef, 'path' | 'area' | 'page' | 'meta'>): RetryableComponent<object> {
  let page = pages.get(route.path);
  if (!page) {
    const load = route.path === LOGIN_ROUTE.path ? loginPage : () => loadRouteTable().then((t) => t.pageLoaderOf(route)());
    pages.set(route.path, (page = retryableLazy(load)));
  }
  return page;
}
