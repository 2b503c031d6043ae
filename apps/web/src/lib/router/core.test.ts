import { describe, expect, it } from 'vitest';
import {
  createPath,
  createSearchParams,
  entryState,
  isExternal,
  isPlainLeftClick,
  locationOf,
  resolveTo,
  searchTarget,
  type Path,
  type SearchParamsInit,
} from './core';

const at = (url: string): Path => {
  const u = new URL(url, 'http://h');
  return { pathname: u.pathname, search: u.search, hash: u.hash };
};

describe('resolveTo: where a `to` leads, as the browser resolves an href', () => {
  const rows: [to: string, from: string, expected: string][] = [
    ['/flow', '/mine', '/flow'],
    ['/order?order_no=A1', '/orders?tab=paid', '/order?order_no=A1'],
    ['?tab=paid', '/orders?tab=all', '/orders?tab=paid'],
    ['?', '/orders?tab=all', '/orders'],
    ['#faq', '/guide?x=1', '/guide?x=1#faq'],
    ['detail', '/cpe/list', '/cpe/detail'],
    ['../x', '/a/b/c', '/a/x'],
    ['', '/orders?tab=all#top', '/orders?tab=all'],
    // a redirect target stays encoded as it was written; the page decodes it with URLSearchParams
    ['/login?redirect=%2Fflow%3Ftab%3Dday', '/flow', '/login?redirect=%2Fflow%3Ftab%3Dday'],
    ['/customer?form=套餐', '/', '/customer?form=%E5%A5%97%E9%A4%90'],
  ];
  it.each(rows)('%j from %j is %j', (to, from, expected) => {
    expect(createPath(resolveTo(to, at(from)))).toBe(expected);
  });

  it('a `to` the browser would take to another host stays on this site', () => {
    expect(createPath(resolveTo('/\\evil.example/x', at('/')))).toBe('/x');
  });
});

describe('isExternal: links the router leaves to the browser', () => {
  const rows: [string, boolean][] = [
    ['https://example.com/app.apk', true],
    ['weixin://dl/business', true],
    ['//cdn.example.com/x', true],
    ['/download', false],
    ['?tab=1', false],
    ['detail', false],
  ];
  it.each(rows)('%j → %s', (to, expected) => expect(isExternal(to)).toBe(expected));
});

describe('search params: what the setter navigates to', () => {
  const rows: [SearchParamsInit, string][] = [
    [{ tab: 'paid', scope: 'user' }, '?tab=paid&scope=user'],
    [{}, '?'],
    ['', '?'],
    ['order_no=A%201', '?order_no=A+1'],
    [new URLSearchParams({ custom_num: '8986', package_id: '3' }), '?custom_num=8986&package_id=3'],
    [
      [
        ['a', '1'],
        ['a', '2'],
      ],
      '?a=1&a=2',
    ],
    [{ a: ['1', '2'], b: '3' }, '?a=1&a=2&b=3'],
    [{ q: '中 文&=' }, '?q=%E4%B8%AD+%E6%96%87%26%3D'],
  ];
  it.each(rows)('%j → %j', (init, expected) => {
    expect(searchTarget(init)).toBe(expected);
  });

  it('lands on the same page with the new query, no hash', () => {
    expect(createPath(resolveTo(searchTarget({ tab: 'used' }), at('/coupons?tab=all#x')))).toBe('/coupons?tab=used');
    expect(createPath(resolveTo(searchTarget({}), at('/recharge_coupon?tab=in')))).toBe('/recharge_coupon');
  });

  it('a record repeats a key for each value of an array', () => {
    expect(createSearchParams({ a: ['x', 'y'] }).getAll('a')).toEqual(['x', 'y']);
  });
});

describe('history entries: numbered from the first page of the visit', () => {
  const rows: [name: string, current: { idx: number; key: string; usr: unknown } | null, replace: boolean, expectedIdx: number][] = [
    ['a push after the first entry', { idx: 0, key: 'default', usr: null }, false, 1],
    ['a push further on', { idx: 4, key: 'k4', usr: null }, false, 5],
    ['a replace keeps the number', { idx: 4, key: 'k4', usr: null }, true, 4],
    ['a replace of the first entry', { idx: 0, key: 'default', usr: null }, true, 0],
    ['an entry the router did not number counts as the first', null, false, 1],
  ];
  it.each(rows)('%s', (_name, current, replace, expectedIdx) => {
    expect(entryState(current, replace, undefined, 'new')).toEqual({ usr: null, key: 'new', idx: expectedIdx });
  });

  it('keeps the state passed to navigate with the entry, and gives it back as location.state', () => {
    const entry = entryState({ idx: 2, key: 'a', usr: null }, false, { from: '/pay' }, 'b');
    expect(entry).toEqual({ usr: { from: '/pay' }, key: 'b', idx: 3 });
    expect(locationOf(at('/recharge?x=1'), entry)).toEqual({
      pathname: '/recharge',
      search: '?x=1',
      hash: '',
      state: { from: '/pay' },
      key: 'b',
    });
  });

  it("a first entry without the router's state: key 'default', no state", () => {
    expect(locationOf(at('/login'), null)).toEqual({ pathname: '/login', search: '', hash: '', state: null, key: 'default' });
    expect(locationOf(at('/login'), { idx: 0 })).toMatchObject({ key: 'default', state: null });
  });
});

describe('isPlainLeftClick: the clicks a link takes over', () => {
  const plain = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false, defaultPrevented: false };
  const rows: [name: string, event: typeof plain, target: string | undefined, expected: boolean][] = [
    ['a plain left click', plain, undefined, true],
    ['a plain left click, target _self', plain, '_self', true],
    ['target _blank', plain, '_blank', false],
    ['the middle button', { ...plain, button: 1 }, undefined, false],
    ['ctrl (a new tab)', { ...plain, ctrlKey: true }, undefined, false],
    ['⌘ (a new tab)', { ...plain, metaKey: true }, undefined, false],
    ['shift (a new window)', { ...plain, shiftKey: true }, undefined, false],
    ['alt (download)', { ...plain, altKey: true }, undefined, false],
    ["a handler's preventDefault()", { ...plain, defaultPrevented: true }, undefined, false],
  ];
  it.each(rows)('%s → %s', (_name, event, target, expected) => {
    expect(isPlainLeftClick(event, target)).toBe(expected);
  });
});
