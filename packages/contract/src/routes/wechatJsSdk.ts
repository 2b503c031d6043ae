// Route of the messaging app's JS-SDK signature (open: pages without a login use it too): see ./index.ts.

export const jsSdkConfig = 'POST /v2/wechat/js_config';
