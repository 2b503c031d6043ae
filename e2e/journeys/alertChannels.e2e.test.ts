// Journey (docs/decisions/0038-alerts-in-the-messaging-app.md): a holder in an ordinary browser is told
// how to get alerts in the messaging app; inside the messaging app they bind the card through its
// silent login (played by the test: the login page sends them back with a code the fake platform
// knows), choose 微信公众号提醒 alone on /alert_setting, and when the alerts job runs the fake
// official-account platform receives one template message linking to the page that acts on it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeWechatMp } from '../../apps/server/src/integrations/messaging/wechatMp/fake';
import { openPhone, screenshot, startPortal, type Phone, type Portal } from '../harness';
import { runSimJob } from './simJobs';
import { loginWithAccount, waitForPath } from './steps';

const APPID = 'wx0123456789abcdef';
const SECRET = 'journey-mp-secret-0123456789';
const TEMPLATE = 'TPL_card_alert_journey';
const PUBLIC = 'https://portal.example.com';
const OPENID = 'oJourneyHolder01';
const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';

let portal: Portal;
let fake: FakeWechatMp;
let platform: { url: string; close(): Promise<void> };
const phones: Phone[] = [];
const errors: string[] = [];

beforeAll(async () => {
  fake = new FakeWechatMp({ appid: APPID, secret: SECRET, templates: [TEMPLATE] });
  platform = await fake.listen();
  // the secret as a file, as a deployment gives it (docker secrets)
  const dir = mkdtempSync(join(tmpdir(), 'mp-secret-'));
  writeFileSync(join(dir, 'secret'), `${SECRET}\n`);
  portal = await startPortal({
    env: {
      SIM_CONTROLS: '1',
      ALERTS_INTERVAL_SECONDS: '0',
      PAY_PUBLIC_URL: PUBLIC,
      WECHAT_MP_APPID: APPID,
      WECHAT_MP_SECRET_FILE: join(dir, 'secret'),
      WECHAT_MP_TEMPLATE_ID: TEMPLATE,
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

describe('alerts in the messaging app', () => {
  it('in an ordinary browser, /alert_setting says how to get them instead of offering a channel that cannot work', async () => {
    const { page } = await phone();
    await loginWithAccount(page);
    await page.goto('/alert_setting');
    await page.getByRole('heading', { name: '提醒与自动续费' }).waitFor();
    const offer = page.getByTestId('wechat-mp-offer');
    await offer.getByText('在微信中打开本页面').waitFor();
    expect(await page.getByRole('switch', { name: /微信公众号提醒/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '绑定微信接收提醒' }).count()).toBe(0);
    await offer.scrollIntoViewIfNeeded();
    await screenshot(page, 'alert-channels-outside-wechat');
  });

  it('inside the messaging app: bind, choose 微信公众号提醒 alone, and the alert arrives with its link', async () => {
    const { page } = await phone(WECHAT_UA);
    // the messaging app's login page: it sends the holder straight back with a code (snsapi_base asks nothing)
    let asked: URL | null = null;
    await page.route('https://open.weixin.qq.com/**', async (route) => {
      asked = new URL(route.request().url());
      const back = new URL(asked.searchParams.get('redirect_uri')!);
      expect(back.origin).toBe(PUBLIC);
      const to = `${portal.baseUrl}${back.pathname}?code=${fake.codeFor(OPENID)}&state=${asked.searchParams.get('state')}`;
      await route.fulfill({ status: 302, headers: { location: to } });
    });
    await loginWithAccount(page);
    await page.goto('/alert_setting');
    await page.getByRole('heading', { name: '提醒与自动续费' }).waitFor();
    await page.getByRole('button', { name: '绑定微信接收提醒' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'alert-channels-bind');
    await page.getByRole('button', { name: '绑定微信接收提醒' }).click();
    // back from the login (the page was /alert_setting before too: the toast says the round trip happened)
    await page.getByText('已绑定微信，可选择公众号提醒').waitFor();
    expect(asked!.searchParams.get('appid')).toBe(APPID);
    expect(asked!.searchParams.get('scope')).toBe('snsapi_base');
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/alert_setting');

    await page.getByRole('switch', { name: /套餐到期提醒/ }).check();
    await page.getByLabel('提前').selectOption('30');
    await page.getByRole('switch', { name: /微信公众号提醒/ }).check();
    await page.getByRole('switch', { name: /短信提醒/ }).uncheck();
    await page.getByText('公众号消息未能送达时改发短信').waitFor();
    await page.getByRole('button', { name: '保存设置' }).click();
    await page.getByText('设置已保存').waitFor();
    await page.getByRole('switch', { name: /微信公众号提醒/ }).scrollIntoViewIfNeeded();
    await screenshot(page, 'alert-channels-chosen');
    const rows = portal.sql<{ channel_sms: number; channel_mp: number }>(
      "SELECT channel_sms, channel_mp FROM card_alert_settings s JOIN cards c ON c.id = s.card_id WHERE c.custom_num = '1000000001'",
    );
    expect(rows).toEqual([{ channel_sms: 0, channel_mp: 1 }]);

    await runSimJob(portal, 'alerts');
    await expect.poll(() => fake.messages.length).toBe(1);
    const m = fake.messages[0]!;
    expect(m).toMatchObject({ touser: OPENID, template_id: TEMPLATE, url: `${PUBLIC}/combo` });
    expect(m.data.thing1).toEqual({ value: '套餐即将到期' });
    expect(m.data.character_string2).toEqual({ value: '****0001' });
    // the token travelled as the query parameter only, asked for once
    expect(fake.tokensIssued).toBe(1);
    expect(fake.refusals).toEqual([]);

    // the alert is on home too, and its button leads where the message does
    await page.goto('/');
    const notice = page.getByTestId('card-notice');
    await notice.getByText('套餐即将到期').waitFor();
    await notice.getByRole('link', { name: '去续订' }).click();
    await waitForPath(page, '/combo');
    expect(errors).toEqual([]);
  });
});
