// Journey (docs/decisions/0049-wechat-js-sdk.md): inside the messaging app, /member_invite configures
// WeChat's JS-SDK with a signature the server made over the page's URL, and sets the share card to
// the holder's invitation (the brand, the code, the holder's invite link, the agent logo). WeChat's
// script is played by the test (served at its real address) and records what the page asks of it;
// the test checks the signature with the fake official-account platform's ticket. In an ordinary
// browser the page asks for nothing of the kind: the script is never requested. And the payee's
// confirmation page (docs/decisions/0039-payee-confirms-transfer.md) calls wx.config before WeChat's
// requestMerchantTransfer.
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
    config: function (c) { rec.configs.push(c); (window.__wxLog = window.__wxLog || []).push('config:' + c.jsApiList.join(',')); setTimeout(function () { ready = true; waiting.splice(0).forEach(function (f) { f(); }); }, 30); },
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

/** WeChat's bridge, backing out of the confirmation screen (what it is called with is what matters here). */
const FAKE_BRIDGE = `(() => {
  setTimeout(() => {
    window.WeixinJSBridge = {
      invoke(name, params, cb) {
        (window.__wxLog = window.__wxLog || []).push('invoke:' + name);
        setTimeout(() => cb({ err_msg: name + ':cancel' }), 30);
      },
    };
    document.dispatchEvent(new Event('WeixinJSBridgeReady'));
  }, 50);
})();`;

beforeAll(async () => {
  fake = new FakeWechatMp({ appid: APPID, secret: SECRET, templates: ['TPL_share_journey'] });
  platform = await fake.listen();
  const dir = mkdtempSync(join(tmpdir(), 'mp-secret-'));
  writeFileSync(join(dir, 'secret'), `${SECRET}\n`);
  portal = await startPortal({
    env: {
      SIM_CONTROLS: '1',
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

  it('the payee’s confirmation page calls wx.config (signed for its URL) before requestMerchantTransfer', async () => {
    const cookies: Record<string, string> = {};
    for (const [who, password] of [
      ['admin', 'Admin#2026'],
      ['agent', 'Agent#2026'],
      ['finance', 'Finance#2026'],
    ] as const) {
      const res = await fetch(`${portal.baseUrl}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: who, password }),
      });
      expect(res.status).toBe(200);
      cookies[who] = res.headers.get('set-cookie')!.split(';')[0]!;
    }
    const api = async (who: string, path: string, body?: unknown) => {
      const res = await fetch(`${portal.baseUrl}/api/admin${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { cookie: cookies[who]!, 'content-type': 'application/json', accept: 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = (await res.json()) as { message: string; data: Record<string, unknown> };
      expect(res.status, `${path}: ${json.message}`).toBe(200);
      return json.data;
    };
    const rid = () => `e2e-${Math.random().toString(36).slice(2)}-${Date.now()}`;
    // a withdrawal of the demo agent to its WeChat change, waiting for the payee (as in the payee journey)
    const agents = (await api('admin', '/commissions/agents')) as { items: { agent_id: number; mark: string }[] };
    const demo = agents.items.find((a) => a.mark === 'demo')!.agent_id;
    await api('admin', '/commissions/adjust', { agent_id: demo, amount_fen: 10_000, reason: '旅程测试入账', request_id: rid() });
    const after = portal.lastSmsId();
    await api('agent', '/commissions/account/code', {});
    const code = await portal.latestSmsCode('13900139000', { afterId: after });
    // the payee's openid is bound by opening the official account's login in WeChat, never typed
    // (docs/decisions/0067): the platform redirects back with a code for the openid
    const link = (await api('agent', '/commissions/payee/wechat', { payee: '王小明', sms_code: code })) as { url: string };
    const login = new URL(link.url);
    const back = new URL(login.searchParams.get('redirect_uri')!);
    const bound = await fetch(
      `${portal.baseUrl}${back.pathname}?code=${fake.codeFor('oUpF8uMuAJO_M2pxb1Q9zNjWeS6o')}&state=${login.searchParams.get('state')}`,
    );
    expect(await bound.text()).toContain('绑定成功');
    const asked = (await api('agent', '/commissions/withdrawals/request', { amount_fen: 6_600, request_id: rid() })) as {
      withdrawal: { id: number };
    };
    await api('finance', '/commissions/withdrawals/approve', { id: asked.withdrawal.id, request_id: rid() });
    const sent = (await api('finance', '/commissions/withdrawals/transfer', { id: asked.withdrawal.id, request_id: rid() })) as {
      withdrawal: { payee_confirm: { path: string } | null };
    };

    const p = await phone(WECHAT_UA);
    const { page } = p;
    await p.context.addInitScript(FAKE_BRIDGE);
    await page.route(JS_SDK, (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_JWEIXIN }));
    await page.goto(sent.withdrawal.payee_confirm!.path);
    await page.getByRole('status').filter({ hasText: '待确认收款' }).waitFor();
    await page.getByRole('button', { name: '确认收款' }).click();
    await page.getByText(/您已取消确认/).waitFor();
    const log = await page.evaluate(() => (window as unknown as { __wxLog: string[] }).__wxLog);
    expect(log).toEqual(['config:requestMerchantTransfer', 'invoke:requestMerchantTransfer']);
    const c = (await page.evaluate(() => (window as unknown as { __wxRecord: Recorded }).__wxRecord)).configs[0]!;
    expect(c.appId).toBe(APPID);
    const url = page.url().split('#')[0]!;
    expect(c.signature).toBe(
      createHash('sha1').update(`jsapi_ticket=${fake.ticket!}&noncestr=${c.nonceStr}&timestamp=${c.timestamp}&url=${url}`).digest('hex'),
    );
    await screenshot(page, 'wechat-share-payee-configured');
    expect(errors).toEqual([]);
  });
});
