// Which download /download offers, from the phone's user agent: the app store link for an iPhone,
// the package for Android; and whether the page is open inside a messaging app's browser, which
// blocks downloads (the user has to open the page in the system browser).

export type Platform = 'ios' | 'android' | 'other';

export function platformOf(userAgent: string): Platform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Android|HarmonyOS|OpenHarmony/i.test(userAgent)) return 'android';
  return 'other';
}

/** The messaging apps' built-in browsers (WeChat, QQ, Weibo, DingTalk, Alipay, Feishu). */
export function inAppBrowserOf(userAgent: string): string | null {
  if (/MicroMessenger/i.test(userAgent)) return '微信';
  if (/\bQQ\/[\d.]+/i.test(userAgent)) return 'QQ';
  if (/Weibo/i.test(userAgent)) return '微博';
  if (/DingTalk/i.test(userAgent)) return '钉钉';
  if (/AlipayClient/i.test(userAgent)) return '支付宝';
  if (/Lark|Feishu/i.test(userAgent)) return '飞书';
  return null;
}

export interface DownloadLink {
  url: string;
  /** the button's words */
  action: string;
}

export interface DownloadPlan {
  platform: Platform;
  /** the messaging app whose browser this is, null in a system browser */
  inApp: string | null;
  /** the link for this phone, "" when the agent has none for it */
  url: string;
  /** the button's words */
  action: string;
  /** one line of how */
  hint: string;
  /** the other system's app, when the agent offers both (a computer, or a phone fetching it for someone) */
  other: DownloadLink | null;
}

const IOS_STORE = /^https:\/\/(apps|itunes)\.apple\.com\//i;

const IOS_HINT = {
  store: '将跳转到 App Store，安装后即可使用',
  package: '下载后按系统提示安装，如提示“未受信任的开发者”，请在“设置 > 通用 > VPN与设备管理”中信任',
};
const ANDROID_HINT = '下载完成后点击安装包安装，如提示“未知来源”，请允许浏览器安装应用';

function iosAction(url: string): string {
  return IOS_STORE.test(url) ? '前往 App Store 下载' : '下载 iPhone 版';
}

/**
 * `appUrl` is the agent's app link (Android; before an iPhone link could be configured, the one link
 * for every phone), `iosUrl` its iPhone link. An agent with only `appUrl` keeps offering it to every
 * phone, as before; with both, each phone gets its own and the other is offered beside it.
 */
export function downloadPlan(userAgent: string, appUrl: string, iosUrl = ''): DownloadPlan {
  const platform = platformOf(userAgent);
  const inApp = inAppBrowserOf(userAgent);
  const none = { platform, inApp, url: '', action: '', hint: '', other: null };
  if (!appUrl && !iosUrl) return none;
  const both = Boolean(appUrl && iosUrl);
  const iosLink: DownloadLink | null = iosUrl ? { url: iosUrl, action: iosAction(iosUrl) } : null;
  const androidLink: DownloadLink | null = appUrl ? { url: appUrl, action: '下载 Android 版' } : null;
  if (platform === 'ios') {
    const url = iosUrl || appUrl;
    return {
      platform,
      inApp,
      url,
      action: iosAction(url),
      hint: IOS_STORE.test(url) ? IOS_HINT.store : IOS_HINT.package,
      other: both ? androidLink : null,
    };
  }
  if (platform === 'android') {
    // an agent with only an iPhone app: nothing for this phone, the iPhone link offered as the other
    if (!appUrl) return { ...none, other: iosLink };
    return { platform, inApp, url: appUrl, action: '下载 Android 版', hint: ANDROID_HINT, other: iosLink };
  }
  const main = androidLink ?? iosLink!;
  return {
    platform,
    inApp,
    url: main.url,
    action: both ? main.action : '下载 APP',
    hint: '请使用手机打开本页面下载，或扫描下方链接在手机中打开',
    other: both ? iosLink : null,
  };
}
