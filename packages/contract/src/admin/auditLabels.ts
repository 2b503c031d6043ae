// The audit log's words, in one place (docs/decisions/0043-audit-in-words.md): what each action is
// called, what each object type and each field of a before/after is called, and how a field's value
// reads — money in fen shown in yuan, a yes/no, a time, a state by its label, or a reference to
// another row (an agent, a package, a series, a card, an operator…) shown by its name. The server
// writes only actions of this table (recordAudit takes an AuditAction), labels them in the list and
// its export, matches a Chinese search against them, and resolves the references a page of rows
// names; the console turns a before/after into labelled, highlighted changes from the same table.
import { CARD_STATE_LABEL, DEVICE_CHANGE_STATE_LABEL } from '../enums';
import { ORDER_STATE_LABEL } from '../commerce';
import { SHIP_STATE_LABEL } from '../patterns/shop';
import { TICKET_STATUS_LABEL } from '../patterns/tickets';
import { AGENT_APPLICATION_STATUS_LABEL } from '../patterns/agentApplications';
import { OPERATOR_ROLE_LABEL } from './auth';
import { BULK_KIND_LABEL, BULK_STATUS_LABEL } from './bulkJobs';
import { PACKAGE_TYPE_NAME } from './catalogue';
import { PAYOUT_METHOD_LABEL, WITHDRAWAL_STATE_LABEL } from './commissions';
import { REPLACEMENT_STATUS_LABEL } from './queues';
import { APPROVAL_KIND_LABEL, APPROVAL_STATE_LABEL } from './approvals';
import { INVOICE_REQUEST_STATUS_LABEL, INVOICE_TITLE_TYPE_LABEL, REFUND_REQUEST_STATUS_LABEL } from '../patterns/afterSales';

