// The one place that binds the route table (config/routes.ts) to page modules: one lazy chunk per
// built route (route-level code splitting). Every `page` the table names has exactly one module
// here (tsc checks it); a route without `page` is not routed and falls to /404. A page whose code
// fails to load can be loaded again (./retryableLazy.ts, ./PageBoundary.tsx).
import type { ComponentType } from 'react';
import { BUILT_ROUTES, type PageName } from '../config/routes';
import { retryableLazy } from './retryableLazy';

type PageModule = () => Promise<{ default: ComponentType }>;

/** The two tab pages fetch the tab bar beside their own code: it is not in /login's first load. */
const withTabBar = <M>(page: Promise<M>): Promise<M> => Promise.all([page, import('./TabBar')]).then(([m]) => m);

/** By area, as under src/routes/: each module is src/routes/<route's area>/<page>.tsx. */
const PAGES: Record<PageName, PageModule> = {
  // account
  Login: () => import('../routes/account/Login'),
  Forgot: () => import('../routes/account/Forgot'),
  Privacy: () => import('../routes/account/Privacy'),
  Agreement: () => import('../routes/account/Agreement'),
  // cards
  Home: () => withTabBar(import('../routes/cards/Home')),
  Mine: () => withTabBar(import('../routes/cards/Mine')),
  CardList: () => import('../routes/cards/CardList'),
  BindCard: () => import('../routes/cards/BindCard'),
  Tip: () => import('../routes/cards/Tip'),
  ReplaceCard: () => import('../routes/cards/ReplaceCard'),
  ReplaceInfo: () => import('../routes/cards/ReplaceInfo'),
  WifiSetting: () => import('../routes/cards/WifiSetting'),
  Change: () => import('../routes/cards/Change'),
  // usage
  Flow: () => import('../routes/usage/Flow'),
  FlowList: () => import('../routes/usage/FlowList'),
  // realName
  Collect: () => import('../routes/realName/Collect'),
  Remind: () => import('../routes/realName/Remind'),
  LtRealName: () => import('../routes/realName/LtRealName'),
  YdRealName: () => import('../routes/realName/YdRealName'),
  DxRealName: () => import('../routes/realName/DxRealName'),
  CmeRealName: () => import('../routes/realName/CmeRealName'),
  BjRealName: () => import('../routes/realName/BjRealName'),
  FeRealName: () => import('../routes/realName/FeRealName'),
  // commerce
  Recharge: () => import('../routes/commerce/Recharge'),
  FirstRecharge: () => import('../routes/commerce/FirstRecharge'),
  RechargeCoupon: () => import('../routes/commerce/RechargeCoupon'),
  CouponPackage: () => import('../routes/commerce/CouponPackage'),
  Select: () => import('../routes/commerce/Select'),
  Combo: () => import('../routes/commerce/Combo'),
  ComboDetail: () => import('../routes/commerce/ComboDetail'),
  Coupons: () => import('../routes/commerce/Coupons'),
  CouponsExpired: () => import('../routes/commerce/CouponsExpired'),
  Order: () => import('../routes/commerce/Order'),
  OrderCheck: () => import('../routes/commerce/OrderCheck'),
  OrderSuccess: () => import('../routes/commerce/OrderSuccess'),
  PaySuccess: () => import('../routes/commerce/PaySuccess'),
  CouponSuccess: () => import('../routes/commerce/CouponSuccess'),
  PayFail: () => import('../routes/commerce/PayFail'),
  PayStatus: () => import('../routes/commerce/PayStatus'),
  Alipay: () => import('../routes/commerce/Alipay'),
  LsPay: () => import('../routes/commerce/LsPay'),
  // quickPay
  QuickPayment: () => import('../routes/quickPay/QuickPayment'),
  QuickSelectPackage: () => import('../routes/quickPay/QuickSelectPackage'),
  QuickCouponsList: () => import('../routes/quickPay/QuickCouponsList'),
  QuickPaymentSuccess: () => import('../routes/quickPay/QuickPaymentSuccess'),
  // support
  Customer: () => import('../routes/support/Customer'),
  NotFound: () => import('../routes/support/NotFound'),
  // wifiDevice
  Cpe: () => import('../routes/wifiDevice/Cpe'),
  CpeMine: () => import('../routes/wifiDevice/CpeMine'),
  CpeSetting: () => import('../routes/wifiDevice/CpeSetting'),
  CpeNetwork: () => import('../routes/wifiDevice/CpeNetwork'),
  CpeRouter: () => import('../routes/wifiDevice/CpeRouter'),
  CpeBind: () => import('../routes/wifiDevice/CpeBind'),
};

/** One page component (lazy, retryable) per built route, by path. */
export const LAZY_PAGES: ReadonlyMap<string, ComponentType> = new Map(
  BUILT_ROUTES.map((r) => [r.path, retryableLazy(PAGES[r.page as PageName])]),
);
