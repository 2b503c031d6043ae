// Journeys: buying a package with a voucher through each channel's sandbox cashier (messaging-app
// pay: paid; e-wallet: failed; instalment: abandoned), a balance recharge and a package paid from
// it, a coupon package, the in-app "open in a browser" guide, and a card that has never paid a
// package passing its gate after buying one. The browser's return is never the proof: the result
// pages show what the server says.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MOBILE_USER_AGENT, screenshot } from '../harness';
import { useJourney } from '../journey';
import { loginWithAccount, loginWithCardOf, openPackage, openSandboxCashier, redirectPrompt, resetBrowser, waitForPath } from './steps';

type CashierButton = '确认支付' | '模拟支付失败' | '放弃支付';

describe('commerce', () => {
  const j = useJourney();
  beforeEach(async () => {
    await resetBrowser(j.phone.page);
  });

  /** Opens /combo, picks the package with that name, waits for the server's quote. */
  async function choosePackage(page: Page, name = '畅享100G月包'): Promise<void> {
    await openPackage(page, name);
    await page.getByTestId('payable').filter({ hasText: /¥\d/ }).waitFor();
  }

  /** Picks a channel, pays, and presses a button of the sandbox cashier. */
  async function payAtCashier(page: Page, channel: string, button: CashierButton): Promise<void> {
    await openSandboxCashier(page, channel);
    await page.getByRole('button', { name: button }).click();
  }

  it('buys a package with the best voucher through the messaging-app sandbox: paid, and the order says so', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    await page.goto('/combo');
    await page.getByRole('tab', { name: '基础套餐' }).click();
    await screenshot(page, 'combo');
    await choosePackage(page);
    // the best usable voucher is chosen for the user; the discount and the payable are the server's
    await page.getByTestId('voucher-row').getByText('月包专享10元券 -¥10.00').waitFor();
    await page.getByTestId('payable').filter({ hasText: '¥19.00' }).waitFor();
    await screenshot(page, 'combo-detail');
    await payAtCashier(page, '微信支付', '确认支付');
    await waitForPath(page, '/pay_success');
    await page.getByRole('heading', { name: '支付成功' }).waitFor();
    await screenshot(page, 'pay-success');
    await page.getByRole('link', { name: '查看订单' }).click();
    const detail = page.getByTestId('order-detail');
    await detail.getByText('畅享100G月包').waitFor();
    await detail.getByText(/已完成|已支付/).waitFor();
    await detail.getByText('月包专享10元券 -¥10.00').waitFor();
    await screenshot(page, 'order-detail');
    const orderNo = (await detail.getByText(/^\d{22}$/).innerText()).trim();
    await page.goto('/order');
    await page.getByTestId('order').first().waitFor();
    await screenshot(page, 'order-list');
    await page.goto(`/order_success?order_no=${orderNo}`);
    await page.getByRole('heading', { name: '订单已支付' }).waitFor();
    await screenshot(page, 'order-success');
    await page.goto('/order_check');
    await page.getByPlaceholder('请输入订单号').fill('12-3');
    await page.getByRole('button', { name: '查询订单' }).click();
    await page.getByRole('alert').getByText('订单号有误，请输入8-40位字母或数字').waitFor();
    await page.getByPlaceholder('请输入订单号').fill(orderNo);
    await page.getByRole('button', { name: '查询订单' }).click();
    await page.getByTestId('order-summary').getByText('已完成').waitFor();
    await screenshot(page, 'order-check');
    // the entry points on home and mine
    await page.goto('/');
    await page.getByRole('link', { name: '订购套餐' }).waitFor();
    await screenshot(page, 'home-commerce-entries');
    await page.goto('/mine');
    await page.getByText('我的订单').click();
    await waitForPath(page, '/order');
  });

  it('an e-wallet payment that fails: the failure page, a way to pay again, and the voucher comes back', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    await choosePackage(page);
    // the voucher popup: none, then the 5-yuan one; the quote follows each choice
    await page.getByTestId('voucher-row').click();
    await page.getByRole('dialog', { name: '选择优惠券' }).waitFor();
    await screenshot(page, 'voucher-popup');
    await page.getByRole('button', { name: '不使用优惠券' }).click();
    await page.getByTestId('payable').filter({ hasText: '¥29.00' }).waitFor();
    await page.getByTestId('voucher-row').click();
    await page.getByRole('dialog', { name: '选择优惠券' }).getByTestId('voucher').filter({ hasText: '5元满减券' }).click();
    await page.getByTestId('payable').filter({ hasText: '¥24.00' }).waitFor();

    await page.getByRole('radio', { name: '支付宝支付' }).check();
    await page.getByRole('button', { name: '立即支付' }).click();
    // through the e-wallet hand-off page, on to its cashier
    await page.waitForURL((u) => u.pathname === '/alipay' || u.pathname.startsWith('/sim/pay/cashier/'));
    await page.waitForURL((u) => u.pathname.startsWith('/sim/pay/cashier/'));
    await page.getByRole('button', { name: '模拟支付失败' }).click();
    await waitForPath(page, '/pay_fail');
    await page.getByRole('heading', { name: '支付未完成' }).waitFor();
    await page.getByRole('link', { name: '重新支付' }).waitFor();
    await screenshot(page, 'pay-fail');
    await page.goto('/coupons');
    await page.getByTestId('voucher').filter({ hasText: '5元满减券' }).waitFor();
    await screenshot(page, 'coupons');
    await page.getByRole('link', { name: '已失效' }).click();
    await waitForPath(page, '/coupons_expired');
    await page.getByTestId('voucher').filter({ hasText: '过期3元券' }).getByText('已过期', { exact: true }).waitFor();
    await page.getByTestId('voucher').filter({ hasText: '已使用2元券' }).getByText('已使用', { exact: true }).waitFor();
    await screenshot(page, 'coupons-expired');
  });

  it('an abandoned instalment payment is never taken as paid: the order stays pending, can go back to its cashier or be closed', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    // the first-recharge offer, while the card has never recharged
    await page.goto('/first_recharge');
    await page.getByRole('heading', { name: '首充50元送10元' }).waitFor();
    await page.getByTestId('payable').filter({ hasText: '¥50.00' }).waitFor();
    await screenshot(page, 'first-recharge');
    await page.goto('/recharge');
    // the offer's amount is chosen from the start: the price, the ways to pay and what lands on the
    // balance (the bonus included) show before anything is tapped
    await page.getByTestId('payable').filter({ hasText: '¥50.00' }).waitFor();
    expect(await page.getByRole('button', { name: '50元' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('radio', { name: '微信支付' }).waitFor();
    await page.getByTestId('credit').filter({ hasText: '¥60.00' }).waitFor();
    await page.getByText('首充赠送').waitFor();
    await screenshot(page, 'recharge-first-offer');
    await page.getByRole('button', { name: '20元' }).click();
    await page.getByTestId('credit').filter({ hasText: '¥20.00' }).waitFor();
    expect(await page.getByText('首充赠送').count()).toBe(0);
    await page.getByRole('button', { name: '50元' }).click();
    await page.getByTestId('payable').filter({ hasText: '¥50.00' }).waitFor();
    // instalment needs 100 yuan: offered but greyed, with the reason
    expect(await page.getByRole('radio', { name: /花呗分期/ }).isDisabled()).toBe(true);
    await page.getByText('（分期需满100元）').waitFor();
    await page.getByRole('button', { name: '100元' }).click();
    await page.getByTestId('payable').filter({ hasText: '¥100.00' }).waitFor();
    await payAtCashier(page, '花呗分期', '放弃支付');
    await waitForPath(page, '/pay_status');
    await page.getByRole('heading', { name: '支付未完成' }).waitFor({ timeout: 5000 });
    await screenshot(page, 'pay-status');
    const orderNo = new URL(page.url()).searchParams.get('order_no')!;
    await page.getByRole('button', { name: '查看订单' }).click();
    await waitForPath(page, '/order');
    const detail = page.getByTestId('order-detail');
    await detail.getByText('待支付').waitFor();
    await page.getByRole('button', { name: '继续支付' }).waitFor();
    // 继续支付 from another tab (which never saw the cashier link) reaches the order's own cashier
    const [{ pay_url: cashierUrl }] = j.portal.sql<{ pay_url: string }>('SELECT pay_url FROM orders WHERE order_no = ?', [orderNo]) as {
      pay_url: string;
    }[];
    const otherTab = await j.phone.context.newPage();
    await otherTab.goto(`/order?order_no=${orderNo}`);
    await otherTab.getByRole('button', { name: '继续支付' }).click();
    await otherTab.waitForURL((u) => u.pathname.startsWith('/sim/pay/cashier/'));
    expect(new URL(otherTab.url()).pathname).toBe(cashierUrl);
    await otherTab.close();
    expect(j.portal.sql('SELECT COUNT(*) AS n FROM sim_payments WHERE order_no = ?', [orderNo])).toEqual([{ n: 1 }]);
    await page.getByRole('button', { name: '取消订单' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '取消订单' }).click();
    await detail.getByText('已关闭').waitFor();
    expect(await page.getByRole('button', { name: '继续支付' }).count()).toBe(0);
  });

  it('recharges the balance, then pays a package from it; the ledger shows both', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    await page.goto('/recharge');
    const before = await page.getByTestId('balance').innerText();
    await page.getByLabel('其他金额').fill('10.5');
    const amountError = page.getByRole('alert').filter({ hasText: '请输入 1 到 5000 之间的整数金额' });
    await amountError.waitFor();
    // said in the error colour, not the grey of a hint
    expect(await amountError.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(217, 45, 32)');
    // nothing to pay while the amount is wrong: the box says what to do
    await page.getByText('请先选择或输入充值金额').waitFor();
    await page.getByLabel('其他金额').fill('5001');
    await page.getByText('请输入 1 到 5000 之间的整数金额').waitFor();
    await page.getByLabel('其他金额').fill('30');
    await page.getByTestId('payable').filter({ hasText: '¥30.00' }).waitFor();
    // a recharge is never paid from the balance
    expect(await page.getByRole('radio', { name: '余额支付' }).count()).toBe(0);
    await screenshot(page, 'recharge');
    await payAtCashier(page, '微信支付', '确认支付');
    await waitForPath(page, '/pay_success');
    await page.getByRole('heading', { name: '支付成功' }).waitFor();
    await page.goto('/recharge');
    await page.getByTestId('balance').filter({ hasNotText: before }).waitFor();

    await choosePackage(page, '畅享50G月包');
    await page.getByRole('radio', { name: '余额支付' }).check();
    await page.getByRole('button', { name: '立即支付' }).click();
    await waitForPath(page, '/pay_success');
    await page.getByRole('heading', { name: '支付成功' }).waitFor();

    await page.goto('/recharge_coupon');
    const entries = page.getByTestId('ledger-entry');
    await entries.filter({ hasText: '消费' }).filter({ hasText: '-¥' }).first().waitFor();
    await entries.filter({ hasText: '充值' }).filter({ hasText: '+¥30.00' }).first().waitFor();
    await screenshot(page, 'recharge-ledger');
  });

  it('buys a coupon package: its vouchers land on the card', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    await page.goto('/coupons');
    await page.getByTestId('voucher').first().waitFor();
    const before = await page.getByTestId('voucher').count();
    await page.goto('/coupon_package');
    await page.getByTestId('coupon-package').filter({ hasText: '省钱券包' }).click();
    await page.getByTestId('payable').filter({ hasText: '¥9.90' }).waitFor();
    await screenshot(page, 'coupon-package');
    await payAtCashier(page, '微信支付', '确认支付');
    await waitForPath(page, '/coupon_success');
    await page.getByRole('heading', { name: '券包购买成功' }).waitFor();
    await screenshot(page, 'coupon-success');
    await page.getByRole('link', { name: '查看优惠券' }).click();
    await waitForPath(page, '/coupons');
    await page
      .getByTestId('voucher')
      .nth(before + 2)
      .waitFor();
    expect(await page.getByTestId('voucher').count()).toBe(before + 3);
  });

  it("inside a messaging app's browser the e-wallet channels lead to the open-in-browser guide", async () => {
    // the app reads "in a messaging app" from the user agent on every load
    const context = await j.phone.browser.newContext({
      baseURL: j.portal.baseUrl,
      viewport: { width: 375, height: 667 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
      userAgent: `${MOBILE_USER_AGENT} MicroMessenger/8.0.47`,
    });
    try {
      const page = await context.newPage();
      page.on('pageerror', (e) => j.errors.push(String(e)));
      await loginWithAccount(page);
      await page.goto('/combo_detail?package_id=1');
      await page.getByTestId('payable').filter({ hasText: /¥\d/ }).waitFor();
      expect(await page.getByRole('radio', { name: /支付宝支付/ }).isDisabled()).toBe(true);
      expect(await page.getByRole('radio', { name: /微信支付/ }).isDisabled()).toBe(false);
      await page.getByText('（请在浏览器中打开）').first().waitFor();
      await screenshot(page, 'combo-detail-in-app');
      await page.getByRole('link', { name: '如何打开' }).first().click();
      await waitForPath(page, '/alipay');
      await page.getByText('请点击右上角「…」，选择「在浏览器中打开」完成支付').waitFor();
      expect(await page.getByTestId('page-url').innerText()).toBe(`${j.portal.baseUrl}/combo_detail?package_id=1`);
      await screenshot(page, 'alipay-guide');
      await page.goto('/ls_pay?back=%2Frecharge');
      expect(await page.getByTestId('page-url').innerText()).toBe(`${j.portal.baseUrl}/recharge`);
    } finally {
      await context.close();
    }
  });

  it('1000000002 (no package ever paid) is sent to /combo by its gate, buys one, and then passes', async () => {
    const { page } = j.phone;
    const prompt = redirectPrompt(page);
    await loginWithCardOf(page, '1000000002');
    await prompt.dialog.waitFor();
    expect(await prompt.message.innerText()).toBe('请先订购套餐');
    await prompt.confirm.click();
    await waitForPath(page, '/combo');
    await page.getByTestId('package').first().waitFor();
    await choosePackage(page, '7天体验包');
    await payAtCashier(page, '微信支付', '确认支付');
    await waitForPath(page, '/pay_success');
    await page.getByRole('heading', { name: '支付成功' }).waitFor();
    await page.getByRole('link', { name: '返回首页' }).click();
    await waitForPath(page, '/');
    await page.getByRole('link', { name: '流量查询' }).click();
    await waitForPath(page, '/flow');
    await page.getByTestId('daily-usage-chart').waitFor();
    expect(await prompt.dialog.count()).toBe(0);
  });

  it('raised no page errors', () => {
    expect(j.errors).toEqual([]);
  });
});
