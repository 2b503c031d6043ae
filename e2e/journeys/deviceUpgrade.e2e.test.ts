// Journeys of package upgrades (docs/decisions/0013) on a 375×667 phone: the demo user upgrades the
// 5G CPE's (1000000011) 300GB package on /cpe_up → /cpe_up_detail, pays through the sandbox cashier
// and then by balance, sees on the result page what changed and on /cpe the new package; a package
// that ends within a day is refused with 去续订.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from '../harness';
import { useJourney } from '../journey';
import { grouped, loginWithAccount, resetBrowser, waitForPath } from './steps';

const CPE = '1000000011';
const DAY = 86_400_000;

/** On /cpe: makes one of the user's devices the current one. */
async function chooseDevice(page: Page, customNum: string): Promise<void> {
  await page.goto('/cpe');
  await page.getByRole('button', { name: '切换设备' }).click();
  await page.getByRole('button', { name: new RegExp(grouped(customNum)) }).click();
  await page
    .getByTestId('device-card')
    .filter({ hasText: grouped(customNum) })
    .waitFor();
}

/** Neither covers the other (the floating service button and a control). */
async function apart(a: Locator, b: Locator): Promise<boolean> {
  const x = (await a.boundingBox())!;
  const y = (await b.boundingBox())!;
  return x.x + x.width <= y.x || y.x + y.width <= x.x || x.y + x.height <= y.y || y.y + y.height <= x.y;
}

describe('package upgrade of a device card', () => {
  const j = useJourney();
  /** The CPE's seeded package, 10 days into a 30-day period (the seed's calendar month may be ending). */
  const setPackage = (endsInMs: number) => {
    const now = Date.now();
    j.portal.sql(
      `UPDATE card_packages SET started_at = ?, expired_at = ?
       WHERE order_no IS NULL AND card_id = (SELECT id FROM cards WHERE custom_num = ?)`,
      [new Date(now + endsInMs - 30 * DAY).toISOString(), new Date(now + endsInMs).toISOString(), CPE],
    );
  };
  beforeEach(async () => {
    await resetBrowser(j.phone.page);
  });

  it('upgrades 300GB → 500GB through the cashier, then → 1000GB by balance; the result and /cpe say what changed', async () => {
    setPackage(20 * DAY);
    const { page } = j.phone;
    await loginWithAccount(page);
    await chooseDevice(page, CPE);
    await page.getByRole('link', { name: '升级套餐' }).click();
    await waitForPath(page, '/cpe_up');

    const current = page.getByTestId('current-package');
    await current.getByText('5G CPE 300G月包').waitFor();
    await current.getByTestId('current-total').filter({ hasText: '300GB' }).waitFor();
    await current.getByTestId('current-remaining').filter({ hasText: /GB$/ }).waitFor();
    const validUntil = (await current.getByTestId('current-valid-until').innerText()).trim();
    expect(validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const options = page.getByTestId('upgrade-option');
    await options.first().waitFor();
    expect(await options.count()).toBe(2);
    const to500 = options.filter({ hasText: '5G CPE 500G月包' });
    await to500.getByText(`流量 300GB → 500GB，立即生效，有效期不变至 ${validUntil}`).waitFor();
    // 89.00 × 20/30 − 59.00 × 20/30, each rounded in the customer's favour
    await to500.getByText('¥19.99').waitFor();
    // every option is a full-width tap target, and the floating 客服 button covers none
    for (const o of await options.all()) expect((await o.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const fab = page.getByRole('button', { name: '在线客服' });
    await fab.waitFor();
    expect(await apart(fab, options.last())).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'cpe-up');

    await to500.click();
    await waitForPath(page, '/cpe_up_detail');
    await page.getByTestId('upgrade-change').filter({ hasText: '流量 300GB → 500GB' }).waitFor();
    const figures = page.getByTestId('upgrade-figures');
    await figures.getByText('-¥39.34').waitFor();
    await figures.getByTestId('upgrade-payable').filter({ hasText: '¥19.99' }).waitFor();
    await page.getByTestId('payable').filter({ hasText: '¥19.99' }).waitFor();
    expect(await page.getByRole('button', { name: '在线客服' }).count()).toBe(0); // noCpeKF
    await screenshot(page, 'cpe-up-detail');
    await page.getByRole('radio', { name: '微信支付' }).check();
    await page.getByRole('button', { name: '确认升级' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/sim/pay/cashier/'));
    await page.getByRole('button', { name: '确认支付' }).click();
    await waitForPath(page, '/pay_success');
    await page.getByRole('heading', { name: '支付成功' }).waitFor();
    await screenshot(page, 'cpe-up-paid');
    await page.getByText(/升级为5G CPE 500G月包（流量 300GB → 500GB） · 实付 ¥19\.99，.*有效期至/).waitFor();

    await page.goto('/cpe');
    await page.getByText('5G CPE 500G月包').waitFor();
    await page.getByTestId('expiry').filter({ hasText: validUntil }).waitFor();
    const remaining = await page.getByTestId('remaining').innerText();
    expect(parseFloat(remaining)).toBeGreaterThan(300);
    await screenshot(page, 'cpe-after-upgrade');

    // the next step up, paid from the balance
    j.portal.sql(`UPDATE cards SET balance_fen = balance_fen + 10000 WHERE custom_num = ?`, [CPE]);
    j.portal.sql(
      `INSERT INTO balance_ledger (card_id, amount_fen, balance_after_fen, kind, order_no, note, created_at)
       SELECT id, 10000, balance_fen, 'recharge', '', '测试充值', ? FROM cards WHERE custom_num = ?`,
      [new Date().toISOString(), CPE],
    );
    await page.goto('/cpe_up');
    await page.getByTestId('current-package').getByText('5G CPE 500G月包').waitFor();
    await options.filter({ hasText: '流量 500GB → 1000GB' }).click();
    await waitForPath(page, '/cpe_up_detail');
    await page.getByRole('radio', { name: /余额支付/ }).check();
    const payable = (await page.getByTestId('payable').filter({ hasText: /¥\d/ }).innerText()).trim();
    await page.getByRole('button', { name: '确认升级' }).click();
    await waitForPath(page, '/pay_success');
    await page.getByText(`升级为5G CPE 1000G月包（流量 500GB → 1000GB） · 实付 ${payable}`, { exact: false }).waitFor();
    await page.goto('/cpe');
    await page.getByText('5G CPE 1000G月包').waitFor();
  });

  it('a package that ends within a day is not upgraded: the page says why and offers 去续订', async () => {
    setPackage(12 * 3600_000);
    const { page } = j.phone;
    await loginWithAccount(page);
    await chooseDevice(page, CPE);
    await page.goto('/cpe_up');
    const refused = page.getByTestId('upgrade-refused');
    await refused.getByText(/24小时内到期/).waitFor();
    expect(await page.getByTestId('upgrade-option').count()).toBe(0);
    const renew = refused.getByRole('link', { name: '去续订' });
    expect((await renew.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    const fab = page.getByRole('button', { name: '在线客服' });
    await fab.waitFor();
    expect(await apart(fab, renew)).toBe(true);
    await screenshot(page, 'cpe-up-refused');
    // to the device's plans (/cpe_combo, built beside this page)
    expect(await renew.getAttribute('href')).toBe('/cpe_combo');
  });

  it('had no page errors', () => {
    expect(j.errors).toEqual([]);
  });
});
