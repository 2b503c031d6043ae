// Journeys of the wifi pages against real routers (docs/decisions/0032-routers-through-genieacs.md):
// the portal is pointed at a fake GenieACS NBI (a real HTTP server on 127.0.0.1 in this process)
// that manages two of the demo devices — the 5G CPE 1000000011 as a ZTE MU5001 (online) and the
// MiFi 1000000016 as a Huawei E5785 (offline; its model cannot block clients). A new SSID and
// password on the online router is 已生效 at once; on the offline one it waits
// (设备离线，上线后生效), can be withdrawn, and is applied when the router informs; a fault shows
// its reason; a router whose session outlasts the portal's HTTP limit (GenieACS holds the task POST
// until the session ends) shows 待生效, never an error, then 已生效, with one task sent
// (docs/decisions/0061-routers-behind-a-slow-acs.md); the Huawei's clients come without a 拉黑 button. With the ACS down, 设备首页 shows the
// last values read and says the router cannot be reached now.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { huaweiParameters, demoZteCpe } from '../../apps/server/test/acsHelpers';
import { startFakeAcs, type FakeAcs } from '../../apps/server/src/integrations/device/genieacs/fake';
import { openDesktop, openPhone, screenshot, startPortal, type Phone, type Portal } from '../harness';
import { consoleLogin, menuTo } from './consoleMenu';
import { grouped, loginWithAccount, resetBrowser } from './steps';

const CPE = { customNum: '1000000011', serial: 'CPE5G-A0011' };
const MIFI = { customNum: '1000000016', serial: 'MIFI4G-C0016' };

async function chooseDevice(page: Page, customNum: string): Promise<void> {
  await page.goto('/cpe');
  await page.getByRole('button', { name: '切换设备' }).click();
  await page.getByRole('button', { name: new RegExp(grouped(customNum)) }).click();
  await page
    .getByTestId('device-card')
    .filter({ hasText: grouped(customNum) })
    .waitFor();
  await page.waitForFunction((c) => localStorage.getItem('sim_cardInfo')?.includes(`"custom_num":"${c}"`), customNum);
}

const lastChange = (page: Page) => page.getByTestId('change-state').last();

async function saveWifi(page: Page, o: { ssid?: string; password?: string }): Promise<void> {
  if (o.ssid !== undefined) await page.getByLabel('WiFi名称').fill(o.ssid);
  if (o.password !== undefined) await page.getByLabel('WiFi密码').fill(o.password);
  await page.getByRole('button', { name: '保存设置' }).click();
  await page.locator('.adm-dialog-body').getByRole('button', { name: '确认修改' }).click();
  // the confirmation has faded out before anything is looked at (or photographed)
  await page.locator('.adm-dialog-body').waitFor({ state: 'hidden' });
}

