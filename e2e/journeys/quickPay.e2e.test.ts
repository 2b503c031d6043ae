// Journey: quick payment without login — check a card number, pick a package (no voucher: they
// are the holder's, after a login), pay at the sandbox cashier, and see the result read back with the order's access
// key (kept in this tab only).
import { describe, expect, it } from 'vitest';
import { screenshot } from '../harness';
import { useJourney } from '../journey';
import { DEMO, resetBrowser, waitForPath } from './steps';

describe('quick payment', () => {
  const j = useJourney();

  it("buys a package for a card without logging in; the card's vouchers are neither shown nor used", async () => {
    const { page } = j.phone;
    await resetBrowser(page);
    await page.goto('/quick_payment');
    expect(new URL(page.url()).pathname).toBe('/quick_payment');

    // bad input is refused before any call; an unknown card is refused by the server
    await page.getByRole('button', { name: '查询卡片' }).click();
    await page.getByRole('alert').getByText('请输入卡号').waitFor();
    await page.getByPlaceholder('请输入卡号').fill('123');
    await page.getByRole('button', { name: '查询卡片' }).click();
    await page.getByRole('alert').getByText('请输入正确的卡号').waitFor();
    await page.getByPlaceholder('请输入卡号').fill('1099999999');
    await page.getByRole('button', { name: '查询卡片' }).click();
    await page.getByRole('status').filter({ hasText: /卡号/ }).waitFor();
    expect(await page.getByTestId('quick-card').count()).toBe(0);

    await page.getByPlaceholder('请输入卡号').fill(DEMO.card);
    await page.getByRole('button', { name: '查询卡片' }).click();
    const card = page.getByTestId('quick-card');
    await card.getByText('已激活').waitFor();
    await screenshot(page, 'quick-payment');
    await card.getByRole('button', { name: '选择套餐' }).click();
    await waitForPath(page, '/quick_select_package');

    await page.getByTestId('package').filter({ hasText: '畅享100G月包' }).click();
    // the card has a package in force: this one queues after it, and the page says so before paying
    await page
      .getByTestId('package-effect')
      .getByText(/不会替换.*(\d{4}-\d{2}-\d{2}) 起，有效期至 \d{4}-\d{2}-\d{2}/)
      .waitFor();
    const promised = (await page.getByTestId('package-effect').innerText()).match(/(\d{4}-\d{2}-\d{2}) 起，有效期至 (\d{4}-\d{2}-\d{2})/)!;
    // vouchers are the holder's, used after a login: a stranger who knows the number sees none
    // (docs/decisions/0006); the page says how to use one and lets the user pay without
    await page.getByTestId('voucher-row').getByText('登录后可用').waitFor();
    await screenshot(page, 'quick-select-package');
    await page.getByTestId('voucher-row').click();
    await waitForPath(page, '/quick_coupons_list');
    expect(await page.getByTestId('voucher').count()).toBe(0);
    const toLogin = page.getByRole('link', { name: '登录后使用优惠券' });
    expect(new URL((await toLogin.getAttribute('href'))!, page.url()).searchParams.get('redirect')).toMatch(
      /^\/combo_detail\?package_id=\d+$/,
    );
    await screenshot(page, 'quick-coupons-list');
    await page.getByRole('link', { name: '不使用优惠券，继续支付' }).click();
    await waitForPath(page, '/quick_select_package');

    // the server's price before paying (no voucher), and no balance without a login
    await page.getByTestId('payable').filter({ hasText: '¥29.00' }).waitFor();
    await page.getByRole('radio', { name: '微信支付' }).waitFor();
    expect(await page.getByRole('radio', { name: '余额支付' }).count()).toBe(0);
    await page.getByRole('radio', { name: '微信支付' }).check();
    await page.getByRole('button', { name: '去支付' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/sim/pay/cashier/'));
    // the cashier shows the server's price
    await page.getByText('29.00').first().waitFor();
    // leave the cashier without paying: the result page offers 继续支付 at once (no spinner to sit
    // through), and it leads back to the same cashier
    const cashier = new URL(page.url()).pathname;
    await page.getByRole('button', { name: '放弃支付' }).click();
    await waitForPath(page, '/quick_payment_success');
    await page.getByRole('heading', { name: '支付未完成' }).waitFor({ timeout: 5000 });
    await screenshot(page, 'quick-payment-waiting');
    await page.getByRole('button', { name: '继续支付' }).click();
    await page.waitForURL((u) => u.pathname === cashier);
    await page.getByRole('button', { name: '确认支付' }).click();

    await waitForPath(page, '/quick_payment_success');
    await page.getByRole('heading', { name: '支付成功' }).waitFor();
    // the result says what was delivered: the days promised before paying, not a blanket 已生效
    await page.getByText(`${promised[1]} 起生效，有效期至 ${promised[2]}`).waitFor();
    expect(await page.getByText('已生效').count()).toBe(0);
    // the access key left the address bar for this tab's storage
    expect(new URL(page.url()).searchParams.has('access_key')).toBe(false);
    await screenshot(page, 'quick-payment-success');

    // a reload still shows it (the key is in this tab); another tab without the key does not
    await page.reload();
    await page.getByRole('heading', { name: '支付成功' }).waitFor();
    const other = await j.phone.context.newPage();
    await other.goto(page.url());
    await other.getByText('无法查看该订单').waitFor();
    await other.close();
  });

  it('a stopped card (流量已用完): 推荐 and the pre-selected package are the one that brings the line back today', async () => {
    const { page } = j.phone;
    await resetBrowser(page);
    await page.goto('/quick_payment?custom_num=1000000022');
    await page.getByRole('button', { name: '查询卡片' }).click();
    await page.getByTestId('quick-card').getByRole('button', { name: '选择加油包' }).click();
    await waitForPath(page, '/quick_select_package');
    await page.getByTestId('package').first().waitFor();

    // the catalogue's 推荐 monthly plan would only queue behind the used-up one: not recommended here
    const monthly = page.getByTestId('package').filter({ hasText: '畅享100G月包' });
    await monthly.waitFor();
    expect(await monthly.getByText('推荐', { exact: true }).count()).toBe(0);
    // exactly one 推荐, and it is the package chosen for the holder, which says it brings the line back
    const marked = page.getByTestId('package').filter({ has: page.getByText('推荐', { exact: true }) });
    expect(await marked.count()).toBe(1);
    expect(await marked.getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('package-effect').getByText('支付后立即恢复上网').waitFor();
    await screenshot(page, 'quick-select-package-stopped');
  });

  it('raised no page errors', () => {
    expect(j.errors).toEqual([]);
  });
});
