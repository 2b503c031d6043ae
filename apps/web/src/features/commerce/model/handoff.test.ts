import { describe, expect, it } from 'vitest';
import { handoffPageOf, purchaseOrigin, purchaseToResume, safeCashierUrl } from './handoff';
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