/** Every action the server writes to the audit log, with its label. A new action is added here first. */
export const AUDIT_ACTION_LABEL = {
  'operator.login': '登录',
  'operator.login_failed': '登录失败',
  'operator.locked': '账号锁定',
  'operator.logout': '退出登录',
  'operator.password_changed': '修改密码',
  'operator.totp_enrol': '开始开启两步验证',
  'operator.totp_enabled': '开启两步验证',
  'operator.totp_disabled': '关闭两步验证',
  'audit.export': '导出审计日志',
  'cards.export': '导出卡片',
  'cards.import': '导入卡片',
  'cards.import_undone': '撤销导入批次',
  'cards.password_reset': '重置卡密码',
  'orders.mobile_reveal': '查看订单用户完整手机号',
  'tickets.contact_reveal': '查看工单完整联系方式',
  'cards.passwords_taken': '领取待发放卡密码',
  'bulk_job.created': '新建批量任务',
  'card.suspended': '停机',
  'card.resumed': '复机',
  'card.marked_replacement': '标记换卡',
  'card.series_set': '设置套餐系列',
  'card.agent_moved': '转移代理',
  'card.real_name_reminded': '重发实名链接',
  'card.ticket_opened': '为持卡人登记工单',
  'card.holder_viewed': '以持卡人视角查看',
  'card.carrier_account_moved': '移至运营商账号',
  'series.export': '导出套餐系列',
  'packages.export': '导出套餐',
  'prices.export': '导出代理价格',
  'coupon_packages.export': '导出优惠券包',
  'recharge_offers.export': '导出首充优惠',
  'voucher_batches.export': '导出优惠券发放记录',
  'agents.export': '导出代理商',
  'operators.export': '导出操作员',
  'tickets.export': '导出工单',
  'agent_applications.export': '导出代理申请',
  'replacements.export': '导出换卡申请',
  'realname.export': '导出实名记录（脱敏）',
  'shop_orders.export': '导出发货列表',
  'late_payments.export': '导出异常到账',
  'ledger.export': '导出余额明细',
  'bulk_job.export': '导出批量任务结果',
  'orders.export': '导出订单',
  'order.refund': '订单退款',
  'order.partial_refund': '订单部分退款',
  'refund_request.approved': '通过退款申请',
  'refund_request.rejected': '驳回退款申请',
  'invoice_request.issued': '开具发票',
  'invoice_request.rejected': '驳回发票申请',
  'balance.adjust': '调整余额',
  'ticket.reply': '处理投诉建议',
  'agent_application.in_review': '代理申请转审核',
  'agent_application.approved': '通过代理申请',
  'agent_application.rejected': '驳回代理申请',
  'replacement.shipped': '换卡发货',
  'replacement.done': '换卡完成',
  'replacement.rejected': '驳回换卡申请',
  'realname.reveal': '查看完整实名信息',
  'shop_order.shipped': '设备订单发货',
  'agent.created': '新建代理商',
  'agent.sub_created': '新建下级代理',
  'agent.terms_changed': '设置下级代理分成与成本价',
  'commission.payee_bound': '微信扫码绑定收款账户',
  'agent.branding_changed': '修改代理商品牌',
  'agent.features_changed': '修改功能开关',
  'agent.pay_changed': '修改支付设置',
  'agent.image_uploaded': '上传品牌图片',
  'series.saved': '保存套餐系列',
  'package.saved': '保存套餐',
  'price.changed': '修改套餐价格',
  'coupon_package.saved': '保存优惠券包',
  'recharge_offer.saved': '保存首充优惠',
  'vouchers.issued': '批量发放优惠券',
  'vouchers.batch_revoked': '撤销未使用的优惠券',
  'operator.created': '新建操作员',
  'operator.password_reset': '重置操作员密码',
  'operator.totp_reset': '重置操作员两步验证',
  'operator.unlocked': '解锁操作员',
  'operator.disabled': '停用操作员',
  'operator.enabled': '启用操作员',
  'operator.role_changed': '修改操作员角色',
  'device_task.retried': '重试设备任务',
  'device_task.cancelled': '撤销设备任务',
  'device_firmware.pushed': '推送固件升级',
  'firmware.registered': '登记固件',
  'firmware.withdrawn': '下架固件',
  'carrier_account.created': '新建运营商账号',
  'carrier_account.updated': '修改运营商账号',
  'carrier_account.disabled': '停用运营商账号',
  'carrier_account.enabled': '启用运营商账号',
  'commission.withdrawal_requested': '申请佣金提现',
  'commission.withdrawal_approved': '审核通过佣金提现',
  'commission.withdrawal_rejected': '驳回佣金提现',
  'commission.withdrawal_paid': '登记佣金打款',
  'commission.withdrawal_failed': '佣金打款失败',
  'commission.withdrawal_cancel_requested': '撤销佣金接口打款',
  'commission.adjusted': '调整代理佣金',
  'commission.settings_saved': '设置佣金冻结期',
  'commission.account_changed': '修改佣金收款账户',
  'commission.statement_export': '导出佣金月结单',
  'write_limits.saved': '修改审批限额',
  'approval.requested': '超限操作提交审批',
  'approval.approved': '通过超限审批',
  'approval.rejected': '驳回超限审批',
  'approval.withdrawn': '撤回超限审批申请',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTION_LABEL;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABEL) as AuditAction[];

export const isAuditAction = (a: string): a is AuditAction => Object.hasOwn(AUDIT_ACTION_LABEL, a);

/** An action's label; an action the table does not know (an older release's) as it is. */
export const auditActionLabel = (a: string): string => (isAuditAction(a) ? AUDIT_ACTION_LABEL[a] : a);

/**
 * The actions an operator's search means: the exact code, else every action whose label or code
 * contains what was typed (停机 → card.suspended; 导出 → every export). Empty: no filter (null).
 */
export function auditActionsMatching(text: string): string[] | null {
  const t = text.trim().toLowerCase();
  if (!t) return null;
  if (isAuditAction(t)) return [t];
  return AUDIT_ACTIONS.filter((a) => AUDIT_ACTION_LABEL[a].toLowerCase().includes(t) || a.includes(t));
}