describe('wifi pages on routers managed through GenieACS', () => {
  let fake: FakeAcs;
  let portal: Portal;
  let phone: Phone;
  const errors: string[] = [];

  beforeAll(async () => {
    fake = await startFakeAcs();
    fake.addDevice(demoZteCpe(CPE.serial));
    fake.addDevice({
      manufacturer: 'Huawei',
      oui: '00E0FC',
      productClass: 'E5785',
      serial: MIFI.serial,
      parameters: huaweiParameters({ online: false, ssid: 'HW-MIFI', password: 'hw-pass-1' }),
      online: false,
      lastInform: Date.now() - 3 * 3_600_000,
    });
    // a short HTTP limit, so the slow session outlasts it quickly
    portal = await startPortal({ env: { ACS_URL: fake.baseUrl, ACS_TIMEOUT_SECONDS: '3' } });
    phone = await openPhone(portal);
    phone.page.on('pageerror', (e) => errors.push(String(e)));
  });
  afterAll(async () => {
    await phone?.close();
    await portal?.stop();
    await fake?.close();
  });
  beforeEach(async () => {
    await resetBrowser(phone.page);
  });

  it('online router: a new SSID and password are 已生效 at once, and the router has them', async () => {
    const { page } = phone;
    await loginWithAccount(page);
    await chooseDevice(page, CPE.customNum);
    await page.getByTestId('device-card').getByText('中兴 MU5001 5G CPE').waitFor();
    await page.goto('/cpe_setting');
    await expect.poll(() => page.getByLabel('WiFi名称').inputValue(), { timeout: 15_000 }).toBe('ZTE-CPE');
    await saveWifi(page, { ssid: '客厅-5G', password: 'NewPass2026' });
    await lastChange(page).getByText('已生效').waitFor();
    expect(fake.value(CPE.serial, 'Device.WiFi.SSID.1.SSID')).toBe('客厅-5G');
    expect(fake.value(CPE.serial, 'Device.WiFi.AccessPoint.1.Security.KeyPassphrase')).toBe('NewPass2026');
    // the ZTE map has client blocking: its clients can be blocked
    await page.locator('[data-mac="A4:C3:F0:12:34:01"]').getByRole('button', { name: '拉黑' }).waitFor();
    await screenshot(page, 'acs-online-applied');
  });

  it('a fault: the change fails with the router’s reason in Chinese', async () => {
    const { page } = phone;
    await loginWithAccount(page);
    await chooseDevice(page, CPE.customNum);
    await page.goto('/cpe_setting');
    fake.faultNext(CPE.serial, 'cwmp.9007', 'Invalid parameter value');
    await saveWifi(page, { ssid: 'Refused-SSID' });
    await lastChange(page).getByText('设备执行失败：设备不接受该设置值').waitFor();
    await screenshot(page, 'acs-fault');
  });

  it('a slow session: 待生效 while the router’s session runs (no error), then 已生效; the change sent once', async () => {
    const { page } = phone;
    await loginWithAccount(page);
    await chooseDevice(page, CPE.customNum);
    await page.goto('/cpe_setting');
    await expect.poll(() => page.getByLabel('WiFi名称').inputValue(), { timeout: 15_000 }).not.toBe('');
    fake.holdSessions(CPE.serial);
    await saveWifi(page, { ssid: 'Slow-Session' });
    await lastChange(page).getByText('待生效').waitFor({ timeout: 30_000 });
    expect(await page.getByText('设备暂时无法连接').count()).toBe(0);
    await screenshot(page, 'acs-slow-session-pending');
    fake.releaseSessions(CPE.serial);
    await lastChange(page).getByText('已生效').waitFor({ timeout: 30_000 });
    expect(fake.value(CPE.serial, 'Device.WiFi.SSID.1.SSID')).toBe('Slow-Session');
    expect(fake.calls().filter((c) => c.method === 'POST' && c.body.includes('Slow-Session'))).toHaveLength(1);
  });

  it('offline router: queued (设备离线，上线后生效), withdrawn before it informs; the next one applies when it informs', async () => {
    const { page } = phone;
    await loginWithAccount(page);
    await chooseDevice(page, MIFI.customNum);
    await page.getByTestId('device-card').getByText('离线').waitFor();
    await page.goto('/cpe_setting');
    const ssid = page.getByLabel('WiFi名称');
    await expect.poll(() => ssid.inputValue(), { timeout: 15_000 }).toBe('HW-MIFI');
    // the Huawei map has no band: no band control on its page; and it writes no WPA3: not offered
    expect(await page.getByLabel('WiFi频段').count()).toBe(0);
    expect(await page.getByLabel('加密方式').locator('option').allInnerTexts()).toEqual(['WPA2-PSK', 'WPA2/WPA3 混合']);
    await saveWifi(page, { ssid: 'Withdrawn' });
    await lastChange(page).getByText('设备离线，上线后生效').waitFor();
    await screenshot(page, 'acs-offline-queued');
    await lastChange(page).getByRole('button', { name: '撤销' }).click();
    await lastChange(page).getByText('已撤销').waitFor();
    // withdrawn at the ACS too (the CPE's faulted task stays there for support)
    expect(fake.tasks().filter((t) => t.device.includes('MIFI4G'))).toEqual([]);

    await saveWifi(page, { ssid: 'After-Inform' });
    await lastChange(page).getByText('设备离线，上线后生效').waitFor();
    fake.inform(MIFI.serial);
    await lastChange(page).getByText('已生效').waitFor();
    expect(fake.value(MIFI.serial, 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.SSID')).toBe('After-Inform');
    await screenshot(page, 'acs-offline-applied');
  });

  it('a model without client blocking lists its clients with no 拉黑 button', async () => {
    const { page } = phone;
    fake.inform(MIFI.serial); // online now, so its clients show
    await loginWithAccount(page);
    await chooseDevice(page, MIFI.customNum);
    await page.goto('/cpe_setting');
    const row = page.locator('[data-mac="3C:22:FB:44:55:04"]');
    await row.getByText('MacBook').waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'acs-no-client-blocking');
    expect(errors).toEqual([]);
  });

  it('console: support sees the router’s last inform and the failed task’s fault code, and has it retried', async () => {
    const desk = await openDesktop(portal);
    try {
      const { page } = desk;
      await consoleLogin(page, 'support', 'Support#2026');
      await menuTo(page, 'WiFi设备任务');
      await page.waitForURL('**/admin/device-tasks');
      await page.getByLabel('卡号').fill(CPE.customNum);
      await page.getByRole('button', { name: '查询' }).click();
      await page.getByText('ACS：default').waitFor();
      const failed = page.getByRole('row').filter({ hasText: 'Refused-SSID' });
      await failed.getByText('故障码 cwmp.9007').waitFor();
      await screenshot(page, 'console-device-tasks');
      await failed.getByRole('button', { name: '重试' }).click();
      const modal = page.locator('.ant-modal').filter({ hasText: '重试任务' });
      await modal.getByRole('textbox').fill('用户来电要求重试');
      await modal.getByRole('button', { name: '确认重试' }).click();
      await failed.getByText('待生效').waitFor();
      expect(fake.faults()).toEqual([]);
      await screenshot(page, 'console-device-task-retried');
      // the list of the devices in scope: the router online, its retried task waiting (docs/decisions/0061-routers-behind-a-slow-acs.md)
      await page.getByRole('tab', { name: '设备列表' }).click();
      const listed = page.getByRole('row').filter({ hasText: CPE.serial });
      await listed.getByText('在线').waitFor();
      await listed.getByText(/待生效 1/).waitFor();
      await screenshot(page, 'console-device-overview');
    } finally {
      await desk.close();
    }
  });

  it('the ACS stops answering: 设备首页 shows the last values read and says the router cannot be reached (docs/decisions/0055)', async () => {
    const { page } = phone;
    await loginWithAccount(page);
    await chooseDevice(page, CPE.customNum);
    await page.getByTestId('device-card').getByText('中兴 MU5001 5G CPE').waitFor();
    fake.setDown(true);
    try {
      await page.reload();
      const card = page.getByTestId('device-card');
      await card.getByTestId('device-unreachable').getByText('设备暂时无法连接，显示的是上次获取的信息').waitFor();
      await card.getByText('中兴 MU5001 5G CPE').waitFor();
      // whether the router is online now is not known: not 离线 "since" the moment the ACS stopped
      expect(await card.getByTestId('device-online').textContent()).toBe('状态未知');
      // nothing can reach the router now: no button that could only fail (the change waiting stays listed)
      await page.getByText('待生效的操作').waitFor();
      expect(await page.getByRole('button', { name: '撤销' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: '重启设备' }).count()).toBe(0);
      await screenshot(page, 'acs-unreachable');
      expect(errors).toEqual([]);
    } finally {
      fake.setDown(false);
    }
  });
});
