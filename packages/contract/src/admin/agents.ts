// Agents, their branding, payment setting and feature switches (docs/decisions/0018).
// BrandingFields is the one rule for what an agent's branding may hold: the console's form, the
// server's writer and its tests use it; the portal's reader (modules/branding) passes every URL
// through @portal/domain's safeUrl, whose rule isSafeUrlText repeats (a unit test holds them equal).
import { z } from 'zod';
import { wholeNumber } from '../wholeNumber';
import { adminArea } from './define';
import { OperatorNewPassword } from './auth';
import { OperatorDisplayName, OperatorUsername } from './operators';

/** '' (not configured), a same-site path, or an http(s) URL — never javascript:, data: or //host. */
export function isSafeUrlText(value: string): boolean {
  const v = value.trim();
  if (v === '') return true;
  // control characters and backslashes nowhere: browsers drop the one and read the other as "/",
  // so "/\\evil.example" or "/<TAB>/evil.example" would leave the site (docs/decisions/0028)
  // eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
  if (/[\u0000-\u001F\u007F\u0080-\u009F\u2028\u2029\\]/.test(v)) return false;
  if (v.startsWith('/')) return !v.startsWith('//');
  // http(s) with a host; no whitespace (the contract has no URL class: a pattern, held equal to safeUrl by its test)
  return /^https?:\/\/[^\s/?#\\]+([/?#]\S*)?$/i.test(v);
}

const safeUrl = z.string().trim().max(500, '链接过长（最多 500 字符）').refine(isSafeUrlText, '只能填写 http:// 或 https:// 开头的链接');
/** An external chat service: https only (docs/decisions/0034); empty means the built-in 在线咨询. */
const chatUrl = safeUrl.refine(
  (v) => v === '' || /^https:\/\/[^\s/?#\\]+/i.test(v),
  '在线客服链接须以 https:// 开头（留空则使用内置在线咨询）',
);
const text = (label: string, max: number) => z.string().trim().max(max, `${label}过长（最多 ${max} 字）`);
const flag = z.boolean({ error: '开关取值有误' });

/** Every branding field of docs/spec/portal-spec.md §3 "Branding configuration", as the console edits it. */
export const BrandingFields = z.object({
  nickname: text('代理名称', 40).min(1, '请填写代理名称'),
  apply_name: text('应用名称', 40).min(1, '请填写应用名称（页面标题）'),
  enterprise_name: text('公司名称', 60),
  contact_email: z
    .string()
    .trim()
    .max(100, '邮箱过长')
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), '邮箱格式有误'),
  hotline: text('客服电话', 30).refine((v) => v === '' || /^[0-9+\-() ]{3,30}$/.test(v), '客服电话只能包含数字、空格和 + - ( )'),
  service_hours: text('服务时间', 40),
  customer_url: chatUrl,
  app_url: safeUrl,
  ios_url: safeUrl,
  h5_url: safeUrl,
  logo: safeUrl,
  guide_qrcode: safeUrl,
  official_account_qrcode: safeUrl,
  open_type: z.number({ error: '打开方式有误' }).int('打开方式有误').min(0, '打开方式有误').max(9, '打开方式有误'),
  open_customer: flag,
});
export type BrandingFields = z.infer<typeof BrandingFields>;

/** The feature switches of an agent's portal (branding fields that turn pages on and off). */
export const FeatureSwitches = z.object({
  /** 代理申请表单 (/agent) */
  agent_form: flag,
  /** 商城/商品表单 */
  product_form: flag,
  /** 余额充值 */
  open_balance_recharge: flag,
  /** 卡号登录 */
  card_login: flag,
  /** 会员权益 */
  open_market: flag,
  /** 优惠券包 */
  coupon_goods: flag,
  /** days after payment a holder may ask online for a refund of an unused package; 0: not at all (docs/decisions/0045) */
  refund_request_days: z
    .number({ error: '退款申请期限有误' })
    .int('退款申请期限须为整数天')
    .min(0, '退款申请期限不能为负数')
    .max(90, '退款申请期限最多 90 天')
    .optional(),
});
export type FeatureSwitches = z.infer<typeof FeatureSwitches>;
export const FEATURE_LABEL: Record<Exclude<keyof FeatureSwitches, 'refund_request_days'>, string> = {
  agent_form: '代理申请表单',
  product_form: '商城（商品表单）',
  open_balance_recharge: '余额充值',
  card_login: '卡号登录',
  open_market: '会员权益',
  coupon_goods: '优惠券包',
};