/** What each object type of the log is called (the target of a row). */
export const AUDIT_TARGET_LABEL: Record<string, string> = {
  card: '卡片',
  cards: '卡片',
  order: '订单',
  orders: '订单',
  package: '套餐',
  packages: '套餐',
  prices: '代理价格',
  series: '套餐系列',
  agent: '代理商',
  agents: '代理商',
  operator: '操作员',
  operators: '操作员',
  ticket: '工单',
  tickets: '工单',
  agent_application: '代理申请',
  agent_applications: '代理申请',
  replacement: '换卡申请',
  replacements: '换卡申请',
  shop_order: '设备订单',
  shop_orders: '设备订单',
  coupon_package: '优惠券包',
  coupon_packages: '优惠券包',
  recharge_offers: '首充优惠',
  voucher_batch: '优惠券批次',
  voucher_batches: '优惠券批次',
  carrier_account: '运营商账号',
  bulk_job: '批量任务',
  card_import_batch: '导入批次',
  device: 'WiFi设备',
  audit_log: '审计日志',
  realname: '实名记录',
  late_payments: '异常到账',
  ledger: '余额明细',
  commission_withdrawal: '佣金提现',
  refund_request: '退款申请',
  invoice_request: '发票申请',
  approval: '超限审批',
  write_limits: '审批限额',
};

/** Rows another row's id points at: shown by name, resolved by the server for a page of the log. */
export const AUDIT_REFS = ['agent', 'package', 'series', 'card', 'operator', 'coupon_package', 'carrier_account'] as const;
export type AuditRef = (typeof AUDIT_REFS)[number];

/** The target types whose id is a row's id that has a name (a card's target id is already its number). */
export const AUDIT_TARGET_REF: Partial<Record<string, AuditRef>> = {
  agent: 'agent',
  package: 'package',
  series: 'series',
  operator: 'operator',
  coupon_package: 'coupon_package',
  carrier_account: 'carrier_account',
};

/** How a field's value reads. */
export type AuditFieldKind =
  | { kind: 'text' }
  | { kind: 'fen' }
  | { kind: 'bool' }
  | { kind: 'time' }
  | { kind: 'mb' }
  | { kind: 'ref'; ref: AuditRef }
  /** a list of ids of one kind (a card's series) */
  | { kind: 'refs'; ref: AuditRef }
  | { kind: 'enum'; values: Readonly<Record<string | number, string>> }
  /** a `status` or `state` whose words depend on the row's object type */
  | { kind: 'status' };

export interface AuditField {
  label: string;
  how: AuditFieldKind;
}

const text = { kind: 'text' } as const;
const fen = { kind: 'fen' } as const;
const bool = { kind: 'bool' } as const;
const time = { kind: 'time' } as const;
const ref = (r: AuditRef) => ({ kind: 'ref', ref: r }) as const;
const oneOf = (values: Readonly<Record<string | number, string>>) => ({ kind: 'enum', values }) as const;
const f = (label: string, how: AuditFieldKind = text): AuditField => ({ label, how });

/** What the pay types of an agent's channels mean (docs/spec/portal-spec.md §3 "Pay type"). */
export const PAY_TYPE_LABEL: Record<number, string> = { 0: '默认', 1: '默认（备用）', 2: '第三方代收', 3: '原生小程序', 4: '收银台' };
/** The customer-service opening mode an agent's branding stores (open_type). */
export const OPEN_TYPE_LABEL: Record<number, string> = { 0: '默认' };

