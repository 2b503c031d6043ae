// The portal's endpoints of ../routes/alerts.ts bound to who may call them and their schemas
// (../declaration.ts); ../endpoints.ts joins the areas (docs/decisions/0050-one-endpoint-registry.md).
import { z } from 'zod';
import { bindRoutes } from '../declaration';
import * as ROUTES from '../routes/alerts';
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

export const alertsEndpoints = bindRoutes(ROUTES, {
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
});
