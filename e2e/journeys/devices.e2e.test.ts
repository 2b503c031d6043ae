// Journeys of the wifi-device pages (docs/decisions/0012): the demo user's 5G CPE (1000000011) changes its
// wifi password, blocks a client and reboots; the multi-SIM MiFi (1000000012) switches carrier on
// /change and on /cpe_network, and its switch to the weak carrier fails and rolls back; the offline
// MiFi (1000000016) queues a change that its owner cancels; the cpe guards. The devices check in
// every second and reboot in three (DEVICE_CHECKIN_SECONDS / DEVICE_REBOOT_SECONDS), so the pages'
// 待生效 → 已生效 is seen without long waits.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPhone, screenshot, startPortal, type Phone, type Portal } from '../harness';
import { grouped, loginWithAccount, loginWithCard, resetBrowser, waitForPath } from './steps';
import type { Page } from 'playwright-core';

/** On /cpe: makes one of the user's devices the current one. */
async function chooseDevice(page: Page, customNum: string): Promise<void> {
  await page.goto('/cpe');
  await page.getByRole('button', { name: '切换设备' }).click();
  await page.getByRole('button', { name: new RegExp(grouped(customNum)) }).click();
  await page
    .getByTestId('device-card')
    .filter({ hasText: grouped(customNum) })
    .waitFor();
  // it is the current card now, with its info stored (the card pages such as /change need it)
  await page.waitForFunction((c) => localStorage.getItem('sim_cardInfo')?.includes(`"custom_num":"${c}"`), customNum);
}

/** Waits for an antd-mobile dialog's opening animation to end (for a screenshot that shows it). */
async function dialogOpened(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const body = document.querySelector('.adm-dialog-body');
    return body?.parentElement ? getComputedStyle(body.parentElement).opacity === '1' : false;
  });
}

/** The change tracker of the last change made on the page. */
function lastChange(page: Page) {
  return page.getByTestId('change-state').last();
}

