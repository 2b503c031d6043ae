// Journeys of the payment snags (docs/decisions/0011):
//  - snag 1: a payment left at the cashier (放弃支付) is reported as 支付未完成 at once, from the
//    gateway's answer, with 继续支付 / 取消订单 / 查看订单 — no spinner to sit through;
//  - snag 8: an order that was not paid never says 实付 (the list, the detail, the check page agree
//    with its result page: 应付, 未扣款), and a bad link shows a plain Chinese message without
//    field names such as "（order_no）" — on the order pages and elsewhere.
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { screenshot } from '../harness';
import { useJourney } from '../journey';
import { axeViolations } from './axe';
import { loginWithAccount, resetBrowser, waitForPath } from './steps';

/** A field name in brackets, as a validation message used to carry it. */
const FIELD_NAME = /[（(][A-Za-z_][A-Za-z0-9_.]*[）)]/;

describe('payment recovery and unpaid orders', () => {
  /** every API error message the phone received */
  const apiMessages: string[] = [];
  const j = useJourney(async ({ phone }) => {
    phone.page.on('response', async (res) => {
      if (!res.url().includes('/api/') || res.status() < 400) return;
      const body = (await res.json().catch(() => null)) as { message?: string } | null;
      if (body?.message) apiMessages.push(body.message);
    });
    await resetBrowser(phone.page);
    await loginWithAccount(phone.page);
  });
  beforeEach(() => {
    apiMessages.length = 0;
  });

  const stateOf = (orderNo: string) =>
    (j.portal.sql<{ state: string }>('SELECT state FROM orders WHERE order_no = ?', [orderNo]) as { state: string }[])[0]?.state;
  const latestOrderNo = () =>
    (j.portal.sql<{ order_no: string }>('SELECT order_no FROM orders ORDER BY id DESC LIMIT 1') as { order_no: string }[])[0]!.order_no;

  async function toCashier(page: Page, channel = '微信支付'): Promise<string> {
    await page.goto('/combo');
    await page
      .getByTestId('package')
      .filter({ has: page.getByTestId('package-name').getByText('畅享100G月包', { exact: true }) })
      .click();
    await waitForPath(page, '/combo_detail');
    await page.getByTestId('payable').filter({ hasText: /¥\d/ }).waitFor();
    await page.getByRole('radio', { name: channel }).check();
    await page.getByRole('button', { name: '立即支付' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/sim/pay/cashier/'));
    return page.url();
  }

  it('snag 1: after 放弃支付 the result page says 支付未完成 at once and offers 继续支付 / 取消订单 / 查看订单', async () => {
    const { page } = j.phone;
    const cashier = await toCashier(page);
    const orderNo = latestOrderNo();
    await page.getByRole('button', { name: '放弃支付' }).click();
    await waitForPath(page, '/pay_status');
    // well before the page's one-minute give-up, and without a second cashier round
    await page.getByRole('heading', { name: '支付未完成' }).waitFor({ timeout: 5000 });
    await page.getByText('未扣款').first().waitFor();
    for (const name of ['继续支付', '取消订单', '查看订单']) await page.getByRole('button', { name }).waitFor();
    await screenshot(page, 'pay-status-abandoned');
    expect(stateOf(orderNo)).toBe('pending');

    // 继续支付 goes back to the same cashier (no second payment)
    await page.getByRole('button', { name: '继续支付' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/sim/pay/cashier/'));
    expect(page.url()).toBe(cashier);
    await page.getByRole('button', { name: '放弃支付' }).click();
    await page.getByRole('heading', { name: '支付未完成' }).waitFor({ timeout: 5000 });

    // 取消订单 asks first; cancelling closes the order and says so
    await page.getByRole('button', { name: '取消订单' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '取消订单' }).click();
    await waitForPath(page, '/pay_fail');
    await page
      .getByText(/已关闭/)
      .first()
      .waitFor();
    expect(stateOf(orderNo)).toBe('closed');
  });

  it('snag 1: a payment paid after all still reaches the success page from 支付未完成', async () => {
    const { page } = j.phone;
    await toCashier(page);
    const orderNo = latestOrderNo();
    await page.getByRole('button', { name: '放弃支付' }).click();
    await page.getByRole('heading', { name: '支付未完成' }).waitFor({ timeout: 5000 });
    await page.getByRole('button', { name: '继续支付' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/sim/pay/cashier/'));
    await page.getByRole('button', { name: '确认支付' }).click();
    await waitForPath(page, '/pay_success');
    await page.getByRole('heading', { name: '支付成功' }).waitFor();
    expect(stateOf(orderNo)).toBe('fulfilled');
  });

  it('an order page that lost the network after paying says the money may be taken, no second payment, and updates when back', async () => {
    const { page, context } = j.phone;
    await toCashier(page);
    const orderNo = latestOrderNo();
    await page.getByRole('button', { name: '确认支付' }).click();
    await waitForPath(page, '/pay_success');
    await page.getByRole('heading', { name: '支付成功' }).waitFor();

    // the network drops on the way to the order
    const detailCall = '**/api/v1/order/detail**';
    await page.route(detailCall, (r) => r.abort('internetdisconnected'));
    await page.goto(`/order?order_no=${orderNo}`);
    const block = page.getByRole('alert').filter({ hasText: '暂时查不到订单' });
    await block.getByText('网络连接中断，暂时查不到订单').waitFor();
    const note = block.getByTestId('may-have-paid');
    expect(await note.innerText()).toMatch(/款项可能已经扣除.*网络恢复后自动更新.*无需重复支付/);
    const retry = block.getByRole('button', { name: '重试' });
    await retry.waitFor();
    // nothing lies over 重试: the block says what a toast would (a toast covered it: decision 0070)
    await page.waitForTimeout(600);
    expect(await page.locator('.app-toast--show').count()).toBe(0);
    const box = (await retry.boundingBox())!;
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.textContent ?? '',
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(onTop).toBe('重试');
    await screenshot(page, 'order-detail-network-lost');

    // back online: the order shows by itself, without 重试
    await context.setOffline(true);
    await page.unroute(detailCall);
    await context.setOffline(false);
    await page.getByTestId('order-detail').getByText('已完成').waitFor();
    expect(await note.count()).toBe(0);
    expect(stateOf(orderNo)).toBe('fulfilled');
  });

  it('snag 8: a failed order shows 应付 and 未扣款 in the list, the detail and the check page, never 实付', async () => {
    const { page } = j.phone;
    await toCashier(page);
    const orderNo = latestOrderNo();
    await page.getByRole('button', { name: '模拟支付失败' }).click();
    await waitForPath(page, '/pay_fail');
    await page.getByText('未扣款').first().waitFor();
    expect(stateOf(orderNo)).toBe('failed');

    await page.goto(`/order?order_no=${orderNo}`);
    const detail = page.getByTestId('order-detail');
    await detail.getByText('支付失败').waitFor();
    await detail.getByText('应付').first().waitFor();
    await detail.getByText('未扣款').first().waitFor();
    expect(await detail.getByText('实付').count()).toBe(0);
    // the 支付失败 badge reads at AA (docs/decisions/0066: #d92d20 on #fff1f0 was 4.39:1 at 12px)
    expect(await axeViolations(page, ['color-contrast'])).toEqual([]);
    await screenshot(page, 'order-detail-failed');

    await page.goto('/order');
    const row = page.getByTestId('order').filter({ hasText: '支付失败' }).first();
    await row.waitFor();
    await row.getByText('未扣款').waitFor();
    expect(await row.getByText('实付').count()).toBe(0);
    // every badge of the list (待支付, 已完成, 支付失败 …) at AA
    expect(await axeViolations(page, ['color-contrast'])).toEqual([]);
    await screenshot(page, 'order-list-failed');

    await page.goto(`/order_check?order_no=${orderNo}`);
    const summary = page.getByTestId('order-summary');
    await summary.getByText('支付失败').waitFor();
    await summary.getByText('未扣款').first().waitFor();
    expect(await summary.getByText('实付').count()).toBe(0);
  });

  it('snag 8: bad links show a plain Chinese message, never a field name', async () => {
    const { page } = j.phone;
    const visibleText = () => page.evaluate(() => document.body.innerText);

    await page.goto('/order_check?order_no=garbage');
    await page.getByRole('alert').getByText('订单号有误，请输入8-40位字母或数字').waitFor();

    await page.goto('/order?order_no=garbage');
    await page.getByText('订单号有误').first().waitFor();
    expect(await visibleText()).not.toMatch(FIELD_NAME);

    for (const link of [
      '/pay_status?order_no=x',
      '/pay_fail?order_no=%3Cscript%3E',
      '/order_success?order_no=garbage',
      '/combo_detail?package_id=abc',
      '/coupon_success?order_no=garbage',
    ]) {
      await page.goto(link);
      await page.waitForLoadState('networkidle');
      expect(await visibleText(), link).not.toMatch(FIELD_NAME);
    }
    expect(apiMessages.length).toBeGreaterThan(0);
    for (const m of apiMessages) expect(m).not.toMatch(FIELD_NAME);
  });

  it('raised no page errors', () => {
    expect(j.errors).toEqual([]);
  });
});
