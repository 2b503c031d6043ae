// The side menu's groups (docs/decisions/0018: a console operators work in every day): the pages grouped the
// way an operator looks for them — 卡片, 商品, 订单与资金, the queues of work waiting, 代理商, 系统.
// Pure data and one pure function, so the grouping is tested without a browser. A page not named
// here (a new area) still shows, at the top level after the groups.

export interface MenuGroup {
  key: string;
  title: string;
  /** page paths (./pages.tsx), in menu order */
  pages: readonly string[];
}

/** A top-level page or a group, in menu order. */
export type MenuSlot = { page: string } | MenuGroup;

export const MENU_LAYOUT: readonly MenuSlot[] = [
  { page: 'dashboard' },
  { key: 'cards', title: '卡片管理', pages: ['cards', 'card-story', 'card-imports', 'bulk-jobs', 'device-tasks'] },
  { key: 'goods', title: '商品', pages: ['catalogue', 'prices', 'vouchers'] },
  { key: 'money', title: '订单与资金', pages: ['orders', 'balance', 'commissions'] },
  { key: 'queues', title: '待办队列', pages: ['approvals', 'tickets', 'applications', 'replacements', 'real-name', 'shipping'] },
  { page: 'agents' },
  { key: 'system', title: '系统', pages: ['operators', 'carrier-accounts', 'error-reports', 'audit', 'security'] },
];

export type MenuNode = { kind: 'page'; path: string } | { kind: 'group'; key: string; title: string; pages: string[] };

/** The menu of an operator who sees `visible` (page paths in registry order): empty groups left out. */
export function menuOf(visible: readonly string[], layout: readonly MenuSlot[] = MENU_LAYOUT): MenuNode[] {
  const shown = new Set(visible);
  const placed = new Set<string>();
  const nodes: MenuNode[] = [];
  for (const slot of layout) {
    if ('page' in slot) {
      placed.add(slot.page);
      if (shown.has(slot.page)) nodes.push({ kind: 'page', path: slot.page });
    } else {
      slot.pages.forEach((p) => placed.add(p));
      const pages = slot.pages.filter((p) => shown.has(p));
      if (pages.length) nodes.push({ kind: 'group', key: slot.key, title: slot.title, pages });
    }
  }
  for (const p of visible) if (!placed.has(p)) nodes.push({ kind: 'page', path: p });
  return nodes;
}

/** The group a page is in, to open it when the page is shown; undefined: a top-level page. */
export function groupOf(path: string, layout: readonly MenuSlot[] = MENU_LAYOUT): string | undefined {
  for (const slot of layout) if (!('page' in slot) && slot.pages.includes(path)) return slot.key;
  return undefined;
}
