// The one place that binds the route table (config/routes.ts) to page modules: one lazy chunk per
// built route (route-level code splitting); /login's here, the others in ./pages.ts. Every
// `page` the table names has exactly one module (tsc checks it); a route without `page` is not routed and falls to /404. A page whose code
// fails to load can be loaded again (./retryableLazy.ts, ./PageBoundary.tsx).
import type { PageName, RouteDef } from '../config/routes';
import type { FirstPage, LaterPage, PageModule } from './pages';
import { loadCatalogue } from '../lib/api';
import { retryableLazy, type RetryableComponent } from './retryableLazy';
import { loadRouteTable } from './routeTable';

/** The page most visits start on, bound here in the entry: no detour through ./pages.ts for it. */
const FIRST_PAGES: Record<FirstPage, PageModule> = {
  Login: () => import('../routes/account/Login'),
};

let laterPages: Promise<typeof import('./pages')> | undefined;
/** ./pages.ts, once; a failed load is tried afresh next time (the 重试 of a page that failed). */
function later(): Promise<typeof import('./pages')> {
  laterPages ??= import('./pages').catch((err: unknown) => {
    laterPages = undefined;
    throw err;
  });
  return laterPages;
}

function loaderOf(name: PageName): PageModule {
  if (name in FIRST_PAGES) return FIRST_PAGES[name as FirstPage];
  return () => later().then((m) => m.PAGES[name as LaterPage]());
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
// the map of the other pages, the route table (./routeTable.ts) and the API client's error catalogue
atFirstTouch(later);
atFirstTouch(loadRouteTable);
atFirstTouch(loadCatalogue);

const pages = new Map<string, RetryableComponent<object>>();

/** The page component (lazy, retryable) of a built route: one per route, made when first asked
 *  for (the route table is not in the entry: ./routeTable.ts). */
export function pageOf(route: Pick<RouteDef, 'path' | 'page'>): RetryableComponent<object> {
  let page = pages.get(route.path);
  if (!page) pages.set(route.path, (page = retryableLazy(loaderOf(route.page as PageName))));
  return page;
}
