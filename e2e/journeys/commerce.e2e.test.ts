// Journeys: buying a package through the sandbox cashier (pay, fail, abandon), a balance
// recharge, then a package paid from the balance. The browser's return is never the proof: the
// result pages show what the server says.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPhone, screenshot, startPortal, type Phone, type Portal } from '../harness';
import { loginWithAccount, resetBrowser, waitForPath } from './steps';

describe('commerce', () => {
  let portal: Portal;
  let phone: Phone;
  const errors: string[] = [];

  beforeAll(async () => {
    portal = await startPortal();
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

  async function choosePackage(page: Page): Promise<string> {
    await page.goto('/combo');
    const first = page.getByTestId('package').first();
    const name = (await first.locator('span').first().innerText()).replace('推荐', '').trim();
    await first.click();
    await waitForPath(page, '/combo_detail');
    await page.getByTestId('payable').filter({ hasText: /¥\d/ }).waitFor();
    return name;
  }

  async function payAtCashier(page: Page, button: '确认支付' | '模拟支付失败' | '放弃支付') {
    await page.getByRole('radio', { name: '微信支付' }).check();
    await page.getByRole('button', { name: /立即(支付|充值)/ }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/sim/pay/cashier/'));
    await page.getByRole('button', { name: button }).click();
  }

  it('buys a package with the best voucher through the messaging-app sandbox: paid, and the order says so', async () => {
    const { page } = phone;
    await loginWithAccount(page);
    const name = await choosePackage(page);
    await screenshot(page, 'combo-detail');
    // the best usable voucher is picked by default and the server's quote shows its discount
    const voucher = page.getByRole('radio').first();
    if (await page.getByText('优惠券', { exact: true }).count()) expect(await voucher.isChecked()).toBe(true);
    await payAtCashier(page, '确认支付');
    await waitForPath(page, '/pay_success');
    await page.getByRole('heading', { name: '支付成功' }).waitFor();
    await screenshot(page, 'pay-success');
    await page.getByRole('link', { name: '查看订单' }).click();
    const detail = page.getByTestId('order-detail');
    await detail.getByText(name).waitFor();
    await detail.getByText(/已完成|已支付/).waitFor();
  });

  it('a failed payment shows the failure, with a way to pay again', async () => {
    const { page } = phone;
    await loginWithAccount(page);
    await choosePackage(page);
    await payAtCashier(page, '模拟支付失败');
    await waitForPath(page, '/pay_fail');
    await page.getByRole('heading', { name: '支付未完成' }).waitFor();
    await page.getByRole('link', { name: '重新支付' }).waitFor();
  });

  it('an abandoned payment is never taken as paid: the order stays pending and can be closed', async () => {
    const { page } = phone;
    await loginWithAccount(page);
    await choosePackage(page);
    await payAtCashier(page, '放弃支付');
    await waitForPath(page, '/pay_status');
    await page.getByText('支付结果确认中…').waitFor();
    const orderNo = new URL(page.url()).searchParams.get('order_no')!;
    await page.goto(`/order?order_no=${orderNo}`);
    await page.getByTestId('order-detail').getByText('待支付').waitFor();
    await page.getByRole('button', { name: '关闭订单' }).click();
    await page.getByTestId('order-detail').getByText('已关闭').waitFor();
  });

  it('recharges the balance, then pays a package from it', async () => {
    const { page } = phone;
    await loginWithAccount(page);
    await page.goto('/recharge');
    const before = await page.getByTestId('balance').innerText();
    await page.getByLabel('其他金额').fill('10.5');
    await page.getByText('请输入 1 到 5000 之间的整数金额').waitFor();
    await page.getByRole('button', { name: '100元' }).click();
    await page.getByTestId('payable').filter({ hasText: '¥100.00' }).waitFor();
    await screenshot(page, 'recharge');
    await payAtCashier(page, '确认支付');
    await waitForPath(page, '/pay_success');
    await page.goto('/recharge');
    await page.getByTestId('balance').filter({ hasNotText: before }).waitFor();

    await choosePackage(page);
    await page.getByRole('radio', { name: '余额支付' }).check();
    await page.getByRole('button', { name: '立即支付' }).click();
    await waitForPath(page, '/pay_success');
    await page.getByRole('heading', { name: '支付成功' }).waitFor();
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
