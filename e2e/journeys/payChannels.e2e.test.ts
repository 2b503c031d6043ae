// Journey: the pay channels as a card holder expects them (docs/decisions/0011): drawn marks, the balance
// shown on the balance channel where it can pay, and when it is short the balance with a 去充值
// that comes back to the purchase after the recharge; the balance history then shows the
// recharge as 收入 and the purchase paid from it as 支出, each with what it was for.
import { describe, expect, it } from 'vitest';
import { screenshot } from '../harness';
import { useJourney } from '../journey';
import { loginWithAccount, resetBrowser, waitForPath } from './steps';

describe('pay channels and the balance', () => {
  const j = useJourney(async ({ phone }) => {
    await resetBrowser(phone.page);
    await loginWithAccount(phone.page);
  });

  it('shows the balance where it can pay, offers 去充值 where it cannot, and comes back after the recharge', async () => {
    const { page } = j.phone;
    // the demo card holds ¥20.00
    await page.goto('/combo');
    await page
      .getByTestId('package')
      .filter({ has: page.getByTestId('package-name').getByText('畅享50G月包', { exact: true }) })
      .click();
    await waitForPath(page, '/combo_detail');
    await page.getByTestId('payable').filter({ hasText: /¥\d/ }).waitFor();
    const balance = page.getByTestId('channel-3');
    await balance.getByText('余额 ¥20.00').waitFor();
    expect(await page.getByRole('radio', { name: /余额支付/ }).isDisabled()).toBe(false);
    // every channel has a drawn mark, not a letter badge
    for (const c of [1, 2, 3]) expect(await page.getByTestId(`channel-${c}`).locator('svg').count()).toBe(1);
    await screenshot(page, 'pay-channels-balance-covers');

    await page.goto('/combo');
    await page
      .getByTestId('package')
      .filter({ has: page.getByTestId('package-name').getByText('月初重置200G季包', { exact: true }) })
      .click();
    await waitForPath(page, '/combo_detail');
    await page.getByTestId('payable').filter({ hasText: /¥\d/ }).waitFor();
    const detailUrl = new URL(page.url());
    await balance.getByText('余额 ¥20.00，不足支付').waitFor();
    expect(await page.getByRole('radio', { name: /余额支付/ }).isDisabled()).toBe(true);
    await screenshot(page, 'pay-channels-balance-short');
    await balance.getByRole('link', { name: '去充值' }).click();
    await waitForPath(page, '/recharge');
    await page.getByRole('button', { name: '100元' }).click();
    await page.getByTestId('payable').filter({ hasText: '¥100.00' }).waitFor();
    await page.getByRole('radio', { name: '微信支付' }).check();
    await page.getByRole('button', { name: /立即(支付|充值)/ }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/sim/pay/cashier/'));
    await page.getByRole('button', { name: '确认支付' }).click();
    await waitForPath(page, '/pay_success');
    await page.getByRole('link', { name: '返回继续购买' }).click();
    await page.waitForURL((u) => u.pathname + u.search === detailUrl.pathname + detailUrl.search);
    await balance.getByText(/余额 ¥1\d\d\.00/).waitFor();
    await page.getByRole('radio', { name: /余额支付/ }).check();
    await page.getByRole('button', { name: '立即支付' }).click();
    await waitForPath(page, '/pay_success');
    await page.getByRole('heading', { name: '支付成功' }).waitFor();

    // the history: the recharge in, the purchase out, with what each was for
    await page.goto('/recharge_coupon');
    const entries = page.getByTestId('ledger-entry');
    const out = entries.filter({ hasText: '支出' }).first();
    await out.getByText('月初重置200G季包').waitFor();
    await out.getByText(/^-¥\d+\.\d\d$/).waitFor();
    const income = entries.filter({ hasText: '收入' }).filter({ hasText: '+¥100.00' }).first();
    await income.waitFor();
    await screenshot(page, 'balance-history');
    await page.getByRole('tab', { name: '支出' }).click();
    await entries.first().waitFor();
    expect(await entries.filter({ hasText: '收入' }).count()).toBe(0);
  });

  it('raised no page errors', () => {
    expect(j.errors).toEqual([]);
  });
});
