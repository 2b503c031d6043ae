// The messaging app's JS-SDK signature (微信 JS-SDK 使用权限签名算法; docs/decisions/0049-wechat-js-sdk.md):
//   signature = sha1("jsapi_ticket=…&noncestr=…&timestamp=…&url=…")
// the four fields in that (ASCII) order, their values as they are (no URL-encoding), and the url
// being the page's full address without its #fragment. The page passes the same noncestr and
// timestamp to wx.config; WeChat recomputes the signature with the ticket it issued.
// And which URLs the portal signs: only its own pages (a signature for someone else's page would
// let that page speak as our official account wherever our AppID's JS domain is accepted).
import { createHash } from 'node:crypto';

export interface JsSdkSigning {
  ticket: string;
  nonceStr: string;
  /** seconds since the epoch, as text (wx.config takes it as a number of seconds) */
  timestamp: string;
  url: string;
}

/** The page's URL as signed: everything before the first '#'. */
export function urlToSign(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

/** sha1 over the documented string, lower-case hex. */
export function jsSdkSignature(s: JsSdkSigning): string {
  const text = `jsapi_ticket=${s.ticket}&noncestr=${s.nonceStr}&timestamp=${s.timestamp}&url=${urlToSign(s.url)}`;
  return createHash('sha1').update(text, 'utf8').digest('hex');
}

export interface OwnOrigins {
  /** the host the request was sent to (name and port as the browser wrote them, or the trusted proxy's) */
  requestHost: string;
  /** the configured public https origin (PAY_PUBLIC_URL), also the portal's */
  publicOrigin: string | null;
  /** production signs https pages only */
  httpsOnly: boolean;
}

const MAX_URL = 2048;

/**
 * The URL to sign when `raw` is a page of the portal's own origin; null otherwise. The origin is
 * the host the browser asked (so the page's own request always matches it, behind a proxy too) or
 * the configured public origin; no user name or password, http(s) only (https in production).
 */
export function ownPageUrl(raw: string, own: OwnOrigins): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_URL) return null;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' && (own.httpsOnly || u.protocol !== 'http:')) return null;
  if (u.username || u.password) return null;
  // the URL as the browser gave it (WeChat signs the page's own spelling), less the fragment;
  // its origin part must read exactly as the parsed one, so "http://ok.example@evil" cannot pass
  const signed = urlToSign(raw);
  if (!signed.toLowerCase().startsWith(`${u.origin}/`.toLowerCase()) && signed.toLowerCase() !== u.origin.toLowerCase()) return null;
  const host = u.host.toLowerCase();
  const ownHost = own.requestHost.toLowerCase();
  const ownPublic = own.publicOrigin ? new URL(own.publicOrigin).origin.toLowerCase() : null;
  if (host !== ownHost && u.origin.toLowerCase() !== ownPublic) return null;
  return signed;
}
