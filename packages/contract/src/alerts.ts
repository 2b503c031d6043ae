// Schemas of a card's alerts, auto-renew and notices (docs/decisions/0015; rules in @portal/domain alerts).
// Ranges are checked by the domain's alertChoiceProblem, so the page and the server say the same words.
import { z } from 'zod';
import { CardNum } from './schemas';

const flag = (what: string) => z.boolean({ error: `请选择是否开启${what}` });

export const AlertSettingRequest = z.object({
  custom_num: CardNum,
  data_alert: flag('剩余流量提醒'),
  threshold_unit: z.enum(['percent', 'mb'], { error: '请选择按剩余比例或剩余流量提醒' }),
  threshold_value: z.number({ error: '请填写提醒阈值' }),
  expiry_alert: flag('到期提醒'),
  expiry_days: z.number({ error: '请选择提前几天提醒' }),
  auto_renew: flag('自动续费'),
  /** the channels besides home (docs/decisions/0038); absent = as saved before (SMS on, the official account off) */
  channel_sms: flag('短信提醒').optional(),
  channel_mp: flag('微信公众号提醒').optional(),
});
export type AlertSettingRequest = z.infer<typeof AlertSettingRequest>;

export const AlertSetting = z.object({
  custom_num: z.string(),
  data_alert: z.boolean(),
  threshold_unit: z.enum(['percent', 'mb']),
  threshold_value: z.number(),
  expiry_alert: z.boolean(),
  expiry_days: z.number(),
  auto_renew: z.boolean(),
  /** what auto-renew buys: the card's current package; null when it cannot be bought again */
  renew_package: z.object({ id: z.number(), name: z.string(), price: z.number() }).nullable(),
  /** why auto-renew cannot be turned on, "" when it can */
  renew_unavailable: z.string(),
  /** yuan */
  balance: z.number(),
  /** when the current plan ends (the last package row), null without one */
  plan_ends_at: z.string().nullable(),
  /** whether alerts reach the owner by SMS too (a mobile is known) */
  sms: z.boolean(),
  /** the holder's channels besides home: SMS, the messaging app's official account */
  channel_sms: z.boolean(),
  channel_mp: z.boolean(),
  /** the official account's channel: offered (configured), bound (an openid for this card), a refusal in words ("" = none) */
  wechat_mp: z.object({ offered: z.boolean(), bound: z.boolean(), refused: z.string() }),
});
export type AlertSetting = z.infer<typeof AlertSetting>;

export const NOTICE_ACTIONS = ['recharge', 'renew', 'flow', 'order', ''] as const;
export type NoticeAction = (typeof NOTICE_ACTIONS)[number];

export const CardNotice = z.object({
  id: z.number(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** what the notice's button does: 去充值, 去续订, 查看流量, 查看订单 — "" for none */
  action: z.enum(NOTICE_ACTIONS),
  order_no: z.string().nullable(),
  created_at: z.string(),
});
export type CardNotice = z.infer<typeof CardNotice>;
export const CardNoticesAnswer = z.object({ list: z.array(CardNotice) });
export type CardNoticesAnswer = z.infer<typeof CardNoticesAnswer>;

export const NoticeDismissRequest = z.object({
  custom_num: CardNum,
  id: z.number({ error: '提醒不存在' }).int('提醒不存在').positive('提醒不存在'),
});

/** The messaging app's silent login that binds the card's alerts to the holder's openid. */
export const WechatMpBindAnswer = z.object({ url: z.string() });
export type WechatMpBindAnswer = z.infer<typeof WechatMpBindAnswer>;
/** Where the messaging app's login comes back: its code, and our sealed state. */
export const WechatMpBoundQuery = z.object({
  code: z.string().max(512).optional(),
  state: z.string({ error: '绑定链接无效' }).min(1, '绑定链接无效').max(128, '绑定链接无效'),
});