const fen = (label: string) =>
  z
    .number({ error: `${label}有误` })
    .int(`${label}须为整数（分）`)
    .min(0, `${label}不能为负数`)
    .max(100_000_000, `${label}过大`);

/** docs/spec/portal-spec.md §9's payment setting, money in fen. */
export const PaySettingFields = z.object({
  ali_pay: flag,
  ali_pay_type: z.number().int().min(0, '支付方式有误').max(4, '支付方式有误'),
  ant_credit_pay: flag,
  ant_credit_min_money_fen: fen('花呗分期最低金额'),
  wechat_pay: flag,
  wechat_pay_type: z.number().int().min(0, '支付方式有误').max(4, '支付方式有误'),
  official_pay_type: z.number().int().min(0, '支付方式有误').max(4, '支付方式有误'),
});
export type PaySettingFields = z.infer<typeof PaySettingFields>;

const reason = z.string({ error: '请填写原因' }).trim().min(2, '原因至少 2 个字').max(200, '原因最多 200 字');
const agentId = wholeNumber('代理编号有误', { min: 1 });

export const AgentSummary = z.object({
  id: z.number().int(),
  mark: z.string(),
  nickname: z.string(),
  apply_name: z.string(),
  card_count: z.number().int(),
  created_at: z.string(),
  /** the agent above (null: a top agent, 总代理) and the level: 1 总代理, 2 代理, 3 分销 */
  parent_id: z.number().int().nullable(),
  level: z.number().int(),
  /** the share of the parent's margin kept where the parent set no cost (basis points) */
  share_bp: z.number().int(),
});

const shareBp = z
  .number({ error: '请填写分成比例' })
  .int('分成比例最多两位小数')
  .min(0, '分成比例须为 0%–100%')
  .max(10000, '分成比例须为 0%–100%');
const fenAmount = z.number({ error: '请填写金额' }).int('金额最多两位小数').min(0, '金额不能小于 0').max(100_000_000, '金额过大');

export const AgentMark = z
  .string({ error: '请填写代理标识' })
  .trim()
  .regex(/^[a-z0-9][a-z0-9_-]{1,31}$/, '代理标识为 2–32 位小写字母、数字、- 或 _，以字母或数字开头');

/** The new sub-agent's administrator login, when the parent makes one at once. */
const SubAgentAdmin = z.object({
  username: OperatorUsername,
  display_name: OperatorDisplayName,
  password: OperatorNewPassword,
});

/**
 * A new sub-agent as its parent's side names it: by 新建下级代理 and by approving an /agent
 * application (under the inviting agent) alike — one shape, one writer on the server.
 */
export const NewSubAgent = z.object({
  mark: AgentMark,
  nickname: text('代理名称', 40).min(1, '请填写代理名称'),
  share_bp: shareBp,
  admin: SubAgentAdmin.nullable().optional(),
});
export type NewSubAgent = z.infer<typeof NewSubAgent>;

/** A sub-agent's terms: the share and, per package it may sell, what its parent pays and what it pays. */
export const SubAgentTerms = z.object({
  id: z.number().int(),
  nickname: z.string(),
  level: z.number().int(),
  level_label: z.string(),
  parent: z.object({ id: z.number().int(), nickname: z.string() }),
  share_bp: z.number().int(),
  /** whether the operator may change them (the parent's administrator, never the sub-agent's own) */
  can_edit: z.boolean(),
  packages: z.array(
    z.object({
      package_id: z.number().int(),
      name: z.string(),
      series_name: z.string(),
      retail_fen: z.number().int(),
      /** what the parent pays for it */
      parent_cost_fen: z.number().int(),
      /** the cost the parent set, null: follows the share */
      set_cost_fen: z.number().int().nullable(),
      /** what the sub-agent pays now (set, or by the share) */
      cost_fen: z.number().int(),
    }),
  ),
});

