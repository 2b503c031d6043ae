import { describe, expect, it } from 'vitest';
import { groupOf, MENU_LAYOUT, menuOf } from './menu';

const ALL = [
  'dashboard',
  'cards',
  'card-story',
  'card-imports',
  'bulk-jobs',
  'device-tasks',
  'orders',
  'approvals',
  'balance',
  'commissions',
  'tickets',
  'applications',
  'replacements',
  'real-name',
  'shipping',
  'agents',
  'catalogue',
  'prices',
  'vouchers',
  'operators',
  'carrier-accounts',
  'error-reports',
  'audit',
  'security',
];
const shape = (visible: string[]) => menuOf(visible).map((n) => (n.kind === 'page' ? n.path : `${n.title}: ${n.pages.join(' ')}`));

describe('menuOf', () => {
  it.each([
    [
      'platform administrator: every group',
      ALL,
      [
        'dashboard',
        '卡片管理: cards card-story card-imports bulk-jobs device-tasks',
        '商品: catalogue prices vouchers',
        '订单与资金: orders balance commissions',
        '待办队列: approvals tickets applications replacements real-name shipping',
        'agents',
        '系统: operators carrier-accounts error-reports audit security',
      ],
    ],
    [
      'support: only the groups with a page it may open',
      ['dashboard', 'cards', 'card-story', 'orders', 'tickets', 'real-name', 'error-reports', 'security'],
      ['dashboard', '卡片管理: cards card-story', '订单与资金: orders', '待办队列: tickets real-name', '系统: error-reports security'],
    ],
    [
      'finance: no card list, no queue but its own',
      ['dashboard', 'card-story', 'orders', 'balance', 'catalogue', 'prices', 'security'],
      ['dashboard', '卡片管理: card-story', '商品: catalogue prices', '订单与资金: orders balance', '系统: security'],
    ],
    ['a page not in any group: top level, at the end', ['dashboard', 'reports', 'security'], ['dashboard', '系统: security', 'reports']],
    ['nothing visible: an empty menu', [], []],
  ])('%s', (_name, visible, expected) => {
    expect(shape(visible)).toEqual(expected);
  });

  it('places every page of the console exactly once', () => {
    const placed = MENU_LAYOUT.flatMap((s) => ('page' in s ? [s.page] : [...s.pages]));
    expect([...placed].sort()).toEqual([...ALL].sort());
  });
});

describe('groupOf', () => {
  it.each([
    ['tickets', 'queues'],
    ['card-story', 'cards'],
    ['security', 'system'],
    ['dashboard', undefined],
    ['agents', undefined],
    ['unknown', undefined],
  ])('%s → %s', (path, group) => expect(groupOf(path)).toBe(group));
});
