import type { Package } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { groupByType } from './packages';

const pkg = (id: number, package_type: number): Package => ({
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
});

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
