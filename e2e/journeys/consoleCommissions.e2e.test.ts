// Journey: agents get paid (docs/decisions/0035-agent-commissions.md), at 1440×900. A card holder of the
// demo brand buys a package; the agent administrator sees its commission held (冻结中), then — the
// server's clock moved past the 7-day holding period — withdrawable, and asks for it; finance sees
// the request waiting with its age, approves it and records the payout with its reference; the
// agent's monthly statement shows the order, the withdrawal and the closing balance, on the page
// and printable. Every screen is saved for a look.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openDesktop, openPhone, screenshot, startPortal, type Phone, type Portal } from '../harness';
import { consoleLogin, menuTo } from './consoleMenu';
import { loginWithAccount, openPackage, payAtSandboxCashier, waitForPath } from './steps';

const DAY = 86_400_000;

const figure = (page: Page, title: string) => page.locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content');

describe('console commissions', () => {
  let portal: Portal;
  let phone: Phone;
  let desk: Phone;
  const errors: string[] = [];
  beforeAll(async () => {
    portal = await startPortal({ env: { SIM_CONTROLS: '1' } });
    phone = await openPhone(portal);
    desk = await openDesktop(portal);
    desk.page.on('pageerror', (e) => errors.push(String(e)));
  }, 90_000);
  afterAll(async () => {
    await phone?.close();
    await desk?.close();
    await portal?.stop();
  });

  let commission = '';
  /** the China-time months of the purchase and (a week later) of the withdrawal */
  const monthOf = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 7);
  const bought = monthOf(new Date().toISOString());
  let withdrawn = '';

  it('a holder buys a package; the agent administrator sees the commission held', async () => {
    await loginWithAccount(phone.page);
    await openPackage(phone.page, '畅享100G月包');
    await phone.page.getByTestId('payable').filter({ hasText: /¥\d/ }).waitFor();
    await payAtSandboxCashier(phone.page, '微信支付');
    await waitForPath(phone.page, '/pay_success');

    const { page } = desk;
    await consoleLogin(page, 'agent', 'Agent#2026');
    await menuTo(page, '佣金');
    await page.waitForURL('**/admin/commissions');
    await expect.poll(async () => (await figure(page, '冻结中').innerText()).trim()).not.toBe('¥0.00');
    commission = (await figure(page, '冻结中').innerText()).trim();
    expect((await figure(page, '可提现').innerText()).trim()).toBe('¥0.00');
    await expect.poll(() => page.getByRole('button', { name: '申请提现' }).isDisabled()).toBe(true);
    await page.getByRole('tab', { name: '佣金流水' }).click();
    const row = page.locator('.ant-table-tbody tr', { hasText: '订单佣金' });
    await row.getByText('冻结中', { exact: false }).waitFor();
    await screenshot(page, 'console-commissions-held');
  });

  it('after the holding period the agent administrator asks for the money', async () => {
    const moved = await fetch(`${portal.baseUrl}/sim/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 7 * DAY + 60_000 }),
    });
    expect(moved.status).toBe(200);
    withdrawn = monthOf(((await moved.json()) as { now: string }).now);
    const { page } = desk;
    // a console session lives 12 hours: a week later, log in again
    await consoleLogin(page, 'agent', 'Agent#2026');
    await menuTo(page, '佣金');
    await expect.poll(async () => (await figure(page, '可提现').innerText()).trim()).toBe(commission);
    await page.getByRole('button', { name: '申请提现' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '申请提现' });
    await modal.getByLabel('提现金额（元）').fill('9999');
    await modal.getByRole('button', { name: '提交申请' }).click();
    await modal.getByText(/可提现金额仅/).waitFor();
    await modal.getByLabel('提现金额（元）').fill(commission.replace(/[¥,]/g, ''));
    await expect.poll(() => modal.getByText(/可提现金额仅/).count()).toBe(0);
    await screenshot(page, 'console-commissions-withdraw');
    await modal.getByRole('button', { name: '提交申请' }).click();
    await page.getByText('提现申请已提交，等待财务审核').waitFor();
    const row = page.locator('.ant-table-tbody tr', { hasText: commission });
    await row.getByText('待审核').waitFor();
    await expect.poll(async () => (await figure(page, '可提现').innerText()).trim()).toBe('¥0.00');
    await screenshot(page, 'console-commissions-requested');
  });

  it('finance approves and records the payout once', async () => {
    const { page } = desk;
    await consoleLogin(page, 'finance', 'Finance#2026');
    // the dashboard's queues count it
    const queue = page.locator('.ant-table-tbody tr', { hasText: '待处理佣金提现' });
    await queue.getByText('1', { exact: true }).waitFor();
    await screenshot(page, 'console-commissions-dashboard');
    await menuTo(page, '佣金');
    const row = page.locator('.ant-table-tbody tr', { hasText: commission });
    await row.getByText('待审核').waitFor();
    await row.getByText(/已等/).waitFor();
    await screenshot(page, 'console-commissions-finance-queue');
    await row.getByRole('button', { name: '通过' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '通过' }).click();
    await row.getByText('待打款').waitFor();
    await row.getByRole('button', { name: '登记打款' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '登记打款' });
    await modal.getByLabel('打款流水号').fill('ALIPAY2026120400001');
    await screenshot(page, 'console-commissions-payout');
    await modal.getByRole('button', { name: '确认已打款' }).click();
    await page.getByText('打款已登记').waitFor();
    await row.getByText('已打款').waitFor();
    await row.getByText('手工打款 ALIPAY2026120400001').waitFor();
    await screenshot(page, 'console-commissions-paid');
  });

  it('the agent’s statement shows it all, on the page and printable', async () => {
    const { page } = desk;
    await consoleLogin(page, 'agent', 'Agent#2026');
    await menuTo(page, '佣金');
    await page.getByRole('tab', { name: '月结单' }).click();
    const s = page.getByTestId('commission-statement');
    // the month of the purchase (the browser's month): the order's commission
    await s.getByText(`${bought} 佣金月结单`).waitFor();
    await s.locator('.ant-table-tbody tr', { hasText: '订单佣金' }).getByText(commission).waitFor();
    await screenshot(page, 'console-commissions-statement-order');
    // the month of the withdrawal: the withdrawal, closing 0; its opening is the commission when the
    // week moved into the next month, else (the same month) nothing was there before the order
    const picker = page.getByLabel('月份');
    await picker.click();
    await picker.fill(withdrawn);
    await picker.press('Enter');
    await picker.press('Escape');
    await page.locator('.ant-picker-dropdown').waitFor({ state: 'hidden' });
    await s.getByText(`${withdrawn} 佣金月结单`).waitFor();
    await s.locator('.ant-table-tbody tr', { hasText: '提现' }).first().waitFor();
    const opening = withdrawn === bought ? '¥0.00' : commission;
    await expect.poll(() => s.innerText()).toMatch(new RegExp(`期初余额\\s*${opening.replace('.', '\\.')}[\\s\\S]*期末余额\\s*¥0\\.00`));
    await screenshot(page, 'console-commissions-statement');
    const [print] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: '打印版' }).click()]);
    await print.getByTestId('commission-statement').getByText('期末余额').waitFor();
    await print.emulateMedia({ media: 'print' });
    await screenshot(print, 'console-commissions-statement-print');
    expect(await print.locator('.ant-layout-sider').isVisible()).toBe(false);
    await print.close();
    expect(errors).toEqual([]);
  });
});
