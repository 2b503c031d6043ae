// Membership growth levels, invitations, new-user registration (/bind_user) and the agent's
// promotion page (/popularize) — docs/decisions/0019.
import { z } from 'zod';
import { Package } from './commerce';
import { AccountPassword, CardNum, CardPassword, DateTime, Mobile, OptionalAgentMark, SmsCode } from './schemas';

/** An invite code: 8 characters without 0/O/1/I/L (as printed on a poster). */
export const InviteCode = z
  .string({ error: '邀请码有误' })
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[2-9A-HJKMNP-Z]{8}$/, '邀请码有误，请检查链接是否完整'));

export const MemberLevel = z.object({
  level: z.number().int(),
  name: z.string(),
  min_growth: z.number().int(),
  /** e.g. "9.5折"; "" = no package discount */
  discount_label: z.string(),
  /** percent of a package's price a member of this level pays (100 = full price) */
  package_price_pct: z.number().int(),
  rights: z.array(z.string()),
});
export type MemberLevel = z.infer<typeof MemberLevel>;

export const GrowthEntry = z.object({
  source: z.enum(['order', 'order_refund', 'invite', 'invite_void']),
  amount: z.number().int(),
  note: z.string(),
  created_at: DateTime,
});
export type GrowthEntry = z.infer<typeof GrowthEntry>;

export const MemberAnswer = z.object({
  /** false: the agent runs no member programme (the page says so) */
  enabled: z.boolean(),
  mobile: z.string(),
  growth: z.number().int(),
  level: MemberLevel.nullable(),
  next: MemberLevel.nullable(),
  /** growth still needed for `next` (0 at the top) */
  needed: z.number().int(),
  /** progress towards `next`, 0-100 */
  percent: z.number().int(),
  levels: z.array(MemberLevel),
  /** growth an inviter earns per invitee's first paid order */
  invite_reward_growth: z.number().int(),
  /** the newest growth changes */
  history: z.array(GrowthEntry),
});
export type MemberAnswer = z.infer<typeof MemberAnswer>;

/** What card info's x_member_rights carries for the card's owner (null: no programme, or nobody owns the card). */
export const MemberRights = z.object({
  level: z.number().int(),
  level_name: z.string(),
  growth: z.number().int(),
  package_price_pct: z.number().int(),
  discount_label: z.string(),
  rights: z.array(z.string()),
});
export type MemberRights = z.infer<typeof MemberRights>;

export const InviteMineAnswer = z.object({
  enabled: z.boolean(),
  code: z.string(),
  /** the agent mark the link carries */
  mark: z.string(),
  invited: z.number().int(),
  rewarded: z.number().int(),
  reward_growth: z.number().int(),
});
export type InviteMineAnswer = z.infer<typeof InviteMineAnswer>;

export const INVITE_STATES = ['registered', 'card_bound', 'paid', 'rewarded', 'void'] as const;
export const InviteState = z.enum(INVITE_STATES);
export type InviteState = z.infer<typeof InviteState>;
export const InviteStep = z.object({
  key: z.enum(['registered', 'card_bound', 'first_order', 'reward']),
  label: z.string(),
  done: z.boolean(),
  at: DateTime,
});
export type InviteStep = z.infer<typeof InviteStep>;
export const InviteRecord = z.object({
  /** masked: 138****0001 */
  mobile: z.string(),
  state: InviteState,
  state_label: z.string(),
  steps: z.array(InviteStep),
  reward_growth: z.number().int(),
  /** why the invitation no longer counts ("" while valid) */
  void_reason: z.string(),
  created_at: DateTime,
});
export type InviteRecord = z.infer<typeof InviteRecord>;
export const InviteRecordsAnswer = z.object({ list: z.array(InviteRecord) });
export type InviteRecordsAnswer = z.infer<typeof InviteRecordsAnswer>;

/** Who invites (no login: /bind_user and /popularize show it). */
export const InviteCheckQuery = z.object({ code: InviteCode, mark: OptionalAgentMark });
export const InviteCheckAnswer = z.object({
  valid: z.boolean(),
  /** the inviter's masked mobile ("" when not valid) */
  inviter: z.string(),
  /** why not valid ("" when valid) */
  reason: z.string(),
});
export type InviteCheckAnswer = z.infer<typeof InviteCheckAnswer>;

export const RegisterRequest = z
  .object({
    mark: OptionalAgentMark,
    mobile: Mobile,
    code: SmsCode,
    password: AccountPassword,
    password_again: z.string({ error: '请再次输入密码' }),
    /** a card to bind right away ("" none) */
    custom_num: z.union([CardNum, z.literal('')]).default(''),
    card_password: CardPassword.optional(),
    invite_code: z.union([InviteCode, z.literal('')]).default(''),
    agreed: z.literal(true, { error: '请阅读并同意用户协议和隐私政策' }),
  })
  .refine((b) => b.password === b.password_again, { message: '两次输入的密码不一致', path: ['password_again'] });
export type RegisterRequest = z.input<typeof RegisterRequest>;

export const RegisterAnswer = z.object({
  token: z.string(),
  user_id: z.number().int(),
  mobile: z.string(),
  expires_at: DateTime,
  /** the card bound at registration ("" none) */
  custom_num: z.string(),
  /** the invitation was recorded for the inviter */
  invited: z.boolean(),
});
export type RegisterAnswer = z.infer<typeof RegisterAnswer>;

export const PopularizeQuery = z.object({ mark: OptionalAgentMark, invite: z.union([InviteCode, z.literal('')]).optional() });
export const PopularizeSeries = z.object({ id: z.number().int(), name: z.string(), description: z.string(), packages: z.array(Package) });
export const PopularizeAnswer = z.object({
  mark: z.string(),
  name: z.string(),
  company: z.string(),
  logo: z.string(),
  hotline: z.string(),
  /** featured (recommended first) packages, by series */
  series: z.array(PopularizeSeries),
  /** the sharer's masked mobile when the link carries a valid invite code, else "" */
  inviter: z.string(),
  /** the invite code the page passes on to /bind_user ("" none or invalid) */
  invite_code: z.string(),
  member_enabled: z.boolean(),
  invite_reward_growth: z.number().int(),
});
export type PopularizeAnswer = z.infer<typeof PopularizeAnswer>;
