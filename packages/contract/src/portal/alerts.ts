// The portal's endpoints of this area: route, who may call them and their schemas
// (../declaration.ts; ../routes/alerts.ts is derived from them); ../endpoints.ts joins the areas
// (docs/decisions/0050-one-endpoint-registry.md).
import { z } from 'zod';
import { declareArea } from '../declaration';
import {
  AlertSetting,
  AlertSettingRequest,
  CardNoticesAnswer,
  NoticeDismissRequest,
  WechatMpBindAnswer,
  WechatMpBoundQuery,
} from '../alerts';
import { CardNumBody, CardNumQuery } from '../schemas';
import { alerts } from './tags';

export const alertsEndpoints = declareArea({
  alertSetting: {
    route: 'GET /v1/card/alert_setting',
    access: 'holder',
    tags: alerts,
    summary: '卡的提醒与自动续费设置（剩余流量、到期提醒、到期自动续订）',
    query: CardNumQuery,
    answer: AlertSetting,
  },
  alertSettingSave: {
    route: 'POST /v1/card/alert_setting',
    access: 'holder',
    tags: alerts,
    summary: '保存提醒与自动续费设置',
    body: AlertSettingRequest,
    answer: AlertSetting,
  },
  /** the messaging app's official account (docs/decisions/0038): start the silent login, and where it comes back */
  alertWechatMpBind: {
    route: 'POST /v1/card/alert_setting/wechat_mp',
    access: 'holder',
    tags: alerts,
    summary: '在微信中绑定公众号提醒：返回静默授权链接（授权后回到 alertWechatMpBound）',
    body: CardNumBody,
    answer: WechatMpBindAnswer,
  },
  alertWechatMpBound: {
    route: 'GET /v1/alerts/wechat_mp/bound',
    access: 'open',
    tags: alerts,
    summary: '微信静默授权的回跳：记下持卡人在公众号下的 openid，回到提醒设置页',
    query: WechatMpBoundQuery,
  },
  cardNotices: {
    route: 'GET /v1/card/notices',
    access: 'holder',
    tags: alerts,
    summary: '首页提醒：流量不足、即将到期、自动续费结果（未关闭的）',
    query: CardNumQuery,
    answer: CardNoticesAnswer,
  },
  cardNoticeDismiss: {
    route: 'POST /v1/card/notice/dismiss',
    access: 'holder',
    tags: alerts,
    summary: '关闭一条首页提醒',
    body: NoticeDismissRequest,
    answer: z.null(),
  },
});
