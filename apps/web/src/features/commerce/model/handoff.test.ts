import { describe, expect, it } from 'vitest';
import { handoffPageOf, keepCashierBehind, purchaseOrigin, purchaseToResume, safeCashierUrl } from './handoff';
import { setSessionBackend } from './sessionKeys';

describe('handoffPageOf', () => {
  it.each([
    [1, null],
    [2, '/alipay'],
    [3, null],
    [4, '/ls_pay'],
  ])('channel %i → %s', (channel, page) => expect(handoffPageOf(channel)).toBe(page));
});

describe('safeCashierUrl', () => {
  it.each([
    ['/sim/pay/cashier/abc', '/sim/pay/cashier/abc'],
    ['https://pay.example.com/c?id=1', 'https://pay.example.com/c?id=1'],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['http://pay.example.com/', null],
    ['javascript:alert(1)', null],
    ['', null],
    [null, null],
  ])('%j → %j', (url, out) => expect(safeCashierUrl(url)).toBe(out));
});

describe('purchaseToResume', () => {
  it('remembers a same-site purchase page, answers only safe paths, and forgets', () => {
    const mem = new Map<string, string>();
    setSessionBackend({ getItem: (k) => mem.get(k) ?? null, setItem: (k, v) => void mem.set(k, v) });
    try {
      expect(purchaseToResume.recall()).toBeNull();
      purchaseToResume.remember('/combo_detail?package_id=3');
      expect(purchaseToResume.recall()).toBe('/combo_detail?package_id=3');
      purchaseToResume.forget();
      expect(purchaseToResume.recall()).toBeNull();
      for (const bad of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
        purchaseToResume.remember(bad);
        expect(purchaseToResume.recall()).toBeNull();
      }
    } finally {
      setSessionBackend(null);
    }
  });
});

describe('purchaseOrigin', () => {
  it('leads the result pages of a device-area order back to the device area, any other to the portal', () => {
    const mem = new Map<string, string>();
    setSessionBackend({ getItem: (k) => mem.get(k) ?? null, setItem: (k, v) => void mem.set(k, v) });
    try {
      expect(purchaseOrigin.wayBack('P1')).toMatchObject({ home: '/', homeLabel: '返回首页', orders: '/order' });
      expect(purchaseOrigin.wayBack('P1').packagePath(3)).toBe('/combo_detail?package_id=3');
      purchaseOrigin.remember('P1', 'device');
      expect(purchaseOrigin.wayBack('P1')).toMatchObject({ home: '/cpe', homeLabel: '返回设备首页', orders: '/cpe_order' });
      expect(purchaseOrigin.wayBack('P1').packagePath(3)).toBe('/cpe_combo_detail?package_id=3');
      expect(purchaseOrigin.wayBack('P2').home).toBe('/');
    } finally {
      setSessionBackend(null);
    }
  });
});

describe('keepCashierBehind (back from 支付成功 never shows the cashier again)', () => {
  function fakeWindow(state: unknown, url = '/pay_status?order_no=O1') {
    const entries: { state: unknown; url: string }[] = [{ state, url }];
    let at = 0;
    const u = new URL(url, 'http://h');
    return {
      entries,
      win: {
        history: {
          get state() {
            return entries[at]!.state;
          },
          replaceState: (s: unknown, _t: string, to?: string | URL | null) => void (entries[at] = { state: s, url: String(to) }),
          pushState: (s: unknown, _t: string, to?: string | URL | null) => {
            entries.splice(at + 1, Infinity, { state: s, url: String(to) });
            at++;
          },
        },
        location: { pathname: u.pathname, search: u.search, hash: u.hash },
      },
    };
  }

  it('on the gateway’s return (the visit’s first entry): the way back below, the result on it', () => {
    const { win, entries } = fakeWindow({ idx: 0, key: 'k1', usr: null });
    expect(keepCashierBehind('/cpe', win)).toBe(true);
    expect(entries).toEqual([
      { state: { usr: null, key: 'wayback', idx: 0 }, url: '/cpe' },
      { state: { idx: 1, key: 'k1', usr: null }, url: '/pay_status?order_no=O1' },
    ]);
  });

  it('a document the router has not numbered yet counts as the first entry', () => {
    const { win, entries } = fakeWindow(null);
    expect(keepCashierBehind('/', win)).toBe(true);
    expect(entries.map((e) => e.url)).toEqual(['/', '/pay_status?order_no=O1']);
  });

  it('reached within the app, or a reload after the way back was put: left alone', () => {
    for (const idx of [1, 5]) {
      const { win, entries } = fakeWindow({ idx, key: 'k', usr: null });
      expect(keepCashierBehind('/', win)).toBe(false);
      expect(entries).toHaveLength(1);
    }
  });
});
