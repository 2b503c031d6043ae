// Every portal endpoint declared once, in the one declaration shape (./declaration.ts): its route
// (method, path) from routes/*.ts, bound here to who may call it (`access`) and its query, body,
// path-parameter and answer schemas. The console's are bound the same way in admin/*.ts; REGISTRY
// below holds both. The server registers its handlers from these declarations (guard, validation,
// serialization, OpenAPI); the web app and the console import only their types
// (docs/decisions/0050-one-endpoint-registry.md).
import { z } from 'zod';
import type { Route } from './route';
import * as ROUTES from './routes/index';
import type * as ADMIN_ROUTES from './routes/admin';
import { bindRoutes } from './declaration';
import { ADMIN_ENDPOINTS } from './admin/index';
import {
  BindCardAnswer,
  BindCardRequest,
  BindListAnswer,
  Branding,
  BrandingFull,
  CardInfoAnswer,
  CardNicknameAnswer,
  CardNicknameRequest,
  CardNumBody,
  CardNumQuery,
  CardPasswordResetAnswer,
  CardPasswordResetRequest,
  CardPasswordSmsAnswer,
  CardPasswordSmsRequest,
  ClewAnswer,
  CustomerUrlQuery,
  DailyFlowAnswer,
  DailyFlowQuery,
  FlowAnswer,
  LineAnswer,
  FlowStatisticsAnswer,
  FlowSyncAnswer,
  HasPasswordAnswer,
  BindCheckAnswer,
  LoginAnswer,
  LoginRequest,
  PaySetting,
  SessionInfo,
  SmsCodeAnswer,
  SmsCodeRequest,
  UnbindCardAnswer,
  UserPasswordAnswer,
  UserPasswordRequest,
} from './schemas';
import {
  CardRealNameAnswer,
  CardRealNameRequest,
  ChangeCardContent,
  ChangeCardInfo,
  ChangeCardRequest,
  RealNameData,
  RealNameStart,
  RealNameStartRequest,
  RealNameStatus,
  SelectSeriesAnswer,
  SelectSeriesRequest,
  SeriesAnswer,
  UploadAnswer,
  UploadParams,
} from './realName';
import {
  BalanceLedgerAnswer,
  LedgerQuery,
  CloseOrderRequest,
  CouponPackageListAnswer,
  CreateOrderAnswer,
  CreateOrderRequest,
  Order,
  OrderListAnswer,
  OrderListQuery,
  OrderNoQuery,
  Package,
  PackageDetailQuery,
  PackageListAnswer,
  PayNotifyAnswer,
  PayNotifyAlipayParams,
  PayWechatJsapiQuery,
  PayNotifyBody,
  PayNotifyParams,
  QuickCardCheck,
  QuickOrderAnswer,
  QuickOrderQuery,
  QuickOrderRequest,
  QuickQuoteRequest,
  QuickRechargeOptions,
  QuickRepayRequest,
  Quote,
  QuoteRequest,
  RechargeOptions,
  RepayOrderRequest,
  UsableVoucherQuery,
  VoucherListAnswer,
  VoucherListQuery,
} from './commerce';
import {
  BindDeviceAnswer,
  BindDeviceRequest,
  CancelChangeRequest,
  ChangeQuery,
  ClientRequest,
  ClientsAnswer,
  ConfirmedRequest,
  DeviceChange,
  DeviceChangesAnswer,
  DeviceListAnswer,
  DeviceQuery,
  DeviceStatus,
  NetworkModeRequest,
  SimsAnswer,
  SwitchSimRequest,
  UnbindDeviceAnswer,
  WifiAnswer,
  WifiChangeRequest,
} from './devices';
import {
  AlertSetting,
  AlertSettingRequest,
  CardNoticesAnswer,
  NoticeDismissRequest,
  WechatMpBindAnswer,
  WechatMpBoundQuery,
} from './alerts';
import { UpgradeOption, UpgradeOptionsAnswer, UpgradeOptionsQuery, UpgradeQuoteQuery } from './upgrade';
import { CardDiagnosis, DiagnosisQuery, LineTestAnswer } from './diagnosis';
import { GiftsAnswer } from './gifts';
import { AddressIdBody, AddressListAnswer, AddressSaveRequest, SavedAddress } from './addresses';
import { ErrorReportAnswer, ErrorReportBatch } from './errorReports';
import { Ticket, TicketCreateRequest, TicketListAnswer, TicketParams } from './tickets';
import { ChatMessage, ChatSendRequest, ChatStreamKey, ChatStreamQuery, ChatThread } from './chat';
import { QrBindAnswer, QrBindRequest, QrCheckAnswer, ShopProductsAnswer, ShopProductsQuery } from './shop';
import { AgentApplicationAnswer, AgentApplicationLookup, AgentApplicationRequest } from './agentApplications';
import { PayeeConfirmAnswer, PayeeConfirmQuery } from './payeeConfirm';
import { JsSdkConfigAnswer, JsSdkConfigRequest } from './wechatJsSdk';
import { AfterSales, AfterSalesQuery, InvoiceRequestBody, RefundRequestBody } from './afterSales';
import {
  ChangeMobileAnswer,
  ChangeMobileRequest,
  MobileCodeAnswer,
  MobileCodeRequest,
  UserPasswordResetAnswer,
  UserPasswordResetRequest,
} from './account';
import { MessageReadRequest, MessagesAnswer, MessagesQuery, UnreadAnswer } from './messages';
import {
  InviteCheckAnswer,
  InviteCheckQuery,
  InviteMineAnswer,
  InviteRecordsAnswer,
  MemberAnswer,
  PopularizeAnswer,
  PopularizeQuery,
  RegisterAnswer,
  RegisterRequest,
} from './membership';

