// Journey: what a holder expects of their account (docs/decisions/0044-holder-account.md) — /login's
// ways on (注册, 快捷充值, 智能检测, 忘记密码 on the account tab) and the account password reset by an
// SMS code; 我的 → 账号安全 (password, mobile with codes to both numbers; a card-number login told
// why); 我的 → 消息中心 with its unread count, keeping support's reply and an alert, a reply opening
// its ticket; 我的's 礼品 and, for a router card, the device area; /download offering iOS beside
// Android as the console's branding form sets it (an unsafe link refused at its field).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDesktop, openPhone, screenshot, startPortal, type Phone, type Portal } from '../harness';
import { consoleLogin } from './consoleMenu';
import { runSimJob } from './simJobs';
import { acceptAgreement, DEMO, loginWithAccount, loginWithCard, resetBrowser, submitLogin, waitForPath } from './steps';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** Taps a 获取验证码 and reads the code the SMS simulator sent to `mobile`. */
async function sendCode(portal: Portal, mobile: string, button: ReturnType<Page['getByRole']>): Promise<string> {
  const before = portal.lastSmsId();
  await button.click();
  return portal.latestSmsCode(mobile, { afterId: before });
}

describe('the holder’s account', () => {
  // the test controls run the alerts job when asked (and only then)
  const j = { errors: [] as string[] } as { portal: Portal; phone: Phone; errors: string[] };
  beforeAll(async () => {
    j.portal = await startPortal({ env: { SIM_CONTROLS: '1', ALERTS_INTERVAL_SECONDS: '0' } });
    j.phone = await openPhone(j.portal);
    j.phone.page.on('pageerror', (e) => j.errors.push(String(e)));
  });
  afterAll(async () => {
    await j.phone?.close();
    await j.portal?.stop();
  });
  let password: string = DEMO.password;
  beforeEach(async () => {
    await resetBrowser(j.phone.page);
  });

  it('/login offers 注册, 快捷充值 and 智能检测, and 忘记密码 on the account tab', async () => {
    const { page } = j.phone;
    await page.goto('/login');
    const more = page.getByRole('navigation', { name: '更多服务' });
    for (const [name, path] of [
      ['新用户注册', '/bind_user'],
      ['快捷充值', '/quick_payment'],
      ['智能检测', '/card_check'],
    ] as const) {
      await more.getByRole('link', { name, exact: true }).click();
      await waitForPath(page, path);
      await page.goBack();
      await waitForPath(page, '/login');
    }
    expect(await page.getByRole('link', { name: '忘记密码？' }).count()).toBe(0); // the mobile tab needs none
    await page.getByRole('tab', { name: '账号登录' }).click();
    await screenshot(page, 'account-login-links');
    await page.getByRole('link', { name: '忘记密码？', exact: true }).click();
    await waitForPath(page, '/forgot_password');
  });

  it('忘记密码: a code to the account’s mobile sets a new password, which logs in', async () => {
    const { page } = j.phone;
    await page.goto('/forgot_password');
    await page.getByPlaceholder('请输入账号绑定的手机号').fill(DEMO.mobile);
    const code = await sendCode(j.portal, DEMO.mobile, page.getByRole('button', { name: '获取验证码' }));
    // the button waits out the server's resend cooldown, as /login's does
    const resend = page.getByRole('button', { name: /^\d+s后重新获取$/ });
    await resend.waitFor();
    expect(await resend.isDisabled()).toBe(true);
    await screenshot(page, 'account-forgot-password-sent');
    await page.getByPlaceholder('请输入验证码').fill(code);
    await page.getByPlaceholder('8-32位，含字母和数字').fill('abcdefgh');
    await page.getByPlaceholder('请再次输入新密码').fill('abcdefgh');
    await page.getByRole('button', { name: '重置密码' }).click();
    await page.getByText('密码需同时包含字母和数字').waitFor();
    await screenshot(page, 'account-forgot-password');
    password = 'Reset2026x';
    await page.getByPlaceholder('8-32位，含字母和数字').fill(password);
    await page.getByPlaceholder('请再次输入新密码').fill(password);
    await page.getByRole('button', { name: '重置密码' }).click();
    await waitForPath(page, '/login');
    expect(new URL(page.url()).searchParams.get('login_model')).toBe('account');
    await loginWithAccount(page, DEMO.account, password);
  });

  it('账号安全: the password changes with the old one; the mobile with codes to both numbers', async () => {
    const { page } = j.phone;
    await loginWithAccount(page, DEMO.account, password);
    await page.goto('/mine');
    await page.getByText('账号安全', { exact: true }).click();
    await waitForPath(page, '/account_security');
    await page.getByRole('heading', { name: '修改登录密码' }).waitFor();
    await screenshot(page, 'account-security');
    const next = password === DEMO.password ? 'Change2026y' : DEMO.password;
    await page.getByPlaceholder('请输入原密码').fill('wrong1234');
    await page.getByPlaceholder('8-32位，含字母和数字').fill(next);
    await page.getByPlaceholder('请再次输入新密码').fill(next);
    await page.getByRole('button', { name: '修改密码' }).click();
    await page.getByText(/原密码错误/).waitFor();
    await page.getByPlaceholder('请输入原密码').fill(password);
    await page.getByRole('button', { name: '修改密码' }).click();
    await page.getByText('密码已修改', { exact: false }).waitFor();
    password = next;

    const NEW = '13900000099';
    const mobileForm = page.locator('form', { has: page.getByRole('heading', { name: '更换手机号' }) });
    await mobileForm.getByRole('button', { name: '确认更换' }).scrollIntoViewIfNeeded();
    const oldCode = await sendCode(j.portal, DEMO.mobile, mobileForm.getByRole('button', { name: '获取验证码' }).first());
    await mobileForm.locator('#security-mobile-oldCode').fill(oldCode);
    await mobileForm.getByPlaceholder('请输入新手机号').fill(DEMO.mobile);
    await mobileForm.getByRole('button', { name: '获取验证码' }).last().click();
    await mobileForm.getByText('新手机号不能与原手机号相同').waitFor();
    await mobileForm.getByPlaceholder('请输入新手机号').fill(NEW);
    const newCode = await sendCode(j.portal, NEW, mobileForm.getByRole('button', { name: '获取验证码' }).last());
    await mobileForm.locator('#security-mobile-newCode').fill(newCode);
    await screenshot(page, 'account-security-mobile');
    await mobileForm.getByRole('button', { name: '确认更换' }).click();
    await page.getByText(/手机号已更换为 139\*{4}0099/).waitFor();
    // the form starts afresh: empty fields, and 获取验证码 again rather than the old resend waits (decision 0070)
    await mobileForm.getByText('第一步：验证原手机号 139****0099').waitFor();
    expect(await mobileForm.locator('#security-mobile-oldCode').inputValue()).toBe('');
    expect(await mobileForm.getByPlaceholder('请输入新手机号').inputValue()).toBe('');
    expect(await mobileForm.locator('#security-mobile-newCode').inputValue()).toBe('');
    expect(await mobileForm.getByRole('button', { name: '获取验证码' }).count()).toBe(2);
    expect(await mobileForm.getByRole('button', { name: /s后重新获取/ }).count()).toBe(0);
    await screenshot(page, 'account-security-mobile-changed');
    const rows = j.portal.sql<{ mobile: string }>("SELECT mobile FROM users WHERE account = 'demo'") as { mobile: string }[];
    expect(rows).toEqual([{ mobile: NEW }]);
    // the demo's mobile back, for the journeys after this one
    j.portal.sql("UPDATE users SET mobile = ? WHERE account = 'demo'", [DEMO.mobile]);
  });

  it('账号安全 under a card-number login says why, with the way to an account login', async () => {
    const { page } = j.phone;
    await loginWithCard(page);
    await page.goto('/account_security');
    await page.getByText('当前为卡号登录：登录密码和手机号属于账号，请使用手机号或账号登录后修改').waitFor();
    await screenshot(page, 'account-security-card-login');
    await page.getByRole('link', { name: '使用手机号或账号登录' }).click();
    await waitForPath(page, '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/account_security');
    await page.getByPlaceholder('请输入账号').fill(DEMO.account);
    await page.getByPlaceholder('请输入密码').fill(password);
    await acceptAgreement(page);
    await submitLogin(page);
    await waitForPath(page, '/account_security');
    await page.getByRole('heading', { name: '更换手机号' }).waitFor();
  });

  it('消息中心 keeps support’s reply and an alert, newest first; a reply opens its ticket; 我的 shows the unread count', async () => {
    const { page } = j.phone;
    await loginWithAccount(page, DEMO.account, password);
    // an alert the alerts job sent: the owner asked for one at 90 % left, and the line used 20 GB
    await page.evaluate(async (customNum) => {
      await fetch('/api/v1/card/alert_setting', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('sim_token')}` },
        body: JSON.stringify({
          custom_num: customNum,
          data_alert: true,
          threshold_unit: 'percent',
          threshold_value: 90,
          expiry_alert: false,
          expiry_days: 3,
          auto_renew: false,
        }),
      });
    }, DEMO.card);
    await page.goto(`/sim/carrier/line/${DEMO.card}`);
    await page.getByLabel('增加今日用量（GB）').fill('20');
    await page.getByRole('button', { name: '增加今日用量' }).click();
    await page.waitForURL(`**/sim/carrier/line/${DEMO.card}`);
    await runSimJob(j.portal, 'alerts');

    await page.goto('/mine');
    await expect.poll(() => page.getByTestId('mine-unread').textContent()).toBe('2');
    await screenshot(page, 'account-mine');
    await page.getByText('消息中心', { exact: true }).click();
    await waitForPath(page, '/messages');
    const items = page.getByRole('list', { name: '消息列表' }).getByRole('listitem');
    await items.first().waitFor();
    expect(await items.allTextContents()).toEqual([
      expect.stringContaining('剩余流量不足'),
      expect.stringContaining('客服回复了您的工单'),
      expect.stringContaining('您的工单正在处理'),
    ]);
    await page.getByTestId('messages-unread').getByText('2条未读').waitFor();
    await screenshot(page, 'account-messages');
    await items.nth(1).getByRole('button').click();
    await waitForPath(page, '/suggest');
    expect(new URL(page.url()).searchParams.get('ticket_no')).toBe('T26110100000001');
    await page.getByText('套餐到期前3天会短信提醒', { exact: false }).waitFor();
    await page.goBack();
    await waitForPath(page, '/messages');
    await page.getByTestId('messages-unread').getByText('1条未读').waitFor();
    await page.getByRole('button', { name: '全部标为已读' }).click();
    await page.getByTestId('messages-unread').getByText('全部已读').waitFor();
    await page.goto('/mine');
    await page.getByText('消息中心', { exact: true }).waitFor();
    expect(await page.getByTestId('mine-unread').count()).toBe(0);
  });

  it('我的 leads to 礼品, and for a router card to the device area', async () => {
    const { page } = j.phone;
    await loginWithAccount(page, DEMO.account, password);
    await page.goto('/mine');
    await page.getByText('我的礼品', { exact: true }).click();
    await waitForPath(page, '/gift');
    await page.goto('/mine');
    await page.getByText('消息中心', { exact: true }).waitFor();
    const deviceArea = page.locator('.adm-list-item', { hasText: '设备管理' });
    expect(await deviceArea.count()).toBe(0); // 1000000001 is a plain card
    await page.goto('/card_list');
    await page.locator('[data-card="1000000011"]').getByRole('button', { name: '设为当前' }).click();
    await page.waitForFunction(() => localStorage.getItem('sim_customNum')?.includes('1000000011'));
    await page.goto('/mine');
    await page.getByText('消息中心', { exact: true }).waitFor();
    await screenshot(page, 'account-mine-router-card');
    await deviceArea.click();
    await waitForPath(page, '/cpe');
    await page.getByTestId('device-card').waitFor();
  });

  it('/download offers iOS beside Android as the console sets it; an unsafe iPhone link is refused at its field', async () => {
    const desk = await openDesktop(j.portal);
    try {
      const { page } = desk;
      await consoleLogin(page, 'admin', 'Admin#2026');
      await page.goto('/admin/agents');
      await page.getByRole('row').filter({ hasText: 'demo' }).getByRole('button', { name: '管理' }).click();
      const drawer = page.locator('.ant-drawer');
      await drawer.getByText('实时预览').waitFor();
      await drawer.getByLabel('App 下载链接（iPhone）').fill('javascript:alert(1)');
      await drawer.getByLabel('修改原因').fill('上架 iPhone 版');
      await drawer.getByRole('button', { name: '保存品牌' }).click();
      await drawer.getByText('只能填写 http:// 或 https:// 开头的链接').waitFor();
      await drawer.getByLabel('App 下载链接（iPhone）').scrollIntoViewIfNeeded();
      await screenshot(page, 'account-console-ios-unsafe');
      await drawer.getByLabel('App 下载链接（iPhone）').fill('https://apps.apple.com/cn/app/id9999999999');
      await drawer.getByRole('button', { name: '保存品牌' }).click();
      await page.getByText('已保存').waitFor();
    } finally {
      await desk.close();
    }

    const { page } = j.phone; // an Android phone
    await page.goto('/download?mark=demo');
    const android = page.getByRole('link', { name: '下载 Android 版' });
    await android.waitFor();
    expect(await android.getAttribute('href')).toBe('https://www.changlian.example.com/app');
    expect(await page.getByRole('link', { name: 'iPhone 版：前往 App Store 下载' }).getAttribute('href')).toBe(
      'https://apps.apple.com/cn/app/id9999999999',
    );
    await screenshot(page, 'account-download-android');

    const iphone = await openPhone(j.portal, { userAgent: IPHONE_UA });
    try {
      await iphone.page.goto('/download?mark=demo');
      const store = iphone.page.getByRole('link', { name: '前往 App Store 下载' });
      await store.waitFor();
      expect(await store.getAttribute('href')).toBe('https://apps.apple.com/cn/app/id9999999999');
      await iphone.page.getByRole('link', { name: '下载 Android 版' }).waitFor();
      await screenshot(iphone.page, 'account-download-iphone');
    } finally {
      await iphone.close();
    }
  });

  it('raised no page errors', () => {
    expect(j.errors).toEqual([]);
  });
});
