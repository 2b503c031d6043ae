import { describe, expect, it } from 'vitest';
import { BUILT_ROUTES, pageModule, ROUTES, routeByName, routeOf, routedRouteOf, type RouteDef } from './routes';

const SPEC_PATHS = `/ /login /forgot /tip /collect /recharge /first_recharge /recharge_coupon /coupon_package /mine /select /combo
/combo_detail /coupons /coupons_list /coupons_expired /card_list /flow /flow_list /remind /lt_real_name /yd_real_name
/dx_real_name /cme_real_name /bj_real_name /fe_real_name /wifi_setting /check /order /pay_success /coupon_success /pay_fail
/pay_status /alipay /ls_pay /privacy /agreement /bind_card /customer /card_check /order_check /order_success /guide /regtip
/change /quick_payment /quick_select_package /quick_coupons_list /quick_payment_success /gift /agent /agent_success /shopping
/shopping_success /bind_user /suggest /replace_card /replace_info /cpe /cpe_mine /cpe_combo /cpe_combo_detail /cpe_router
/cpe_bind /cpe_up /cpe_up_detail /cpe_network /cpe_order /cpe_setting /cpe_remind /download /qr_code_login /camera /popularize
/member /member_rule /member_invite /member_invite-records /404`.split(/\s+/);
/** Pages the spec's table does not have, added since: /alert_setting (docs/decisions/0015, alerts and auto-renew), /chat (docs/decisions/0034, 在线咨询),
 *  /payee_confirm (docs/decisions/0039-payee-confirms-transfer.md, an agent's payee confirms a transfer),
 *  /forgot_password, /account_security and /messages (docs/decisions/0044-holder-account.md),
 *  /address and /quick_recharge (docs/decisions/0046-addresses.md: 地址管理, 快捷充值 of balance). */
const ADDED_PATHS = [
  '/alert_setting',
  '/chat',
  '/payee_confirm',
  '/forgot_password',
  '/account_security',
  '/messages',
  '/address',
  '/quick_recharge',
];

/** The modules under src/routes/<area>/, not loaded. */
const ROUTE_MODULES = Object.keys(import.meta.glob('../routes/*/*.tsx'));

describe('route table', () => {
  it('holds every path of docs/spec/portal-spec.md §2, once, with a unique name', () => {
    expect(ROUTES.map((r) => r.path).sort()).toEqual([...SPEC_PATHS, ...ADDED_PATHS].sort());
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
  });

  it('routes the pages built so far, and nothing that is not built', () => {
    const built = BUILT_ROUTES.map((r) => r.path);
    expect(built).toEqual(
      expect.arrayContaining([
        ...[
          '/',
          '/login',
          '/forgot',
          '/mine',
          '/card_list',
          '/bind_card',
          '/flow',
          '/flow_list',
          '/customer',
          '/privacy',
          '/agreement',
          '/404',
        ],
        // the gate targets
        ...['/tip', '/collect', '/select', '/remind', '/replace_card', '/replace_info'],
        ...['/lt_real_name', '/yd_real_name', '/dx_real_name', '/cme_real_name', '/bj_real_name', '/fe_real_name'],
      ]),
    );
    // pages not built yet stay out of the router (they fall to /404)
    // (each route without a page: the list shrinks as pages are built)
    for (const r of ROUTES.filter((x) => !x.page)) expect(routedRouteOf(r.path), r.path).toBeUndefined();
    expect(routeOf('/gift')?.title).toBe('礼品查询');
  });

  it('finds every built page in src/routes/<its area>/', () => {
    for (const r of BUILT_ROUTES) {
      expect(pageModule(r), r.path).toBe(`routes/${r.area}/${r.page}`);
      expect(ROUTE_MODULES, r.path).toContain(`../${pageModule(r)}.tsx`);
    }
    for (const r of ROUTES.filter((x) => !x.page)) expect(pageModule(r), r.path).toBeUndefined();
  });

  it.each([
    ['keep-alive', (r: RouteDef) => r.meta.keepAlive, ['/', '/mine', '/lt_real_name']],
    ['tab bar (docs/spec/decisions.md "Layout")', (r: RouteDef) => r.meta.tabBar, ['/', '/mine']],
    [
      'card whitelist',
      (r: RouteDef) => r.meta.cardWhitelist,
      ['/bind_card', '/card_check', '/order_check', '/quick_payment', '/order_success', '/collect'],
    ],
  ])('%s meta matches the spec', (_n, pick, paths) => {
    expect(
      ROUTES.filter(pick)
        .map((r) => r.path)
        .sort(),
    ).toEqual([...paths].sort());
  });

  it.each([
    '/agreement',
    '/privacy',
    '/card_check',
    '/guide',
    '/regtip',
    '/tip',
    '/404',
    '/customer',
    '/collect',
    '/quick_payment',
    '/quick_select_package',
    '/quick_coupons_list',
    '/quick_payment_success',
    '/agent',
    '/agent_success',
    '/shopping',
    '/shopping_success',
    '/replace_card',
    '/replace_info',
    '/cpe',
    '/cpe_mine',
    '/download',
    '/popularize',
    '/bind_user',
    '/qr_code_login',
  ])('%s needs no login (docs/spec/portal-spec.md §2)', (path) => expect(routeOf(path)?.meta.noLogin).toBe(true));

  it('puts exactly the /cpe* routes in the wifi-device area', () => {
    const wifiDevice = ROUTES.filter((r) => r.area === 'wifiDevice').map((r) => r.path);
    expect(wifiDevice).toHaveLength(12);
    expect(wifiDevice).toEqual(ROUTES.filter((r) => /^\/cpe(_|$)/.test(r.path)).map((r) => r.path));
    // the open ones (docs/spec/portal-spec.md §4)
    expect(ROUTES.filter((r) => r.area === 'wifiDevice' && r.meta.noLogin).map((r) => r.path)).toEqual([
      '/cpe',
      '/cpe_mine',
      '/cpe_network',
    ]);
  });

  it('names a route after its path unless told otherwise, and gives every route its meta', () => {
    expect(routeOf('/flow_list')?.name).toBe('flow_list');
    expect(routeOf('/')?.name).toBe('home');
    expect(routeOf('/404')?.name).toBe('not_found');
    expect(ROUTES.every((r) => typeof r.meta === 'object' && r.area)).toBe(true);
  });

  it('hides the service button on /login and looks routes up by name and by path', () => {
    expect(routeOf('/login')?.meta.noShowKF).toBe(true);
    expect(routeByName('member_invite_records')?.path).toBe('/member_invite-records');
    expect(routeOf('/flow/')?.path).toBe('/flow');
  });
});
