// Journey: the shop says whether a device fits the card on the product page, before
// the address form — never after the whole address, in grey at confirmation — and lets the holder
// pick another of their cards there. The outdoor CPE sells for 超值年包系列 cards (series 2) only;
// the demo user's cards are 畅享月包系列 (series 1) unless a test gives one series 2.
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { screenshot } from '../harness';
import { useJourney } from '../journey';
import { DEMO, loginWithAccount, loginWithCard, resetBrowser, stored } from './steps';

const OUTDOOR = '户外 4G CPE（防水）';
const MIFI = '4G 随身WiFi（MiFi）';

/** The product page of a device, from the shop's list. */
async function openProduct(page: Page, name: string): Promise<void> {
  await page.goto('/shopping');
  await page.getByTestId('product').filter({ hasText: name }).getByRole('button', { name: '购买' }).click();
  await page.waitForURL((u) => u.pathname === '/shopping' && u.searchParams.has('product'));
}

const fit = (page: Page) => page.getByTestId('device-fit');
const form = (page: Page) => page.getByRole('heading', { name: '填写订单' });

describe('a device’s fit with the card, on the product page', () => {
  const j = useJourney();
  beforeEach(async () => {
    j.portal.sql("UPDATE cards SET package_series_ids = '[1]' WHERE custom_num = '1000000010'");
    await resetBrowser(j.phone.page);
  });

  it('a device that does not fit the current card says so before the form, and another card it fits can be picked there', async () => {
    const { page } = j.phone;
    // one of the holder's other cards is a 超值年包系列 card
    j.portal.sql("UPDATE cards SET package_series_ids = '[2]' WHERE custom_num = '1000000010'");
    await loginWithAccount(page);
    await openProduct(page, OUTDOOR);
    await page.locator('[data-testid="device-fit"][data-fit="no"]').waitFor();
    await page.getByText('该设备只适用于「超值年包系列」的卡片，这张卡不适用').first().waitFor();
    // no address is asked for a card the device does not fit
    expect(await form(page).count()).toBe(0);
    const others = page.getByTestId('other-cards');
    const fitting = others.locator('[data-card="1000000010"]');
    await fitting.getByRole('button', { name: '用这张卡' }).waitFor();
    // the others say they do not fit (each asked the server)
    await others.locator('[data-card="1000000002"]').getByText('不适用').waitFor();
    await screenshot(page, 'device-fit-not-this-card');

    await fitting.getByRole('button', { name: '用这张卡' }).click();
    await page.locator('[data-testid="device-fit"][data-fit="fits"]').waitFor();
    expect(await fit(page).innerText()).toContain('1000 0000 10');
    expect((await stored(page)).sim_customNum).toBe('1000000010');
    await form(page).waitFor();
    await screenshot(page, 'device-fit-other-card');
  });

  it('when none of the holder’s cards fits: says so, offers 绑定卡片 and 查看其他设备, and no form', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    await openProduct(page, OUTDOOR);
    await page.locator('[data-testid="device-fit"][data-fit="no"]').waitFor();
    await page.getByText('您的卡片都不适用该设备：可以绑定适用的卡片，或看看其他设备。').waitFor();
    expect(await page.getByTestId('other-cards').getByRole('button', { name: '用这张卡' }).count()).toBe(0);
    expect(await form(page).count()).toBe(0);
    await screenshot(page, 'device-fit-no-card');
    await page.getByRole('link', { name: '查看其他设备' }).click();
    await page.waitForURL((u) => u.pathname === '/shopping' && !u.searchParams.has('product'));
    await page.getByRole('list', { name: '在售设备' }).waitFor();
  });

  it('a device that fits: 适用 and the form; 更换 lists the other cards and 继续使用 keeps this one', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    await openProduct(page, MIFI);
    await page.locator('[data-testid="device-fit"][data-fit="fits"]').waitFor();
    await form(page).waitFor();
    await page.getByRole('button', { name: '更换' }).click();
    const others = page.getByTestId('other-cards');
    await others.locator('[data-card="1000000011"]').getByRole('button', { name: '用这张卡' }).waitFor();
    await page.getByRole('button', { name: /^继续使用/ }).click();
    expect(await others.count()).toBe(0);
    expect((await stored(page)).sim_customNum).toBe(DEMO.card);
  });

  it('a card-number login (one card) is told the device does not fit and offered the other devices', async () => {
    const { page } = j.phone;
    await loginWithCard(page);
    await openProduct(page, OUTDOOR);
    await page.locator('[data-testid="device-fit"][data-fit="no"]').waitFor();
    await page.getByText('卡号登录只能使用这张卡；用账号或手机号登录可选择您的其他卡片。').waitFor();
    expect(await page.getByTestId('other-cards').count()).toBe(0);
    expect(await form(page).count()).toBe(0);
    await page.getByRole('link', { name: '查看其他设备' }).waitFor();
  });

  it('raised no page errors', () => {
    expect(j.errors).toEqual([]);
  });
});
