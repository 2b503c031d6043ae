import { describe, expect, it } from 'vitest';
import { handoffPageOf, safeCashierUrl } from './handoff';

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
