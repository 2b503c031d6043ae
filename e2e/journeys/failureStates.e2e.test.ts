// Journey: the failure states a holder meets on the pages that share the recharge amount, the
// address fields and the new-password fields — the network gone on /recharge, /quick_recharge and
// the address form; a payment abandoned and one failed on /quick_recharge; an unknown card number on
// /quick_recharge; a wrong SMS code on /forgot_password. Each must say what happened in words the
// holder can act on, offer a way on, and keep its controls clear of the floating 客服 button. 375×667.
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../harness';
import { useJourney } from '../journey';
import { DEMO, loginWithAccount, pickRegion, resetBrowser, waitForPath } from './steps';

const cut = (route: Route) => route.abort('internetdisconnected');
const ARREARS = '1000000021';

/** The controls and messages in view that lie under the floating 客服 button (full or docked). */
async function underServiceButton(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const button = document.querySelector('[aria-label="在线客服"]');
    if (!button) return [];
    const b = button.getBoundingClientRect();
    const hits: string[] = [];
    for (const el of Array.from(document.querySelectorAll('button, a, input, select, textarea, [role=alert], [role=radio]'))) {
      if (el === button || button.contains(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.bottom <= 0 || r.top >= innerHeight) continue;
      if (r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top)
        hits.push(`${el.tagName} ${(el.textContent ?? '').trim().slice(0, 20)}`);
    }
    return hits;
  });
}

/** Looks at the state: a screenshot to look at, and nothing under the 客服 button at the top and the end of the page. */
async function look(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await underServiceButton(page), `${name}: top`).toEqual([]);
  await screenshot(page, `failure-${name}`);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(300);
  expect(await underServiceButton(page), `${name}: end`).toEqual([]);
}

function failure(page: Page) {
  const alert = page.getByRole('alert').filter({ has: page.getByRole('button', { name: '重试' }) });
  return { alert, retry: alert.getByRole('button', { name: '重试' }) };
}

