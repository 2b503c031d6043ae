// The lazy half of the route table, one chunk loaded after /login's first load (./router.ts): the
// table's lookups (config/routes.ts) and every page's code, found by the path the table's row
// names — src/routes/<area>/<page>.tsx — so a page is named once, in its row. With ~50 pages,
// their imports and preload lists are kilobytes that /login's first load need not carry; /login's
// own page is bound in the entry (./router.ts). docs/decisions/0052-routing-in-one-table.md.
import type { ComponentType } from 'react';
import { pageModule, routedRouteOf, routeOf, type RouteDef } from '../config/routes';

export { routedRouteOf, routeOf };

export type PageModule = () => Promise<{ default: ComponentType }>;

/** Every page module but /login's (in the entry) and the real-name pages' shared body (not a page). */
export const PAGE_MODULES = import.meta.glob<{ default: ComponentType }>([
  '../routes/*/*.tsx',
  '!../routes/account/Login.tsx',
  '!../routes/realName/CarrierRealName.tsx',
]);

/** The two tab pages fetch the tab bar beside their own code: it is not in /login's first load. */
const withTabBar =
  (load: PageModule): PageModule =>
  () =>
    Promise.all([load(), import('./TabBar')]).then(([m]) => m);

/** The code of a built route's page (the build fails on a row whose module is missing:
 *  build/firstPaint.ts; router.test.ts checks every row and every module). */
export function pageLoaderOf(route: Pick<RouteDef, 'area' | 'page' | 'meta'>): PageModule {
  const load = PAGE_MODULES[`../${pageModule(route)}.tsx`];
  if (!load) throw new Error(`no page module for ${String(pageModule(route))}`);
  return route.meta.tabBar ? withTabBar(load) : load;
}