export { ROUTES };
/** A portal endpoint's name: the name of its export in routes/*.ts. */
export type PortalEndpointName = keyof typeof ROUTES;

const account = ['auth'];
const cardPassword = ['card password'];
const cards = ['cards'];
const usage = ['usage'];
const realName = ['real-name'];
const commerce = ['commerce'];
const devices = ['devices'];
const alerts = ['alerts'];
const upgrade = ['upgrade'];

const DECLARATIONS = {
  sendSmsCode: {
    access: 'open',
    tags: account,
    summary: '发送短信验证码（6位，5分钟有效，60秒内不可重发）',
    body: SmsCodeRequest,
    answer: SmsCodeAnswer,
  },
  login: {
    access: 'open',
    tags: account,
    summary: '登录：手机号+验证码 / 账号+密码 / 卡号+卡密码',
    body: LoginRequest,
    answer: LoginAnswer,
  },
  logout: { access: 'holder', tags: account, summary: '退出登录（注销当前会话）', answer: z.null() },
  session: { access: 'holder', tags: account, summary: '当前登录信息', answer: SessionInfo },
  changeUserPassword: {
    access: 'holder',
    tags: account,
    summary: '修改账号登录密码（其他设备上的登录随之失效）',
    body: UserPasswordRequest,
    answer: UserPasswordAnswer,
  },
  resetUserPassword: {
    access: 'open',
    tags: account,
    summary: '忘记账号密码：凭发到账号手机号的验证码（用途 user_password）设置新密码，该账号的登录全部失效',
    body: UserPasswordResetRequest,
    answer: UserPasswordResetAnswer,
  },
  mobileChangeCode: {
    access: 'holder',
    tags: account,
    summary: '更换手机号：向原手机号或新手机号发送验证码（与登录验证码同样限频）',
    body: MobileCodeRequest,
    answer: MobileCodeAnswer,
  },
  changeMobile: {
    access: 'holder',
    tags: account,
    summary: '更换手机号：原手机号与新手机号的验证码都正确后生效，其他设备上的登录随之失效',
    body: ChangeMobileRequest,
    answer: ChangeMobileAnswer,
  },
  messages: {
    access: 'holder',
    tags: ['messages'],
    summary: '消息中心：提醒与工单回复，新的在前（每页30条）',
    query: MessagesQuery,
    answer: MessagesAnswer,
  },
  messagesUnread: { access: 'holder', tags: ['messages'], summary: '消息中心的未读条数', answer: UnreadAnswer },
  messageRead: {
    access: 'holder',
    tags: ['messages'],
    summary: '把一条或全部消息标为已读',
    body: MessageReadRequest,
    answer: UnreadAnswer,
  },

  hasPassword: { access: 'holder', tags: cardPassword, summary: '卡是否已设置登录密码', query: CardNumQuery, answer: HasPasswordAnswer },
  bindCheck: {
    access: 'holder',
    tags: cardPassword,
    summary: '绑卡前查询：绑定需要的凭证（对未知卡号与他人的卡回答相同）',
    query: CardNumQuery,
    answer: BindCheckAnswer,
  },
  cardPasswordSms: {
    access: 'open',
    tags: cardPassword,
    summary: '向卡绑定的手机号发送设置/重置卡密码的验证码（无需登录）',
    body: CardPasswordSmsRequest,
    answer: CardPasswordSmsAnswer,
  },
  cardPasswordReset: {
    access: 'open',
    tags: cardPassword,
    summary: '凭短信验证码设置/重置卡登录密码（无需登录）',
    body: CardPasswordResetRequest,
    answer: CardPasswordResetAnswer,
  },

  customerUrl: {
    access: 'open',
    tags: ['branding'],
    summary: '按代理标识取品牌配置（无需登录；不传 mark 为默认品牌）',
    query: CustomerUrlQuery,
    answer: Branding,
  },
  applicationInfo: { access: 'holder', tags: ['branding'], summary: '卡所属代理的完整品牌配置', query: CardNumQuery, answer: BrandingFull },

  bindList: { access: 'holder', tags: cards, summary: '已绑定的卡', answer: BindListAnswer },
  bindCard: {
    access: 'holder',
    tags: cards,
    summary: '绑定卡片：须提供卡密码以证明持有该卡（失败按卡、账号、地址限次）',
    body: BindCardRequest,
    answer: BindCardAnswer,
  },
  unbindCard: { access: 'holder', tags: cards, summary: '解绑卡片', body: CardNumBody, answer: UnbindCardAnswer },
  cardInfo: { access: 'holder', tags: cards, summary: '卡片信息', query: CardNumQuery, answer: CardInfoAnswer },
  clew: { access: 'holder', tags: cards, summary: '卡片提示', query: CardNumQuery, answer: ClewAnswer },
  cardNickname: {
    access: 'holder',
    tags: cards,
    summary: '设置、修改或清除卡片备注名（仅自己可见）',
    body: CardNicknameRequest,
    answer: CardNicknameAnswer,
  },

  flow: { access: 'holder', tags: usage, summary: '流量概览：今日、本月、当前套餐已用与剩余', query: CardNumQuery, answer: FlowAnswer },
  cardLine: {
    access: 'holder',
    tags: usage,
    summary: '卡的线路：状态、停机原因、生效与排队的套餐、本期流量、余额、实名、问题与处理办法（各页面同一口径）',
    query: CardNumQuery,
    answer: LineAnswer,
  },
  dailyFlow: {
    access: 'holder',
    tags: usage,
    summary: '每日流量（最近 days 天，含用量为 0 的日期）',
    query: DailyFlowQuery,
    answer: DailyFlowAnswer,
  },
  flowStatistics: { access: 'holder', tags: usage, summary: '流量统计：累计与每月用量', query: CardNumQuery, answer: FlowStatisticsAnswer },
  flowSync: {
    access: 'holder',
    tags: usage,
    summary: '立即从运营商同步流量（每张卡 30 秒一次）',
    body: CardNumBody,
    answer: FlowSyncAnswer,
  },

  realNameDataV1: {
    access: 'holder',
    tags: realName,
    summary: '卡的实名数据（运营商、实名方式、是否已实名）',
    query: CardNumQuery,
    answer: RealNameData,
  },
  realNameData: {
    access: 'holder',
    tags: realName,
    summary: '卡的实名数据（运营商、实名方式、是否已实名）',
    query: CardNumQuery,
    answer: RealNameData,
  },
  cardRealName: {
    access: 'holder',
    tags: realName,
    summary: '提交持卡人信息（姓名、身份证号、手机号）',
    body: CardRealNameRequest,
    answer: CardRealNameAnswer,
  },
  realNameStart: {
    access: 'holder',
    tags: realName,
    summary: '发起运营商实名：每次生成新的、会过期的实名链接',
    body: RealNameStartRequest,
    answer: RealNameStart,
  },
  realNameStatus: {
    access: 'holder',
    tags: realName,
    summary: '向运营商查询实名结果，已实名则更新卡状态',
    query: CardNumQuery,
    answer: RealNameStatus,
  },
  packageSeries: { access: 'holder', tags: ['package series'], summary: '卡可选的套餐系列', query: CardNumQuery, answer: SeriesAnswer },
  selectSeries: {
    access: 'holder',
    tags: ['package series'],
    summary: '多系列卡选定一个套餐系列',
    body: SelectSeriesRequest,
    answer: SelectSeriesAnswer,
  },
  changeCardInfo: {
    access: 'holder',
    tags: ['card replacement'],
    summary: '换卡状态与申请进度',
    query: CardNumQuery,
    answer: ChangeCardInfo,
  },
  changeCardContent: { access: 'holder', tags: ['card replacement'], summary: '换卡须知', query: CardNumQuery, answer: ChangeCardContent },
  changeCard: { access: 'holder', tags: ['card replacement'], summary: '提交换卡申请', body: ChangeCardRequest, answer: ChangeCardInfo },
  upload: {
    access: 'holder',
    upload: true,
    tags: ['upload'],
    summary: '上传图片（multipart/form-data，字段 file；JPG/PNG/WEBP/GIF，≤5MB）',
    answer: UploadAnswer,
  },
  uploadedFile: { access: 'holder', tags: ['upload'], summary: '取回自己上传的图片', params: UploadParams },

  paySetting: { access: 'holder', tags: ['pay'], summary: '卡所属代理的支付设置', query: CardNumQuery, answer: PaySetting },
  packageList: {
    access: 'holder',
    tags: commerce,
    summary: '卡可购买的套餐（卡的套餐系列，按代理定价）',
    query: CardNumQuery,
    answer: PackageListAnswer,
  },
  packageDetail: { access: 'holder', tags: commerce, summary: '套餐详情', query: PackageDetailQuery, answer: Package },
  couponPackageList: { access: 'holder', tags: commerce, summary: '券包列表', query: CardNumQuery, answer: CouponPackageListAnswer },
  rechargeOptions: { access: 'holder', tags: commerce, summary: '余额充值选项与首充优惠', query: CardNumQuery, answer: RechargeOptions },
  voucherList: {
    access: 'holder',
    tags: commerce,
    summary: '卡的优惠券（可用 / 已失效）',
    query: VoucherListQuery,
    answer: VoucherListAnswer,
  },
  usableVouchers: {
    access: 'holder',
    tags: commerce,
    summary: '当前可用于该套餐的优惠券（最优在前）',
    query: UsableVoucherQuery,
    answer: VoucherListAnswer,
  },
  orderQuote: {
    access: 'holder',
    tags: commerce,
    summary: '订单报价：总价、优惠、应付与可用支付方式（服务端计价）',
    body: QuoteRequest,
    answer: Quote,
  },
  orderCreate: {
    access: 'holder',
    tags: commerce,
    summary: '创建订单并发起支付（相同 request_id 返回同一订单）',
    body: CreateOrderRequest,
    answer: CreateOrderAnswer,
  },
  orderDetail: { access: 'holder', tags: commerce, summary: '订单详情（待支付时向支付网关查询结果）', query: OrderNoQuery, answer: Order },
  orderList: { access: 'holder', tags: commerce, summary: '卡的订单记录', query: OrderListQuery, answer: OrderListAnswer },
  orderRepay: {
    access: 'holder',
    tags: commerce,
    summary: '继续支付待支付订单（先向网关核实，仍待支付时回到原收银台）',
    body: RepayOrderRequest,
    answer: CreateOrderAnswer,
  },
  orderClose: { access: 'holder', tags: commerce, summary: '关闭待支付订单（退回优惠券）', body: CloseOrderRequest, answer: Order },
  orderAfterSales: {
    access: 'holder',
    tags: commerce,
    summary: '订单的退款申请与发票申请：能否申请、为何不能、申请的状态与处理结果',
    query: AfterSalesQuery,
    answer: AfterSales,
  },
  orderRefundRequest: {
    access: 'holder',
    tags: commerce,
    summary: '申请退款（未使用的套餐订单，代理规定的天数内；每个订单同时只有一个待审核申请）',
    body: RefundRequestBody,
    answer: AfterSales,
  },
  orderInvoiceRequest: {
    access: 'holder',
    tags: commerce,
    summary: '申请电子发票（抬头、单位税号、接收邮箱；每个订单一张，被驳回后可重新申请）',
    body: InvoiceRequestBody,
    answer: AfterSales,
  },
  balanceLedger: {
    access: 'holder',
    tags: commerce,
    summary: '余额与余额明细（每页20条，按收入/支出筛选，before_id 翻页）',
    query: LedgerQuery,
    answer: BalanceLedgerAnswer,
  },
  payNotify: {
    access: 'open',
    tags: commerce,
    summary: '支付网关异步通知（签名校验，重复通知只入账一次）',
    params: PayNotifyParams,
    body: PayNotifyBody,
    answer: PayNotifyAnswer,
  },
  // the real gateways' notifications: their own bodies (read raw: the signature covers the exact
  // bytes) and their own answers, not the envelope (docs/decisions/0021)
  payNotifyWechat: {
    access: 'open',
    tags: commerce,
    summary: '微信支付 APIv3 支付通知（验签、解密，重复通知只入账一次；成功应答 204）',
  },
  payNotifyAlipay: {
    access: 'open',
    tags: commerce,
    summary: '支付宝异步通知（RSA2 验签，重复通知只入账一次；成功应答 success）',
    params: PayNotifyAlipayParams,
  },
  payWechatJsapi: {
    access: 'open',
    tags: commerce,
    summary: '微信内 JSAPI 支付页：先静默授权取得 openid，再下单并调起支付',
    query: PayWechatJsapiQuery,
  },
  payWechatBridge: { access: 'open', tags: commerce, summary: 'JSAPI 支付页的脚本（调起 WeixinJSBridge）' },

  quickCardCheck: { access: 'open', tags: commerce, summary: '免登录支付：卡号校验', query: CardNumQuery, answer: QuickCardCheck },
  quickPackages: { access: 'open', tags: commerce, summary: '免登录支付：可购买套餐', query: CardNumQuery, answer: PackageListAnswer },
  quickRechargeOptions: {
    access: 'open',
    tags: commerce,
    summary: '免登录支付：余额充值的金额范围与首充优惠（不含余额）',
    query: CardNumQuery,
    answer: QuickRechargeOptions,
  },
  quickQuote: {
    access: 'open',
    tags: commerce,
    summary: '免登录支付：报价与可用支付方式（不含余额支付）',
    body: QuickQuoteRequest,
    answer: Quote,
  },
  quickOrder: {
    access: 'open',
    tags: commerce,
    summary: '免登录支付：下单（返回订单访问凭证）',
    body: QuickOrderRequest,
    answer: QuickOrderAnswer,
  },
  quickOrderDetail: { access: 'open', tags: commerce, summary: '免登录支付：凭访问凭证查询订单', query: QuickOrderQuery, answer: Order },
  quickRepay: {
    access: 'open',
    tags: commerce,
    summary: '免登录支付：凭访问凭证继续支付待支付订单',
    body: QuickRepayRequest,
    answer: CreateOrderAnswer,
  },

  deviceList: { access: 'holder', tags: devices, summary: '我的设备（已绑定卡中的随身WiFi、CPE、多卡设备）', answer: DeviceListAnswer },
  deviceStatus: {
    access: 'holder',
    tags: devices,
    summary: '设备状态：在线、电量、运行时长、当前网络与信号、WiFi、待生效的操作',
    query: DeviceQuery,
    answer: DeviceStatus,
  },
  deviceBind: {
    access: 'holder',
    tags: devices,
    summary: '添加设备：设备序列号、设备中的卡号与该卡的卡密码须一致（失败按账号、地址限次）',
    body: BindDeviceRequest,
    answer: BindDeviceAnswer,
  },
  deviceUnbind: { access: 'holder', tags: devices, summary: '解绑设备（连同设备中的卡）', body: DeviceQuery, answer: UnbindDeviceAnswer },
  deviceWifi: {
    access: 'holder',
    tags: devices,
    summary: 'WiFi设置（名称、密码、隐藏、加密、频段、最大连接数）',
    query: DeviceQuery,
    answer: WifiAnswer,
  },
  deviceWifiChange: {
    access: 'holder',
    tags: devices,
    summary: '修改WiFi设置（设备下次联网时生效，已连接的终端会断开）',
    body: WifiChangeRequest,
    answer: DeviceChange,
  },
  deviceClients: { access: 'holder', tags: devices, summary: '已连接的终端与拉黑名单', query: DeviceQuery, answer: ClientsAnswer },
  deviceClientBlock: { access: 'holder', tags: devices, summary: '拉黑一个已连接的终端', body: ClientRequest, answer: DeviceChange },
  deviceClientUnblock: { access: 'holder', tags: devices, summary: '解除拉黑', body: ClientRequest, answer: DeviceChange },
  deviceSims: {
    access: 'holder',
    tags: devices,
    summary: '设备中的SIM卡：运营商、信号、剩余流量；网络模式',
    query: DeviceQuery,
    answer: SimsAnswer,
  },
  deviceSimSwitch: {
    access: 'holder',
    tags: devices,
    summary: '切换到另一张SIM卡（注册不上网络则回退到原网络）',
    body: SwitchSimRequest,
    answer: DeviceChange,
  },
  deviceNetworkMode: {
    access: 'holder',
    tags: devices,
    summary: '设置网络模式（自动 / 仅5G / 仅4G）',
    body: NetworkModeRequest,
    answer: DeviceChange,
  },
  deviceReboot: {
    access: 'holder',
    tags: devices,
    summary: '重启设备（需确认；有次数限制）',
    body: ConfirmedRequest,
    answer: DeviceChange,
  },
  deviceReset: {
    access: 'holder',
    tags: devices,
    summary: '恢复出厂设置（需确认；有次数限制；WiFi与拉黑名单恢复出厂值）',
    body: ConfirmedRequest,
    answer: DeviceChange,
  },
  deviceChanges: {
    access: 'holder',
    tags: devices,
    summary: '设备的操作记录（谁、何时、做了什么、结果），最近20条',
    query: DeviceQuery,
    answer: DeviceChangesAnswer,
  },
  deviceChange: {
    access: 'holder',
    tags: devices,
    summary: '一条操作记录的当前状态（待生效 / 已生效 / 失败）',
    query: ChangeQuery,
    answer: DeviceChange,
  },
  deviceChangeCancel: { access: 'holder', tags: devices, summary: '撤销一条待生效的操作', body: CancelChangeRequest, answer: DeviceChange },

  alertSetting: {
    access: 'holder',
    tags: alerts,
    summary: '卡的提醒与自动续费设置（剩余流量、到期提醒、到期自动续订）',
    query: CardNumQuery,
    answer: AlertSetting,
  },
  alertSettingSave: { access: 'holder', tags: alerts, summary: '保存提醒与自动续费设置', body: AlertSettingRequest, answer: AlertSetting },
  alertWechatMpBind: {
    access: 'holder',
    tags: alerts,
    summary: '在微信中绑定公众号提醒：返回静默授权链接（授权后回到 alertWechatMpBound）',
    body: CardNumBody,
    answer: WechatMpBindAnswer,
  },
  alertWechatMpBound: {
    access: 'open',
    tags: alerts,
    summary: '微信静默授权的回跳：记下持卡人在公众号下的 openid，回到提醒设置页',
    query: WechatMpBoundQuery,
  },
  cardNotices: {
    access: 'holder',
    tags: alerts,
    summary: '首页提醒：流量不足、即将到期、自动续费结果（未关闭的）',
    query: CardNumQuery,
    answer: CardNoticesAnswer,
  },
  cardNoticeDismiss: { access: 'holder', tags: alerts, summary: '关闭一条首页提醒', body: NoticeDismissRequest, answer: z.null() },
  upgradeOptions: {
    access: 'holder',
    tags: upgrade,
    summary: '当前套餐与可升级的套餐（每项附服务端报价：变化、抵扣、补差价）',
    query: UpgradeOptionsQuery,
    answer: UpgradeOptionsAnswer,
  },
  upgradeQuote: {
    access: 'holder',
    tags: upgrade,
    summary: '升级到某个套餐的报价，或不能升级的原因',
    query: UpgradeQuoteQuery,
    answer: UpgradeOption,
  },
  cardDiagnosis: {
    access: 'open',
    tags: ['diagnosis'],
    summary: '智能检测：卡状态与停机原因、实名、套餐与流量、余额、设备与信号（免登录；访客只看到不含个人信息的结论，卡主看到全部）',
    query: DiagnosisQuery,
    answer: CardDiagnosis,
  },
  cardLineTest: {
    access: 'holder',
    tags: ['diagnosis'],
    summary: '卡片检测：经运营商测试网络注册、数据连接与 APN 设置',
    body: CardNumBody,
    answer: LineTestAnswer,
  },
  addressList: {
    access: 'holder',
    tags: ['addresses'],
    summary: '我的收货地址（仅本人；默认地址在前；卡号登录没有）',
    answer: AddressListAnswer,
  },
  addressSave: {
    access: 'holder',
    tags: ['addresses'],
    summary: '新增或修改收货地址（仅本人的；省 / 市 / 区县须为行政区划中真实的一组）',
    body: AddressSaveRequest,
    answer: SavedAddress,
  },
  addressDelete: {
    access: 'holder',
    tags: ['addresses'],
    summary: '删除收货地址（仅本人的）',
    body: AddressIdBody,
    answer: AddressListAnswer,
  },
  addressSetDefault: {
    access: 'holder',
    tags: ['addresses'],
    summary: '设为默认收货地址（仅本人的）',
    body: AddressIdBody,
    answer: AddressListAnswer,
  },
  cardGifts: {
    access: 'holder',
    tags: commerce,
    summary: '卡收到的礼品：首充等赠送余额、活动与券包赠送的优惠券，及其状态（待发放 / 已发放 / 已过期 / 已收回）与来源',
    query: CardNumQuery,
    answer: GiftsAnswer,
  },
  ticketUpload: {
    access: 'holder',
    upload: true,
    tags: ['tickets'],
    summary: '投诉建议的图片（multipart/form-data，字段 file；JPG/PNG/WEBP/GIF，≤5MB，按内容识别）',
    answer: UploadAnswer,
  },
  ticketCreate: {
    access: 'holder',
    tags: ['tickets'],
    summary: '提交投诉建议（网络问题附卡的最近一次检测）',
    body: TicketCreateRequest,
    answer: Ticket,
  },
  ticketList: { access: 'holder', tags: ['tickets'], summary: '我的投诉建议', answer: TicketListAnswer },
  ticketDetail: {
    access: 'holder',
    tags: ['tickets'],
    summary: '投诉建议详情：处理进度与回复（仅本人）',
    query: TicketParams,
    answer: Ticket,
  },
  ticketClose: {
    access: 'holder',
    tags: ['tickets'],
    summary: '关闭自己的投诉建议（仅本人；关闭后不能重新打开）',
    body: TicketParams,
    answer: Ticket,
  },
  chatThread: {
    access: 'holder',
    tags: ['chat'],
    summary: '在线咨询：我与客服的对话（最近一次会话的全部消息，仅本人）',
    answer: ChatThread,
  },
  chatSend: {
    access: 'holder',
    tags: ['chat'],
    summary: '在线咨询：发送一条消息（文字 ≤500 字或一张图片；同一 client_id 只存一次）',
    body: ChatSendRequest,
    answer: ChatMessage,
  },
  chatRead: { access: 'holder', tags: ['chat'], summary: '在线咨询：客服的消息已读', answer: ChatThread },
  chatStreamKey: {
    access: 'holder',
    tags: ['chat'],
    summary: '在线咨询：实时消息流的钥匙（EventSource 不能带登录头；10 分钟有效，只能读本人的会话）',
    answer: ChatStreamKey,
  },
  chatStream: {
    access: 'open',
    tags: ['chat'],
    summary: '在线咨询的实时消息（text/event-stream；凭 stream_key，Last-Event-ID 或 after 续传）',
    query: ChatStreamQuery,
  },
  shopProducts: {
    access: 'open',
    tags: ['shop'],
    summary: '代理的设备商城：在售设备（图片、频段、运营商、适用卡片、价格、库存）；品牌未开启 product_form 时为空',
    query: ShopProductsQuery,
    answer: ShopProductsAnswer,
  },
  qrBindCheck: {
    access: 'open',
    tags: ['shop'],
    summary: '包装盒二维码：绑定凭证是否可用（免登录；失败按地址限流）',
    query: QrBindRequest,
    answer: QrCheckAnswer,
  },
  qrBind: {
    access: 'holder',
    tags: ['shop'],
    summary: '包装盒二维码：凭一次性绑定凭证把卡绑定到当前账号（凭证用后作废；失败按地址限流）',
    body: QrBindRequest,
    answer: QrBindAnswer,
  },
  agentApplicationCreate: {
    access: 'open',
    tags: ['agent'],
    summary: '申请成为代理（免登录；手机号需短信验证，purpose=agent_apply；每个手机号同时只有一份进行中的申请）',
    body: AgentApplicationRequest,
    answer: AgentApplicationAnswer,
  },
  agentApplicationLookup: {
    access: 'open',
    tags: ['agent'],
    summary: '查看代理申请的进度（凭提交时的申请凭证，或手机号与短信验证码）',
    body: AgentApplicationLookup,
    answer: AgentApplicationAnswer,
  },
  payeeConfirmShow: {
    access: 'open',
    tags: ['agent'],
    summary: '代理收款人确认收款页：金额、代理、收款人（打码）与调起微信确认收款所需参数（免登录，凭收款链接；按地址限流）',
    query: PayeeConfirmQuery,
    answer: PayeeConfirmAnswer,
  },
  payeeConfirmCheck: {
    access: 'open',
    tags: ['agent'],
    summary: '收款人在微信中确认后：服务器向微信支付查询转账单并记录结果（免登录，凭收款链接；按地址与链接限流）',
    body: PayeeConfirmQuery,
    answer: PayeeConfirmAnswer,
  },
  jsSdkConfig: {
    access: 'open',
    tags: ['wechat'],
    summary:
      '微信内页面的 JS-SDK 配置：用公众号 jsapi_ticket 为本站页面地址签名（免登录；只签本站页面；未配置公众号时 400「未配置公众号」；按地址限流）',
    body: JsSdkConfigRequest,
    answer: JsSdkConfigAnswer,
  },
  memberInfo: {
    access: 'holder',
    tags: ['membership'],
    summary: '我的会员：成长值、等级、距下一等级还差多少、各等级权益（套餐折扣）与最近的成长值变动（仅本人；卡号登录不是会员）',
    answer: MemberAnswer,
  },
  inviteMine: {
    access: 'holder',
    tags: ['membership'],
    summary: '我的邀请码与邀请统计（邀请链接与二维码由页面生成）',
    answer: InviteMineAnswer,
  },
  inviteRecords: {
    access: 'holder',
    tags: ['membership'],
    summary: '我的邀请记录：被邀请人（手机号打码）的进度：注册 → 绑卡 → 首单 → 奖励，失效时附原因（只含本人邀请的）',
    answer: InviteRecordsAnswer,
  },
  inviteCheck: {
    access: 'open',
    tags: ['membership'],
    summary: '邀请码是否有效、邀请人（手机号打码）（免登录）',
    query: InviteCheckQuery,
    answer: InviteCheckAnswer,
  },
  registerUser: {
    access: 'open',
    tags: ['membership'],
    summary: '新用户注册：手机号 + 短信验证码（purpose=register）+ 密码，可同时绑卡，邀请码记给邀请人；成功即登录（按手机号与地址限频）',
    body: RegisterRequest,
    answer: RegisterAnswer,
  },
  errorReports: {
    access: 'open',
    tags: ['error reports'],
    summary: '手机端错误报告：未捕获的错误、页面代码加载失败、接口调用失败（已去除卡号、手机号、令牌；按地址限频）',
    body: ErrorReportBatch,
    answer: ErrorReportAnswer,
  },
  popularize: {
    access: 'open',
    tags: ['membership'],
    summary: '推广页：代理品牌、热门套餐（按系列），链接中的邀请码与邀请人（免登录）',
    query: PopularizeQuery,
    answer: PopularizeAnswer,
  },
} as const;

