// Written by `npm run routes` from ../portal/wechatJsSdk.ts, where each endpoint is declared: do not edit.

export const jsSdkConfig = 'POST /v2/wechat/js_config';
