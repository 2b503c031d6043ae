// Every page of the console, one line each: its path under /admin, menu title and icon, the
// permission that shows it (the server checks each call again), and its lazily loaded module.
// A new admin area adds its feature (features/<area>/), its page file under pages/ and one line here.
import type { ComponentType, ReactNode } from 'react';
import {
  ApiOutlined,
  AuditOutlined,
  BugOutlined,
  CarOutlined,
  CreditCardOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  IdcardOutlined,
  ImportOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  ShoppingOutlined,
  SolutionOutlined,
  SwapOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  WifiOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { AppstoreOutlined, GiftOutlined, MoneyCollectOutlined, ShopOutlined } from '@ant-design/icons';

export interface PageEntry {
  path: string;
  title: string;
  icon: ReactNode;
  /** '' : every signed-in operator */
  permission: string;
  /** false: reachable but not in the side menu */
  menu?: boolean;
  /** a page off the menu: the menu entry shown as current while it is open */
  selects?: string;
  load: () => Promise<{ default: ComponentType }>;
}

export const PAGES: PageEntry[] = [
  { path: 'dashboard', title: '概览', icon: <DashboardOutlined />, permission: 'dashboard.view', load: () => import('../pages/Dashboard') },
  { path: 'cards', title: '卡片', icon: <CreditCardOutlined />, permission: 'cards.view', load: () => import('../pages/Cards') },
  { path: 'card-story', title: '卡片档案', icon: <IdcardOutlined />, permission: 'cards.story', load: () => import('../pages/CardsStory') },
  // a card's story has its own address: /admin/cards/<card number> (card-story?card=… redirects here)
  {
    path: 'cards/:card',
    title: '卡片档案',
    icon: <IdcardOutlined />,
    permission: 'cards.story',
    menu: false,
    selects: 'card-story',
    load: () => import('../pages/CardsStory'),
  },
  { path: 'card-imports', title: '导入', icon: <ImportOutlined />, permission: 'cards.manage', load: () => import('../pages/Imports') },
  {
    path: 'bulk-jobs',
    title: '批量任务',
    icon: <ThunderboltOutlined />,
    permission: 'cards.manage',
    load: () => import('../pages/BulkJobs'),
  },
  { path: 'orders', title: '订单', icon: <ShoppingOutlined />, permission: 'orders.view', load: () => import('../pages/Orders') },
  { path: 'balance', title: '余额', icon: <WalletOutlined />, permission: 'ledger.view', load: () => import('../pages/Balance') },
  {
    path: 'commissions',
    title: '佣金',
    icon: <MoneyCollectOutlined />,
    permission: 'commissions.view',
    load: () => import('../pages/Commissions'),
  },
  {
    path: 'commissions/print',
    title: '佣金月结单',
    icon: <MoneyCollectOutlined />,
    permission: 'commissions.view',
    menu: false,
    selects: 'commissions',
    load: () => import('../pages/CommissionStatementPrint'),
  },
  {
    path: 'tickets',
    title: '工单',
    icon: <CustomerServiceOutlined />,
    permission: 'tickets.manage',
    load: () => import('../pages/Tickets'),
  },
  {
    path: 'applications',
    title: '代理申请',
    icon: <SolutionOutlined />,
    permission: 'agentApplications.manage',
    load: () => import('../pages/Applications'),
  },
  {
    path: 'replacements',
    title: '换卡申请',
    icon: <SwapOutlined />,
    permission: 'cards.manage',
    load: () => import('../pages/Replacements'),
  },
  { path: 'real-name', title: '实名记录', icon: <IdcardOutlined />, permission: 'realname.view', load: () => import('../pages/RealName') },
  { path: 'shipping', title: '发货', icon: <CarOutlined />, permission: 'orders.manage', load: () => import('../pages/Shipping') },
  { path: 'agents', title: '代理商', icon: <ShopOutlined />, permission: 'agents.view', load: () => import('../pages/Agents') },
  { path: 'catalogue', title: '套餐目录', icon: <AppstoreOutlined />, permission: 'prices.view', load: () => import('../pages/Catalogue') },
  { path: 'prices', title: '代理价格', icon: <MoneyCollectOutlined />, permission: 'prices.view', load: () => import('../pages/Prices') },
  { path: 'vouchers', title: '优惠券发放', icon: <GiftOutlined />, permission: 'vouchers.issue', load: () => import('../pages/Vouchers') },
  {
    path: 'approvals',
    title: '超限审批',
    icon: <SafetyCertificateOutlined />,
    permission: 'approvals.view',
    load: () => import('../pages/Approvals'),
  },
  { path: 'operators', title: '操作员', icon: <TeamOutlined />, permission: 'operators.manage', load: () => import('../pages/Operators') },
  {
    path: 'carrier-accounts',
    title: '运营商账号',
    icon: <ApiOutlined />,
    permission: 'carriers.manage',
    load: () => import('../pages/CarrierAccounts'),
  },
  {
    path: 'device-tasks',
    title: 'WiFi设备任务',
    icon: <WifiOutlined />,
    permission: 'devices.support',
    load: () => import('../pages/DeviceTasks'),
  },
  {
    path: 'error-reports',
    title: '手机端错误',
    icon: <BugOutlined />,
    permission: 'errorReports.view',
    load: () => import('../pages/ErrorReports'),
  },
  { path: 'audit', title: '审计日志', icon: <AuditOutlined />, permission: 'audit.view', load: () => import('../pages/Audit') },
  { path: 'security', title: '账号安全', icon: <SafetyOutlined />, permission: 'self', load: () => import('../pages/Security') },
];
