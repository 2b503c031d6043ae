import { describe, expect, it } from 'vitest';
import { isCityOf, REGIONS } from './regions';

describe('REGIONS', () => {
  it('lists the 34 provincial-level divisions once each, every one with its cities, none twice', () => {
    expect(REGIONS).toHaveLength(34);
    expect(new Set(REGIONS.map((r) => r.province)).size).toBe(34);
    for (const r of REGIONS) {
      expect(r.cities.length, r.province).toBeGreaterThan(0);
      expect(new Set(r.cities).size, r.province).toBe(r.cities.length);
    }
  });

  it.each([
    ['广东省', '深圳市', true],
    ['北京市', '北京市', true],
    ['新疆维吾尔自治区', '喀什地区', true],
    ['吉林省', '吉林市', true],
    ['广东省', '杭州市', false],
    ['广东', '深圳市', false],
    ['', '', false],
  ])('isCityOf(%s, %s) is %s', (province, city, expected) => expect(isCityOf(province, city)).toBe(expected));
});
