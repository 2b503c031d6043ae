// Where the card gates run (decisions.md "Where gates run"), read off the route table: on
// navigation to every page that needs login and a card, except home, mine, card management,
// binding, the whitelisted paths, the wifi-device pages and the gate targets themselves; home
// and mine run them after card info loads instead (meta `gate: 'afterLoad'`).
import { GATE_EXEMPT_PATHS } from '@portal/domain';
import { isCpeRoute, type RouteDef } from './routes';

export type GateMode = 'navigate' | 'afterLoad' | 'none';

export function gateModeOf(route: Pick<RouteDef, 'path' | 'name' | 'meta'>): GateMode {
  if (route.meta.gate) return route.meta.gate;
  const { noLogin, cardWhitelist, cardOptional } = route.meta;
  if (noLogin || cardWhitelist || cardOptional || isCpeRoute(route) || GATE_EXEMPT_PATHS.has(route.path)) return 'none';
  return 'navigate';
}
