// wx.config's signature for this page, from the server (docs/decisions/0049-wechat-js-sdk.md). Silent:
// a deployment without an official account answers 未配置公众号, and the page stays as outside WeChat.
import type { JsSdkConfigAnswer } from '@portal/contract';
import * as api from '@portal/contract/routes/wechatJsSdk';
import { call } from '../../../lib/api';

export function fetchJsSdkConfig(url: string): Promise<JsSdkConfigAnswer> {
  return call(api.jsSdkConfig, { url }, { silent: true });
}
