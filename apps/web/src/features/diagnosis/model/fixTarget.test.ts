import { describe, expect, it } from 'vitest';
import { fixTarget } from './fixTarget';

describe('where a fix button leads', () => {
  it.each([
    ['recharge', true, { kind: 'page', path: '/recharge' }],
    // a visitor tops the card up without a login, as quick payment buys it a package
    ['recharge', false, { kind: 'page', path: '/quick_recharge?custom_num=1000000022' }],
    // one tap from the cashier: the order page with the package that brings the line back (decision 0070)
    ['buy_package', true, { kind: 'page', path: '/combo_detail?restore=1' }],
    ['buy_package', false, { kind: 'page', path: '/quick_select_package?custom_num=1000000022' }],
    ['buy_refuel', true, { kind: 'page', path: '/combo_detail?restore=1' }],
    ['buy_refuel', false, { kind: 'page', path: '/quick_select_package?custom_num=1000000022' }],
    ['replace_card', true, { kind: 'page', path: '/replace_info?form=card_check' }],
    ['replace_card', false, { kind: 'page', path: '/login?login_model=customNum&redirect=%2Freplace_info%3Fform%3Dcard_check' }],
    ['real_name', true, { kind: 'page', path: '/remind' }],
    ['real_name', false, { kind: 'page', path: '/login?login_model=customNum&redirect=%2Fremind' }],
    ['customer', false, { kind: 'page', path: '/customer?form=card_check' }],
    ['switch_network', true, { kind: 'page', path: '/change' }],
    ['switch_network', false, { kind: 'page', path: '/login?login_model=customNum&redirect=%2Fchange' }],
    ['device', true, { kind: 'page', path: '/wifi_setting' }],
    ['refresh', false, { kind: 'refresh' }],
  ] as const)('%s, owner %s', (kind, owner, target) => {
    expect(fixTarget({ kind, text: '' }, { owner, customNum: '1000000022' })).toEqual(target);
  });
});
