// Rules over a route (no table): the app's entry needs them before the route table
// (./routes.ts, which re-exports them) has loaded.
import type { RouteDef } from './routeTypes';

/** Normalises a trailing slash ("/mine/" is "/mine"). */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** A page that works without a current card: open to visitors, card-whitelisted, card-optional, or
 *  in the wifi-device area. The card-info guard and the card gates both leave these alone. */
export function isCardFree(route: Pick<RouteDef, 'area' | 'meta'>): boolean {
  const { noLogin, cardWhitelist, cardOptional } = route.meta;
  return Boolean(noLogin || cardWhitelist || cardOptional) || route.area === 'wifiDevice';
}
