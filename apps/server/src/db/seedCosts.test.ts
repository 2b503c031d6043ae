import { describe, expect, it } from 'vitest';
import { DEMO_COST_SHARE, demoCostFen } from './seedCosts';

describe('demo costs', () => {
  it.each([
    ['畅享100G月包', 2900],
    ['极客叠加包10G', 600],
    ['1元体验包', 100],
    ['5G CPE 300G月包', 29900],
    ['年包', 9900],
  ])('%s at %i fen costs 55–75 %% of retail, in tens of fen, the same every time', (name, price) => {
    const cost = demoCostFen(name, price);
    expect(cost / price).toBeGreaterThanOrEqual(DEMO_COST_SHARE.min - 0.05);
    expect(cost / price).toBeLessThanOrEqual(DEMO_COST_SHARE.max + 0.05);
    expect(cost % 10).toBe(0);
    expect(demoCostFen(name, price)).toBe(cost);
  });

  it('a free package costs nothing', () => {
    expect(demoCostFen('免费体验', 0)).toBe(0);
  });
});
