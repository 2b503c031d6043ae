import { describe, expect, it } from 'vitest';
import { priceOutlier, type PricedPackage } from './priceOutlier';

const GB = 1024;
const monthly = (id: number, gb: number, yuan: number): PricedPackage => ({
  id,
  package_type: 1,
  flow_mb: gb * GB,
  retail_fen: yuan * 100,
});
const series = [monthly(1, 30, 29), monthly(2, 50, 39), monthly(3, 100, 59)];

describe('a price far from its series', () => {
  it.each([
    ['the usual price', monthly(9, 30, 30), null],
    ['four times dearer: not yet', monthly(9, 30, 4 * 29 * 0.78), null],
    ['¥99,999 for 30 GB', monthly(9, 30, 99_999), /是同系列同类套餐（每 GB 约 0\.78 元）的 \d+ 倍/],
    ['¥0.30 for 30 GB', monthly(9, 30, 0.3), /仅为同系列同类套餐（每 GB 约 0\.78 元）的 1\/78/],
    ['free', monthly(9, 30, 0), /远低于同系列同类套餐/],
  ] as const)('%s', (_name, p, expected) => {
    const o = priceOutlier(p, series);
    if (expected === null) expect(o).toBeNull();
    else expect(o?.message).toMatch(expected);
  });

  it('compares with packages of the same type only, leaves itself out, and needs data to compare', () => {
    const refuel: PricedPackage = { id: 7, package_type: 2, flow_mb: 5 * GB, retail_fen: 2000 };
    // a refuel at ¥4/GB is not compared with monthly plans at ¥0.78/GB
    expect(priceOutlier(refuel, series)).toBeNull();
    expect(priceOutlier(refuel, [...series, refuel])).toBeNull();
    // editing the only package of its type: nothing to compare with
    expect(priceOutlier({ ...series[0]!, retail_fen: 9_999_900 }, [series[0]!])).toBeNull();
    // a time-only package is not priced per GB
    expect(priceOutlier({ package_type: 1, flow_mb: 0, retail_fen: 100 }, series)).toBeNull();
  });

  it('uses the middle of the series, so one odd sibling does not move it', () => {
    const odd = [...series, monthly(4, 10, 9999)];
    expect(priceOutlier(monthly(9, 30, 30), odd)).toBeNull();
    expect(priceOutlier(monthly(9, 30, 99_999), odd)?.dearer).toBe(true);
  });
});
