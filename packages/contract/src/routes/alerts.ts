// Written by `npm run routes` from ../portal/alerts.ts, where each endpoint is declared: do not edit.

export const alertSetting = 'GET /v1/card/alert_setting';
export const alertSettingSave = 'POST /v1/card/alert_setting';
export const alertWechatMpBind = 'POST /v1/card/alert_setting/wechat_mp';
export const alertWechatMpBound = 'GET /v1/alerts/wechat_mp/bound';
export const cardNotices = 'GET /v1/card/notices';
export const cardNoticeDismiss = 'POST /v1/card/notice/dismiss';
