// The one route table: every path of spec section 2 with its meta. A path joins the router
// when its page is built (it has `load`); until then it is unknown and falls to /404 — no
// placeholder pages.
import type { ComponentType } from 'react';

export interface RouteMeta {
  /** stays mounted (React <Activity>) while hidden; keeps state and scroll */
  keepAlive?: boolean;
  /** hides the floating customer-service button */
  noShowKF?: boolean;
  /** hides the wifi-device area's own service button */
  noCpeKF?: boolean;
  /** open to visitors without a token */
  noLogin?: boolean;
  /** exempt from the unknown-card redirect (spec section 2) */
  cardWhitelist?: boolean;
  /** works without a current card, so "no card info → /" does not apply (our ruling: home must,
   *  or the redirect would loop; mine and card management are how a user gets a card) */
  cardOptional?: boolean;
  /** bottom tab bar (decisions.md: / and /mine) */
  tabBar?: boolean;
  /** an arrow image beside the service button (guide pages) */
  guideArrow?: boolean;
  /** when the card gates run (decisions.md "Where gates run"); unset: derived by app/gating.ts
   *  (on navigation to pages that need a card, except the exempt ones and the gate targets) */
  gate?: 'navigate' | 'afterLoad' | 'none';
}

export interface RouteDef {
  path: string;
  /** the route name, sent as `form` to /customer, /select and /replace_info */
  name: string;
  title: string;
  meta: RouteMeta;
  /** present once the page is built */
  load?: () => Promise<{ default: ComponentType }>;
}

const NO_LOGIN = { noLogin: true } as const;

