// The route table: every path of docs/spec/portal-spec.md §2 with its area, its title, who may see
// it and where the card gates run (its meta), and its page — one row per path, the only place a page
// is named. Plain data: the app, the features, the e2e journeys and the build (vite.config.ts) all
// read it. A row's `page` is src/routes/<area>/<page>.tsx, bound to its lazy chunk by
// app/pages.ts (found by that path, not listed again); a route without `page` is not built yet: it
// is not routed and falls to /404 — no placeholder pages. The app's entry does not carry this table
// (app/router.ts loads it; /login's row and the rules are in ./routeRules.ts):
// docs/decisions/0052-routing-in-one-table.md.
import { LOGIN_ROUTE, normalisePath, type Area, type RouteDef, type RouteMeta } from './routeRules';

export { gateModeOf, isCardFree, normalisePath } from './routeRules';

export type { Area, GatePolicy, RouteDef, RouteMeta } from './routeRules';

const NO_LOGIN = { noLogin: true } as const;
/** a gate target, or a page on the way through the gates: gating it would lock the user out */
const NO_GATE = { gate: 'none' } as const;

/** A row of the table: `name` defaults to the path without its "/", `meta` to no flags. */
interface RouteRow {
  path: string;
  name?: string;
  title: string;
  meta?: RouteMeta;
  page?: string;
}

