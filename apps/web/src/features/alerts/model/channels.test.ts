import type { AlertSetting } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { MP_HOW_TO, mpOffer, whereText } from './channels';

const setting = (wechat_mp: AlertSetting['wechat_mp'], sms = true): AlertSetting => ({
  custom_num: '1000000001',
  data_alert: false,
  threshold_unit: 'percent',
  threshold_value: 20,
  expiry_alert: false,
  expiry_days: 3,
  auto_renew: false,
  renew_package: null,
  renew_unavailable: '',
  balance: 0,
  plan_ends_at: null,
  sms,
  channel_sms: true,
  channel_mp: false,
  wechat_mp,
});
const REFUSED = '您在微信中拒收了公众号的提醒消息。';

describe('the official account on /alert_setting', () => {
  it.each([
    ['not configured', { offered: false, bound: false, refused: '' }, true, 'absent'],
    ['bound', { offered: true, bound: true, refused: '' }, false, 'choose'],
    ['unbound, in the messaging app', { offered: true, bound: false, refused: '' }, true, 'bind'],
    ['unbound, another browser', { offered: true, bound: false, refused: '' }, false, 'open_in_app'],
    ['refused, in the messaging app', { offered: true, bound: true, refused: REFUSED }, true, 'bind'],
    ['refused, another browser', { offered: true, bound: true, refused: REFUSED }, false, 'open_in_app'],
  ] as const)('%s → %s', (_n, mp, inApp, kind) => {
    const offer = mpOffer(setting(mp), inApp);
    expect(offer.kind).toBe(kind);
    if (offer.kind === 'open_in_app') expect(offer.text).toContain(MP_HOW_TO);
    if (mp.refused && 'text' in offer) expect(offer.text).toContain(REFUSED);
  });

  it.each([
    [{ sms: true, mp: false }, true, '提醒会显示在首页，并以短信发送到绑定的手机号。'],
    [{ sms: true, mp: true }, true, '提醒会显示在首页，并通过微信公众号发送，并以短信发送到绑定的手机号。'],
    [{ sms: false, mp: true }, true, '提醒会显示在首页，并通过微信公众号发送。公众号消息未能送达时改发短信。'],
    [{ sms: false, mp: false }, true, '提醒会显示在首页。'],
    [{ sms: true, mp: false }, false, '提醒会显示在首页。'],
  ])('where %j (mobile %s)', (channels, mobile, text) => {
    expect(whereText(setting({ offered: true, bound: true, refused: '' }, mobile), channels)).toBe(text);
  });
});
