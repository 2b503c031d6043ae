// Every API endpoint's wire facts: method, path under /api, and whether it needs a login.
// This half of the declaration is zod-free so the web client can use it on the login page's first
// load; `endpoints.ts` binds each name to its schemas, and the type checker makes the two agree
// (docs/decisions/0009-endpoints-declared-once.md).

export type HttpMethod = 'GET' | 'POST';

export interface RouteSpec {
  readonly method: HttpMethod;
  /** under /api; `:name` marks a path parameter */
  readonly path: string;
  /** 'session': a Bearer token is required; 'none': open (some open endpoints are rate-limited) */
  readonly auth: 'session' | 'none';
  /** the body is multipart/form-data with the file under `file`, not JSON */
  readonly upload?: true;
  /** the answer is the file itself, not the JSON envelope */
  readonly raw?: true;
}

const get = (path: string, auth: RouteSpec['auth'] = 'session') => ({ method: 'GET', path, auth }) as const;
const post = (path: string, auth: RouteSpec['auth'] = 'session') => ({ method: 'POST', path, auth }) as const;

export const ROUTES = {
  // ---- account and session
  sendSmsCode: post('/v1/sms/code', 'none'),
  login: post('/v1/login', 'none'),
  logout: post('/v1/logout'),
  session: get('/v1/session'),
  changeUserPassword: post('/v1/user/password'),

  // ---- card login password
  hasPassword: get('/v1/card/has_password'),
  cardPasswordSms: post('/v1/card/password/sms', 'none'),
  cardPasswordReset: post('/v1/card/password/reset', 'none'),

  // ---- branding
  customerUrl: get('/v1/application/customer_url', 'none'),
  applicationInfo: get('/v2/application/info'),

  // ---- cards
  bindList: get('/v1/card/bind_list'),
  bindCard: post('/v1/card/bind'),
  unbindCard: post('/v1/card/unbind'),
  cardInfo: get('/v2/card/info'),
  clew: get('/v1/card/clew'),

  // ---- usage
  flow: get('/v2/card/flow'),
  dailyFlow: get('/v2/card_flow'),
  flowStatistics: get('/v1/card/flow_statistics'),
  flowSync: post('/v2/card/flow/sync'),

  // ---- real-name, package series, card replacement, uploads
  realNameDataV1: get('/v1/user/real_name_recharge'),
  realNameData: get('/v2/real_name_recharge'),
  cardRealName: post('/v1/user/card_real_name'),
  realNameStart: post('/v1/real_name/start'),
  realNameStatus: get('/v1/real_name/status'),
  packageSeries: get('/v1/package/series'),
  selectSeries: post('/v1/card/select_series'),
  changeCardInfo: get('/v1/card/change_card_info'),
  changeCardContent: get('/v2/overt/change_card_content'),
  changeCard: post('/v1/card/change_card'),
  upload: { method: 'POST', path: '/v1/upload', auth: 'session', upload: true },
  uploadedFile: { method: 'GET', path: '/v1/upload/:id', auth: 'session', raw: true },

  // ---- commerce
  paySetting: get('/v1/pay/setting'),
  packageList: get('/v1/package/list'),
  packageDetail: get('/v1/package/detail'),
  couponPackageList: get('/v1/coupon_package/list'),
  rechargeOptions: get('/v1/recharge/options'),
  voucherList: get('/v1/voucher/list'),
  usableVouchers: get('/v1/voucher/usable'),
  orderQuote: post('/v1/order/quote'),
  orderCreate: post('/v1/order/create'),
  orderDetail: get('/v1/order/detail'),
  orderList: get('/v1/order/list'),
  orderRepay: post('/v1/order/repay'),
  orderClose: post('/v1/order/close'),
  balanceLedger: get('/v1/balance/ledger'),
  /** called by the payment gateways; the notification's signature is the authentication */
  payNotify: post('/v1/pay/notify/:channel', 'none'),

  // ---- quick payment (no login; every call counts against the client address)
  quickCardCheck: get('/v1/quick/card_check', 'none'),
  quickPackages: get('/v1/quick/packages', 'none'),
  quickVouchers: get('/v1/quick/vouchers', 'none'),
  quickQuote: post('/v1/quick/quote', 'none'),
  quickOrder: post('/v1/quick/order', 'none'),
  quickOrderDetail: get('/v1/quick/order', 'none'),
  quickRepay: post('/v1/quick/repay', 'none'),
} as const satisfies Record<string, RouteSpec>;

export type EndpointName = keyof typeof ROUTES;

/** The path with its `:name` parameters filled in (each value URI-encoded). */
export function pathOf(name: EndpointName, params: Record<string, string | number> = {}): string {
  return ROUTES[name].path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    const v = params[key];
    if (v === undefined) throw new Error(`missing path parameter ${key} of ${name}`);
    return encodeURIComponent(String(v));
  });
}
