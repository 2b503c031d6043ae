// Journeys of docs/decisions/0011 "One truth per fact", and 复制: the home page tells the truth at a glance.
//  - One "valid until": the reminder, the package card and the card facts name the same last day
//    (China time) the package works, and the reminder has its button (续订 → the package page).
//  - The network the user knows (中国联通 / 三网通), never the supplier (八骏) or the device kind
//    (随身WiFi, 多卡) — on home, and in the title of the real-name page.
//  - 复制 beside the card number and the ICCID.
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { screenshot } from '../harness';
import { useJourney } from '../journey';
import { loginWithAccount, resetBrowser, waitForPath } from './steps';

const DAY = 86_400_000;

/** YYYY-MM-DD in China time. */
const chinaDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);

/** The instant China midnight starts the day `n` days after today (China time). */
function chinaMidnightIn(n: number): number {
  return Date.parse(`${chinaDay(Date.now())}T00:00:00+08:00`) + n * DAY;
}

async function fact(page: Page, label: string): Promise<string> {
  const dd = page.locator(`dl div:has(> dt:text-is("${label}")) > dd`).first();
  await dd.waitFor();
  // '-' while the card's info is on its way (a card just made current, a loaded machine): every
  // fact this file reads has a value once it has come
  await expect.poll(async () => (await dd.innerText()).trim(), { timeout: 15_000 }).not.toBe('-');
  return (await dd.innerText()).trim();
}

async function makeCurrent(page: Page, num: string): Promise<void> {
  await page.goto('/card_list');
  await page.locator(`[data-card="${num}"]`).getByRole('button', { name: '设为当前' }).click();
  await waitForPath(page, '/');
  await page
    .getByTestId('current-card')
    .filter({ hasText: `${num.slice(0, 4)} ${num.slice(4, 8)} ${num.slice(8)}` })
    .waitFor();
}

describe('home tells the truth at a glance', () => {
  const j = useJourney();
  beforeEach(async () => {
    await resetBrowser(j.phone.page);
    await loginWithAccount(j.phone.page);
  });

  it('names one last valid day everywhere, and the renewal reminder has its button', async () => {
    const { page } = j.phone;
    // 1000000001's package (and the card) stops working at the China midnight four days ahead
    const end = new Date(chinaMidnightIn(4)).toISOString();
    const lastDay = chinaDay(chinaMidnightIn(4) - 1);
    j.portal.sql(
      "UPDATE card_packages SET expired_at = ? WHERE card_id = (SELECT id FROM cards WHERE custom_num = '1000000001') AND expired_at > ?",
      [end, new Date().toISOString()],
    );
    j.portal.sql("UPDATE cards SET expired_at = ? WHERE custom_num = '1000000001'", [end]);
    await page.reload();
    const banner = page.getByRole('note').filter({ hasText: '请及时续订' });
    await banner.waitFor();
    expect(await banner.innerText()).toContain(`有效期至${lastDay}`);
    await page.getByText(`套餐有效期至 ${lastDay}`).waitFor();
    expect(await fact(page, '卡片有效期')).toBe(lastDay);
    await screenshot(page, 'home-renew-reminder');
    await banner.getByRole('link', { name: '去续订' }).click();
    await waitForPath(page, '/combo');

    // the usage page names the same last day
    await page.goto('/flow');
    await page.getByText(new RegExp(`至 ${lastDay}$`)).waitFor();
    await screenshot(page, 'flow');
  });

  it('/mine shows the current card grouped like home, with 复制', async () => {
    const { page } = j.phone;
    await page.goto('/mine');
    await page.getByText('1000 0000 01', { exact: true }).waitFor();
    await page.getByRole('button', { name: '复制卡号' }).click();
    await page.getByText('已复制').waitFor();
    await screenshot(page, 'mine');
  });

  it('shows the network the user knows, not the supplier or the device kind', async () => {
    const { page } = j.phone;
    expect(await fact(page, '运营商')).toBe('中国联通');

    await makeCurrent(page, '1000000010'); // supplier 八骏, a Unicom SIM
    expect(await fact(page, '运营商')).toBe('中国联通');
    expect(await page.getByTestId('card-network').innerText()).toBe('中国联通');
    await expect(page.getByText('八骏', { exact: true }).count()).resolves.toBe(0);

    await makeCurrent(page, '1000000012'); // multi-SIM device (多卡)
    expect(await fact(page, '运营商')).toBe('三网通');
    await screenshot(page, 'home-multi-sim');

    await makeCurrent(page, '1000000011'); // 5G CPE (随身WiFi family) on a Unicom SIM
    expect(await fact(page, '运营商')).toBe('中国联通');
  });

  it('titles the Bajun card’s real-name page with its network, never 八骏', async () => {
    const { page } = j.phone;
    await makeCurrent(page, '1000000010');
    await page.goto('/bj_real_name');
    const title = page.getByRole('heading', { level: 1 });
    await title.filter({ hasText: '实名认证' }).waitFor();
    await page.getByRole('button', { name: '开始认证' }).waitFor();
    // the network is named once the card's line has come (a moment after the page and its button)
    await expect.poll(() => title.innerText()).toBe('中国联通实名认证');
    // the supplier only where it matters: as who runs the verification page the user is sent to
    const text = await page.locator('body').innerText();
    expect(text.replace('由八骏提供', '')).not.toContain('八骏');
    expect(text).toContain('由八骏提供');
    await screenshot(page, 'real-name-bj');
  });

  it('offers 复制 beside the card number and the ICCID', async () => {
    const { page } = j.phone;
    await page.getByRole('button', { name: '复制卡号' }).waitFor();
    await page.getByRole('button', { name: '复制ICCID' }).click();
    await page.getByText('已复制').waitFor();
    await screenshot(page, 'home');
  });

  it('raised no page errors', () => {
    expect(j.errors).toEqual([]);
  });
});
