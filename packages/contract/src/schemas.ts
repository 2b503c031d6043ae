// Request and answer schemas shared by client (types only) and server (validation,
// serialization, OpenAPI). Shapes follow docs/spec/portal-spec.md §7; field names are the legacy ones.
import { z } from 'zod';
import { MESSAGE, PATTERN } from './patterns/account';
import { ReplacementProgress } from './replacementProgress';

// ---------- envelope ----------
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data });
}
export const ErrorEnvelope = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.null(),
});
export type Envelope<T> = { code: number; message: string; data: T };

// ---------- primitives ----------
export const CardNum = z.string({ error: MESSAGE.cardNum }).trim().regex(PATTERN.cardNum, MESSAGE.cardNum);
export const Mobile = z.string({ error: MESSAGE.mobile }).trim().regex(PATTERN.mobile, MESSAGE.mobile);
export const SmsCode = z.string({ error: MESSAGE.smsCode }).trim().regex(PATTERN.smsCode, MESSAGE.smsCode);
export const CardPassword = z.string({ error: MESSAGE.cardPassword }).regex(PATTERN.cardPassword, MESSAGE.cardPassword);
export const AgentMark = z.string().trim().regex(PATTERN.agentMark, MESSAGE.agentMark);
/** The agent mark of a query or body: missing or "" (a link without a mark) means the default agent. */
export const OptionalAgentMark = z.union([AgentMark, z.literal('')], { error: MESSAGE.agentMark }).optional();
/** Money is sent in yuan with at most 2 decimals (docs/spec/decisions.md); the server keeps fen. */
export const Yuan = z.number();
/** ISO-8601 timestamp, or "" / zero date for "none" (shown as "-"). */
export const DateTime = z.string();

export const CardNumQuery = z.object({ custom_num: CardNum });
export type CardNumQuery = z.infer<typeof CardNumQuery>;
export const CardNumBody = CardNumQuery;

export const Empty = z.object({});

// ---------- auth ----------
export const SmsPurpose = z.enum(['login', 'card_password', 'agent_apply', 'register', 'user_password']);
export const SmsCodeRequest = z.object({
  mobile: Mobile,
  /** login (default), card_password (reset a card's login password), user_password (reset an account's password) … */
  purpose: SmsPurpose.default('login'),
  /** agent whose name signs the message; default agent when missing */
  mark: OptionalAgentMark,
});
export const SmsCodeAnswer = z.object({ cooldown_seconds: z.number().int(), expires_in_seconds: z.number().int() });

const LoginBase = { mark: OptionalAgentMark };
export const LoginRequest = z.discriminatedUnion(
  'login_model',
  [
    z.object({ login_model: z.literal('mobile'), mobile: Mobile, code: SmsCode, ...LoginBase }),
    z.object({
      login_model: z.literal('account'),
      account: z.string({ error: '请输入账号' }).trim().min(1, '请输入账号').max(64, '账号过长'),
      password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码过长'),
      ...LoginBase,
    }),
    z.object({ login_model: z.literal('customNum'), custom_num: CardNum, password: CardPassword, ...LoginBase }),
  ],
  { error: '请选择登录方式' },
);
export type LoginRequest = z.infer<typeof LoginRequest>;
export const LoginAnswer = z.object({
  token: z.string(),
  /** 0 for a card-number login: not a real user. */
  user_id: z.number().int(),
  mobile: z.string(),
  custom_num: z.string().optional(),
  expires_at: DateTime,
});
export type LoginAnswer = z.infer<typeof LoginAnswer>;