describe('wifi devices', () => {
  let portal: Portal;
  let phone: Phone;
  const errors: string[] = [];
  beforeAll(async () => {
    portal = await startPortal({ env: { DEVICE_CHECKIN_SECONDS: '1', DEVICE_REBOOT_SECONDS: '3' } });
    phone = await openPhone(portal);
    phone.page.on('pageerror', (e) => errors.push(String(e)));
  });
  afterAll(async () => {
    await phone?.close();
    await portal?.stop();
  });
  beforeEach(async () => {
    await resetBrowser(phone.page);
  });

  it('1000000011: the device home shows status, signal, carrier and the card’s data', async () => {
    const { page } = phone;
    await loginWithAccount(page);
    await chooseDevice(page, '1000000011');
    const card = page.getByTestId('device-card');
    await card.getByText('5G CPE Pro').waitFor();
    await card.getByText('在线').waitFor();
    await page.getByTestId('signal').filter({ hasText: '信号强' }).waitFor();
    await page.getByTestId('carrier').filter({ hasText: '中国联通' }).waitFor();
    await page.getByTestId('remaining').waitFor();
    await page.getByTestId('expiry').waitFor();
    await screenshot(page, 'cpe');
  });

  it('the area’s own 客服 button shows on its pages, and not where the route says noCpeKF (/cpe_bind)', async () => {
    const { page } = phone;
    await loginWithAccount(page);
    await chooseDevice(page, '1000000011');
    const fab = page.getByRole('button', { name: '在线客服' });
    await fab.waitFor();
    await page.goto('/cpe_setting');
    await page.getByText('WiFi名称').first().waitFor();
    await fab.waitFor();
    await page.goto('/cpe_bind');
    await page
      .getByRole('button', { name: /添加|绑定/ })
      .first()
      .waitFor();
    expect(await fab.count()).toBe(0);
  });

  it('/wifi_setting shows the wifi of the current card’s device, and says so when the current card is not in one', async () => {
    const { page } = phone;
    await loginWithAccount(page);
    await page.goto('/wifi_setting');
    await page.getByText('当前卡片不是WiFi设备').waitFor();
    await chooseDevice(page, '1000000012');
    await page.goto('/wifi_setting');
    await expect.poll(() => page.getByLabel('WiFi名称').inputValue()).toBe('MiFi-0012');
    await page.locator('[data-mac="5C:E8:83:21:43:65"]').waitFor();
    await screenshot(page, 'wifi-setting');
  });

  it('1000000011 changes its wifi password: warning, 待生效, 已生效 and the QR code of the new network', async () => {
    const { page } = phone;
    await loginWithAccount(page);
    await chooseDevice(page, '1000000011');
    await page.getByRole('link', { name: /WiFi设置/ }).click();
    await waitForPath(page, '/cpe_setting');
    const password = page.getByLabel('WiFi密码');
    await expect.poll(() => password.inputValue()).toBe('cl0011wifi');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: '显示密码' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await screenshot(page, 'cpe-setting');

    // a bad password is refused at the field, nothing is sent
    await password.fill('short');
    await page.getByRole('button', { name: '保存设置' }).click();
    await page.getByText('WiFi密码至少8位').waitFor();

    await password.fill('NewPass2026');
    await page.getByRole('button', { name: '保存设置' }).click();
    const warning = page.locator('.adm-dialog-body');
    await warning.getByText(/所有已连接的设备都会断开/).waitFor();
    await dialogOpened(page);
    await screenshot(page, 'cpe-setting-warning');
    await warning.getByRole('button', { name: '确认修改' }).click();
    await lastChange(page).getByText('待生效').waitFor();
    await lastChange(page).getByText('已生效').waitFor();
    await page.getByRole('img', { name: '新WiFi二维码' }).waitFor();
    await screenshot(page, 'cpe-setting-applied');
    const row = await portal.sql<{ password: string }>("SELECT wifi_password AS password FROM sim_devices WHERE serial = 'CPE5G-A0011'");
    expect(Array.isArray(row) ? row[0]?.password : undefined).toBe('NewPass2026');
  });

  it('1000000011 blocks a client, and the recent changes say so', async () => {
    const { page } = phone;
    await loginWithAccount(page);
    await chooseDevice(page, '1000000011');
    await page.getByRole('link', { name: /终端管理/ }).click();
    await waitForPath(page, '/cpe_setting');
    // opened at the clients, below the wifi form
    const heading = page.getByRole('heading', { name: '已连接的终端' });
    await expect
      .poll(async () => {
        const y = (await heading.boundingBox())?.y;
        return y !== undefined && y >= 0 && y < 200;
      })
      .toBe(true);
    const tv = page.locator('[data-mac="E8:9F:80:11:22:03"]');
    await tv.getByRole('button', { name: '拉黑' }).click();
    await page.locator('.adm-dialog-body').getByRole('button', { name: '拉黑' }).click();
    await tv.getByText('已拉黑').waitFor();
    await tv.getByRole('button', { name: '解除' }).waitFor();
    await page.getByTestId('recent-changes').getByText(/拉黑/).first().waitFor();
    await screenshot(page, 'cpe-setting-clients');
  });

  it('1000000011 reboots: confirmed, offline, then back online', async () => {
    const { page } = phone;
    await loginWithAccount(page);
    await chooseDevice(page, '1000000011');
    // a factory reset says what it loses before anything happens; cancelled here
    await page.getByRole('button', { name: '恢复出厂设置' }).click();
    const resetDialog = page.locator('.adm-dialog-body');
    await resetDialog.getByText('拉黑名单清空').waitFor();
    await resetDialog.getByText('WiFi名称和密码恢复为设备背面标签上的出厂值').waitFor();
    await dialogOpened(page);
    await screenshot(page, 'cpe-reset-confirm');
    await resetDialog.getByRole('button', { name: '取消' }).click();
    await resetDialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: '重启设备' }).click();
    await page.locator('.adm-dialog-body').getByRole('button', { name: '确认重启' }).click();
    const card = page.getByTestId('device-card');
    await card.getByText(/重启中|离线/).waitFor();
    await screenshot(page, 'cpe-rebooting');
    await card.getByText('在线').waitFor({ timeout: 20_000 });
  });

  it('1000000016 (offline): a change waits for the device and the owner cancels it', async () => {
    const { page } = phone;
    await loginWithAccount(page);
    await chooseDevice(page, '1000000016');
    await page.getByTestId('device-card').getByText('离线').waitFor();
    await page.goto('/cpe_setting');
    const ssid = page.getByLabel('WiFi名称');
    await expect.poll(() => ssid.inputValue()).toBe('MiFi4G-0016');
    await ssid.fill('MyMiFi');
    await page.getByRole('button', { name: '保存设置' }).click();
    await page.locator('.adm-dialog-body').getByRole('button', { name: '确认修改' }).click();
    await lastChange(page).getByText('设备离线，上线后生效').waitFor();
    await screenshot(page, 'cpe-setting-offline-queued');
    await lastChange(page).getByRole('button', { name: '撤销' }).click();
    await lastChange(page).getByText('已撤销').waitFor();
    expect(await ssid.inputValue()).toBe('MiFi4G-0016');
  });

  it('1000000012 switches carrier on /change, then on /cpe_network to the weak one, which fails and rolls back', async () => {
    const { page } = phone;
    await loginWithAccount(page);
    await chooseDevice(page, '1000000012');
    await page.goto('/change');
    const sims = page.getByTestId('sim');
    await expect.poll(() => sims.count()).toBe(3);
    await page.getByTestId('sim').filter({ hasText: '中国移动' }).getByText('使用中').waitFor();
    await screenshot(page, 'change');
    await page.getByTestId('sim').filter({ hasText: '中国联通' }).getByRole('button', { name: '切换' }).click();
    await page.locator('.adm-dialog-body').getByRole('button', { name: '确认切换' }).click();
    await page.getByTestId('switch-result').getByText('已切换到中国联通').waitFor();
    await page.getByTestId('sim').filter({ hasText: '中国联通' }).getByText('使用中').waitFor();
    await screenshot(page, 'change-attached');

    await page.goto('/cpe_network');
    await page.getByTestId('sim').filter({ hasText: '中国联通' }).getByText('使用中').waitFor();
    const telecom = page.getByTestId('sim').filter({ hasText: '中国电信' });
    await telecom.getByText('信号弱').waitFor();
    await telecom.getByRole('button', { name: '切换' }).click();
    await page
      .locator('.adm-dialog-body')
      .getByText(/信号弱/)
      .waitFor();
    await page.locator('.adm-dialog-body').getByRole('button', { name: '确认切换' }).click();
    const result = page.getByTestId('switch-result');
    await result.getByText('切换失败，已恢复中国联通').waitFor();
    await result.getByText(/无法注册到网络/).waitFor();
    await page.getByTestId('sim').filter({ hasText: '中国联通' }).getByText('使用中').waitFor();
    await screenshot(page, 'cpe-network-rolled-back');
  });

  it('adds the unbound device on /cpe_bind: errors at their field, then serial CPE5G-D0017 with card 1000000017 and its card password', async () => {
    const { page } = phone;
    await loginWithAccount(page);
    await page.goto('/cpe');
    await page.getByRole('link', { name: /我的设备/ }).click();
    await waitForPath(page, '/cpe_router');
    await page.getByRole('link', { name: '+ 添加设备' }).click();
    await waitForPath(page, '/cpe_bind');
    const serial = page.getByLabel('序列号');
    const card = page.getByLabel('卡号');
    const password = page.getByLabel('卡密码');
    const submit = page.getByRole('button', { name: '添加设备' });

    await serial.fill('ab');
    await submit.click();
    await page.getByRole('alert').filter({ hasText: '请输入正确的设备序列号' }).waitFor();
    await page.getByRole('alert').filter({ hasText: '请输入卡号' }).waitFor();
    await page.getByRole('alert').filter({ hasText: '请输入卡密码' }).waitFor();

    // serial, card and password are the server's to check together, with one answer for any wrong
    await serial.fill('CPE5G-D0017');
    await card.fill('1000000016');
    await password.fill('123456');
    await submit.click();
    await page.getByRole('alert').filter({ hasText: '设备序列号、卡号或卡密码不正确' }).waitFor();
    await screenshot(page, 'cpe-bind-mismatch');

    await serial.fill('CPE5G-Z9999');
    await card.fill('1000000017');
    await submit.click();
    await page.getByRole('alert').filter({ hasText: '设备序列号、卡号或卡密码不正确' }).waitFor();

    await serial.fill('cpe5g-d0017');
    await submit.click();
    await waitForPath(page, '/cpe');
    await page.getByTestId('device-card').filter({ hasText: '1000 0000 17' }).waitFor();
    const bound = await portal.sql<{ account: string }>(
      "SELECT u.account FROM card_bindings b JOIN cards c ON c.id = b.card_id JOIN users u ON u.id = b.user_id WHERE c.custom_num = '1000000017'",
    );
    expect(bound).toEqual([{ account: 'demo' }]);
  });

  it('my devices on /cpe_router: makes another one current, and unbinds the added one after a confirmation', async () => {
    const { page } = phone;
    await loginWithAccount(page);
    await page.goto('/cpe_router');
    const added = page.locator('[data-device="1000000017"]');
    await added.waitFor();
    await screenshot(page, 'cpe-router');
    await page.locator('[data-device="1000000012"]').getByRole('button', { name: '设为当前' }).click();
    await page.locator('[data-device="1000000012"]').getByText('当前设备').waitFor();
    await page.goto('/cpe');
    await page.getByTestId('device-card').filter({ hasText: '1000 0000 12' }).waitFor();

    await page.goto('/cpe_router');
    await added.getByRole('button', { name: '解绑' }).click();
    const dialog = page.locator('.adm-dialog-body');
    await dialog.getByText(/设备中的卡（卡号 1000 0000 17）会一同从您的账号解绑/).waitFor();
    await dialog.getByRole('button', { name: '确认解绑' }).click();
    await added.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('[data-device]').count()).toBe(3);
  });

  it('the area’s own tab bar: 设备首页 ⇄ 我的 (/cpe_mine), for a visitor too', async () => {
    const { page } = phone;
    await page.goto('/cpe');
    const tabs = page.getByRole('navigation', { name: '设备导航' });
    await tabs.getByRole('link', { name: '我的' }).click();
    await waitForPath(page, '/cpe_mine');
    await page.getByText('未登录').waitFor();
    expect(await tabs.getByRole('link', { name: '我的' }).getAttribute('aria-current')).toBe('page');

    await loginWithAccount(page);
    await page.goto('/cpe_mine');
    await page.getByText('3台设备').waitFor();
    await screenshot(page, 'cpe-mine');
    await page.getByRole('link', { name: /我的设备/ }).click();
    await waitForPath(page, '/cpe_router');
    await page.goto('/cpe_mine');
    await tabs.getByRole('link', { name: '设备首页' }).click();
    await waitForPath(page, '/cpe');
    await page.getByTestId('device-card').waitFor();
  });

  it('guards: a visitor on /cpe_setting gets the login popup and lands on /cpe', async () => {
    const { page } = phone;
    await page.goto('/cpe_setting');
    await waitForPath(page, '/cpe');
    await page.locator('.adm-dialog-body').getByText('请先登录').waitFor();
    await screenshot(page, 'cpe-guard-visitor');
    await page.locator('.adm-dialog-body').getByRole('button', { name: '去登录' }).click();
    await waitForPath(page, '/login');
  });

  it('guards: a card-number login on /cpe_setting is told why and offered the mobile login (or the app)', async () => {
    const { page } = phone;
    await loginWithCard(page, '1000000011');
    await page.goto('/cpe_setting');
    await waitForPath(page, '/cpe');
    // logged in, but the check does not apply (user_id 0): the reason, and each way on
    const dialog = page.locator('.adm-dialog-body');
    await dialog.getByText('请用手机号或账号登录', { exact: true }).waitFor();
    await dialog.getByText(/卡号登录不能管理设备/).waitFor();
    await screenshot(page, 'cpe-guard-card-login');
    await dialog.getByRole('button', { name: '去登录' }).click();
    await waitForPath(page, '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/cpe_setting');
  });

  it('had no uncaught page errors', () => {
    expect(errors).toEqual([]);
  });
});
