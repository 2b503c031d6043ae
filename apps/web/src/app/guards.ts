// Navigation guards of docs/spec/portal-spec.md §4 as one pure decision over the target URL and
// what is stored. The app shell evaluates it on every navigation and carries out the side effects.
// Card gating (§4 "Card gating") is not part of this: see gateModeOf (config/routeRules.ts) and ./CardGates.tsx.
import type { LoginModel } from '@portal/contract';
import { LOGIN_MODELS } from '@portal/contract/login';
import { isCardFree, LOGIN_ROUTE, normalisePath, type RouteDef } from '../config/routeRules';
import { loginUrl, safeRedirect, withoutParams } from '../lib/navigation';

export interface GuardContext {
  path: string;
  /** location.search, with or without the leading "?" */
  search: string;
  token?: string;
  /** cached info of the current card is present */
  hasCardInfo: boolean;
  customNum?: string;
  /** logged in by card number: user_id 0, not a real user */
  cardLogin: boolean;
  storedMark?: string;
  storedLoginModel?: LoginModel;
}

export type Popup = 'login' | 'downloadApp';

/** Not known yet: the route table (./router.ts loads it) has not loaded. */
export const PENDING = 'pending';

/**
 * The route a user may reach at `path` as far as the app knows now: the table's (undefined: not
 * routed, a 404), or before the table is here /login's own row, or PENDING for any other path.
 * Here and not in ./router.ts: only the full shell asks, and /login's first load does without it.
 */
export function lookupRoute(
  path: string,
  routes: { routedRouteOf(path: string): RouteDef | undefined } | undefined,
): RouteDef | undefined | typeof PENDING {
  if (routes) return routes.routedRouteOf(path);
  return normalisePath(path) === LOGIN_ROUTE.path ? LOGIN_ROUTE : PENDING;
}

export type GuardDecision =
  | { kind: 'allow'; route: RouteDef }
  | {
      kind: 'redirect';
      to: string;
      /** forced logout: clear local storage except the agent mark before going on */
      clearStorage?: boolean;
      popup?: Popup;
    };

/** `lookup`: the route a user may reach at a path (config/routes.ts routedRouteOf; the shell asks
 *  once the route table is here: ./router.ts). */
export function decideNavigation(ctx: GuardContext, lookup: (path: string) => RouteDef | undefined): GuardDecision {
  const route = lookup(ctx.path);
  if (!route) return { kind: 'redirect', to: '/404' };
  const query = new URLSearchParams(ctx.search);

  if (route.path === '/login' && query.get('cmd') === 'forced_logout') {
    return { kind: 'redirect', to: `/login${withoutParams(ctx.search, 'cmd')}`, clearStorage: true };
  }

  if (route.area === 'wifiDevice') {
    // /cpe, /cpe_mine and /cpe_network are open (docs/spec/portal-spec.md §4): their meta says noLogin.
    if (route.meta.noLogin) return allowOrLogin(route, ctx, query);
    if (ctx.token && !ctx.cardLogin && ctx.customNum) return { kind: 'allow', route };
    // A visitor logs in first. Someone logged in for whom the check does not apply — a card-number
    // login (user_id 0) or a user without a card number — is offered the app (our reading
    // of spec §4: "logged in but the check does not apply → the download-app popup").
    const popup: Popup = !ctx.token ? 'login' : 'downloadApp';
    return { kind: 'redirect', to: '/cpe', popup };
  }

  return allowOrLogin(route, ctx, query);
}

function allowOrLogin(route: RouteDef, ctx: GuardContext, query: URLSearchParams): GuardDecision {
  if (!ctx.token) {
    if (route.meta.noLogin) return { kind: 'allow', route };
    const queryModel = query.get('login_model');
    const loginModel = LOGIN_MODELS.find((m) => m === queryModel) ?? ctx.storedLoginModel ?? 'mobile';
    const search = ctx.search && !ctx.search.startsWith('?') ? `?${ctx.search}` : ctx.search;
    return {
      kind: 'redirect',
      to: loginUrl({ mark: query.get('mark') || ctx.storedMark, loginModel, redirect: route.path + search }),
    };
  }

  if (route.path === '/login') {
    return { kind: 'redirect', to: safeRedirect(query.get('redirect')) ?? '/' };
  }

  // "With no token, card checks are skipped"; wifi-device pages are exempt from card checks.
  if (!ctx.hasCardInfo && !isCardFree(route)) return { kind: 'redirect', to: '/' };

  return { kind: 'allow', route };
}
