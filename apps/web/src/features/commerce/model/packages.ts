// How the combo list is arranged: one tab per package type, in the order the server lists them
// (the server sorts the catalogue; the client only groups it).
import type { Package } from '@portal/contract';
import { PACKAGE_TYPE_LABEL } from './labels';

export interface PackageGroup {
  type: number;
  label: string;
  list: Package[];
}

export function groupByType(list: readonly Package[]): PackageGroup[] {
  const groups = new Map<number, PackageGroup>();
  for (const p of list) {
    let g = groups.get(p.package_type);
    if (!g) {
      g = { type: p.package_type, label: PACKAGE_TYPE_LABEL[p.package_type] ?? '其他套餐', list: [] };
      groups.set(p.package_type, g);
    }
    g.list.push(p);
  }
  return [...groups.values()];
}
