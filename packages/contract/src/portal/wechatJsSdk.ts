// The portal's endpoints of this area: route, who may call them and their schemas
// (../declaration.ts; ../routes/wechatJsSdk.ts is derived from them); ../endpoints.ts joins the areas
// (docs/decisions/0050-one-endpoint-registry.md).
import { declareArea } from '../declaration';
import { JsSdkConfigAnswer, JsSdkConfigRequest } from '../wechatJsSdk';

export const wechatJsSdkEndpoints = declareArea({
  jsSdkConfig: {
    route: 'POST /v2/wechat/js_config',
    access: 'open',
    tags: ['wechat'],
    summary:
      '微信内页面的 JS-SDK 配置：用公众号 jsapi_ticket 为本站页面地址签名（免登录；只签本站页面；未配置公众号时 400「未配置公众号」；按地址限流）',
    body: JsSdkConfigRequest,
    answer: JsSdkConfigAnswer,
  },
});
