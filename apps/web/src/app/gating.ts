// Where the card gates run (docs/spec/decisions.md "Where gates run"), read off the route meta:
// a route's `gate` says so when it is set (home and mine run the gates after card info loads; the
// gate targets and the pages on the way through them never); otherwise the gates run on
// navigation to every page that needs login and a card, which leaves out the pages that need no
// login, the card-whitelisted and card-optional ones, and the wifi-device area.
import { isCardFree, type GatePolicy, type RouteDef } from '../config/routes';

export function gateModeOf(route: Pick<RouteDef, 'area' | 'meta'>): GatePolicy {
  if (route.meta.gate) return route.meta.gate;
  return isCardFree(route) ? 'none' : 'navigate';
}
