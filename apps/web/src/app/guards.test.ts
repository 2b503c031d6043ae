import { describe, expect, it } from 'vitest';
import { routedRouteOf, routeOf } from '../config/routes';
import { decideNavigation, type GuardContext, type GuardDecision } from './guards';

// Every path of the route table counts as built here, so the rules can be tested before the
// pages exist; the last block checks the real (built-only) lookup.
const anyRoute = (p: string) => routeOf(p);

const visitor: Omit<GuardContext, 'path' | 'search'> = { hasCardInfo: false, cardLogin: false };
const user: Omit<GuardContext, 'path' | 'search'> = { token: 't', hasCardInfo: true, customNum: '1000000001', cardLogin: false };
const userNoCard: Omit<GuardContext, 'path' | 'search'> = { token: 't', hasCardInfo: false, cardLogin: false };
const cardUser: Omit<GuardContext, 'path' | 'search'> = { token: 't', hasCardInfo: true, customNum: '1000000001', cardLogin: true };

type Expect = { allow: true } | { to: string; clearStorage?: true; popup?: 'login' | 'downloadApp' };

function summary(d: GuardDecision): Expect {
  if (d.kind === 'allow') return { allow: true };
  const out: Expect = { to: d.to };
  if (d.clearStorage) out.clearStorage = true;
  if (d.popup) out.popup = d.popup;
  return out;
}

const rows: [string, Omit<GuardContext, 'path' | 'search'>, string, Expect][] = [
  // no token → /login keeping mark and login_model (default mobile) plus redirect
  ['visitor on home', visitor, '/', { to: '/login?login_model=mobile' }],
  ['visitor on /flow', visitor, '/flow', { to: '/login?login_model=mobile&redirect=%2Fflow' }],
  [
    'visitor keeps mark from the query',
    visitor,
    '/flow?mark=acme',
    { to: '/login?mark=acme&login_model=mobile&redirect=%2Fflow%3Fmark%3Dacme' },
  ],
  [
    'visitor keeps the stored mark',
    { ...visitor, storedMark: 'acme' },
    '/mine',
    { to: '/login?mark=acme&login_model=mobile&redirect=%2Fmine' },
  ],
  [
    'visitor keeps login_model from the query',
    visitor,
    '/mine?login_model=customNum',
    { to: '/login?login_model=customNum&redirect=%2Fmine%3Flogin_model%3DcustomNum' },
  ],
  [
    'visitor keeps the stored login model',
    { ...visitor, storedLoginModel: 'account' },
    '/card_list',
    { to: '/login?login_model=account&redirect=%2Fcard_list' },
  ],
  [
    'an unknown login_model falls back to mobile',
    visitor,
    '/mine?login_model=qq',
    { to: '/login?login_model=mobile&redirect=%2Fmine%3Flogin_model%3Dqq' },
  ],
  ['visitor on /login', visitor, '/login', { allow: true }],
  ...[
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
    '/agent',
    '/shopping_success',
    '/replace_info',
    '/download',
    '/popularize',
    '/bind_user',
    '/qr_code_login',
    '/forgot',
  ].map((p) => [`visitor on no-login page ${p}`, visitor, p, { allow: true }] as [string, typeof visitor, string, Expect]),

  // a logged-in user at /login goes back
  ['user at /login goes home', user, '/login', { to: '/' }],
  ['user at /login goes to redirect', user, '/login?redirect=%2Fflow_list', { to: '/flow_list' }],
  ['user at /login ignores an off-site redirect', user, '/login?redirect=https%3A%2F%2Fevil.example', { to: '/' }],
  ['user at /login ignores a protocol-relative redirect', user, '/login?redirect=%2F%2Fevil.example', { to: '/' }],

  // without card info only whitelisted paths, else /
  ['user without card info on /flow', userNoCard, '/flow', { to: '/' }],
  ['user without card info on /combo', userNoCard, '/combo', { to: '/' }],
  ['user without card info on home', userNoCard, '/', { allow: true }],
  ['user without card info on /mine', userNoCard, '/mine', { allow: true }],
  ['user without card info on /card_list', userNoCard, '/card_list', { allow: true }],
  ...['/bind_card', '/card_check', '/order_check', '/quick_payment', '/order_success', '/collect'].map(
    (p) => [`user without card info on whitelisted ${p}`, userNoCard, p, { allow: true }] as [string, typeof visitor, string, Expect],
  ),
  ['user without card info on no-login /privacy', userNoCard, '/privacy', { allow: true }],
  ['user with card info on /flow', user, '/flow', { allow: true }],

  // /login?cmd=forced_logout
  ['forced logout, logged in', user, '/login?cmd=forced_logout', { to: '/login', clearStorage: true }],
  [
    'forced logout keeps the rest of the query',
    visitor,
    '/login?mark=acme&cmd=forced_logout&login_model=account',
    { to: '/login?mark=acme&login_model=account', clearStorage: true },
  ],

  // wifi-device rules
  ...['/cpe', '/cpe_mine', '/cpe_network'].map(
    (p) => [`visitor on open ${p}`, visitor, p, { allow: true }] as [string, typeof visitor, string, Expect],
  ),
  ['real user with a card on /cpe_combo', user, '/cpe_combo', { allow: true }],
  ['real user with a card and no card info on /cpe_router', { ...user, hasCardInfo: false }, '/cpe_router', { allow: true }],
  ...[
    '/cpe_combo',
    '/cpe_combo_detail',
    '/cpe_router',
    '/cpe_bind',
    '/cpe_up',
    '/cpe_up_detail',
    '/cpe_order',
    '/cpe_setting',
    '/cpe_remind',
  ].map((p) => [`visitor on ${p}: login popup`, visitor, p, { to: '/cpe', popup: 'login' }] as [string, typeof visitor, string, Expect]),
  ['card-number login (user_id 0) on /cpe_setting: download-app popup', cardUser, '/cpe_setting', { to: '/cpe', popup: 'downloadApp' }],
  ['real user without a card number on /cpe_order: download-app popup', userNoCard, '/cpe_order', { to: '/cpe', popup: 'downloadApp' }],

  // unknown paths
  ['unknown path', user, '/nope', { to: '/404' }],
  ['unknown path for a visitor', visitor, '/admin', { to: '/404' }],
  ['trailing slash is the same route', user, '/flow/', { allow: true }],
];

describe('decideNavigation (docs/spec/portal-spec.md §4)', () => {
  it.each(rows)('%s', (_name, ctx, url, expected) => {
    const [path, search = ''] = url.split('?');
    expect(summary(decideNavigation({ ...ctx, path, search: search ? `?${search}` : '' }, anyRoute))).toEqual(expected);
  });
});

describe('decideNavigation with the built routes only', () => {
  it.each([
    ['/flow', { allow: true }],
    ['/gift', { allow: true }],
    ['/cpe_combo', { allow: true }],
    ['/member', { allow: true }],
    ['/no_such_page', { to: '/404' }],
    ['/404', { allow: true }],
  ] as const)('%s', (path, expected) => {
    expect(summary(decideNavigation({ ...user, path, search: '' }, routedRouteOf))).toEqual(expected);
  });
});
