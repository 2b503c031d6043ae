// Routes of a card's usage and expiry alerts, auto-renew and the notices they leave on home: see ./index.ts.

export const alertSetting = 'GET /v1/card/alert_setting';
export const alertSettingSave = 'POST /v1/card/alert_setting';
export const cardNotices = 'GET /v1/card/notices';
export const cardNoticeDismiss = 'POST /v1/card/notice/dismiss';
/** the messaging app's official account (docs/decisions/0038): start the silent login, and where it comes back */
export const alertWechatMpBind = 'POST /v1/card/alert_setting/wechat_mp';
export const alertWechatMpBound = 'GET /v1/alerts/wechat_mp/bound';
