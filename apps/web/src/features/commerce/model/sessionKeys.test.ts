import { beforeEach, describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../lib/storage';
import { forget, recall, remember, setSessionBackend } from './sessionKeys';

const mem = memoryStorage();
setSessionBackend(mem);

describe('session memories of the payment flow', () => {
  beforeEach(() => mem.clear());
  it('remembers, recalls and forgets per order', () => {
    remember('quickOrders', 'A1', 'key-1');
    remember('payUrls', 'A1', '/sim/pay/cashier/1');
    expect(recall('quickOrders', 'A1')).toBe('key-1');
    expect(recall('payUrls', 'A1')).toBe('/sim/pay/cashier/1');
    forget('quickOrders', 'A1');
    expect(recall('quickOrders', 'A1')).toBeUndefined();
    expect(recall('payUrls', 'A1')).toBe('/sim/pay/cashier/1');
  });
  it('keeps only the latest 20 orders', () => {
    for (let i = 0; i < 25; i++) remember('payUrls', `O${i}`, `/c/${i}`);
    expect(recall('payUrls', 'O4')).toBeUndefined();
    expect(recall('payUrls', 'O5')).toBe('/c/5');
    expect(recall('payUrls', 'O24')).toBe('/c/24');
  });
  it('reads a corrupt value as empty', () => {
    mem.setItem('sim_quickOrders', '{not json');
    expect(recall('quickOrders', 'A1')).toBeUndefined();
    mem.setItem('sim_quickOrders', '{"A1":5}');
    expect(recall('quickOrders', 'A1')).toBeUndefined();
  });
});
