// Agent applications (/agent, open without login): the form, and the application's state
// (submitted, in review, approved, rejected with the reason).
import { z } from 'zod';
import { AGENT_APPLICATION_STATUSES, AGENT_CHANNELS } from './patterns/agentApplications';
import { isCityOf, isProvince } from './patterns/regions';
import { PersonName } from './realName';
import { DateTime, Mobile, OptionalAgentMark, SmsCode } from './schemas';

export * from './patterns/agentApplications';

/** The key the browser keeps to look at its application again without a login. */
export const AgentApplicationKey = z.string().regex(/^[A-Za-z0-9_-]{24,64}$/, '申请凭证有误');

export const AgentApplicationRequest = z
  .object({
    mark: OptionalAgentMark,
    name: PersonName,
    mobile: Mobile,
    code: SmsCode,
    province: z.string({ error: '请选择所在省份和城市' }).refine(isProvince, '请选择所在省份和城市'),
    city: z.string({ error: '请选择所在城市' }),
    channel: z.enum(AGENT_CHANNELS, { error: '请选择销售方式' }),
    notes: z.string({ error: '备注有误' }).trim().max(200, '备注最多 200 个字').default(''),
    agreed: z.literal(true, { error: '请阅读并同意代理合作协议' }),
  })
  .refine((b) => isCityOf(b.province, b.city), { message: '请选择所在城市', path: ['city'] });
export type AgentApplicationRequest = z.input<typeof AgentApplicationRequest>;

/** Look an application up by the key the browser kept, or by the mobile and a fresh SMS code. */
export const AgentApplicationLookup = z.union([z.object({ key: AgentApplicationKey }), z.object({ mobile: Mobile, code: SmsCode })], {
  error: '请输入手机号和验证码',
});

export const AgentApplication = z.object({
  application_no: z.string(),
  name: z.string(),
  /** masked: 138****0001 */
  mobile: z.string(),
  province: z.string(),
  city: z.string(),
  channel: z.enum(AGENT_CHANNELS),
  channel_label: z.string(),
  notes: z.string(),
  status: z.enum(AGENT_APPLICATION_STATUSES),
  status_label: z.string(),
  /** why it was rejected ("" otherwise) */
  reject_reason: z.string(),
  /** a rejected application may be filed again */
  can_resubmit: z.boolean(),
  created_at: DateTime,
  updated_at: DateTime,
});
export type AgentApplication = z.infer<typeof AgentApplication>;
/** The application, and the key to look at it again (kept by the browser). */
export const AgentApplicationAnswer = z.object({ application: AgentApplication.nullable(), key: z.string() });
export type AgentApplicationAnswer = z.infer<typeof AgentApplicationAnswer>;
