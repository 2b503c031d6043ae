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

export interface DownloadPlan {
  platform: Platform;
  /** the messaging app whose browser this is, null in a system browser */
  inApp: string | null;
  /** the link to offer, "" when the agent has no app */
  url: string;
  /** the button's words */
  action: string;
  /** one line of how */
  hint: string;
}

const IOS_STORE = /^https:\/\/(apps|itunes)\.apple\.com\//i;

export function downloadPlan(userAgent: string, appUrl: string): DownloadPlan {
  const platform = platformOf(userAgent);
  const inApp = inAppBrowserOf(userAgent);
  const storeLink = IOS_STORE.test(appUrl);
  if (!appUrl) return { platform, inApp, url: '', action: '', hint: '' };
  if (platform === 'ios')
    return {
      platform,
      inApp,
      url: appUrl,
      action: storeLink ? '前往 App Store 下载' : '下载 iPhone 版',
      hint: storeLink
        ? '将跳转到 App Store，安装后即可使用'
        : '下载后按系统提示安装，如提示“未受信任的开发者”，请在“设置 > 通用 > VPN与设备管理”中信任',
    };
  if (platform === 'android')
    return {
      platform,
      inApp,
      url: appUrl,
      action: '下载 Android 版',
      hint: '下载完成后点击安装包安装，如提示“未知来源”，请允许浏览器安装应用',
    };
  return { platform, inApp, url: appUrl, action: '下载 APP', hint: '请使用手机打开本页面下载，或扫描下方链接在手机中打开' };
}