/** Every route, by area (the folders of src/routes/). */
const TABLE = {
  account: [
    LOGIN_ROUTE, // its own module: the app's entry knows it before this table loads
    // Not in the spec's no-login list, but resetting a forgotten card password must work logged out.
    { path: '/forgot', title: '忘记密码', meta: NO_LOGIN, page: 'Forgot' },
    { path: '/privacy', title: '隐私政策', meta: NO_LOGIN, page: 'Privacy' },
    { path: '/agreement', title: '用户协议', meta: NO_LOGIN, page: 'Agreement' },
    // A form like /login: the floating button would sit on the agreement line at the end.
    { path: '/bind_user', title: '新用户注册', meta: { noLogin: true, noShowKF: true }, page: 'BindUser' },
    // the account's own password and mobile (docs/decisions/0044-holder-account.md): forgotten
    // without a login; changed with one, whatever the current card (no card, no gate)
    { path: '/forgot_password', title: '忘记密码', meta: NO_LOGIN, page: 'ForgotPassword' },
    { path: '/account_security', title: '账号安全', meta: { cardOptional: true, gate: 'none' }, page: 'AccountSecurity' },
  ],
  cards: [
    {
      path: '/',
      name: 'home',
      title: '首页',
      meta: { keepAlive: true, tabBar: true, cardOptional: true, gate: 'afterLoad' },
      page: 'Home',
    },
    { path: '/mine', title: '我的', meta: { keepAlive: true, tabBar: true, cardOptional: true, gate: 'afterLoad' }, page: 'Mine' },
    { path: '/card_list', title: '卡片管理', meta: { cardOptional: true }, page: 'CardList' },
    { path: '/bind_card', title: '绑定卡片', meta: { cardWhitelist: true }, page: 'BindCard' },
    { path: '/tip', title: '温馨提示', meta: NO_LOGIN, page: 'Tip' },
    { path: '/replace_card', title: '换卡申请', meta: NO_LOGIN, page: 'ReplaceCard' },
    { path: '/replace_info', title: '换卡信息', meta: NO_LOGIN, page: 'ReplaceInfo' },
    // a holder's address book (docs/decisions/0046-addresses.md): needs no current card
    { path: '/address', title: '地址管理', meta: { cardOptional: true, gate: 'none' }, page: 'Addresses' },
    { path: '/wifi_setting', title: '设备管理', page: 'WifiSetting' },
    { path: '/check', title: '卡片检测', page: 'Check' },
    { path: '/card_check', title: '智能检测', meta: { noLogin: true, cardWhitelist: true }, page: 'CardCheck' },
    { path: '/change', title: '切换网络', page: 'Change' },
    { path: '/alert_setting', title: '提醒与自动续费', page: 'AlertSetting' },
    { path: '/qr_code_login', title: '自动绑卡', meta: { noLogin: true, noShowKF: true }, page: 'QrCodeLogin' },
  ],
  usage: [
    // no gate: the usage of a card without a package or not yet real-named is shown, with what to do
    // (the page says it), rather than a countdown away from it (decision 0070)
    { path: '/flow', title: '流量查询', meta: NO_GATE, page: 'Flow' },
    { path: '/flow_list', title: '累计用量', page: 'FlowList' },
  ],
  realName: [
    { path: '/collect', title: '信息采集', meta: { noLogin: true, cardWhitelist: true }, page: 'Collect' },
    { path: '/remind', title: '特别提醒', meta: NO_GATE, page: 'Remind' },
    { path: '/lt_real_name', title: '联通实名认证', meta: { keepAlive: true, gate: 'none' }, page: 'LtRealName' },
    { path: '/yd_real_name', title: '移动实名认证', meta: NO_GATE, page: 'YdRealName' },
    { path: '/dx_real_name', title: '电信实名认证', meta: NO_GATE, page: 'DxRealName' },
    { path: '/cme_real_name', title: '广电实名认证', meta: NO_GATE, page: 'CmeRealName' },
    { path: '/bj_real_name', title: '实名认证', meta: NO_GATE, page: 'BjRealName' },
    { path: '/fe_real_name', title: '实名认证', meta: NO_GATE, page: 'FeRealName' },
  ],
  commerce: [
    // Purchase pages end in a bottom pay bar the floating service button would cover.
    { path: '/recharge', title: '余额充值', meta: { noShowKF: true, gate: 'none' }, page: 'Recharge' },
    { path: '/first_recharge', title: '首充优惠', meta: { noShowKF: true, gate: 'none' }, page: 'FirstRecharge' },
    { path: '/recharge_coupon', title: '余额明细', meta: NO_GATE, page: 'RechargeCoupon' },
    { path: '/coupon_package', title: '券包', meta: { noShowKF: true }, page: 'CouponPackage' },
    { path: '/select', title: '选择套餐系列', meta: NO_GATE, page: 'Select' },
    { path: '/combo', title: '套餐列表', meta: NO_GATE, page: 'Combo' },
    { path: '/combo_detail', title: '套餐订购', meta: { noShowKF: true, gate: 'none' }, page: 'ComboDetail' },
    { path: '/coupons', title: '我的优惠券', page: 'Coupons' },
    { path: '/coupons_list', title: '优惠券', meta: NO_GATE, page: 'Coupons' },
    { path: '/coupons_expired', title: '已失效优惠券', page: 'CouponsExpired' },
    { path: '/gift', title: '礼品查询', page: 'Gift' },
    { path: '/order', title: '订单详情', meta: NO_GATE, page: 'Order' },
    { path: '/order_check', title: '订单核对', meta: { cardWhitelist: true }, page: 'OrderCheck' },
    { path: '/order_success', title: '下单成功', meta: { cardWhitelist: true }, page: 'OrderSuccess' },
    { path: '/pay_success', title: '支付成功', meta: NO_GATE, page: 'PaySuccess' },
    { path: '/coupon_success', title: '购买成功', meta: NO_GATE, page: 'CouponSuccess' },
    { path: '/pay_fail', title: '支付失败', meta: NO_GATE, page: 'PayFail' },
    // Transient hand-over pages to and from the payment gateways: a floating button would only get in the way.
    { path: '/pay_status', title: '支付结果', meta: { noShowKF: true, gate: 'none' }, page: 'PayStatus' },
    { path: '/alipay', title: '支付', meta: { noShowKF: true, gate: 'none' }, page: 'Alipay' },
    { path: '/ls_pay', title: '支付', meta: { noShowKF: true, gate: 'none' }, page: 'LsPay' },
  ],
  quickPay: [
    { path: '/quick_payment', title: '快捷充值', meta: { noLogin: true, cardWhitelist: true }, page: 'QuickPayment' },
    { path: '/quick_select_package', title: '选择套餐', meta: { noLogin: true, noShowKF: true }, page: 'QuickSelectPackage' },
    // a top-up by card number (docs/decisions/0046-addresses.md "快捷充值"): ends in the pay bar, like /recharge
    { path: '/quick_recharge', title: '余额充值', meta: { noLogin: true, noShowKF: true }, page: 'QuickRecharge' },
    { path: '/quick_coupons_list', title: '优惠券', meta: NO_LOGIN, page: 'QuickCouponsList' },
    { path: '/quick_payment_success', title: '充值成功', meta: NO_LOGIN, page: 'QuickPaymentSuccess' },
  ],
  support: [
    // Already the service page: no button to itself.
    { path: '/customer', title: '在线客服', meta: { noLogin: true, noShowKF: true }, page: 'Customer' },
    // 在线咨询 on the ticket system (docs/decisions/0034): no button to itself, and no card gate
    // (a holder whose card is stopped is the one who needs to ask)
    { path: '/chat', title: '在线咨询', meta: { noShowKF: true, ...NO_GATE }, page: 'Chat' },
    { path: '/suggest', title: '投诉建议', page: 'Suggest' },
    // the message centre: the holder's, whatever the current card (docs/decisions/0044-holder-account.md)
    { path: '/messages', title: '消息中心', meta: { cardOptional: true, gate: 'none' }, page: 'Messages' },
    { path: '/guide', title: '使用指引', meta: { noLogin: true, guideArrow: true }, page: 'Guide' },
    { path: '/regtip', title: '使用指引', meta: { noLogin: true, guideArrow: true }, page: 'Guide' },
    { path: '/download', title: '下载APP', meta: NO_LOGIN, page: 'Download' },
    { path: '/camera', title: '测试', meta: { noLogin: true, noShowKF: true }, page: 'Camera' },
    { path: '/404', name: 'not_found', title: '页面不存在', meta: NO_LOGIN, page: 'NotFound' },
  ],
  // Its own guards (app/guards.ts: open pages need no login, the others a real user with a card),
  // no card gates, its own service button (noCpeKF hides it).
  wifiDevice: [
    { path: '/cpe', title: '设备首页', meta: NO_LOGIN, page: 'Cpe' },
    { path: '/cpe_mine', title: '我的', meta: NO_LOGIN, page: 'CpeMine' },
    { path: '/cpe_combo', title: '设备套餐', page: 'CpeCombo' },
    // Order and add-device forms end in a bottom action bar the floating button would cover.
    { path: '/cpe_combo_detail', title: '套餐订购', meta: { noCpeKF: true }, page: 'CpeComboDetail' },
    { path: '/cpe_router', title: '设备管理', page: 'CpeRouter' },
    { path: '/cpe_bind', title: '添加设备', meta: { noCpeKF: true }, page: 'CpeBind' },
    { path: '/cpe_up', title: '套餐升级', page: 'CpeUp' },
    { path: '/cpe_up_detail', title: '升级详情', meta: { noCpeKF: true }, page: 'CpeUpDetail' },
    { path: '/cpe_network', title: '网络设置', meta: NO_LOGIN, page: 'CpeNetwork' },
    { path: '/cpe_order', title: '我的订单', page: 'CpeOrder' },
    { path: '/cpe_setting', title: 'WiFi设置', page: 'CpeSetting' },
    { path: '/cpe_remind', title: '温馨提醒', page: 'CpeRemind' },
  ],
  membership: [
    { path: '/member', title: '会员等级', page: 'Member' },
    { path: '/member_rule', title: '会员规则', page: 'MemberRule' },
    { path: '/member_invite', title: '邀请好友', page: 'MemberInvite' },
    { path: '/member_invite-records', name: 'member_invite_records', title: '邀请记录', page: 'MemberInviteRecords' },
  ],
  agent: [
    { path: '/agent', title: '代理申请', meta: NO_LOGIN, page: 'Agent' },
    { path: '/agent_success', title: '申请已提交', meta: NO_LOGIN, page: 'AgentSuccess' },
    { path: '/popularize', title: '推广', meta: NO_LOGIN, page: 'Popularize' },
    // an agent's payee confirms a commission transfer in WeChat (docs/decisions/0039-payee-confirms-transfer.md);
    // no service button over its one action
    { path: '/payee_confirm', title: '确认收款', meta: { noLogin: true, noShowKF: true }, page: 'PayeeConfirm' },
  ],
  shop: [
    // the order form ends in the pay bar the floating button would cover
    { path: '/shopping', title: '设备商城', meta: { noLogin: true, noShowKF: true }, page: 'Shopping' },
    { path: '/shopping_success', title: '下单成功', meta: NO_LOGIN, page: 'ShoppingSuccess' },
  ],
} as const satisfies Record<Area, readonly RouteRow[]>;

export const ROUTES: readonly RouteDef[] = (Object.entries(TABLE) as [Area, readonly RouteRow[]][]).flatMap(([area, rows]) =>
  rows.map((r) => ({ name: r.path.slice(1), meta: {}, ...r, area })),
);

const BY_PATH = new Map(ROUTES.map((r) => [r.path, r]));

/** The route definition for a path, whether built or not. */
export function routeOf(pathname: string): RouteDef | undefined {
  return BY_PATH.get(normalisePath(pathname));
}

/** The route a user may actually reach: built pages only; everything else is a 404. */
export function routedRouteOf(pathname: string): RouteDef | undefined {
  const r = routeOf(pathname);
  return r?.page ? r : undefined;
}

export function routeByName(name: string): RouteDef | undefined {
  return ROUTES.find((r) => r.name === name);
}

export const BUILT_ROUTES = ROUTES.filter((r) => r.page);

/** The module of a built route's page, relative to src/ (without extension). */
export function pageModule(route: Pick<RouteDef, 'area' | 'page'>): string | undefined {
  return route.page && `routes/${route.area}/${route.page}`;
}