/** The portal's endpoints. */
export const ENDPOINTS = bindRoutes(ROUTES, DECLARATIONS);

/**
 * Every endpoint, the portal's and the console's, by name: what the server's serve() registers and
 * the clients' types read (docs/decisions/0050-one-endpoint-registry.md). Names are unique across
 * both (the contract's test checks it), so a name says which endpoint.
 */
export const REGISTRY = { ...ENDPOINTS, ...ADMIN_ENDPOINTS };
export type Endpoints = typeof REGISTRY;
export type EndpointName = keyof Endpoints;
/** Every route of both registries, by endpoint name. */
type AllRoutes = typeof ROUTES & typeof ADMIN_ROUTES;
/** The name of the endpoint of a route (no two endpoints share a route). */
export type NameOf<R extends Route> = { [K in keyof AllRoutes]: AllRoutes[K] extends R ? K : never }[keyof AllRoutes];

type In<T> = T extends z.ZodType ? z.input<T> : never;
type Out<T> = T extends z.ZodType ? z.output<T> : never;

/** What a client sends: the body of a POST, else the query of a GET, else nothing. */
export type InputOf<K extends EndpointName> = Endpoints[K] extends { body: infer B }
  ? In<B>
  : Endpoints[K] extends { query: infer Q }
    ? In<Q>
    : void;
/** The `data` of a successful answer. */
export type AnswerOf<K extends EndpointName> = Endpoints[K] extends { answer: infer A } ? Out<A> : never;
/** What a handler receives after validation. */
export type QueryOf<K extends EndpointName> = Endpoints[K] extends { query: infer Q } ? Out<Q> : undefined;
export type BodyOf<K extends EndpointName> = Endpoints[K] extends { body: infer B } ? Out<B> : undefined;
export type ParamsOf<K extends EndpointName> = Endpoints[K] extends { params: infer P } ? Out<P> : undefined;
