import { describe, expect, it } from 'vitest';
import { cameBackDone, carrierName, carrierPath, pageMode, realNameSteps, verifierName } from './carriers';
import { remindMode } from './remind';

describe('remindMode (docs/spec/portal-spec.md §4, Bajun on /remind)', () => {
  it.each([
    ['a Unicom card: the page as usual', 2, true, 'https://x.example/r', 'standard'],
    ['a Telecom card: the page as usual', 3, false, '', 'standard'],
    ['Bajun, no order placed yet: allowed, the page as usual', 8, false, 'https://x.example/r', 'standard'],
    ['Bajun with a real-name URL: open it, go home', 8, true, 'https://x.example/r', 'bajunOpenUrl'],
    ['Bajun without a URL: ask whether it is done', 8, true, '', 'bajunAsk'],
  ] as const)('%s', (_n, supplier, ordered, url, expected) => {
    expect(remindMode({ supplier }, { ordered_flag: ordered, real_name_url: url })).toBe(expected);
  });
});

describe('carrier pages', () => {
  it.each([
    ['/lt_real_name', '/lt_real_name'],
    ['/dx_real_name', '/dx_real_name'],
    ['/cme_real_name', '/cme_real_name'],
    ['an unknown page', '/fe_real_name'],
    ['an off-site URL', '/fe_real_name'],
  ])('carrierPath(%s)', (page, expected) => {
    const input = page === 'an unknown page' ? '/admin' : page === 'an off-site URL' ? 'https://evil.example' : page;
    expect(carrierPath(input)).toBe(expected);
  });
  it.each([
    ['dx', '中国电信', '中国电信'],
    ['cme', '', '中国广电'],
    ['lt', '', '中国联通'],
    ['bj', '中国联通', '中国联通'],
    ['bj', '中国移动', '中国移动'],
    ['fe', '三网通', '三网通'],
    ['fe', '中国电信', '中国电信'],
    ['bj', '', ''],
    ['fe', '', ''],
  ] as const)('carrierName(%s, network %j) = %j: the network, never the supplier', (page, network, expected) => {
    expect(carrierName(page, network)).toBe(expected);
  });
  it.each([
    ['bj', 8, '八骏'],
    ['fe', 4, '耐族'],
    ['fe', 6, '酷鱼'],
    ['fe', 7, '怡然'],
    ['fe', 9, ''],
    ['fe', 10, ''],
    ['fe', 11, ''],
    ['fe', undefined, ''],
    ['lt', 2, ''],
    ['dx', 3, ''],
  ] as const)('verifierName(%s, supplier %s) = %j', (page, supplier, expected) => {
    expect(verifierName(page, supplier)).toBe(expected);
  });
  it.each([
    ['bj with its own address: URL', 'bj', 0, 'https://realname.example.com/b', 1],
    ['bj without one: as the supplier', 'bj', 0, undefined, 0],
    ['another page keeps its mode', 'lt', 0, 'https://realname.example.com/b', 0],
    ['a URL-mode page stays URL', 'dx', 1, undefined, 1],
  ] as const)('pageMode: %s', (_n, page, mode, url, expected) => {
    expect(pageMode(page, mode, url)).toBe(expected);
  });
  it('url mode sends the user to the carrier page, applet mode to the applet', () => {
    expect(realNameSteps('中国电信', 1)[0]).toContain('中国电信实名认证页面');
    expect(realNameSteps('中国联通', 0)[0]).toContain('小程序');
  });
  it.each([
    ['?real_name=done', true],
    ['?x=1&real_name=done', true],
    ['?real_name=', false],
    ['', false],
  ])('came back done: %s', (search, expected) => expect(cameBackDone(search)).toBe(expected));
});