export const AgentDetail = z.object({
  id: z.number().int(),
  mark: z.string(),
  created_at: z.string(),
  branding: BrandingFields,
  features: FeatureSwitches,
  pay: PaySettingFields,
  /** whether the operator may change the payment setting (platform administrator only) */
  can_edit_pay: z.boolean(),
  /** the portal's login link branded by this agent: the live preview */
  preview_path: z.string(),
  /** the agent above (null: a top agent) and the level (docs/decisions/0067) */
  parent_id: z.number().int().nullable(),
  level: z.number().int(),
});

export const adminAgentsEndpoints = adminArea({
  adminAgentList: {
    route: 'GET /admin/agents',
    access: 'agents.view',
    tags: ['admin agents'],
    summary: '代理商列表（代理管理员仅本代理）',
    answer: z.object({ items: z.array(AgentSummary) }),
  },
  adminAgentGet: {
    route: 'GET /admin/agents/detail',
    access: 'agents.view',
    tags: ['admin agents'],
    summary: '代理商详情：品牌、功能开关、支付设置',
    query: z.object({ id: agentId }),
    answer: AgentDetail,
  },
  adminAgentCreate: {
    route: 'POST /admin/agents/create',
    access: 'agents.create',
    tags: ['admin agents'],
    summary: '新建代理商（平台管理员）',
    body: z.object({ mark: AgentMark, nickname: text('代理名称', 40).min(1, '请填写代理名称'), reason }),
    answer: AgentDetail,
  },
  adminAgentBrandingSave: {
    route: 'POST /admin/agents/branding',
    access: 'branding.manage',
    tags: ['admin agents'],
    summary: '保存代理商品牌（记录修改前后）',
    body: z.object({ id: agentId, branding: BrandingFields, reason }),
    answer: AgentDetail,
  },
  adminAgentFeaturesSave: {
    route: 'POST /admin/agents/features',
    access: 'branding.manage',
    tags: ['admin agents'],
    summary: '保存代理商功能开关',
    body: z.object({ id: agentId, features: FeatureSwitches, reason }),
    answer: AgentDetail,
  },
  adminAgentPaySave: {
    route: 'POST /admin/agents/pay',
    access: 'paySettings.manage',
    tags: ['admin agents'],
    summary: '保存代理商支付设置（平台管理员）',
    body: z.object({ id: agentId, pay: PaySettingFields, reason }),
    answer: AgentDetail,
  },
  adminBrandingImageUpload: {
    route: 'POST /admin/agents/:id/image',
    access: 'branding.manage',
    tags: ['admin agents'],
    summary: '上传代理商 Logo 或二维码（JPEG/PNG/WEBP/GIF，最大 5MB），答复图片地址',
    upload: true,
    params: z.object({ id: agentId }),
    answer: z.object({ url: z.string() }),
  },
  adminSubAgentCreate: {
    route: 'POST /admin/agents/sub/create',
    access: 'agents.subAgents',
    tags: ['admin agents'],
    summary: '新建下级代理（总代理 → 代理 → 分销，最多三级）：品牌沿用上级，可同时建其管理员账号',
    body: z.object({
      parent_id: agentId,
      ...NewSubAgent.shape,
      reason,
    }),
    answer: AgentSummary,
  },
  adminSubAgentTerms: {
    route: 'GET /admin/agents/sub/terms',
    access: 'agents.subAgents',
    tags: ['admin agents'],
    summary: '下级代理的分成与各套餐成本价',
    query: z.object({ id: agentId }),
    answer: SubAgentTerms,
  },
  adminSubAgentTermsSave: {
    route: 'POST /admin/agents/sub/terms',
    access: 'agents.subAgents',
    tags: ['admin agents'],
    summary: '上级设置下级代理的分成比例与套餐成本价（不低于上级自身成本，不高于零售价）',
    body: z.object({
      id: agentId,
      share_bp: shareBp,
      costs: z
        .array(z.object({ package_id: wholeNumber('套餐编号有误', { min: 1 }), cost_fen: fenAmount.nullable() }))
        .max(500, '一次最多设置 500 个套餐'),
      reason,
    }),
    answer: SubAgentTerms,
  },
  brandingImage: {
    route: 'GET /admin/public/branding-image/:image',
    access: 'open',
    tags: ['admin agents'],
    summary: '代理商的 Logo 或二维码（公开，门户登录页即显示）',
    params: z.object({ image: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, '图片不存在') }),
  },
});
