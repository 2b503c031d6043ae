import { describe, expect, it } from 'vitest';
import { chinaDay, signed } from './growthView';

describe('growth view', () => {
  it.each([
    [30, '+30'],
    [-30, '-30'],
    [0, '0'],
  ])('%i reads %s', (n, s) => expect(signed(n)).toBe(s));
  it.each([
    ['2026-11-23T16:30:00.000Z', '2026-11-24'],
    ['', '-'],
  ])('%s is the China day %s', (iso, d) => expect(chinaDay(iso)).toBe(d));
});
