// Every page but the first one (./router.ts FIRST_PAGES), bound to its module: one lazy chunk per
// page. This map is itself a chunk, loaded when the first of these pages is asked for (or when the
// browser is idle): with ~50 pages, their imports and preload lists are kilobytes that /login's
// first load need not carry.
import type { ComponentType } from 'react';
import type { PageName } from '../config/routes';

export type PageModule = () => Promise<{ default: ComponentType }>;

/** The two tab pages fetch the tab bar beside their own code: it is not in /login's first load. */
const withTabBar = <M>(page: Promise<M>): Promise<M> => Promise.all([page, import('./TabBar')]).then(([m]) => m);

/** The page most visits start on: ./router.ts binds it in the entry, without this detour. A visit
 *  that starts elsewhere (home, mine, any page) has this map preloaded beside the page's own code
 *  by index.html's inline script (build/firstPaint.ts): no detour for them either. */
export type FirstPage = 'Login';
export type LaterPage = Exclude<PageName, FirstPage>;

/** By area, as under src/routes/: each module is src/routes/<route's area>/<page>.tsx. */
export const PAGES: Record<LaterPage, PageModule> = {
  // account
  Forgot: () => import('../routes/account/Forgot'),
  Privacy: () => import('../routes/account/Privacy'),
  Agreement: () => import('../routes/account/Agreement'),
  BindUser: () => import('../routes/account/BindUser'),
  ForgotPassword: () => import('../routes/account/ForgotPassword'),
  AccountSecurity: () => import('../routes/account/AccountSecurity'),
  // cards
  Home: () => withTabBar(import('../routes/cards/Home')),
  Mine: () => withTabBar(import('../routes/cards/Mine')),
  CardList: () => import('../routes/cards/CardList'),
  BindCard: () => import('../routes/cards/BindCard'),
  Tip: () => import('../routes/cards/Tip'),
  ReplaceCard: () => import('../routes/cards/ReplaceCard'),
  ReplaceInfo: () => import('../routes/cards/ReplaceInfo'),
  Addresses: () => import('../routes/cards/Addresses'),
  WifiSetting: () => import('../routes/cards/WifiSetting'),
  Change: () => import('../routes/cards/Change'),
  AlertSetting: () => import('../routes/cards/AlertSetting'),
  Check: () => import('../routes/cards/Check'),
  CardCheck: () => import('../routes/cards/CardCheck'),
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
  Gift: () => import('../routes/commerce/Gift'),
  Alipay: () => import('../routes/commerce/Alipay'),
  LsPay: () => import('../routes/commerce/LsPay'),
  // quickPay
  QuickPayment: () => import('../routes/quickPay/QuickPayment'),
  QuickSelectPackage: () => import('../routes/quickPay/QuickSelectPackage'),
  QuickRecharge: () => import('../routes/quickPay/QuickRecharge'),
  QuickCouponsList: () => import('../routes/quickPay/QuickCouponsList'),
  QuickPaymentSuccess: () => import('../routes/quickPay/QuickPaymentSuccess'),
  // support
  Customer: () => import('../routes/support/Customer'),
  Chat: () => import('../routes/support/Chat'),
  NotFound: () => import('../routes/support/NotFound'),
  Guide: () => import('../routes/support/Guide'),
  Download: () => import('../routes/support/Download'),
  Camera: () => import('../routes/support/Camera'),
  Suggest: () => import('../routes/support/Suggest'),
  Messages: () => import('../routes/support/Messages'),
  // shop (docs/decisions/0020)
  Shopping: () => import('../routes/shop/Shopping'),
  ShoppingSuccess: () => import('../routes/shop/ShoppingSuccess'),
  QrCodeLogin: () => import('../routes/cards/QrCodeLogin'),
  // agent
  Agent: () => import('../routes/agent/Agent'),
  AgentSuccess: () => import('../routes/agent/AgentSuccess'),
  Popularize: () => import('../routes/agent/Popularize'),
  PayeeConfirm: () => import('../routes/agent/PayeeConfirm'),
  // membership
  Member: () => import('../routes/membership/Member'),
  MemberRule: () => import('../routes/membership/MemberRule'),
  MemberInvite: () => import('../routes/membership/MemberInvite'),
  MemberInviteRecords: () => import('../routes/membership/MemberInviteRecords'),
  // wifiDevice
  Cpe: () => import('../routes/wifiDevice/Cpe'),
  CpeMine: () => import('../routes/wifiDevice/CpeMine'),
  CpeSetting: () => import('../routes/wifiDevice/CpeSetting'),
  CpeNetwork: () => import('../routes/wifiDevice/CpeNetwork'),
  CpeRouter: () => import('../routes/wifiDevice/CpeRouter'),
  CpeBind: () => import('../routes/wifiDevice/CpeBind'),
  CpeUp: () => import('../routes/wifiDevice/CpeUp'),
  CpeUpDetail: () => import('../routes/wifiDevice/CpeUpDetail'),
  CpeCombo: () => import('../routes/wifiDevice/CpeCombo'),
  CpeComboDetail: () => import('../routes/wifiDevice/CpeComboDetail'),
  CpeOrder: () => import('../routes/wifiDevice/CpeOrder'),
  CpeRemind: () => import('../routes/wifiDevice/CpeRemind'),
};