export const ROUTES: readonly RouteDef[] = [
  { path: '/', name: 'home', title: '首页', meta: { keepAlive: true, tabBar: true, cardOptional: true, gate: 'afterLoad' }, load: () => import('../pages/Home') },
  { path: '/login', name: 'login', title: '登录', meta: { noLogin: true, noShowKF: true }, load: () => import('../pages/Login') },
  // Not in the spec's no-login list, but resetting a forgotten card password must work logged out.
  { path: '/forgot', name: 'forgot', title: '忘记密码', meta: NO_LOGIN, load: () => import('../pages/Forgot') },
  { path: '/tip', name: 'tip', title: '温馨提示', meta: NO_LOGIN, load: () => import('../pages/Tip') },
  { path: '/collect', name: 'collect', title: '信息采集', meta: { noLogin: true, cardWhitelist: true }, load: () => import('../pages/Collect') },
  { path: '/recharge', name: 'recharge', title: '余额充值', meta: { noShowKF: true }, load: () => import('../pages/Recharge') },
  // Purchase pages end in a bottom pay bar the floating service button would cover.
  { path: '/first_recharge', name: 'first_recharge', title: '首充优惠', meta: { noShowKF: true }, load: () => import('../pages/FirstRecharge') },
  { path: '/recharge_coupon', name: 'recharge_coupon', title: '充值明细', meta: {}, load: () => import('../pages/RechargeCoupon') },
  { path: '/coupon_package', name: 'coupon_package', title: '券包', meta: { noShowKF: true }, load: () => import('../pages/CouponPackage') },
  { path: '/mine', name: 'mine', title: '我的', meta: { keepAlive: true, tabBar: true, cardOptional: true, gate: 'afterLoad' }, load: () => import('../pages/Mine') },
  { path: '/select', name: 'select', title: '选择套餐系列', meta: {}, load: () => import('../pages/Select') },
  { path: '/combo', name: 'combo', title: '套餐列表', meta: {}, load: () => import('../pages/Combo') },
  { path: '/combo_detail', name: 'combo_detail', title: '套餐订购', meta: { noShowKF: true }, load: () => import('../pages/ComboDetail') },
  { path: '/coupons', name: 'coupons', title: '我的优惠券', meta: {}, load: () => import('../pages/Coupons') },
  { path: '/coupons_list', name: 'coupons_list', title: '优惠券', meta: {}, load: () => import('../pages/Coupons') },
  { path: '/coupons_expired', name: 'coupons_expired', title: '已失效优惠券', meta: {}, load: () => import('../pages/CouponsExpired') },
  { path: '/card_list', name: 'card_list', title: '卡片管理', meta: { cardOptional: true }, load: () => import('../pages/CardList') },
  { path: '/flow', name: 'flow', title: '流量查询', meta: {}, load: () => import('../pages/Flow') },
  { path: '/flow_list', name: 'flow_list', title: '累计用量', meta: {}, load: () => import('../pages/FlowList') },
  { path: '/remind', name: 'remind', title: '特别提醒', meta: {}, load: () => import('../pages/Remind') },
  { path: '/lt_real_name', name: 'lt_real_name', title: '联通实名认证', meta: { keepAlive: true }, load: () => import('../pages/LtRealName') },
  { path: '/yd_real_name', name: 'yd_real_name', title: '移动实名认证', meta: {}, load: () => import('../pages/YdRealName') },
  { path: '/dx_real_name', name: 'dx_real_name', title: '电信实名认证', meta: {}, load: () => import('../pages/DxRealName') },
  { path: '/cme_real_name', name: 'cme_real_name', title: '广电实名认证', meta: {}, load: () => import('../pages/CmeRealName') },
  { path: '/bj_real_name', name: 'bj_real_name', title: '实名认证', meta: {}, load: () => import('../pages/BjRealName') },
  { path: '/fe_real_name', name: 'fe_real_name', title: '实名认证', meta: {}, load: () => import('../pages/FeRealName') },
  { path: '/wifi_setting', name: 'wifi_setting', title: '设备管理', meta: {} },
  { path: '/check', name: 'check', title: '卡片检测', meta: {} },
  { path: '/order', name: 'order', title: '订单详情', meta: {}, load: () => import('../pages/Order') },
  { path: '/pay_success', name: 'pay_success', title: '支付成功', meta: {}, load: () => import('../pages/PaySuccess') },
  { path: '/coupon_success', name: 'coupon_success', title: '购买成功', meta: {}, load: () => import('../pages/CouponSuccess') },
  { path: '/pay_fail', name: 'pay_fail', title: '支付失败', meta: {}, load: () => import('../pages/PayFail') },
  // Transient hand-over pages to and from the payment gateways: a floating button would only get in the way.
  { path: '/pay_status', name: 'pay_status', title: '支付结果', meta: { noShowKF: true }, load: () => import('../pages/PayStatus') },
  { path: '/alipay', name: 'alipay', title: '支付', meta: { noShowKF: true }, load: () => import('../pages/Alipay') },
  { path: '/ls_pay', name: 'ls_pay', title: '支付', meta: { noShowKF: true }, load: () => import('../pages/LsPay') },
  { path: '/privacy', name: 'privacy', title: '隐私政策', meta: NO_LOGIN, load: () => import('../pages/Privacy') },
  { path: '/agreement', name: 'agreement', title: '用户协议', meta: NO_LOGIN, load: () => import('../pages/Agreement') },
  { path: '/bind_card', name: 'bind_card', title: '绑定卡片', meta: { cardWhitelist: true }, load: () => import('../pages/BindCard') },
  // Already the service page: no button to itself.
  { path: '/customer', name: 'customer', title: '在线客服', meta: { noLogin: true, noShowKF: true }, load: () => import('../pages/Customer') },
  { path: '/card_check', name: 'card_check', title: '智能检测', meta: { noLogin: true, cardWhitelist: true } },
  { path: '/order_check', name: 'order_check', title: '订单核对', meta: { cardWhitelist: true }, load: () => import('../pages/OrderCheck') },
  { path: '/order_success', name: 'order_success', title: '下单成功', meta: { cardWhitelist: true }, load: () => import('../pages/OrderSuccess') },
  { path: '/guide', name: 'guide', title: '使用指引', meta: { noLogin: true, guideArrow: true } },
  { path: '/regtip', name: 'regtip', title: '使用指引', meta: { noLogin: true, guideArrow: true } },
  { path: '/change', name: 'change', title: '切换网络', meta: {} },
  { path: '/quick_payment', name: 'quick_payment', title: '快捷充值', meta: { noLogin: true, cardWhitelist: true }, load: () => import('../pages/QuickPayment') },
  { path: '/quick_select_package', name: 'quick_select_package', title: '选择套餐', meta: { noLogin: true, noShowKF: true }, load: () => import('../pages/QuickSelectPackage') },
  { path: '/quick_coupons_list', name: 'quick_coupons_list', title: '优惠券', meta: NO_LOGIN, load: () => import('../pages/QuickCouponsList') },
  { path: '/quick_payment_success', name: 'quick_payment_success', title: '充值成功', meta: NO_LOGIN, load: () => import('../pages/QuickPaymentSuccess') },
  { path: '/gift', name: 'gift', title: '礼品查询', meta: {} },
  { path: '/agent', name: 'agent', title: '代理申请', meta: NO_LOGIN },
  { path: '/agent_success', name: 'agent_success', title: '申请成功', meta: NO_LOGIN },
  { path: '/shopping', name: 'shopping', title: '设备商城', meta: NO_LOGIN },
  { path: '/shopping_success', name: 'shopping_success', title: '下单成功', meta: NO_LOGIN },
  { path: '/bind_user', name: 'bind_user', title: '新用户注册', meta: NO_LOGIN },
  { path: '/suggest', name: 'suggest', title: '投诉建议', meta: {} },
  { path: '/replace_card', name: 'replace_card', title: '换卡申请', meta: NO_LOGIN, load: () => import('../pages/ReplaceCard') },
  { path: '/replace_info', name: 'replace_info', title: '换卡信息', meta: NO_LOGIN, load: () => import('../pages/ReplaceInfo') },
  { path: '/cpe', name: 'cpe', title: '设备首页', meta: NO_LOGIN },
  { path: '/cpe_mine', name: 'cpe_mine', title: '我的', meta: NO_LOGIN },
  { path: '/cpe_combo', name: 'cpe_combo', title: '设备套餐', meta: {} },
  // Order and add-device forms end in a bottom action bar the floating button would cover.
  { path: '/cpe_combo_detail', name: 'cpe_combo_detail', title: '套餐订购', meta: { noCpeKF: true } },
  { path: '/cpe_router', name: 'cpe_router', title: '设备管理', meta: {} },
  { path: '/cpe_bind', name: 'cpe_bind', title: '添加设备', meta: { noCpeKF: true } },
  { path: '/cpe_up', name: 'cpe_up', title: '套餐升级', meta: {} },
  { path: '/cpe_up_detail', name: 'cpe_up_detail', title: '升级详情', meta: { noCpeKF: true } },
  // Open per spec section 4's wifi-device rules.
  { path: '/cpe_network', name: 'cpe_network', title: '网络设置', meta: NO_LOGIN },
  { path: '/cpe_order', name: 'cpe_order', title: '我的订单', meta: {} },
  { path: '/cpe_setting', name: 'cpe_setting', title: 'WiFi设置', meta: {} },
  { path: '/cpe_remind', name: 'cpe_remind', title: '温馨提醒', meta: {} },
  { path: '/download', name: 'download', title: '下载APP', meta: NO_LOGIN },
  { path: '/qr_code_login', name: 'qr_code_login', title: '自动绑卡', meta: { noLogin: true, noShowKF: true } },
  { path: '/camera', name: 'camera', title: '测试', meta: { noLogin: true, noShowKF: true } },
  { path: '/popularize', name: 'popularize', title: '推广', meta: NO_LOGIN },
  { path: '/member', name: 'member', title: '会员等级', meta: {} },
  { path: '/member_rule', name: 'member_rule', title: '会员规则', meta: {} },
  { path: '/member_invite', name: 'member_invite', title: '邀请好友', meta: {} },
  { path: '/member_invite-records', name: 'member_invite_records', title: '邀请记录', meta: {} },
  { path: '/404', name: 'not_found', title: '页面不存在', meta: NO_LOGIN, load: () => import('../pages/NotFound') },
];

const BY_PATH = new Map(ROUTES.map((r) => [r.path, r]));
const BY_NAME = new Map(ROUTES.map((r) => [r.name, r]));

/** Normalises a trailing slash ("/mine/" is "/mine"). */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** The route definition for a path, whether built or not. */
export function routeOf(pathname: string): RouteDef | undefined {
  return BY_PATH.get(normalisePath(pathname));
}

/** The route a user may actually reach: built pages only; everything else is a 404. */
export function routedRouteOf(pathname: string): RouteDef | undefined {
  const r = routeOf(pathname);
  return r?.load ? r : undefined;
}

export function routeByName(name: string): RouteDef | undefined {
  return BY_NAME.get(name);
}

export const BUILT_ROUTES = ROUTES.filter((r) => r.load);

/** Wifi-device area: the route name contains "cpe" (spec section 2). */
export function isCpeRoute(r: Pick<RouteDef, 'name'>): boolean {
  return r.name.includes('cpe');
}