export const SessionInfo = z.object({
  user_id: z.number().int(),
  mobile: z.string(),
  account: z.string(),
  custom_num: z.string(),
  login_model: z.enum(['mobile', 'account', 'customNum']),
  mark: z.string(),
  expires_at: DateTime,
  /** whether the account has a password (账号安全 asks for the old one only then); false for a card-number login */
  has_password: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

// ---------- card password ----------
export const HasPasswordAnswer = z.object({
  /** "" when the card has no login password; a mask otherwise (the hash never leaves the server). */
  password: z.string(),
  has_password: z.boolean(),
  card_login: z.boolean(),
});
/** Before binding: which proof of holding the card binding asks for. The same answer for every
 *  card that is not the caller's, known or not (docs/decisions/0028); the caller's own card is
 *  named (an ICCID resolved to its card number) and needs nothing. */
export const BindCheckAnswer = z.object({
  /** the caller's own card: its card number; otherwise the number as asked */
  custom_num: z.string(),
  needs_password: z.boolean(),
  /** the card is already the caller's */
  already_bound: z.boolean(),
  /** the proof binding asks for: the card password (every card), or none for one's own card */
  proof: z.enum(['card_password', 'none']),
  /** what to tell the user about the proof ("" when none) */
  hint: z.string(),
});
export type BindCheckAnswer = z.infer<typeof BindCheckAnswer>;
export const CardPasswordSmsRequest = z.object({ custom_num: CardNum });
export const CardPasswordSmsAnswer = z.object({
  /** masked, e.g. 138****8000 */
  mobile: z.string(),
  cooldown_seconds: z.number().int(),
});
export const CardPasswordResetRequest = z
  .object({ custom_num: CardNum, code: SmsCode, password: CardPassword, confirm_password: z.string() })
  .refine((v) => v.password === v.confirm_password, { message: MESSAGE.confirmMismatch, path: ['confirm_password'] });

// ---------- branding ----------
export const CustomerUrlQuery = z.object({ mark: OptionalAgentMark });
export const Branding = z.object({
  mark: z.string(),
  app_url: z.string(),
  /** the iPhone app's link beside app_url (the Android one); "" none */
  ios_url: z.string(),
  h5_url: z.string(),
  apply_name: z.string(),
  enterprise_name: z.string(),
  contact_email: z.string(),
  customer_url: z.string(),
  guide_qrcode: z.string(),
  official_account_qrcode: z.string(),
  open_type: z.number().int(),
  open_customer: z.boolean(),
  agent_form: z.boolean(),
  product_form: z.boolean(),
  open_balance_recharge: z.boolean(),
  card_login: z.boolean(),
  open_market: z.boolean(),
  /** customer service by phone, and when it answers ("" = not configured): /customer shows them */
  hotline: z.string(),
  service_hours: z.string(),
  /** the agent's logo (a public brand asset: /login shows it before any login; "" = none) */
  logo: z.string(),
});
export type Branding = z.infer<typeof Branding>;
export const BrandingFull = Branding.extend({
  coupon_goods: z.boolean(),
});
export type BrandingFull = z.infer<typeof BrandingFull>;

// ---------- payment setting ----------
export const PaySetting = z.object({
  ali_pay: z.boolean(),
  ali_pay_type: z.number().int(),
  ant_credit_pay: z.boolean(),
  ant_credit_min_money: Yuan,
  wechat_pay: z.boolean(),
  wechat_pay_type: z.number().int(),
  official_pay_type: z.number().int(),
});
export type PaySetting = z.infer<typeof PaySetting>;

// ---------- cards ----------
export const CardAgent = z.object({
  id: z.number().int(),
  nickname: z.string(),
  username: z.string(),
  payee: z.string(),
  withdrawal_method: z.number().int(),
  withdrawal_account: z.string(),
  is_agent: z.boolean(),
  affiliated_official_account: z.string(),
});
export const CardExtensions = z.object({
  member_right_switch: z.boolean(),
  fake_real_name: z.boolean(),
  pre_store_mold: z.number().int(),
});
export const CardNetwork = z.object({
  carrier: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  signal: z.number().int(),
});
/** What fixes a problem (@portal/domain/stopReason FixKind); the app maps each to its page. */
export const FIX_KIND = [
  'recharge',
  'buy_package',
  'buy_refuel',
  'real_name',
  'replace_card',
  'customer',
  'switch_network',
  'device',
  'refresh',
] as const;
export const Fix = z.object({ kind: z.enum(FIX_KIND), text: z.string() });
export type Fix = z.infer<typeof Fix>;
/** Why a stopped card is stopped, decoded from the carrier's reason (@portal/domain/stopReason). */
export const StopReasonInfo = z.object({
  code: z.string(),
  /** a few words: 欠费停机 */
  title: z.string(),
  /** one sentence: what happened and what to do */
  detail: z.string(),
  fix: Fix,
});
export type StopReasonInfo = z.infer<typeof StopReasonInfo>;
/** The one thing wrong with a line and the one thing to do about it (@portal/domain/line). */
export const LineProblem = z.object({
  code: z.enum([
    'cancelled',
    'replace_card',
    /** the card sits on another carrier's platform account: its state and figures cannot be read (docs/decisions/0071) */
    'wrong_platform',
    'restoring',
    'stopped',
    'not_activated',
    'not_real_named',
    'no_package',
    'data_used_up',
    'arrears',
    'apn',
  ]),
  title: z.string(),
  detail: z.string(),
  fix: Fix.nullable(),
});
export type LineProblem = z.infer<typeof LineProblem>;
export const CardInfoCore = z.object({
  id: z.number().int(),
  custom_num: z.string(),
  iccid: z.string(),
  isdn: z.string(),
  bind_iccid: z.string(),
  auth_state: z.boolean(),
  balance: Yuan,
  balance_order_has_payment: z.boolean(),
  channel_id: z.number().int(),
  def_package_id: z.number().int(),
  expired_at: DateTime,
  order_has_payment: z.boolean(),
  pre_store: z.boolean(),
  pre_store_show: z.boolean(),
  real_name_order: z.number().int(),
  state: z.number().int(),
  superior_card_num: z.string(),
  supplier: z.number().int(),
  supplier_auth_state: z.boolean(),
  supplier_state: z.number().int(),
  /** today's data use in KB */
  today_sum_flow: z.number().int(),
  verify_url: z.string(),
  algorithm: z.number().int(),
  has_first_balance_order: z.boolean(),
  need_change_card: z.boolean(),
  package_series_ids: z.array(z.number().int()),
  package_mold: z.number().int(),
  multi_series: z.boolean(),
  user_id: z.number().int(),
  need_auth: z.boolean(),
  need_id: z.boolean(),
  market_group_id: z.number().int(),
  card_mold: z.number().int(),
  agent: CardAgent,
  card_extensions: CardExtensions,
  x_member_rights: z.record(z.string(), z.unknown()).nullable(),
  /** carrier networks a multi-SIM device can use (empty for a single-network card) */
  networks: z.array(CardNetwork),
  /** the network the user knows (中国移动 / 中国联通 / 中国电信 / 中国广电 / 三网通; "" unknown), never the supplier */
  network: z.string(),
  /** the last China-time day the card works (expired_at by @portal/domain lastValidDay), "" none */
  valid_until: z.string(),
  /** why the card is stopped, in words, with its fix; null when it is not stopped */
  stop_reason: StopReasonInfo.nullable().optional(),
  /** a card replacement under way (the replacement module's progress), null when none */
  replacement: ReplacementProgress.nullable().optional(),
});
export type CardInfoCore = z.infer<typeof CardInfoCore>;
export const CardInfoAnswer = z.object({
  info: CardInfoCore,
  is_skip: z.boolean(),
  member_expired_at: DateTime,
  series_type: z.number().int(),
  multi_series: z.boolean(),
  real_name_url: z.string(),
  ordered_flag: z.boolean(),
});
export type CardInfoAnswer = z.infer<typeof CardInfoAnswer>;

/** The device a card sits in, as it last reported (docs/decisions/0066). */
export const CardDevice = z.object({
  model_name: z.string(),
  online: z.boolean(),
  /** an offline device: when it last reported (went offline); "" while online */
  reported_at: DateTime,
});
export type CardDevice = z.infer<typeof CardDevice>;
export const BoundCard = z.object({
  custom_num: z.string(),
  iccid: z.string(),
  state: z.number().int(),
  supplier: z.number().int(),
  card_mold: z.number().int(),
  remark: z.string(),
  bound_at: DateTime,
  /** the name the user gave this card (per binding: nobody else sees it), "" for none */
  nickname: z.string(),
  /** the network the user knows (中国移动 / 中国联通 / 中国电信 / 中国广电 / 三网通), "" when unknown */
  network: z.string(),
  balance: Yuan,
  /** the package in force, from the stored usage figures; null = none */
  package: z
    .object({
      name: z.string(),
      total_kb: z.number().int(),
      remaining_kb: z.number().int(),
      /** exclusive end instant */
      expired_at: DateTime,
      /** the last China-time day it works (YYYY-MM-DD): what the user reads */
      valid_until: z.string(),
    })
    .nullable(),
  /** why the card is stopped, in words, with its fix; null when it is not stopped */
  stop_reason: StopReasonInfo.nullable().optional(),
  /** the line's one problem with its fix (@portal/domain/line), null when it works */
  problem: LineProblem.nullable(),
  /**
   * The wifi device the card sits in, as it last reported; null for a card in no device, or one whose
   * device's cloud cannot be asked now (nothing is claimed then). An offline device is said on the
   * card list and home, not only on the device pages (docs/decisions/0066).
   */
  device: CardDevice.nullable().optional(),
});
export type BoundCard = z.infer<typeof BoundCard>;
/** A nickname for one of the caller's cards; "" clears it (1-10 characters, checked by the server). */
export const CardNicknameRequest = z.object({
  custom_num: CardNum,
  nickname: z.string({ error: '请输入备注名' }).max(200, '备注名最多10个字'),
});
export const CardNicknameAnswer = z.object({ custom_num: z.string(), nickname: z.string() });
export type CardNicknameAnswer = z.infer<typeof CardNicknameAnswer>;
export const BindListAnswer = z.object({ list: z.array(BoundCard) });

export const BindCardRequest = z.object({ custom_num: CardNum, password: CardPassword.optional() });
export const ClewAnswer = z.object({
  /** a short hint about the card, "" when there is nothing to say */
  content: z.string(),
  level: z.enum(['none', 'info', 'warning', 'danger']),
  /** what the user can do about it (a page of this portal); null when there is nothing to do */
  action: z.object({ text: z.string(), path: z.string() }).nullable(),
});

// ---------- usage ----------
export const PackageUsage = z.object({
  name: z.string(),
  total_kb: z.number().int(),
  used_kb: z.number().int(),
  remaining_kb: z.number().int(),
  started_at: DateTime,
  expired_at: DateTime,
  /** the last China-time day the package works (YYYY-MM-DD): what the user reads */
  valid_until: z.string(),
});
export type PackageUsage = z.infer<typeof PackageUsage>;
/**
 * The one read model of a line (@portal/domain/line, served by modules/line): every page that
 * shows a card's state or figures shows these.
 */
export const LineAnswer = z.object({
  custom_num: z.string(),
  state: z.number().int(),
  state_label: z.string(),
  /** the carrier passes traffic for it */
  in_service: z.boolean(),
  stop_reason: StopReasonInfo.nullable(),
  /** paid for what stopped it; the carrier was asked to resume the line */
  restoring: z.boolean(),
  /** the plan in force with the period's used and remaining data; null = none */
  plan: PackageUsage.nullable(),
  /** plans bought to start later, soonest first */
  queued: z.array(z.object({ name: z.string(), started_at: DateTime, valid_until: z.string() })),
  today_used_kb: z.number().int(),
  month_used_kb: z.number().int(),
  balance: Yuan,
  real_named: z.boolean(),
  /** the most serious thing wrong, null when the line works */
  problem: LineProblem.nullable(),
  /** what to buy to be back online today; null when buying does not help */
  needs: z.enum(['refuel', 'package', 'recharge']).nullable(),
  /** false: nothing can be bought for this card (cancelled) */
  purchasable: z.boolean(),
  /** when the figures were last taken from the carrier, "" never */
  synced_at: DateTime,
});
export type LineAnswer = z.infer<typeof LineAnswer>;
export const FlowAnswer = z.object({
  custom_num: z.string(),
  today_used_kb: z.number().int(),
  month_used_kb: z.number().int(),
  package: PackageUsage.nullable(),
  /** when the figures were last taken from the carrier; carrier data lags */
  synced_at: DateTime,
  /** the line these figures belong to: state, the problem and its fix (the same answer as card/line) */
  line: LineAnswer,
});
export type FlowAnswer = z.infer<typeof FlowAnswer>;
export const DailyFlowQuery = z.object({
  custom_num: CardNum,
  days: z.coerce.number({ error: '天数有误' }).int('天数有误').min(1, '天数有误').max(90, '最多查询90天').default(30),
});
export const DailyFlowAnswer = z.object({
  custom_num: z.string(),
  records: z.array(z.object({ date: z.string(), used_kb: z.number().int() })),
  synced_at: DateTime,
});
export type DailyFlowAnswer = z.infer<typeof DailyFlowAnswer>;
export const FlowStatisticsAnswer = z.object({
  custom_num: z.string(),
  total_used_kb: z.number().int(),
  months: z.array(z.object({ month: z.string(), used_kb: z.number().int() })),
  synced_at: DateTime,
});
export type FlowStatisticsAnswer = z.infer<typeof FlowStatisticsAnswer>;

// ---------- cards and usage: answers of the bind, unbind and forced-sync calls ----------
export const BindCardAnswer = z.object({
  card: BoundCard,
  /** true when the card was already bound to the caller (binding is idempotent) */
  already_bound: z.boolean(),
});
export type BindCardAnswer = z.infer<typeof BindCardAnswer>;
export const UnbindCardAnswer = z.object({ custom_num: z.string() });
export const FlowSyncAnswer = FlowAnswer.extend({
  /** false when the figures were not re-read from the carrier (synced moments ago, or the carrier did not answer) */
  refreshed: z.boolean(),
  /** seconds until a forced sync of this card is allowed again (0 = now) */
  retry_after_seconds: z.number().int(),
});
export type FlowSyncAnswer = z.infer<typeof FlowSyncAnswer>;

// ---------- auth: session and account password ----------
/** Account password: 8 to 32 characters with at least one letter and one digit. */
export const AccountPassword = z
  .string({ error: '请输入8-32位密码' })
  .min(8, '密码至少8位')
  .max(32, '密码最多32位')
  .regex(/[A-Za-z]/, '密码需同时包含字母和数字')
  .regex(/\d/, '密码需同时包含字母和数字');
export const UserPasswordRequest = z.object({
  /** required when the account already has a password (a user registered by SMS has none) */
  old_password: z.string({ error: '请输入原密码' }).max(128, '密码过长').optional(),
  new_password: AccountPassword,
});
export type UserPasswordRequest = z.infer<typeof UserPasswordRequest>;
export const UserPasswordAnswer = z.object({
  /** other sessions of the user that were signed out (they now get code 40001) */
  revoked_sessions: z.number().int(),
});
export const CardPasswordResetAnswer = z.object({
  custom_num: z.string(),
  /** card-number logins of this card that were signed out */
  revoked_sessions: z.number().int(),
});
export type ClewAnswer = z.infer<typeof ClewAnswer>;
