// The route table's types (./routes.ts re-exports them): a module of their own, so /login's row
// (./loginRoute.ts) and the rules (./routeRules.ts) need not import the table.

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
  /** stays mounted (React <Activity>) while hidden; keeps state and scroll */
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
  /** when the card gates run; unset: app/gating.ts derives it (on navigation to pages that need
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
