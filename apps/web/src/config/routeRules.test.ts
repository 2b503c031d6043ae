import { describe, expect, it } from 'vitest';
import { GATE_TARGET_PATH } from '../features/gating/model/targets';
import { gateModeOf } from './routeRules';
import { BUILT_ROUTES, ROUTES, routeOf } from './routes';

// docs/spec/decisions.md "Where gates run": every page that needs login and a card, except home,
// mine, card management, binding, whitelisted paths, wifi-device pages and the gate targets.
const NAVIGATE = [
  '/coupon_package',
  '/coupons',
  '/coupons_expired',
  // not /flow: it shows a card's usage whatever the card still needs, with what to do (decision 0070)
  '/flow_list',
  '/wifi_setting',
  '/check',
  '/change',
  '/gift',
  '/suggest',
  '/member',
  '/member_rule',
  '/member_invite',
  '/member_invite-records',
  '/alert_setting',
];
const AFTER_LOAD = ['/', '/mine'];

describe('gateModeOf (docs/spec/decisions.md "Where gates run")', () => {
  it.each(ROUTES.map((r) => [r.path, r] as const))('%s', (path, route) => {
    const expected = AFTER_LOAD.includes(path) ? 'afterLoad' : NAVIGATE.includes(path) ? 'navigate' : 'none';
    expect(gateModeOf(route)).toBe(expected);
  });

  it('never gates the pages the gates lead to', () => {
    for (const p of [
      '/replace_info',
      '/select',
      '/collect',
      '/recharge',
      '/first_recharge',
      '/combo',
      '/combo_detail',
      '/remind',
      '/lt_real_name',
      '/yd_real_name',
      '/dx_real_name',
      '/cme_real_name',
      '/bj_real_name',
      '/fe_real_name',
      '/forgot',
      '/pay_success',
      '/order',
    ])
      expect(gateModeOf(ROUTES.find((r) => r.path === p)!)).toBe('none');
  });

  it('never gates wifi-device pages, even those that need a login', () => {
    for (const r of ROUTES.filter((x) => x.area === 'wifiDevice')) expect(gateModeOf(r)).toBe('none');
  });
});

// The pages the gates lead to, and the pages that are part of getting through them: the gates
// never run on navigation to these, or a user could never reach the page that lets them pass.
const EXEMPT = [
  ...[
    '/',
    '/mine',
    '/card_list',
    '/bind_card',
    '/recharge',
    '/first_recharge',
    '/recharge_coupon',
    '/combo',
    '/combo_detail',
    '/coupons_list',
  ],
  ...[
    '/select',
    '/collect',
    '/remind',
    '/tip',
    '/lt_real_name',
    '/yd_real_name',
    '/dx_real_name',
    '/cme_real_name',
    '/bj_real_name',
    '/fe_real_name',
  ],
  ...[
    '/replace_card',
    '/replace_info',
    '/order',
    '/order_check',
    '/order_success',
    '/pay_status',
    '/pay_success',
    '/pay_fail',
    '/coupon_success',
  ],
  ...['/alipay', '/ls_pay', '/forgot', '/customer'],
];

describe('gate exemptions (route meta)', () => {
  it('counts 33 exempt paths', () => expect(new Set(EXEMPT).size).toBe(33));
  it.each(EXEMPT)('%s is exempt from the gates on navigation', (p) => expect(gateModeOf(routeOf(p)!)).not.toBe('navigate'));
  it('/flow shows the usage whatever the card still needs, and says what to do (decision 0070)', () =>
    expect(gateModeOf(routeOf('/flow')!)).toBe('none'));
  it.each(['/flow_list', '/change', '/check', '/coupons', '/suggest'])('%s is gated', (p) =>
    expect(gateModeOf(routeOf(p)!)).toBe('navigate'),
  );

  it.each(Object.entries(GATE_TARGET_PATH))('the %s gate leads to %s: a built page that is not gated itself', (_reason, path) => {
    const route = BUILT_ROUTES.find((r) => r.path === path);
    expect(route).toBeDefined();
    expect(gateModeOf(route!)).toBe('none');
  });
});
