// Journey (docs/decisions/0049-wechat-js-sdk.md): inside the messaging app, /member_invite configures
// WeChat's JS-SDK with a signature the server made over the page's URL, and sets the share card to
// the holder's invitation (the brand, the code, the holder's invite link, the agent logo). WeChat's
// script is played by the test (served at its real address) and records what the page asks of it;
// the test checks the signature with the fake official-account platform's ticket. In an ordinary
// browser the page asks for nothing of the kind: the script is never requested.
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeWechatMp } from '../../apps/server/src/integrations/messaging/wechatMp/fake';
import { openPhone, screenshot, startPortal, type Phone, type Portal } from '../harness';
import { loginWithAccount } from './steps';

const APPID = 'wx0123456789abcdef';
const SECRET = 'journey-share-secret-0123456789';
const JS_SDK = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';
const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';

/** WeChat's jweixin played by the test: wx.config succeeds a moment later; every call is recorded. */
const FAKE_JWEIXIN = `(function () {
  var rec = (window.__wxRecord = { configs: [], appMessage: [], timeline: [] });
  var ready = false, waiting = [];
  window.wx = {
    config: function (c) { rec.configs.push(c); setTimeout(function () { ready = true; waiting.splice(0).forEach(function (f) { f(); }); }, 30); },
    ready: function (f) { ready ? f() : waiting.push(f); },
    error: function () {},
    updateAppMessageShareData: function (d) { rec.appMessage.push({ title: d.title, desc: d.desc, link: d.link, imgUrl: d.imgUrl }); },
    updateTimelineShareData: function (d) { rec.timeline.push({ title: d.title, link: d.link, imgUrl: d.imgUrl }); }
  };
})();`;

interface Recorded {
  configs: { appId: string; timestamp: number; nonceStr: string; signature: string; jsApiList: string[]; debug: boolean }[];
  appMessage: { title: string; desc: string; link: string; imgUrl: string }[];
  timeline: { title: string; link: string; imgUrl: string }[];
}

let portal: Portal;
let fake: FakeWechatMp;
let platform: { url: string; close(): Promise<void> };
const phones: Phone[] = [];
const errors: string[] = [];

beforeAll(async () => {
  fake = new FakeWechatMp({ appid: APPID, secret: SECRET, templates: ['TPL_share_journey'] });
  platform = await fake.listen();
  const dir = mkdtempSync(join(tmpdir(), 'mp-secret-'));
  writeFileSync(join(dir, 'secret'), `${SECRET}\n`);
  portal = await startPortal({
    env: {
      PAY_PUBLIC_URL: 'https://portal.example.com',
      WECHAT_MP_APPID: APPID,
      WECHAT_MP_SECRET_FILE: join(dir, 'secret'),
      WECHAT_MP_TEMPLATE_ID: 'TPL_share_journey',
      WECHAT_MP_API_URL: platform.url,
    },
  });
});
afterAll(async () => {
  for (const p of phones) await p.close();
  await portal?.stop();
  await platform?.close();
});

async function phone(userAgent?: string): Promise<Phone> {
  const p = await openPhone(portal, userAgent ? { userAgent } : {});
  p.page.on('pageerror', (e) => errors.push(String(e)));
  phones.push(p);
  return p;
}

describe('the invitation’s share card in the messaging app', () => {
  it('inside WeChat: wx.config is signed for the page’s URL and the share card is the holder’s invitation', async () => {
    const { page } = await phone(WECHAT_UA);
    const scriptLoads: string[] = [];
    await page.route(JS_SDK, async (route) => {
      scriptLoads.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_JWEIXIN });
    });
    await loginWithAccount(page);
    expect(scriptLoads).toEqual([]); // home and the login carry no SDK
    await page.goto('/member_invite');
    const link = (await page.getByTestId('invite-link').innerText()).trim();
    const code = (await page.getByTestId('invite-code').innerText()).trim();
    await page.waitForFunction(() => (window as unknown as { __wxRecord?: Recorded }).__wxRecord?.appMessage.length === 1);
    const rec = await page.evaluate(() => (window as unknown as { __wxRecord: Recorded }).__wxRecord);
    expect(scriptLoads).toEqual([JS_SDK]);

    // wx.config: our AppID, the share calls, and a signature that verifies with the platform's ticket
    expect(rec.configs).toHaveLength(1);
    const c = rec.configs[0]!;
    expect(c).toMatchObject({ appId: APPID, debug: false, jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'] });
    const pageUrl = page.url().split('#')[0]!;
    const ticket = fake.ticket!;
    expect(ticket).toBeTruthy();
    const expected = createHash('sha1')
      .update(`jsapi_ticket=${ticket}&noncestr=${c.nonceStr}&timestamp=${c.timestamp}&url=${pageUrl}`)
      .digest('hex');
    expect(c.signature).toBe(expected);
    expect(fake.ticketRequests).toBe(1);

    // the share card: the brand in the title, the holder's invite link, the logo as an absolute URL
    const card = rec.appMessage[0]!;
    expect(card.link).toBe(link);
    expect(card.link).toContain(`invite=${code}`);
    expect(card.desc).toContain(code);
    expect(card.title).toContain('畅联流量卡自助服务'); // the demo agent's brand
    expect(card.imgUrl === '' || /^https?:\/\//.test(card.imgUrl)).toBe(true);
    expect(rec.timeline).toEqual([{ title: card.title, link: link, imgUrl: card.imgUrl }]);

    // the page says how to share it; the poster and the copy link stay as they were
    await page.getByTestId('wechat-share-hint').waitFor();
    await page.getByRole('button', { name: '生成邀请海报' }).waitFor();
    await page.getByRole('button', { name: '复制链接' }).waitFor();
    await screenshot(page, 'wechat-share-invite');
    expect(errors).toEqual([]);
  });

  it('in an ordinary browser: WeChat’s script is never requested and nothing is signed', async () => {
    const { page } = await phone();
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith('https://res.wx.qq.com/') || r.url().includes('/api/v2/wechat/js_config')) asked.push(r.url());
    });
    await loginWithAccount(page);
    await page.goto('/member_invite');
    await page.getByTestId('invite-link').waitFor();
    await page.getByRole('button', { name: '生成邀请海报' }).waitFor();
    await page.getByRole('button', { name: '复制链接' }).waitFor();
    // the page has settled (its queries answered) before the check
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    expect(await page.evaluate(() => 'wx' in window)).toBe(false);
    expect(await page.getByTestId('wechat-share-hint').count()).toBe(0);
    await screenshot(page, 'wechat-share-outside');
    expect(errors).toEqual([]);
  });
});
