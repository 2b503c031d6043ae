// Which channels the holder can choose on /alert_setting, and what the page says of the ones they
// cannot yet (docs/decisions/0038-alerts-in-the-messaging-app.md): a channel that could not carry
// anything is never offered as a switch — the page says how to make it work instead.
import type { AlertSetting } from '@portal/contract';

export type MpOffer =
  /** not configured by the operator: nothing shown */
  | { kind: 'absent' }
  /** bound and accepted: a switch */
  | { kind: 'choose' }
  /** inside the messaging app, not bound yet (or refused): a button that starts the silent login */
  | { kind: 'bind'; text: string }
  /** in another browser: how to get there */
  | { kind: 'open_in_app'; text: string };

export const MP_HOW_TO = '在微信中打开本页面（可从公众号菜单进入），并关注公众号，即可绑定微信接收提醒；提醒消息可直接点开去处理。';

export function mpOffer(s: AlertSetting, inMessagingApp: boolean): MpOffer {
  const mp = s.wechat_mp;
  if (!mp.offered) return { kind: 'absent' };
  if (mp.bound && !mp.refused) return { kind: 'choose' };
  const why = mp.refused || '绑定后，提醒将通过微信公众号发送给您，点开即可处理。请先关注公众号。';
  return inMessagingApp ? { kind: 'bind', text: why } : { kind: 'open_in_app', text: mp.refused ? `${mp.refused}${MP_HOW_TO}` : MP_HOW_TO };
}

/** The line under the form: where the alerts will reach the holder. */
export function whereText(s: AlertSetting, channels: { sms: boolean; mp: boolean }): string {
  const parts = ['显示在首页'];
  if (channels.mp && s.wechat_mp.bound && !s.wechat_mp.refused) parts.push('通过微信公众号发送');
  if (channels.sms && s.sms) parts.push('以短信发送到绑定的手机号');
  const text = `提醒会${parts.join('，并')}。`;
  return channels.mp && !channels.sms && s.sms ? `${text}公众号消息未能送达时改发短信。` : text;
}
