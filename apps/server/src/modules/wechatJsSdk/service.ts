// wx.config's signature for a page of the portal (docs/decisions/0049-wechat-js-sdk.md): the
// official account's jsapi_ticket (integrations/messaging/wechatMp, cached and shared like its
// access token) signs the page's URL with a fresh nonce and the time. The ticket never leaves the
// server and is never logged; only pages of the portal's own origin are signed.
import { randomBytes } from 'node:crypto';
import { Code } from '@portal/contract/codes';
import type { JsSdkConfigAnswer } from '@portal/contract';
import type { AppContext } from '../../context';
import { MessagingAppError } from '../../integrations/messaging/wechatMp/client';
import { jsSdkSignature, ownPageUrl } from '../../integrations/messaging/wechatMp/jsSdk';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { hit, type ThrottleRule } from '../../lib/throttle';

/** Signatures asked from one client address: a page asks once per view (and the payee page once more). */
export const JS_SDK_SIGNATURES: ThrottleRule = { limit: 60, windowMs: 10 * 60_000 };

export interface SignRequest {
  url: string;
  ip: string;
  /** the host the request was sent to (req.host) */
  host: string;
}

export async function jsSdkConfig(ctx: AppContext, r: SignRequest): Promise<JsSdkConfigAnswer> {
  const client = ctx.messagingApp ?? null;
  if (!client) throw new AppError(Code.JSSDK_UNAVAILABLE);
  const t = await hit(ctx.db.kysely, `js_sdk:${r.ip}`, JS_SDK_SIGNATURES);
  if (!t.allowed) throw new AppError(Code.RATE_LIMITED, '请求过于频繁，请稍后再试');
  const url = ownPageUrl(r.url, {
    requestHost: r.host,
    publicOrigin: ctx.config.wechatMp?.publicUrl ?? ctx.config.payPublicUrl ?? null,
    httpsOnly: ctx.config.production,
  });
  if (!url) throw new AppError(Code.JSSDK_URL_REFUSED, '只能为本站页面签名，请在本站页面内打开');
  let ticket: string;
  try {
    ticket = await client.jsapiTicket();
  } catch (err) {
    if (!(err instanceof MessagingAppError)) throw err;
    // the errcode only: the error's text names no token or ticket, but the log needs no more
    ctx.log.warn({ errcode: err.errcode }, 'js-sdk: no jsapi_ticket from the platform');
    throw new AppError(Code.JSSDK_PLATFORM_FAILED);
  }
  const timestamp = Math.floor(clock.now().getTime() / 1000);
  // letters and digits (the documented example's kind), 16 random bytes' worth
  const nonceStr = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
  return {
    app_id: client.appid,
    timestamp,
    nonce_str: nonceStr,
    signature: jsSdkSignature({ ticket, nonceStr, timestamp: String(timestamp), url }),
  };
}
