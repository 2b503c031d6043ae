// JSAPI payment inside the messaging app. The gateway needs the payer's openid, which only the
// messaging app's OAuth (scope snsapi_base, silent) gives: so the cashier URL of an in-app order is
// our own page, GET /api/v1/pay/wechatpay/jsapi?t=<ticket>, which
//   1. without `code`: sends the browser to the OAuth page, which comes back with `code`;
//   2. with `code`: exchanges it for the openid (sns/oauth2/access_token, with the official
//      account's secret), places the JSAPI order, and answers a page whose script (bridge.js)
//      calls WeixinJSBridge getBrandWCPayRequest with the signed parameters, then goes back to
//      the order's result page, which waits for the notification as for any payment.
// The ticket carries what the order costs, signed (HMAC-SHA256 under a key derived from the
// APIv3 key), so the page needs no database and nobody can change the amount on the way.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { HttpTransport } from '../../http/transport';
import { TransportError } from '../../http/transport';
import { PaymentGatewayError } from '../gateway';

export interface JsapiTicket {
  /** order number = out_trade_no */
  o: string;
  /** amount in fen */
  a: number;
  /** description */
  d: string;
  /** absolute URL of the order's result page */
  r: string;
  /** expiry, epoch ms (the order's own) */
  e: number;
}

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');

function ticketKey(apiV3Key: string): Buffer {
  return createHmac('sha256', apiV3Key).update('portal jsapi ticket v1').digest();
}

export function sealTicket(t: JsapiTicket, apiV3Key: string): string {
  const body = b64url(JSON.stringify(t));
  return `${body}.${createHmac('sha256', ticketKey(apiV3Key)).update(body).digest('base64url')}`;
}

/** The ticket when its seal holds and it has not expired; null otherwise. */
export function openTicket(sealed: string, apiV3Key: string, nowMs: number): JsapiTicket | null {
  const [body, mac] = sealed.split('.');
  if (!body || !mac || sealed.split('.').length !== 2) return null;
  const want = createHmac('sha256', ticketKey(apiV3Key)).update(body).digest();
  const got = Buffer.from(mac, 'base64url');
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  let t: JsapiTicket;
  try {
    t = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof t.o !== 'string' || !Number.isInteger(t.a) || typeof t.d !== 'string' || typeof t.r !== 'string' || typeof t.e !== 'number')
    return null;
  return t.e > nowMs ? t : null;
}

/** The messaging app's silent OAuth page (snsapi_base), coming back to `redirectUri` with ?code=…&state=… */
export function oauthUrl(appid: string, redirectUri: string, state: string): string {
  const q = `appid=${encodeURIComponent(appid)}&redirect_uri=${encodeURIComponent(redirectUri)}&response_type=code&scope=snsapi_base&state=${encodeURIComponent(state)}`;
  return `https://open.weixin.qq.com/connect/oauth2/authorize?${q}#wechat_redirect`;
}

/** code → openid (sns/oauth2/access_token). The secret travels only to the gateway, never to a log. */
export async function openidFor(transport: HttpTransport, appid: string, secret: string, code: string): Promise<string> {
  const url =
    `https://api.weixin.qq.com/sns/oauth2/access_token?appid=${encodeURIComponent(appid)}` +
    `&secret=${encodeURIComponent(secret)}&code=${encodeURIComponent(code)}&grant_type=authorization_code`;
  let res;
  try {
    res = await transport({ method: 'GET', url, headers: { accept: 'application/json' } });
  } catch (err) {
    if (err instanceof TransportError) throw new PaymentGatewayError('微信授权暂时无法连接', true);
    throw err;
  }
  let a: { openid?: unknown; errcode?: unknown; errmsg?: unknown } = {};
  try {
    a = JSON.parse(res.body);
  } catch {
    // below
  }
  if (res.status === 200 && typeof a.openid === 'string' && a.openid) return a.openid;
  throw new PaymentGatewayError(`微信授权失败${a.errcode ? `（${String(a.errcode)}）` : ''}`, false);
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page that asks the messaging app to pay: parameters in data attributes, the script from our origin (CSP 'self'). */
export function bridgePage(params: object, back: string, scriptSrc: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>微信支付</title>
<style>body{margin:0;font-family:-apple-system,"PingFang SC",sans-serif;background:#f5f6f8;color:#222;text-align:center}p{margin:40px 16px 16px;font-size:16px}
button,a{display:block;box-sizing:border-box;width:calc(100% - 32px);height:46px;margin:12px 16px;border-radius:23px;font-size:16px;line-height:46px;text-decoration:none}
button{border:0;background:#07c160;color:#fff}a{border:1px solid #ccc;color:#666}</style></head>
<body><p>正在调起微信支付…</p><div id="pay" data-params="${esc(JSON.stringify(params))}" data-back="${esc(back)}"></div>
<button id="again" type="button">重新调起支付</button><a href="${esc(back)}">返回订单</a>
<script src="${esc(scriptSrc)}"></script></body></html>`;
}

/** bridge.js: served from our origin, so the page needs no inline script. */
export const BRIDGE_JS = `(function(){var el=document.getElementById('pay');if(!el)return;
var p=JSON.parse(el.getAttribute('data-params'));var back=el.getAttribute('data-back');
function pay(){if(typeof WeixinJSBridge==='undefined')return;WeixinJSBridge.invoke('getBrandWCPayRequest',p,function(){location.replace(back);});}
if(typeof WeixinJSBridge==='undefined')document.addEventListener('WeixinJSBridgeReady',pay,false);else pay();
document.getElementById('again').addEventListener('click',pay);})();
`;