describe('failure states on recharge, quick recharge, the address form and forgot-password', () => {
  const j = useJourney();

  it('/recharge with the network gone: the load says so with 重试, and paying says so and keeps the form', async () => {
    const { page } = j.phone;
    await resetBrowser(page);
    await loginWithAccount(page);
    await page.route('**/api/v1/recharge/options?*', cut);
    await page.goto('/recharge');
    const { alert, retry } = failure(page);
    await alert.waitFor();
    await look(page, 'recharge-offline-load');
    await page.unroute('**/api/v1/recharge/options?*', cut);
    await retry.click();
    await page.getByRole('button', { name: '50元' }).waitFor();

    await page.getByTestId('payable').waitFor();
    await page.route('**/api/v1/order/create', cut);
    await page.getByRole('radio', { name: '微信支付' }).check();
    await page.getByRole('button', { name: '立即充值' }).click();
    await page.getByText(/网络/).first().waitFor();
    await look(page, 'recharge-offline-pay');
    // still on the form, the button ready for another try
    expect(new URL(page.url()).pathname).toBe('/recharge');
    expect(await page.getByRole('button', { name: '立即充值' }).isEnabled()).toBe(true);
    await page.unroute('**/api/v1/order/create', cut);
  });

  it('/quick_recharge with the network gone: the load says so with 重试; 重试 brings the amounts', async () => {
    const { page } = j.phone;
    await resetBrowser(page);
    await page.route('**/api/v1/quick/recharge_options?*', cut);
    await page.goto(`/quick_recharge?custom_num=${ARREARS}`);
    const { alert, retry } = failure(page);
    await alert.filter({ hasText: '网络连接失败' }).waitFor();
    await look(page, 'quick-recharge-offline-load');
    await page.unroute('**/api/v1/quick/recharge_options?*', cut);
    await retry.click();
    await page.getByRole('button', { name: '50元' }).waitFor();

    await page.route('**/api/v1/quick/order', cut);
    await page.getByRole('radio', { name: '微信支付' }).check();
    await page.getByRole('button', { name: '立即充值' }).click();
    await page.getByText(/网络/).first().waitFor();
    await look(page, 'quick-recharge-offline-pay');
    expect(new URL(page.url()).pathname).toBe('/quick_recharge');
    await page.unroute('**/api/v1/quick/order', cut);
  });

  it('/quick_recharge for an unknown card number says so, without a spinner or a trip home, and offers to type it again', async () => {
    const { page } = j.phone;
    await resetBrowser(page);
    await page.goto('/quick_recharge?custom_num=1999999999');
    await page.getByText('卡号不存在：请核对卡号后重新输入').waitFor();
    await look(page, 'quick-recharge-unknown-card');
    await page.getByRole('link', { name: '重新输入卡号' }).click();
    await waitForPath(page, '/quick_payment');
    expect(await page.getByPlaceholder('请输入卡号').inputValue()).toBe('1999999999');
  });

  for (const [outcome, button] of [
    ['abandoned', '放弃支付'],
    ['failed', '模拟支付失败'],
  ] as const) {
    it(`/quick_recharge, a payment ${outcome}: says nothing was paid and offers to pay again`, async () => {
      const { page } = j.phone;
      await resetBrowser(page);
      await page.goto(`/quick_recharge?custom_num=${ARREARS}`);
      await page.getByTestId('payable').waitFor();
      await page.getByRole('radio', { name: '微信支付' }).check();
      await page.getByRole('button', { name: '立即充值' }).click();
      await page.waitForURL((u) => u.pathname.startsWith('/sim/pay/cashier/'));
      await page.getByRole('button', { name: button }).click();
      await page.waitForURL((u) => !u.pathname.startsWith('/sim/'));
      await page
        .getByText(/支付未完成/)
        .first()
        .waitFor();
      await look(page, `quick-recharge-${outcome}`);
      expect(await page.getByText('支付成功').count()).toBe(0);
      // nothing in it speaks of a voucher: a quick payment never has one
      expect(await page.getByText('优惠券').count()).toBe(0);
      if (outcome === 'abandoned') {
        // the order still waits: 继续支付 goes back to its cashier; no 取消订单 is promised that the page does not offer
        expect(await page.getByText('可取消订单').count()).toBe(0);
        await page.getByRole('button', { name: '继续支付' }).click();
        await page.waitForURL((u) => u.pathname.startsWith('/sim/pay/cashier/'));
      } else {
        // the order failed: 重新支付 starts a new top-up of the same card, not a package
        await page.getByRole('link', { name: '重新支付' }).click();
        await waitForPath(page, '/quick_recharge');
        expect(new URL(page.url()).searchParams.get('custom_num')).toBe(ARREARS);
        await page.getByRole('button', { name: '立即充值' }).waitFor();
      }
    });
  }

  it('the address form with the network gone: saving says so, keeps what was typed, and saves once back', async () => {
    const { page } = j.phone;
    await resetBrowser(page);
    await loginWithAccount(page);
    await page.goto('/address');
    await page.getByRole('button', { name: '新增收货地址' }).click();
    await page.getByLabel('收货人').fill('王五');
    await page.getByLabel('手机号').fill('13900139000');
    await page.getByTestId('region-picker').click();
    await pickRegion(page, '广东省', '深圳市', '南山区');
    await page.getByLabel('详细地址').fill('科技园南区1号');
    await page.route('**/api/v1/user/addresses', cut);
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: /网络/ }).waitFor();
    // said once, in the form: no toast over the fields as well
    expect(await page.getByText(/网络连接失败/).count()).toBe(1);
    await look(page, 'address-offline-save');
    expect(await page.getByLabel('收货人').inputValue()).toBe('王五');
    await page.unroute('**/api/v1/user/addresses', cut);
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('科技园南区1号').waitFor();
  });

  it('/forgot_password with a wrong SMS code: said at the code field, the rest kept, still on the page', async () => {
    const { page } = j.phone;
    await resetBrowser(page);
    await page.goto('/forgot_password');
    await page.getByPlaceholder('请输入账号绑定的手机号').fill(DEMO.mobile);
    const before = j.portal.lastSmsId();
    await page.getByRole('button', { name: '获取验证码' }).click();
    const sent = await j.portal.latestSmsCode(DEMO.mobile, { afterId: before });
    const wrong = sent === '000000' ? '111111' : '000000';
    await page.getByPlaceholder('请输入验证码').fill(wrong);
    await page.getByLabel('新密码').fill('newpass123');
    await page.getByLabel('确认密码').fill('newpass123');
    await page.getByRole('button', { name: '重置密码' }).click();
    const code = page.getByPlaceholder('请输入验证码');
    await expect.poll(() => code.getAttribute('aria-invalid')).toBe('true');
    const message = await page.locator(`#${await code.getAttribute('aria-describedby')}`).innerText();
    expect(message).toMatch(/验证码/);
    await look(page, 'forgot-password-wrong-code');
    expect(await page.getByLabel('新密码').inputValue()).toBe('newpass123');
    expect(new URL(page.url()).pathname).toBe('/forgot_password');
  });

  it('raised no page errors', () => {
    expect(j.errors).toEqual([]);
  });
});
