// The messaging app's JS-SDK at run time (docs/decisions/0049-wechat-js-sdk.md). Loaded lazily, only
// inside WeChat (../wechatShare.ts), so no other browser fetches this chunk or WeChat's script:
// ask the server to sign this page's URL (a deployment without an official account says no, and
// nothing more happens), load WeChat's script, wx.config, and wait for ready or error.
import { local } from '../../../lib/storage';
import { fetchJsSdkConfig } from '../api/jsSdkConfig';
import { JS_SDK_URL, SHARE_APIS, urlToSign, type ShareCard } from '../model/jsSdk';

interface WxConfig {
  debug: boolean;
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
  jsApiList: string[];
}

interface ShareData extends Partial<ShareCard> {
  success?: () => void;
  fail?: (res: unknown) => void;
}

export interface Wx {
  config(c: WxConfig): void;
  ready(fn: () => void): void;
  error(fn: (res: unknown) => void): void;
  updateAppMessageShareData(d: ShareData): void;
  updateTimelineShareData(d: ShareData): void;
}

type WxWindow = Window & { wx?: Wx; jWeixin?: Wx };

/** How long the script and wx.config may take before the page carries on without them. */
const LOAD_MS = 8_000;
const CONFIG_MS = 5_000;

let script: Promise<Wx | null> | null = null;

/** WeChat's script, once per page load; null when it cannot be loaded. */
function loadScript(): Promise<Wx | null> {
  const win = window as WxWindow;
  if (win.wx) return Promise.resolve(win.wx);
  script ??= new Promise<Wx | null>((resolve) => {
    const el = document.createElement('script');
    el.src = JS_SDK_URL;
    el.async = true;
    const timer = setTimeout(() => resolve(null), LOAD_MS);
    el.onload = () => {
      clearTimeout(timer);
      resolve(win.wx ?? win.jWeixin ?? null);
    };
    el.onerror = () => {
      clearTimeout(timer);
      script = null; // another page may try again
      resolve(null);
    };
    document.head.appendChild(el);
  });
  return script;
}

const configured = new Map<string, Promise<Wx | null>>();

/**
 * wx.config for this page's URL with `jsApiList`: the SDK once it is ready, or null (not configured
 * on the server, script not loaded, signature refused). Asked once per URL and list.
 */
export function configure(jsApiList: readonly string[]): Promise<Wx | null> {
  const url = urlToSign({
    userAgent: navigator.userAgent,
    href: window.location.href,
    origin: window.location.origin,
    firstUrl: local.get('firstUrl'),
  });
  const key = `${url} ${jsApiList.join(',')}`;
  let p = configured.get(key);
  if (!p) {
    p = configureFor(url, [...jsApiList]);
    configured.set(key, p);
    // a failure may be passing (the platform, the network): the next page view asks again
    void p.then((wx) => wx ?? configured.delete(key));
  }
  return p;
}

async function configureFor(url: string, jsApiList: string[]): Promise<Wx | null> {
  const signed = await fetchJsSdkConfig(url).catch(() => null);
  if (!signed) return null;
  const wx = await loadScript();
  if (!wx) return null;
  return new Promise<Wx | null>((resolve) => {
    let settled = false;
    const settle = (v: Wx | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(v);
    };
    const timer = setTimeout(() => settle(null), CONFIG_MS);
    wx.config({
      debug: false,
      appId: signed.app_id,
      timestamp: signed.timestamp,
      nonceStr: signed.nonce_str,
      signature: signed.signature,
      jsApiList,
    });
    wx.ready(() => settle(wx));
    wx.error(() => settle(null));
  });
}

/** Sets the card WeChat shows when this page is shared to a chat or to Moments; false when it could not. */
export async function setShareCard(card: ShareCard): Promise<boolean> {
  const wx = await configure(SHARE_APIS);
  if (!wx) return false;
  wx.updateAppMessageShareData({ title: card.title, desc: card.desc, link: card.link, imgUrl: card.imgUrl });
  // Moments shows the title only
  wx.updateTimelineShareData({ title: card.title, link: card.link, imgUrl: card.imgUrl });
  return true;
}
