// The messaging app's JS-SDK, the pure part (docs/decisions/0049-wechat-js-sdk.md): where it may
// load, which URL the page asks the server to sign, and the share card of an invitation.

/** WeChat's own address for the SDK (the server's CSP allows this one script from outside). */
export const JS_SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

/** The share card's calls: to a chat (updateAppMessageShareData) and to Moments (updateTimelineShareData). */
export const SHARE_APIS = ['updateAppMessageShareData', 'updateTimelineShareData'] as const;

/** WeChat's in-app browser: the only place the SDK does anything. */
export const inWeChat = (userAgent: string) => /MicroMessenger/i.test(userAgent);

/** WeChat on an iPhone or iPad: it signs against the URL the page was first opened with. */
const IOS = /iPhone|iPad|iPod/i;

/**
 * The URL wx.config is signed for. WeChat on iOS checks the signature against the landing URL of
 * the page load (a single-page app's later pushState is not seen), on Android against the current
 * one; without its #fragment either way (docs/spec/decisions.md "Layout": the first URL is kept).
 */
export function urlToSign(o: { userAgent: string; href: string; origin: string; firstUrl: string | undefined }): string {
  const url = IOS.test(o.userAgent) && o.firstUrl ? `${o.origin}${o.firstUrl}` : o.href;
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

export interface ShareCard {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
}

/** The invitation's card: the brand in the title, the holder's invite link, the agent logo as an absolute URL. */
export function inviteShareCard(o: { appName: string; code: string; link: string; logo: string; origin: string }): ShareCard {
  const absolute = (() => {
    try {
      return o.logo ? new URL(o.logo, `${o.origin}/`).href : '';
    } catch {
      return '';
    }
  })();
  // a logo that is not http(s) (a data: URL) cannot be a card's picture: WeChat shows its default
  const imgUrl = /^https?:\/\//.test(absolute) ? absolute : '';
  return {
    title: `${o.appName}邀请您注册`,
    desc: o.code ? `使用我的邀请码 ${o.code} 注册，流量查询、充值、购买套餐一站办理` : '流量查询、充值、购买套餐一站办理',
    link: o.link,
    imgUrl,
  };
}