/** Every field a before/after of the log holds, with its label and how its value reads. */
export const AUDIT_FIELD: Record<string, AuditField> = {
  // money (fen)
  cost_fen: f('成本价', fen),
  retail_fen: f('零售价', fen),
  price_fen: f('价格', fen),
  original_price_fen: f('划线价', fen),
  margin_fen: f('毛利', fen),
  margin_pct: f('毛利率（%）'),
  payable_fen: f('实付金额', fen),
  amount_fen: f('金额', fen),
  balance_fen: f('余额', fen),
  bonus_fen: f('赠送金额', fen),
  min_spend_fen: f('最低消费', fen),
  ant_credit_min_money_fen: f('分期最低金额', fen),
  // references to other rows
  agent_id: f('代理商', ref('agent')),
  package_id: f('套餐', ref('package')),
  series_id: f('套餐系列', ref('series')),
  package_series_ids: f('套餐系列', { kind: 'refs', ref: 'series' }),
  card_id: f('卡号', ref('card')),
  operator_id: f('操作员', ref('operator')),
  carrier_account_id: f('运营商账号', ref('carrier_account')),
  // a bulk job's parameters as the job recorded them
  agentId: f('目标代理商', ref('agent')),
  seriesId: f('套餐系列', ref('series')),
  accountId: f('运营商账号', ref('carrier_account')),
  accountName: f('运营商账号名称'),
  // names and descriptions
  id: f('编号'),
  name: f('名称'),
  series_name: f('系列名称'),
  agent_name: f('代理名称'),
  description: f('说明'),
  title: f('标题'),
  mark: f('代理标识'),
  username: f('用户名'),
  display_name: f('姓名'),
  // catalogue
  package_type: f('套餐类型', oneOf(PACKAGE_TYPE_NAME)),
  package_types: f('适用套餐类型'),
  period: f('周期', oneOf({ 1: '天', 2: '月' })),
  period_count: f('周期数'),
  flow_mb: f('流量', { kind: 'mb' }),
  voucher_allowed: f('可用优惠券', bool),
  recommended: f('推荐', bool),
  on_sale: f('上架', bool),
  sort: f('排序'),
  vouchers: f('券'),
  valid_days: f('有效天数'),
  card_count: f('卡数'),
  target: f('范围'),
  // branding
  nickname: f('代理名称'),
  apply_name: f('应用名称'),
  enterprise_name: f('公司名称'),
  contact_email: f('联系邮箱'),
  hotline: f('客服电话'),
  service_hours: f('服务时间'),
  customer_url: f('在线客服链接'),
  app_url: f('App 下载链接（Android）'),
  ios_url: f('App 下载链接（iPhone）'),
  h5_url: f('H5 地址'),
  logo: f('Logo'),
  guide_qrcode: f('引导二维码'),
  official_account_qrcode: f('公众号二维码'),
  open_type: f('客服打开方式', oneOf(OPEN_TYPE_LABEL)),
  open_customer: f('显示悬浮客服按钮', bool),
  // feature switches (the labels of FEATURE_LABEL)
  agent_form: f('代理申请表单', bool),
  product_form: f('商城（商品表单）', bool),
  open_balance_recharge: f('余额充值', bool),
  card_login: f('卡号登录', bool),
  open_market: f('会员权益', bool),
  coupon_goods: f('优惠券包', bool),
  refund_request_days: f('在线申请退款期限（天）'),
  // pay settings
  wechat_pay: f('微信支付', bool),
  wechat_pay_type: f('微信支付方式', oneOf(PAY_TYPE_LABEL)),
  official_pay_type: f('公众号支付方式', oneOf(PAY_TYPE_LABEL)),
  ali_pay: f('支付宝', bool),
  ali_pay_type: f('支付宝支付方式', oneOf(PAY_TYPE_LABEL)),
  ant_credit_pay: f('花呗分期', bool),
  // states
  state: f('状态', { kind: 'status' }),
  status: f('状态', { kind: 'status' }),
  stop_reason: f('停机原因'),
  need_change_card: f('需要换卡', bool),
  ship_state: f('发货状态', oneOf(SHIP_STATE_LABEL)),
  carrier: f('快递公司'),
  tracking_no: f('快递单号'),
  content: f('回复内容'),
  reject_reason: f('驳回原因'),
  refund_no: f('退款单号'),
  effects: f('退款影响'),
  refunded_fen: f('已部分退款', fen),
  left_fen: f('剩余可退', fen),
  invoice_no: f('发票号码'),
  title_type: f('抬头类型', oneOf(INVOICE_TITLE_TYPE_LABEL)),
  tax_no: f('纳税人识别号'),
  answer: f('处理说明'),
  ledger_id: f('余额明细编号'),
  request_id: f('请求编号'),
  carrier_account: f('运营商账号名称'),
  // operators
  role: f('角色', oneOf(OPERATOR_ROLE_LABEL)),
  disabled: f('已停用', bool),
  failed_logins: f('连续登录失败次数'),
  locked_until: f('锁定至', time),
  totp: f('两步验证', bool),
  sessions_revoked: f('已退出其他登录', bool),
  revoked_sessions: f('退出的登录数'),
  ip: f('IP'),
  // imports, bulk jobs, exports
  kind: f('类型', oneOf(BULK_KIND_LABEL)),
  cards: f('卡数'),
  bulk_job_id: f('批量任务编号'),
  undone_at: f('撤销时间', time),
  filter: f('筛选条件'),
  rows: f('行数'),
  truncated: f('已截断', bool),
  first: f('起始卡号'),
  last: f('结束卡号'),
  image: f('图片编号'),
  mime: f('图片类型'),
  size: f('大小（字节）'),
  // device tasks
  change: f('任务编号'),
  summary: f('任务内容'),
  fault_code: f('故障码'),
  // commissions
  payout_no: f('提现单号'),
  payout_method: f('收款方式', oneOf(PAYOUT_METHOD_LABEL)),
  payee: f('收款人'),
  payout_account: f('收款账号'),
  requested_at: f('申请时间', time),
  decided_at: f('审核时间', time),
  paid_at: f('打款时间', time),
  payout_channel: f('打款方式', oneOf({ manual: '手工打款', gateway: '接口打款' })),
  payout_reference: f('打款凭证号'),
  holding_days: f('冻结天数'),
  // agents in levels (docs/decisions/0067-agents-in-levels.md)
  parent_id: f('上级代理', ref('agent')),
  agent_level: f('代理级别', oneOf({ 1: '总代理', 2: '代理', 3: '分销' })),
  share_bp: f('分成比例（万分比）'),
  costs: f('下级成本价'),
  openid: f('微信 openid'),
  verify_mobile: f('验证手机号'),
  month: f('月份'),
  created_at: f('创建时间', time),
  operator_username: f('操作员'),
  reason: f('原因'),
  // limits and their approvals (docs/decisions/0048-limits-and-a-second-approver.md)
  voucher_amount_fen: f('单张券面额上限', fen),
  voucher_valid_days: f('券有效天数上限'),
  voucher_batch_total_fen: f('单批发放总额上限', fen),
  balance_adjust_fen: f('单次余额调整上限', fen),
  retail_price_fen: f('套餐零售价上限', fen),
  approval_id: f('审批编号'),
  approval_kind: f('审批类型', oneOf(APPROVAL_KIND_LABEL)),
  requested_by: f('申请人'),
  approved_by: f('审批人'),
  rejected_by: f('驳回人'),
  breaches: f('超出的限额'),
  write: f('操作内容'),
  outcome: f('执行结果'),
};

