import { describe, expect, it } from 'vitest';
import { discountLabel, growthOfPayment, memberDiscountFen, standingOf } from './rules';

const LEVELS = [
  { level: 2, name: '金卡会员', min_growth: 500, package_price_pct: 95 },
  { level: 0, name: '普通会员', min_growth: 0, package_price_pct: 100 },
  { level: 1, name: '银卡会员', min_growth: 100, package_price_pct: 98 },
  { level: 3, name: '钻石会员', min_growth: 2000, package_price_pct: 90 },
];

describe('membership rules', () => {
  it.each([
    [0, 0],
    [99, 0],
    [100, 1],
    [2999, 29],
    [-500, 0],
  ])('growth of %i fen paid is %i', (fen, g) => expect(growthOfPayment(fen)).toBe(g));

  it.each([
    [0, '普通会员', '银卡会员', 100, 0],
    [99, '普通会员', '银卡会员', 1, 99],
    [100, '银卡会员', '金卡会员', 400, 0],
    [300, '银卡会员', '金卡会员', 200, 50],
    [1999, '金卡会员', '钻石会员', 1, 99],
    [2000, '钻石会员', null, 0, 100],
    [99999, '钻石会员', null, 0, 100],
    [-30, '普通会员', '银卡会员', 100, 0],
  ])('growth %i: level %s, next %s, needs %i (%i%%)', (g, cur, next, needed, percent) => {
    const s = standingOf(g, LEVELS);
    expect(s.current?.name).toBe(cur);
    expect(s.next?.name ?? null).toBe(next);
    expect(s.needed).toBe(needed);
    expect(s.percent).toBe(percent);
  });

  it('no levels: no standing', () => expect(standingOf(50, [])).toEqual({ current: null, next: null, needed: 0, percent: 0 }));

  it('below the lowest threshold: no level yet, the lowest is next', () => {
    const s = standingOf(10, [{ level: 1, name: 'V1', min_growth: 50, package_price_pct: 99 }]);
    expect(s).toMatchObject({ current: null, needed: 40, percent: 20 });
  });

  it.each([
    [3000, 100, 0],
    [3000, 95, 150],
    [2999, 95, 149],
    [3000, 90, 300],
    [0, 90, 0],
    [3000, 0, 0],
  ])('discount on %i fen at %i%% is %i fen', (fen, pct, d) => expect(memberDiscountFen(fen, pct)).toBe(d));

  it.each([
    [100, ''],
    [95, '9.5折'],
    [90, '9折'],
    [98, '9.8折'],
  ])('%i%% reads %s', (pct, label) => expect(discountLabel(pct)).toBe(label));
});
