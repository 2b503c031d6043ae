// Every page of the console, one line each: its path under /admin, menu title and icon, the
// permission that shows it (the server checks each call again), and its lazily loaded module.
// A new admin area adds its page file under pages/ and one line here.
import type { ComponentType, ReactNode } from 'react';
import { AuditOutlined, DashboardOutlined, SafetyOutlined } from '@ant-design/icons';
import { AppstoreOutlined, GiftOutlined, MoneyCollectOutlined, ShopOutlined } from '@ant-design/icons';

export interface PageEntry {
  path: string;
  title: string;
  icon: ReactNode;
  /** '' : every signed-in operator */
  permission: string;
  /** false: reachable but not in the side menu */
  menu?: boolean;
  load: () => Promise<{ default: ComponentType }>;
}

export const PAGES: PageEntry[] = [
  { path: 'dashboard', title: '概览', icon: <DashboardOutlined />, permission: 'dashboard.view', load: () => import('./pages/Dashboard') },
  { path: 'agents', title: '代理商', icon: <ShopOutlined />, permission: 'agents.view', load: () => import('./pages/Agents') },
  { path: 'catalogue', title: '套餐目录', icon: <AppstoreOutlined />, permission: 'prices.view', load: () => import('./pages/Catalogue') },
  { path: 'prices', title: '代理价格', icon: <MoneyCollectOutlined />, permission: 'prices.view', load: () => import('./pages/Prices') },
  { path: 'vouchers', title: '优惠券发放', icon: <GiftOutlined />, permission: 'vouchers.issue', load: () => import('./pages/Vouchers') },
  { path: 'audit', title: '审计日志', icon: <AuditOutlined />, permission: 'audit.view', load: () => import('./pages/Audit') },
  { path: 'security', title: '账号安全', icon: <SafetyOutlined />, permission: 'self', load: () => import('./pages/Security') },
];
