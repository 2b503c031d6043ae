import { describe, expect, it } from 'vitest';
import { clampBottom, draggedBottom, isTap } from './drag';
import { clearOfPage } from './dock';
import { serviceButtons, type RouteForService } from './visibility';

const on = { openCustomer: true, customerUrl: 'https://kf.example.com' };
const r = (path: string, meta: RouteForService['meta'] = {}): RouteForService => ({
  path,
  area: path.startsWith('/cpe') ? 'wifiDevice' : 'cards',
  meta,
});

describe('serviceButtons (docs/spec/portal-spec.md §2)', () => {
  it.each([
    ['home, configured', r('/'), on, { main: true, cpe: false }],
    ['a noShowKF route', r('/customer', { noShowKF: true }), on, { main: false, cpe: false }],
    ['/login always hides it', r('/login'), on, { main: false, cpe: false }],
    ['open_customer off', r('/'), { ...on, openCustomer: false }, { main: false, cpe: false }],
    // no chat address of its own: the built-in 在线咨询 answers (docs/decisions/0034)
    ['customer_url unset', r('/'), { ...on, customerUrl: '' }, { main: true, cpe: false }],
    ['the chat page itself', r('/chat', { noShowKF: true }), on, { main: false, cpe: false }],
    ['a cpe route shows the cpe button instead', r('/cpe_router'), on, { main: false, cpe: true }],
    ['a cpe route with noCpeKF shows neither', r('/cpe_bind', { noCpeKF: true }), on, { main: false, cpe: false }],
    ['no route (redirecting)', undefined, on, { main: false, cpe: false }],
  ] as const)('%s', (_n, route, cfg, expected) => {
    expect(serviceButtons(route, cfg)).toEqual(expected);
  });
});

describe('vertical drag', () => {
  it.each([
    [80, 667, 80],
    [-40, 667, 12],
    [5000, 667, 667 - 52 - 12],
    [300, 40, 12],
  ])('clampBottom(%i) on a %ipx viewport is %i', (bottom, vh, expected) => {
    expect(clampBottom(bottom, vh)).toBe(expected);
  });

  it('moves up when the pointer moves up, down when it moves down', () => {
    expect(draggedBottom(80, 500, 400, 667)).toBe(180);
    expect(draggedBottom(180, 400, 450, 667)).toBe(130);
  });

  it('tells a tap from a drag', () => {
    expect(isTap(300, 303)).toBe(true);
    expect(isTap(300, 310)).toBe(false);
    expect(isTap(300, 300, 10, 30)).toBe(false);
  });
});

describe('docking (docs/decisions/0031)', () => {
  it.each([
    ['the page ends above the button', 300, 535, true],
    ['the page ends at the button’s top', 535, 535, true],
    ['sub-pixel rounding', 535.4, 535, true],
    ['the page goes on under the button', 536, 535, false],
    ['a long page scrolled to its top', 1800, 535, false],
  ] as const)('%s', (_n, pageEnd, buttonTop, expected) => {
    expect(clearOfPage(pageEnd, buttonTop)).toBe(expected);
  });
});
