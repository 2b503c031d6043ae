import type { Package } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { baseGroupOf, canBuy, groupByType, packageIdParam, proposedPackage, recommendedAlone, recommendedIn } from './packages';

const pkg = (id: number, package_type: number, more: Partial<Package> = {}): Package => ({
  id,
  series_id: 1,
  name: `p${id}`,
  package_type,
  period: 2,
  period_count: 1,
  flow_mb: 1024,
  price: 10,
  original_price: 12,
  description: '',
  voucher_allowed: true,
  recommended: false,
  ...more,
});
const refused = { effect: { kind: 'refused', first_day: '', valid_until: '', text: '请先订购基础套餐' } } as const;
const queued = { kind: 'queued', first_day: '2026-12-01', valid_until: '2026-12-31', text: '' } as const;
const stacks = { kind: 'stacks', first_day: '2026-11-27', valid_until: '2026-11-30', text: '' } as const;

describe('groupByType', () => {
  it('keeps the server order of types and of packages within a type', () => {
    const groups = groupByType([pkg(1, 3), pkg(2, 2), pkg(3, 3), pkg(4, 42)]);
    expect(groups.map((g) => [g.type, g.label, g.list.map((p) => p.id)])).toEqual([
      [3, '基础套餐', [1, 3]],
      [2, '加油包', [2]],
      [42, '其他套餐', [4]],
    ]);
  });
  it('an empty catalogue has no groups', () => expect(groupByType([])).toEqual([]));
});

describe('what the card may buy', () => {
  it('a package the server refuses for the card cannot be bought; one without an effect can', () => {
    expect(canBuy(pkg(1, 2, refused))).toBe(false);
    expect(canBuy(pkg(1, 3))).toBe(true);
  });
  it.each<[string, Package[], number | undefined]>([
    ['the basic packages', [pkg(1, 2, refused), pkg(2, 9), pkg(3, 3)], 3],
    ['month reset when no basic', [pkg(1, 2, refused), pkg(2, 9)], 9],
    ['the experience package last', [pkg(1, 1), pkg(2, 5)], 5],
    ['none when only refuels', [pkg(1, 2, refused)], undefined],
  ])('leads a card without a package to %s', (_n, list, type) => expect(baseGroupOf(groupByType(list))?.type).toBe(type));
  it.each<[string, Package[], number, number | undefined]>([
    ['the chosen one', [pkg(1, 3), pkg(2, 3, { recommended: true })], 1, 1],
    ['a recommended one when none is chosen', [pkg(1, 3), pkg(2, 3, { recommended: true })], 0, 2],
    ['never a refused one, even chosen or recommended', [pkg(1, 2, { ...refused, recommended: true }), pkg(2, 3)], 1, 2],
    ['nothing when nothing can be bought', [pkg(1, 2, refused)], 0, undefined],
    [
      'for a stopped card, the cheapest that brings it back today over the recommended one',
      [
        pkg(1, 3, { recommended: true, effect: { ...queued, restores_line: false } }),
        pkg(2, 2, { price: 15, effect: { ...stacks, restores_line: true } }),
        pkg(3, 2, { price: 5, effect: { ...stacks, restores_line: true } }),
      ],
      0,
      3,
    ],
  ])('proposes %s', (_n, list, chosen, id) => expect(proposedPackage(list, chosen)?.id).toBe(id));
});

describe('推荐', () => {
  const monthly100 = (restores: boolean | undefined) =>
    pkg(1, 3, { name: '畅享100G月包', price: 29, recommended: true, effect: { ...queued, restores_line: restores } });
  const refuel = (id: number, price: number, restores: boolean | undefined, more: Partial<Package> = {}) =>
    pkg(id, 2, { price, effect: { ...stacks, restores_line: restores }, ...more });
  it.each<[string, Package[], number[]]>([
    ['a card in service: the catalogue’s choice', [monthly100(undefined), refuel(2, 10, undefined)], [1]],
    ['never on a package the card cannot buy', [pkg(1, 2, { ...refused, recommended: true }), pkg(2, 3)], []],
    // 1000000022 (流量已用完) saw 畅享100G月包 推荐, which would only queue behind the used-up plan
    [
      'a stopped card: the cheapest that brings it back, not the catalogue’s queued one',
      [monthly100(false), refuel(2, 15, true), refuel(3, 5, true)],
      [3],
    ],
    ['a stopped card, equal prices: the catalogue’s among them', [refuel(2, 5, true), refuel(3, 5, true, { recommended: true })], [3]],
    ['a stopped card nothing here brings back: no 推荐 at all', [monthly100(false), refuel(2, 5, false)], []],
    ['a stopped card: never a refused one', [refuel(2, 1, true, { ...refused }), refuel(3, 5, true)], [3]],
  ])('%s', (_n, list, ids) => {
    const marked = recommendedIn(list);
    expect(list.filter(marked).map((p) => p.id)).toEqual(ids);
    // what is marked is what is proposed first, when anything is marked on a stopped card
    if (ids.length && list.some((p) => p.effect?.restores_line !== undefined)) expect(proposedPackage(list, 0)?.id).toBe(ids[0]);
  });
  it.each<[string, Package, boolean]>([
    ['recommended, card in service', monthly100(undefined), true],
    ['recommended, but it would not bring the stopped line back', monthly100(false), false],
    ['recommended and brings it back', monthly100(true), true],
    ['not recommended', refuel(2, 5, true), false],
  ])('alone: %s', (_n, p, want) => expect(recommendedAlone(p)).toBe(want));
});

describe('packageIdParam', () => {
  it.each([
    ['12', 12],
    [null, 0],
    ['', 0],
    ['abc', 0],
    ['-1', 0],
    ['0', 0],
    ['1.5', 0],
    ['1e30', 0],
  ] as const)('%s → %s', (value, id) => expect(packageIdParam(value)).toBe(id));
});
