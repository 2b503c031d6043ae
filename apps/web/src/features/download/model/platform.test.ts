import { describe, expect, it } from 'vitest';
import { downloadPlan, inAppBrowserOf, platformOf } from './platform';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const WECHAT_ANDROID = `${ANDROID} MicroMessenger/8.0.47.2560(0x28002F37) WeChat/arm64 NetType/WIFI Language/zh_CN`;
const WECHAT_IPHONE = `${IPHONE.replace(' Safari/604.1', '')} MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN`;
const QQ = `${ANDROID} MQQBrowser/6.2 TBS/046911 QQ/9.0.20.5710 NetType/WIFI`;
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const HARMONY =
  'Mozilla/5.0 (Phone; OpenHarmony 4.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0 Mobile Safari/537.36 ArkWeb/4.1.6.1';

describe('platformOf', () => {
  it.each([
    [IPHONE, 'ios'],
    ['Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)', 'ios'],
    [ANDROID, 'android'],
    [WECHAT_ANDROID, 'android'],
    [HARMONY, 'android'],
    [DESKTOP, 'other'],
    ['', 'other'],
  ])('%s → %s', (ua, platform) => {
    expect(platformOf(ua)).toBe(platform);
  });
});

describe('inAppBrowserOf', () => {
  it.each([
    [WECHAT_ANDROID, '微信'],
    [WECHAT_IPHONE, '微信'],
    [QQ, 'QQ'],
    [`${ANDROID} AlipayClient/10.5.0`, '支付宝'],
    [`${IPHONE} DingTalk/7.5.0`, '钉钉'],
    [IPHONE, null],
    [ANDROID, null],
    // the QQ browser app itself is a system-like browser that downloads
    [`${ANDROID} MQQBrowser/14.0`, null],
  ])('%s → %s', (ua, app) => {
    expect(inAppBrowserOf(ua)).toBe(app);
  });
});

describe('downloadPlan', () => {
  it.each([
    ['an iPhone, a store link', IPHONE, 'https://apps.apple.com/cn/app/id1', { platform: 'ios', action: '前往 App Store 下载' }],
    ['an iPhone, a package link', IPHONE, 'https://example.com/app.ipa', { platform: 'ios', action: '下载 iPhone 版' }],
    ['an Android phone', ANDROID, 'https://example.com/app.apk', { platform: 'android', action: '下载 Android 版', inApp: null }],
    ['inside WeChat', WECHAT_ANDROID, 'https://example.com/app.apk', { platform: 'android', inApp: '微信' }],
    ['a computer', DESKTOP, 'https://example.com/app.apk', { platform: 'other', action: '下载 APP' }],
    ['no app', IPHONE, '', { url: '', action: '' }],
  ])('%s', (_, ua, url, expected) => {
    expect(downloadPlan(ua, url)).toMatchObject(expected);
  });
});

describe('downloadPlan with an iPhone link beside the Android one', () => {
  const APK = 'https://example.com/app.apk';
  const STORE = 'https://apps.apple.com/cn/app/id1';
  it.each([
    [
      'an iPhone gets the store, Android beside it',
      IPHONE,
      APK,
      STORE,
      { url: STORE, action: '前往 App Store 下载', other: { url: APK, action: '下载 Android 版' } },
    ],
    [
      'an Android phone gets the package, iPhone beside it',
      ANDROID,
      APK,
      STORE,
      { url: APK, action: '下载 Android 版', other: { url: STORE, action: '前往 App Store 下载' } },
    ],
    ['a computer gets both', DESKTOP, APK, STORE, { url: APK, action: '下载 Android 版', other: { url: STORE } }],
    ['only an iPhone app: an iPhone gets it', IPHONE, '', STORE, { url: STORE, other: null }],
    [
      'only an iPhone app: an Android phone gets nothing of its own, the iPhone link beside',
      ANDROID,
      '',
      STORE,
      { url: '', other: { url: STORE } },
    ],
    ['only the old single link: every phone gets it, nothing beside', IPHONE, APK, '', { url: APK, other: null }],
  ])('%s', (_, ua, app, ios, expected) => {
    expect(downloadPlan(ua, app, ios)).toMatchObject(expected);
  });
});
