import { describe, expect, it } from 'vitest';
import { inviteShareCard, inWeChat, urlToSign } from './jsSdk';

const ANDROID_WECHAT = 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64';
const IOS_WECHAT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 MicroMessenger/8.0.47(0x18002f2c)';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1';

describe('where the JS-SDK loads', () => {
  it.each([
    [ANDROID_WECHAT, true],
    [IOS_WECHAT, true],
    [SAFARI, false],
    ['Mozilla/5.0 QQ/9.0', false],
  ])('%s → %s', (ua, yes) => expect(inWeChat(ua)).toBe(yes));
});

describe('the URL the page asks to sign', () => {
  const at = { origin: 'https://h5.example.com', href: 'https://h5.example.com/member_invite?mark=demo#x', firstUrl: '/?mark=demo' };
  it.each([
    ['Android: the current URL without #fragment', ANDROID_WECHAT, 'https://h5.example.com/member_invite?mark=demo'],
    ['iOS: the landing URL of this page load', IOS_WECHAT, 'https://h5.example.com/?mark=demo'],
  ])('%s', (_, userAgent, want) => expect(urlToSign({ ...at, userAgent })).toBe(want));
  it('iOS without a landing URL: the current one', () =>
    expect(urlToSign({ ...at, userAgent: IOS_WECHAT, firstUrl: undefined })).toBe('https://h5.example.com/member_invite?mark=demo'));
});

describe('the invitation share card', () => {
  const base = {
    appName: '畅联物联',
    code: 'ABCD2345',
    link: 'https://h5.example.com/bind_user?mark=demo&invite=ABCD2345',
    origin: 'https://h5.example.com',
  };
  it.each([
    ['/uploads/logo.png', 'https://h5.example.com/uploads/logo.png'],
    ['https://cdn.example.com/l.png', 'https://cdn.example.com/l.png'],
    ['data:image/png;base64,AAAA', ''],
    ['', ''],
  ])('logo %s → imgUrl %s', (logo, imgUrl) => expect(inviteShareCard({ ...base, logo }).imgUrl).toBe(imgUrl));
  it('titles with the brand, says the code, links to the holder’s invite link', () => {
    const c = inviteShareCard({ ...base, logo: '' });
    expect(c.title).toContain('畅联物联');
    expect(c.desc).toContain('ABCD2345');
    expect(c.link).toBe(base.link);
  });
});
