// Journey: 快捷充值 of balance (/quick_payment → /quick_recharge). Before it, a card in arrears was
// sent to a card login to recharge, and quick payment sold packages only. Now anyone with the card
// number tops up that card's balance with /recharge's amounts and first-recharge offer, is told the
// exact 到账金额 before paying, pays at the (sandbox) cashier, and the card is credited once. 375×667.
import { describe, expect, it } from 'vitest';
import { screenshot } from '../harness';
import { useJourney } from '../journey';
import { resetBrowser, waitForPath } from './steps';

const ARREARS = '1000000021';

describe('quick balance recharge', () => {
  const j = useJourney();
  const balanceFen = () =>
    (
      j.portal.sql<{ balance_fen: number }>('SELECT balance_fen FROM cards WHERE custom_num = ?', [ARREARS]) as { balance_fen: number }[]
    )[0]!.balance_fen;

  it('tops up a card in arrears by its number, saying 到账 ¥60.00 for 50 before paying, and credits it once', async () => {
    const { page } = j.phone;
    await resetBrowser(page);
    const before = balanceFen();
    await page.goto('/quick_payment');
    await page.getByPlaceholder('请输入卡号').fill(ARREARS);
    await page.getByRole('button', { name: '查询卡片' }).click();
    const card = page.getByTestId('quick-card');
    await card.getByText('该卡欠费停机：充值余额后即可恢复').waitFor();
    // a visitor sees no balance
    expect(await card.innerText()).not.toMatch(/余额（元）|¥\d/);
    await screenshot(page, 'quick-recharge-card');
    await card.getByRole('button', { name: '充值余额' }).click();
    await waitForPath(page, '/quick_recharge');

    await page.getByTestId('quick-offer').waitFor();
    expect(await page.getByRole('button', { name: '50元' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('credit').filter({ hasText: '¥60.00' }).waitFor();
    await page.getByTestId('payable').filter({ hasText: '¥50.00' }).waitFor();
    expect(await page.getByRole('radio', { name: '余额支付' }).count()).toBe(0);
    await screenshot(page, 'quick-recharge');
    // an amount under the offer's: the credit is the amount
    await page.getByRole('button', { name: '20元' }).click();
    await page.getByTestId('credit').filter({ hasText: '¥20.00' }).waitFor();
    await page.getByRole('button', { name: '50元' }).click();
    await page.getByTestId('credit').filter({ hasText: '¥60.00' }).waitFor();

    await page.getByRole('radio', { name: '微信支付' }).check();
    await page.getByRole('button', { name: '立即充值' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/sim/pay/cashier/'));
    await page.getByText('50.00').first().waitFor();
    await page.getByRole('button', { name: '确认支付' }).click();
    await waitForPath(page, '/quick_payment_success');
    await page.getByRole('heading', { name: '支付成功' }).waitFor();
    // what was credited, bonus included, as the quote said before paying — not 已订购成功 (decision 0070)
    await page.getByText(/实付 ¥50\.00，余额到账 ¥60\.00（含赠送 ¥10\.00）/).waitFor();
    expect(await page.getByText(/已订购成功/).count()).toBe(0);
    await screenshot(page, 'quick-recharge-success');
    await expect.poll(balanceFen).toBe(before + 6000);
    // the success page read again does not credit again
    await page.reload();
    await page.getByRole('heading', { name: '支付成功' }).waitFor();
    expect(balanceFen()).toBe(before + 6000);
    expect(j.errors).toEqual([]);
  });
});
