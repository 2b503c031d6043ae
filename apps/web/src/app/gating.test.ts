import { describe, expect, it } from 'vitest';
import { gateModeOf } from './gating';
import { ROUTES } from './routes';

// decisions.md "Where gates run": every page that needs login and a card, except home, mine,
// card management, binding, whitelisted paths, wifi-device pages and the gate targets.
const NAVIGATE = [
  '/coupon_package',
  '/coupons',
  '/coupons_expired',
  '/flow',
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
];
const AFTER_LOAD = ['/', '/mine'];

describe('gateModeOf (decisions.md "Where gates run")', () => {
  it.each(ROUTES.map((r) => [r.path, r] as const))('%s', (path, route) => {
    const expected = AFTER_LOAD.includes(path) ? 'afterLoad' : NAVIGATE.includes(path) ? 'navigate' : 'none';
    expect(gateModeOf(route)).toBe(expected);
  });

  it('never gates the pages the gates lead to', () => {
    for (const p of ['/replace_info', '/select', '/collect', '/recharge', '/first_recharge', '/combo', '/combo_detail', '/remind', '/lt_real_name', '/yd_real_name', '/dx_real_name', '/cme_real_name', '/bj_real_name', '/fe_real_name', '/forgot', '/pay_success', '/order'])
      expect(gateModeOf(ROUTES.find((r) => r.path === p)!)).toBe('none');
  });

  it('never gates wifi-device pages, even those that need a login', () => {
    for (const r of ROUTES.filter((x) => x.name.includes('cpe'))) expect(gateModeOf(r)).toBe('none');
  });
});
