// What the app knows of a route without the route table (./routes.ts): the row's type, /login's own
// row and the rules over a route. The app's entry needs exactly these before the table has loaded
// (the table is not in /login's first load: docs/decisions/0025-first-load.md); the table imports
// them from here, so nothing imports the table in a cycle. Plain data and pure functions
// (docs/decisions/0052-routing-in-one-table.md).

/**
 * The part of the product a route belongs to. A built page lives in src/routes/<area>/<page>.tsx.
 *   account     login, passwords, registration, the policies
 *   cards       home, mine, the cards: bind, manage, check, replace, what a card still needs
 *   usage       data usage
 *   realName    personal information and real-name verification
 *   commerce    packages and series, recharges, vouchers, orders and payment
 *   quickPay    the quick-payment flow (no login, by card number)
 *   support     customer service, complaints, guides, app download, not found
 *   wifiDevice  the wifi-device (cpe) area, with its own guards and service button
 *   membership  member levels, rules, invitations
 *   agent       agent application and promotion
 *   shop        device shopping
 */
export type Area =
  | 'account'
  | 'cards'
  | 'usage'
  | 'realName'
  | 'commerce'
  | 'quickPay'
  | 'support'
  | 'wifiDevice'
  | 'membership'
  | 'agent'
  | 'shop';

/** When the card gates run (docs/spec/decisions.md "Where gates run"). */
export type GatePolicy = 'navigate' | 'afterLoad' | 'none';

export interface RouteMeta {
  /** stays mounted (lib/keepAlive.tsx) while hidden; keeps state and scroll */
  keepAlive?: boolean;
  /** hides the floating customer-service button */
  noShowKF?: boolean;
  /** hides the wifi-device area's own service button */
  noCpeKF?: boolean;
  /** open to visitors without a token */
  noLogin?: boolean;
  /** exempt from the unknown-card redirect (docs/spec/portal-spec.md §2) */
  cardWhitelist?: boolean;
  /** works without a current card, so "no card info → /" does not apply (our ruling: home must,
   *  or the redirect would loop; mine and card management are how a user gets a card) */
  cardOptional?: boolean;
  /** bottom tab bar (docs/spec/decisions.md "Layout": / and /mine) */
  tabBar?: boolean;
  /** an arrow image beside the service button (guide pages) */
  guideArrow?: boolean;
  /** when the card gates run; unset: gateModeOf below derives it (on navigation to pages that need
   *  login and a card). 'none' marks the gate targets and the pages on the way through them. */
  gate?: GatePolicy;
}

export interface RouteDef {
  path: string;
  /** the route name, sent as `form` to /customer, /select and /replace_info */
  name: string;
  title: string;
  area: Area;
  /** the page module, src/routes/<area>/<page>.tsx; unset until the page is built */
  page?: string;
  meta: RouteMeta;
}

/** /login's row of the route table: the entry knows it before the table arrives. */
export const LOGIN_ROUTE = {
  path: '/login',
  name: 'login',
  title: '登录',
  area: 'account',
  meta: { noLogin: true, noShowKF: true },
  page: 'Login',
} as const satisfies RouteDef;

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

/**
 * Where the card gates run (docs/spec/decisions.md "Where gates run"): a route's `gate` says so when
 * it is set (home and mine run the gates after card info loads; the gate targets and the pages on
 * the way through them never); otherwise on navigation to every page that needs login and a card,
 * which leaves out the card-free pages (isCardFree) and the wifi-device area.
 */
export function gateModeOf(route: Pick<RouteDef, 'area' | 'meta'>): GatePolicy {
  if (route.meta.gate) return route.meta.gate;
  return isCardFree(route) ? 'none' : 'navigate';
}

/**
 * The one shell decision: a visitor's /login renders alone in the entry's shell (app/Shell.tsx);
 * every other navigation goes through the full shell and its guards (app/AppShell.tsx,
 * app/guards.ts). The guards allow exactly these (routeRules.test.ts checks the two agree).
 */
export function isVisitorOnLogin(path: string, search: string, token: string | undefined): boolean {
  return !token && normalisePath(path) === LOGIN_ROUTE.path && new URLSearchParams(search).get('cmd') !== 'forced_logout';
}
