// 固件推送 in WiFi设备任务 (docs/decisions/0075-firmware-pushes-one-line-state-cross-carrier-import.md):
// support pushes firmware to two of the demo's simulated devices from their cards' 设备任务 view, then
// finds both pushes in the fleet's list — card, serial, model, target version, who started it, the
// start in Beijing time — and narrows it by model and by state. Desktop at 1440×900.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openDesktop, screenshot, startPortal, type Phone, type Portal } from '../harness';
import { consoleLogin, menuTo } from './consoleMenu';

const CPE = { customNum: '1000000011', serial: 'CPE5G-A0011', image: 'V3.3.0_20251020' };
const MIFI = { customNum: '1000000016', serial: 'MIFI4G-C0016', image: 'V1.3.0_20250601' };

async function push(page: Page, d: typeof CPE): Promise<void> {
  await page.getByRole('tab', { name: '设备任务' }).click();
  await page.getByLabel('卡号').fill(d.customNum);
  await page.getByRole('button', { name: '查询' }).click();
  await page.getByRole('button', { name: '推送固件' }).click();
  const modal = page.locator('.ant-modal').filter({ hasText: '推送固件' });
  await modal.getByLabel('固件', { exact: true }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: d.image }).click();
  await modal.getByLabel('推送原因').fill('批量升级修复掉线');
  await modal.getByRole('button', { name: '确认推送' }).click();
  await modal.waitFor({ state: 'hidden' });
}

describe('固件推送: every push in the operator’s scope, filtered', () => {
  let portal: Portal;
  let desk: Phone;
  const errors: string[] = [];

  beforeAll(async () => {
    portal = await startPortal();
    desk = await openDesktop(portal);
    desk.page.on('pageerror', (e) => errors.push(String(e)));
  }, 90_000);
  afterAll(async () => {
    await desk?.close();
    await portal?.stop();
  });

  it('support pushes to a CPE and a MiFi and sees both listed with model, version, who and when', async () => {
    const { page } = desk;
    await consoleLogin(page, 'support', 'Support#2026');
    await menuTo(page, 'WiFi设备任务');
    await page.waitForURL('**/admin/device-tasks');
    await page.getByRole('tab', { name: '固件推送' }).click();
    await page.getByText('没有符合条件的固件推送').waitFor();
    await push(page, CPE);
    await push(page, MIFI);
    await page.getByRole('tab', { name: '固件推送' }).click();
    const table = page.getByRole('table', { name: '固件推送' });
    const cpe = table.getByRole('row').filter({ hasText: CPE.serial });
    await cpe.getByText(CPE.image).waitFor();
    await cpe.getByText('5G CPE Pro').waitFor();
    await cpe.getByText(/^客服 /).waitFor();
    // its state in the contract's words (the simulated CPE may have flashed it already)
    await cpe.getByText(/^(待生效|已生效)$/).waitFor();
    // the start in Beijing time, as the console writes every time
    await cpe
      .getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/)
      .first()
      .waitFor();
    await table.getByRole('row').filter({ hasText: MIFI.serial }).getByText(MIFI.image).waitFor();
    await screenshot(page, 'console-firmware-pushes');
  });

  it('narrowed by model, then by a state none of them is in', async () => {
    const { page } = desk;
    const table = page.getByRole('table', { name: '固件推送' });
    await page.getByLabel('设备型号').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '4G 随身WiFi' }).click();
    await page.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => table.getByRole('row').filter({ hasText: CPE.serial }).count()).toBe(0);
    await table.getByRole('row').filter({ hasText: MIFI.serial }).waitFor();
    await screenshot(page, 'console-firmware-pushes-by-model');
    await page.getByLabel('推送状态').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '已撤销' }).click();
    await page.getByRole('button', { name: '查询' }).click();
    await page.getByText('没有符合条件的固件推送').waitFor();
    expect(errors).toEqual([]);
  });
});
