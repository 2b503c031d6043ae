// The messaging app's JS-SDK configuration (docs/decisions/0049-wechat-js-sdk.md): a page of the
// portal opened inside the messaging app asks for wx.config's signature over its own URL; the server
// signs with the official account's jsapi_ticket, which never leaves the server.
import { z } from 'zod';

export const JsSdkConfigRequest = z.object({
  url: z.string({ error: '请提供页面地址' }).trim().min(1, '请提供页面地址').max(2048, '页面地址过长'),
});

export const JsSdkConfigAnswer = z.object({
  /** the official account's AppID (wx.config's appId) */
  app_id: z.string(),
  /** seconds since the epoch */
  timestamp: z.number().int(),
  nonce_str: z.string(),
  /** sha1 over jsapi_ticket, noncestr, timestamp and the url (without #fragment) */
  signature: z.string(),
});
export type JsSdkConfigAnswer = z.infer<typeof JsSdkConfigAnswer>;
