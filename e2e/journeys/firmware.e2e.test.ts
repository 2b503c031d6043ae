// Firmware through the console (docs/decisions/0040-firmware-through-the-acs.md), against a fake
// GenieACS NBI in this process that manages two demo devices: the 5G CPE 1000000011 as a ZTE MU5001
// (its map declares download) and the MiFi 1000000016 as a Huawei E5785 (it does not). The platform
// administrator registers an image in WiFi设备任务's 固件库 tab, then pushes it to the CPE from its
// device view: the router takes the download (待生效), the holder's page says 设备升级中，请勿断电
// with no control of theirs, and after the router's TRANSFER COMPLETE the task is 已生效 and both
// pages show the new version. The Huawei offers no 推送固件. Desktop at 1440×900, the holder's phone at 375×667.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { huaweiParameters, demoZteCpe } from '../../apps/server/test/acsHelpers';
import { startFakeAcs, type FakeAcs } from '../../apps/server/src/integrations/device/genieacs/fake';
import { openDesktop, openPhone, screenshot, startPortal, type Phone, type Portal } from '../harness';
import { consoleLogin, menuTo } from './consoleMenu';
import { grouped, loginWithAccount } from './steps';

const CPE = { customNum: '1000000011', serial: 'CPE5G-A0011' };
const MIFI = { customNum: '1000000016', serial: 'MIFI4G-C0016' };
const IMAGE = { version: 'MU5001_V1.1.0B03', fileName: 'MU5001_V1.1.0B03.bin' };

async function lookUp(page: Page, customNum: string): Promise<void> {
  await page.getByLabel('卡号').fill(customNum);
  await page.getByRole('button', { name: '查询' }).click();
}

describe('firmware: the catalogue, a push, and the holder’s page while it waits', () => {
  let fake: FakeAcs;
  let portal: Portal;
  let desk: Phone;
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
      parameters: huaweiParameters({ online: true, ssid: 'HW-MIFI', password: 'hw-pass-1' }),
      online: true,
    });
    // the image on the ACS's file server, where GenieACS serves it to the router
    fake.addFile({ fileName: IMAGE.fileName, fileType: '1 Firmware Upgrade Image', version: IMAGE.version, productClass: 'MU5001' });
    portal = await startPortal({ env: { ACS_URL: fake.baseUrl } });
    desk = await openDesktop(portal);
    desk.page.on('pageerror', (e) => errors.push(String(e)));
  }, 90_000);
  afterAll(async () => {
    await phone?.close();
    await desk?.close();
    await portal?.stop();
    await fake?.close();
  });

  it('the platform administrator registers an image for the MU5001 in 固件库', async () => {
    const { page } = desk;
    await consoleLogin(page, 'admin', 'Admin#2026');
    await menuTo(page, 'WiFi设备任务');
    await page.waitForURL('**/admin/device-tasks');
    await page.getByRole('tab', { name: '固件库' }).click();
    // the demo's catalogue: images for the simulated models
    await page.getByRole('cell', { name: 'V3.3.0_20251020', exact: true }).waitFor();
    await page.getByRole('button', { name: '登记固件' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '登记固件' });
    await modal.getByLabel('设备型号').click();
    // a model whose map declares no download cannot be chosen
    const huawei = page.locator('.ant-select-item-option').filter({ hasText: 'E5785' });
    expect(await huawei.getAttribute('aria-disabled')).toBe('true');
    await page.locator('.ant-select-item-option').filter({ hasText: '中兴 MU5001 5G CPE' }).click();
    await modal.getByLabel('版本号').fill(IMAGE.version);
    await modal.getByLabel('文件名').fill('MU5001 V1.1.bin');
    await modal.getByLabel('文件大小').fill('57.5');
    await modal.getByLabel('说明').fill('修复5G驻网掉线');
    await modal.getByLabel('登记原因').fill('中兴发布 V1.1.0B03');
    await modal.getByRole('button', { name: '保存' }).click();
    // the server says what is wrong with the name, and the modal stays
    await modal.getByText(/文件名只能含字母/).waitFor();
    await modal.getByLabel('文件名').fill(IMAGE.fileName);
    await modal.getByRole('button', { name: '保存' }).click();
    await modal.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: IMAGE.version });
    await row.getByText('可推送').waitFor();
    await row.getByText('57.5 MB').waitFor();
    await screenshot(page, 'console-firmware-catalogue');
  });

  it('the admin pushes it to the CPE: pending while the router flashes it, the holder is told not to cut the power', async () => {
    const { page } = desk;
    await page.getByRole('tab', { name: '设备任务' }).click();
    await lookUp(page, CPE.customNum);
    await page.getByText('ACS：default').waitFor();
    await page.getByText('MU5001_V1.0.0B12').waitFor();
    await page.getByRole('button', { name: '推送固件' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '推送固件' });
    await modal.getByLabel('固件', { exact: true }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: IMAGE.fileName }).click();
    await modal.getByLabel('推送原因').fill('用户反馈5G掉线，升级修复');
    await screenshot(page, 'console-firmware-push');
    await modal.getByRole('button', { name: '确认推送' }).click();
    await modal.waitFor({ state: 'hidden' });
    const task = page.getByRole('row').filter({ hasText: `升级到 ${IMAGE.version}` });
    await task.getByText('待生效').waitFor();
    const sent = fake.calls().filter((c) => c.method === 'POST' && c.body.includes('"download"'));
    expect(sent.map((c) => JSON.parse(c.body))).toEqual([
      { name: 'download', fileType: '1 Firmware Upgrade Image', fileName: IMAGE.fileName },
    ]);
    await screenshot(page, 'console-firmware-pending');

    // the holder's page: the upgrade waits, with the one warning and no control
    phone = await openPhone(portal);
    const p = phone.page;
    await loginWithAccount(p);
    await p.goto('/cpe');
    await p.getByRole('button', { name: '切换设备' }).click();
    await p.getByRole('button', { name: new RegExp(grouped(CPE.customNum)) }).click();
    const waiting = p.getByTestId('change-state').filter({ hasText: `升级到 ${IMAGE.version}` });
    await waiting.getByText('设备升级中，请勿断电').waitFor();
    expect(await waiting.getByRole('button', { name: '撤销' }).count()).toBe(0);
    await waiting.scrollIntoViewIfNeeded();
    await screenshot(p, 'cpe-firmware-upgrading');
  });

  it('after the router’s TRANSFER COMPLETE: 已生效, and both pages show the new version', async () => {
    fake.inform(CPE.serial);
    const { page } = desk;
    await lookUp(page, CPE.customNum);
    const task = page.getByRole('row').filter({ hasText: `升级到 ${IMAGE.version}` });
    await task.getByText('已生效').waitFor();
    await page.locator('.ant-descriptions').getByText(IMAGE.version).waitFor();
    await screenshot(page, 'console-firmware-applied');
    const p = phone.page;
    await p.reload();
    await p.getByText(`固件 ${IMAGE.version}`).waitFor();
    expect(
      await p
        .getByTestId('change-state')
        .filter({ hasText: `升级到 ${IMAGE.version}` })
        .count(),
    ).toBe(0);
  });

  it('a model that takes no firmware over TR-069 offers no 推送固件', async () => {
    const { page } = desk;
    await lookUp(page, MIFI.customNum);
    await page.getByText('华为 E5785 4G 随身WiFi', { exact: false }).waitFor();
    await page.getByText('该型号不支持').waitFor();
    expect(await page.getByRole('button', { name: '推送固件' }).count()).toBe(0);
    await screenshot(page, 'console-firmware-unsupported');
    expect(errors).toEqual([]);
  });
});
