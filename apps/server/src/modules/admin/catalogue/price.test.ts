// Pure rules of prices: the margin shown and the refusal of a retail price below cost.
import { describe, expect, it } from 'vitest';
import { marginOf } from '@portal/contract/admin';
import { priceProblem } from './service';

describe('marginOf', () => {
  it.each([
    [1500, 2500, 1000, 40],
    [0, 990, 990, 100],
    [1000, 1000, 0, 0],
    [0, 0, 0, null],
    [1, 3, 2, 66.7],
  ])('cost %i, retail %i → margin %i (%s%%)', (cost, retail, margin, pct) => {
    expect(marginOf(cost, retail)).toEqual({ margin_fen: margin, margin_pct: pct });
  });
});

describe('priceProblem', () => {
  it.each([
    [1000, 1000, null],
    [1000, 1200, null],
    [0, 0, null],
    [2000, 1999, '零售价不能低于成本价（成本 20.00 元）'],
  ])('cost %i, retail %i → %s', (cost, retail, problem) => {
    expect(priceProblem(cost, retail)).toBe(problem);
  });
});