/** The words of a `status` / `state` field, by the row's object type. */
export const AUDIT_STATUS_LABEL: Record<string, Readonly<Record<string | number, string>>> = {
  card: CARD_STATE_LABEL,
  order: ORDER_STATE_LABEL,
  ticket: TICKET_STATUS_LABEL,
  agent_application: AGENT_APPLICATION_STATUS_LABEL,
  replacement: REPLACEMENT_STATUS_LABEL,
  commission_withdrawal: WITHDRAWAL_STATE_LABEL,
  approval: APPROVAL_STATE_LABEL,
  // a device's change (待生效 → 已撤销), a holder's request, a bulk job: never the raw word
  device: DEVICE_CHANGE_STATE_LABEL,
  refund_request: REFUND_REQUEST_STATUS_LABEL,
  invoice_request: INVOICE_REQUEST_STATUS_LABEL,
  bulk_job: BULK_STATUS_LABEL,
};

/** The names a page of the log refers to, per kind of row, by id (as text). */
export type AuditNames = Partial<Record<AuditRef, Record<string, string>>>;

/** The ids of each kind a row's target and before/after refer to (what the server resolves). */
export function auditRefsOf(row: { target_type: string; target_id: string; before: unknown; after: unknown }): Map<AuditRef, Set<string>> {
  const out = new Map<AuditRef, Set<string>>();
  const add = (r: AuditRef, id: unknown) => {
    if ((typeof id !== 'number' && typeof id !== 'string') || id === '') return;
    const set = out.get(r) ?? new Set<string>();
    set.add(String(id));
    out.set(r, set);
  };
  const targetRef = AUDIT_TARGET_REF[row.target_type];
  if (targetRef) add(targetRef, row.target_id);
  for (const side of [row.before, row.after]) {
    if (!side || typeof side !== 'object' || Array.isArray(side)) continue;
    for (const [key, value] of Object.entries(side)) {
      const how = AUDIT_FIELD[key]?.how;
      if (how?.kind === 'ref') add(how.ref, value);
      if (how?.kind === 'refs' && Array.isArray(value)) for (const v of value) add(how.ref, v);
    }
  }
  return out;
}
