// Journey: the agent administrator's payee dialogs in 佣金, at 1440×900, against the fakes (the SMS
// outbox, the official account's web login). 收款账户: the SMS code asked and typed (a wrong one refused
// at the dialog), the account changed to 支付宝. 微信扫码绑定收款: the code again, the QR step, the payee
// opening the login in their WeChat (the fake official account hands the redirect its code), the
// console's dialog turning to 绑定成功 by itself, and the account on file 微信零钱. Both dialogs ask the
// code through the one SmsCodeField, and in both a wrong code's refusal clears once the code is typed
// again, before anything is sent. Every step is saved for a look.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeWechatMp } from '../../apps/server/src/integrations/messaging/wechatMp/fake';
import { openDesktop, openPhone, screenshot, startPortal, type Phone, type Portal } from '../harness';
import { consoleLogin, menuTo } from './consoleMenu';

const APPID = 'wx0123456789abcdef';
const SECRET = 'journey-payee-secret-0123456789';
const AGENT_MOBILE = '13900139000';
const PAYEE_OPENID = 'oPayeeJourney_0123456789abcd';

describe('console payee dialogs', () => {
  let portal: Portal;
  let fake: FakeWechatMp;
  let platform: { url: string; close(): Promise<void> };
  let desk: Phone;
  let payee: Phone;
  const errors: string[] = [];
  beforeAll(async () => {
    fake = new FakeWechatMp({ appid: APPID, secret: SECRET, templates: ['TPL_payee_journey'] });
    platform = await fake.listen();
    const dir = mkdtempSync(join(tmpdir(), 'mp-secret-'));
    writeFileSync(join(dir, 'secret'), `${SECRET}\n`);
    portal = await startPortal({
      env: {
        SIM_CONTROLS: '1',
        // the official account's login comes back to the public origin; the payee's phone opens its path here
        PAY_PUBLIC_URL: 'https://portal.example.com',
        WECHAT_MP_APPID: APPID,
        WECHAT_MP_SECRET_FILE: join(dir, 'secret'),
        WECHAT_MP_TEMPLATE_ID: 'TPL_payee_journey',
        WECHAT_MP_API_URL: platform.url,
      },
    });
    desk = await openDesktop(portal);
    desk.page.on('pageerror', (e) => errors.push(String(e)));
    payee = await openPhone(portal);
  }, 90_000);
  afterAll(async () => {
    await payee?.close();
    await desk?.close();
    await portal?.stop();
    await platform?.close();
  });

  it('收款账户: the SMS code asked, a wrong one refused until the right one is typed, the account changed to 支付宝', async () => {
    const { page } = desk;
    await consoleLogin(page, 'agent', 'Agent#2026');
    await menuTo(page, '佣金');
    await page.waitForURL('**/admin/commissions');
    await page.getByRole('button', { name: '收款账户' }).click();
    const modal = page.getByRole('dialog', { name: '修改收款账户' });
    await modal.getByLabel('收款方式').click();
    await page.locator('.ant-select-dropdown').getByText('支付宝', { exact: true }).click();
    await modal.getByLabel('收款人姓名').fill('王小明');
    await modal.getByLabel('收款账号').fill('wangxm@example.com');
    // the code is asked before sending: the field says so
    await modal.getByRole('button', { name: '保存账户' }).click();
    await modal.getByText('短信验证码为 6 位数字').waitFor();
    const before = portal.lastSmsId();
    await modal.getByRole('button', { name: '获取验证码' }).click();
    await modal.getByText(/验证码已发送至 139\*{4}9000/).waitFor();
    await modal.getByRole('button', { name: '重新获取' }).waitFor();
    const code = await portal.latestSmsCode(AGENT_MOBILE, { afterId: before });
    const wrong = code === '000000' ? '111111' : '000000';
    await modal.getByLabel('短信验证码').fill(wrong);
    await modal.getByRole('button', { name: '保存账户' }).click();
    await modal.locator('.ant-alert-error').waitFor();
    expect(await modal.locator('.ant-alert-error').innerText()).toMatch(/验证码/);
    await screenshot(page, 'console-payee-account-wrong-code');
    await modal.getByLabel('短信验证码').fill(code);
    // the refusal answered the wrong code: the right one typed, it is gone before saving
    await modal.locator('.ant-alert-error').waitFor({ state: 'detached' });
    await screenshot(page, 'console-payee-account');
    await modal.getByRole('button', { name: '保存账户' }).click();
    await page.getByText('收款账户已修改').waitFor();
    // the account on file is shown masked
    await page.getByText('支付宝 · 王小明 w***@example.com').waitFor();
    await screenshot(page, 'console-payee-account-saved');
  });

  it('微信扫码绑定收款: the code, the QR code, the payee scans in WeChat; the dialog says 绑定成功 by itself', async () => {
    const { page } = desk;
    await page.getByRole('button', { name: '微信扫码绑定收款' }).click();
    const modal = page.getByRole('dialog', { name: '微信扫码绑定收款账户' });
    await modal.getByText(/不需填写 openid/).waitFor();
    // the name on file is offered; the payee's WeChat name is typed
    expect(await modal.getByLabel('收款人姓名（须与其微信实名一致）').inputValue()).toBe('王小明');
    await modal.getByLabel('收款人姓名（须与其微信实名一致）').fill('王小红');
    // a code a minute at most: the simulated clock moves past it
    const moved = await fetch(`${portal.baseUrl}/sim/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 61_000 }),
    });
    expect(moved.status).toBe(200);
    const before = portal.lastSmsId();
    await modal.getByRole('button', { name: '获取验证码' }).click();
    await modal.getByText(/验证码已发送至 139\*{4}9000/).waitFor();
    const wechatCode = await portal.latestSmsCode(AGENT_MOBILE, { afterId: before });
    // a wrong code refused at the dialog; the right one typed clears the refusal before it is sent
    await modal.getByLabel('短信验证码').fill(wechatCode === '000000' ? '111111' : '000000');
    await modal.getByRole('button', { name: '生成二维码' }).click();
    await modal.locator('.ant-alert-error').waitFor();
    expect(await modal.locator('.ant-alert-error').innerText()).toMatch(/验证码/);
    await modal.getByLabel('短信验证码').fill(wechatCode);
    await modal.locator('.ant-alert-error').waitFor({ state: 'detached' });
    await screenshot(page, 'console-payee-wechat-code');
    const started = page.waitForResponse((r) => r.url().includes('/api/admin/commissions/payee/wechat') && r.request().method() === 'POST');
    await modal.getByRole('button', { name: '生成二维码' }).click();
    const link = ((await (await started).json()) as { data: { url: string } }).data.url;
    await modal.getByTestId('payee-bind-waiting').waitFor();
    await modal.locator('canvas').waitFor();
    await screenshot(page, 'console-payee-wechat-qr');

    // the payee's WeChat opens the official account's login; the platform redirects with a code
    const login = new URL(link);
    expect(login.searchParams.get('appid')).toBe(APPID);
    expect(login.searchParams.get('scope')).toBe('snsapi_base');
    const back = new URL(login.searchParams.get('redirect_uri')!);
    await payee.page.goto(`${back.pathname}?code=${fake.codeFor(PAYEE_OPENID)}&state=${login.searchParams.get('state')}`);
    await payee.page.getByText('绑定成功').first().waitFor();
    await screenshot(payee.page, 'console-payee-wechat-phone');

    // the console asks every 2 s: the dialog turns by itself
    await modal.getByText('绑定成功').waitFor({ timeout: 10_000 });
    await modal.getByText(/收款账户：微信零钱 · 王小红/).waitFor();
    await screenshot(page, 'console-payee-wechat-bound');
    await modal.getByRole('button', { name: '完成' }).click();
    await page.getByText('微信收款账户已绑定').waitFor();
    await page.getByText(/微信零钱 · 王小红/).waitFor();
    expect(errors).toEqual([]);
  });
});
