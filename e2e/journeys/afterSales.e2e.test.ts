// Journeys: refunds and invoices from both sides (docs/decisions/0045-partial-refunds-and-requests.md).
// A card holder buys a package on the phone (375×667) and, on the order's page, asks for a refund
// and for an invoice (a wrong taxpayer number is said at its field). In the console (1440×900)
// finance gives back part of the order in its drawer (an empty reason is said at the field, no page
// error), issues the invoice from 发票申请 and approves the refund request from 退款申请; the phone
// then shows the refund done and the invoice number. What the server recorded is the proof.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleLogin, menuTo } from './consoleMenu';
import { openDesktop, screenshot, type Phone } from '../harness';
import { useJourney } from '../journey';
import { loginWithAccount, openPackage, payAtSandboxCashier, resetBrowser } from './steps';

describe('refund and invoice requests, seen from both sides', () => {
  const j = useJourney();
  let desk: Phone;
  const deskErrors: string[] = [];
  beforeAll(async () => {
    desk = await openDesktop(j.portal);
    desk.page.on('pageerror', (e) => deskErrors.push(String(e)));
  }, 60_000);
  afterAll(async () => {
    await desk?.close();
  });

  it('the holder asks; finance refunds part, issues the invoice and approves the refund; the holder sees each', async () => {
    const phone = j.phone.page;
    await resetBrowser(phone);
    await loginWithAccount(phone);
    await openPackage(phone, '畅享50G月包');
    await phone.getByTestId('payable').filter({ hasText: /¥\d/ }).waitFor();
    await payAtSandboxCashier(phone, '微信支付');
    await phone.getByRole('link', { name: '查看订单' }).click();
    const detail = phone.getByTestId('order-detail');
    await detail.getByText(/已完成|已支付/).waitFor();
    const orderNo = (await detail.getByText(/^\d{22}$/).innerText()).trim();

    // 申请退款, with a word of why
    const refund = phone.getByTestId('refund-request');
    await refund.getByText(/套餐未使用，可在 .* 前申请退款/).waitFor();
    await refund.getByRole('button', { name: '申请退款' }).click();
    await refund.getByLabel('退款说明（选填）').fill('买错了套餐');
    await refund.getByRole('button', { name: '提交退款申请' }).click();
    await phone.getByRole('button', { name: '提交申请' }).click();
    await refund.getByText('退款审核中').waitFor();

    // 申请发票 as a company: the taxpayer number is checked at its field
    const invoice = phone.getByTestId('invoice-request');
    await invoice.getByRole('button', { name: '申请发票' }).click();
    await invoice.getByRole('button', { name: '单位' }).click();
    await invoice.getByLabel('单位名称').fill('杭州某某科技有限公司');
    await invoice.getByLabel('税号').fill('91330100716105852G');
    await invoice.getByLabel('邮箱').fill('caiwu@example.com');
    await invoice.getByRole('button', { name: '提交发票申请' }).click();
    await invoice.getByText('统一社会信用代码校验位不正确，请核对').waitFor();
    await screenshot(phone, 'after-sales-invoice-error');
    await invoice.getByLabel('税号').fill('91330100716105852F');
    await invoice.getByRole('button', { name: '提交发票申请' }).click();
    await invoice.getByText('开票中').waitFor();
    // both pending on one order: the page says which wins (decision 0070)
    await phone
      .getByTestId('refund-invoice-note')
      .getByText(/退款完成后，本订单的发票申请将自动关闭/)
      .waitFor();
    await screenshot(phone, 'after-sales-requested');
    const requests = j.portal.sql<{ status: string }>('SELECT status FROM refund_requests WHERE order_no = ?', [orderNo]) as {
      status: string;
    }[];
    expect(requests.map((r) => r.status)).toEqual(['open']);

    // finance: part of the order back from its drawer
    const page = desk.page;
    await consoleLogin(page, 'finance', 'Finance#2026');
    await menuTo(page, '订单');
    await page.getByLabel('订单号').fill(orderNo);
    await page.getByRole('button', { name: '查询' }).click();
    await page.getByRole('cell', { name: orderNo }).waitFor();
    await page.getByRole('button', { name: '详情' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByRole('button', { name: '部分退款' }).click();
    const modal = page.locator('.ant-modal');
    await modal.getByLabel('退款金额（元）').fill('1');
    await modal.getByRole('button', { name: '确认退款' }).click();
    await modal.getByText('请填写退款原因').waitFor();
    await modal.getByLabel('退款原因').fill('网络故障一天，退还部分费用');
    await screenshot(page, 'console-partial-refund');
    await modal.getByRole('button', { name: '确认退款' }).click();
    await page.getByText('已退款 ¥1.00').waitFor();
    const row = drawer.locator('tr').filter({ hasText: '网络故障一天，退还部分费用' });
    await row.getByText('部分退款').waitFor();
    await row.getByText('finance').waitFor();
    await drawer.getByText('剩余可退').waitFor();
    await screenshot(page, 'console-partial-refunded');
    await page.keyboard.press('Escape');
    await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });

    // 发票申请: 登记开票
    await page.getByRole('tab', { name: '发票申请' }).click();
    await page.getByRole('tab', { name: '发票申请', selected: true }).waitFor();
    // the rows of the tab shown (the other tabs keep theirs, hidden)
    const invoiceRow = page.locator('tr:visible').filter({ hasText: orderNo });
    await invoiceRow.getByText('91330100716105852F').waitFor();
    await screenshot(page, 'console-invoice-requests');
    await invoiceRow.getByRole('button', { name: '登记开票' }).click();
    await modal.getByLabel('发票号码').fill('26332000000012345678');
    await modal.getByRole('button', { name: '确认登记' }).click();
    await page.getByText('已登记开票').waitFor();
    // done: it leaves the queue of those waiting, and shows under 已开票
    await invoiceRow.waitFor({ state: 'hidden' });
    await page.locator('.ant-select:visible').first().click();
    await page.locator('.ant-select-item-option').filter({ hasText: '已开票' }).click();
    await invoiceRow.getByText('发票号码 26332000000012345678').waitFor();
    await screenshot(page, 'console-invoice-issued');

    // 退款申请: 同意退款 refunds what is left and takes the package back
    await page.getByRole('tab', { name: '退款申请' }).click();
    await page.getByRole('tab', { name: '退款申请', selected: true }).waitFor();
    const refundRow = page.locator('tr:visible').filter({ hasText: orderNo });
    await refundRow.getByText('买错了套餐').waitFor();
    await screenshot(page, 'console-refund-requests');
    await refundRow.getByRole('button', { name: '同意退款' }).click();
    await modal.getByLabel('退款原因').fill('核实套餐未使用，同意退款');
    await modal.getByRole('button', { name: '确认退款' }).click();
    // exactly 已退款: the part refunded earlier may still say 已退款 ¥1.00 beside it
    await page.locator('.ant-message').getByText('已退款', { exact: true }).waitFor();
    await refundRow.waitFor({ state: 'hidden' });
    const refunds = j.portal.sql<{ kind: string; amount_fen: number; operator_username: string }>(
      'SELECT kind, amount_fen, operator_username FROM refunds WHERE order_no = ? ORDER BY id',
      [orderNo],
    ) as { kind: string; amount_fen: number; operator_username: string }[];
    const paid = (
      j.portal.sql<{ payable_fen: number }>('SELECT payable_fen FROM orders WHERE order_no = ?', [orderNo]) as { payable_fen: number }[]
    )[0]!.payable_fen;
    expect(refunds.map((r) => r.kind)).toEqual(['partial', 'order']);
    expect(refunds.reduce((s, r) => s + r.amount_fen, 0)).toBe(paid);
    expect(refunds.every((r) => r.operator_username === 'finance')).toBe(true);
    expect(deskErrors).toEqual([]);

    await phone.reload();
    await refund.getByText('已退款').waitFor();
    await invoice.getByText('26332000000012345678').waitFor();
    await screenshot(phone, 'after-sales-done');
  });
});
