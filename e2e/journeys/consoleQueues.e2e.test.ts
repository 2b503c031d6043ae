// Journeys: the console's money and queues at 1440×900 (docs/decisions/0018), each seen from the other side.
// A card holder buys a package on the phone; finance finds the order in 订单, opens it (payments,
// the gateway's notification), and 退款 — first without a reason (said at the field), then with
// one; the phone's order detail says 已退款. Support answers the complaint in 工单; the reply is on
// the card holder's /suggest. The platform administrator approves an agent application in 代理申请;
// the applicant's /agent says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleLogin, menuTo } from './consoleMenu';
import type { Page } from 'playwright-core';
import { openDesktop, screenshot, type Phone } from '../harness';
import { useJourney } from '../journey';
import { loginWithAccount, openPackage, payAtSandboxCashier, resetBrowser } from './steps';

async function consoleLogout(page: Page) {
  // close an open drawer first: its mask covers the header
  if (await page.locator('.ant-drawer-open').count()) {
    await page.keyboard.press('Escape');
    await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
  }
  await page.getByRole('button', { name: '退出' }).click();
  await page.waitForURL('**/admin/login');
}

describe('console money and queues, seen by the card holder', () => {
  const j = useJourney();
  let desk: Phone;
  beforeAll(async () => {
    desk = await openDesktop(j.portal);
  }, 60_000);
  afterAll(async () => {
    await desk?.close();
  });

  it('refunds an order in the console with a reason; the card holder sees it refunded', async () => {
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

    const page = desk.page;
    await consoleLogin(page, 'finance', 'Finance#2026');
    await menuTo(page, '订单');
    await page.waitForURL('**/admin/orders');
    await page.getByLabel('订单号').fill(orderNo);
    await page.getByRole('button', { name: '查询' }).click();
    await page.getByRole('cell', { name: orderNo }).waitFor();
    await screenshot(page, 'console-orders');
    await page.getByRole('button', { name: '详情' }).click();
    const drawer = page.locator('.ant-drawer');
    // the money is on record, whichever reached the server first: the gateway's notification
    // (已入账) or the result page's query of the gateway (a later notification is then 重复通知)
    await drawer
      .getByRole('cell', { name: /^(notify|query)$/ })
      .first()
      .waitFor();
    await screenshot(page, 'console-order-detail');
    await drawer.getByRole('button', { name: '全额退款' }).click();
    const modal = page.locator('.ant-modal');
    await modal.getByRole('button', { name: '确认退款' }).click();
    await modal.getByText('请填写退款原因').waitFor();
    await modal.getByLabel('退款原因').fill('客户误购，申请退款');
    await screenshot(page, 'console-refund');
    await modal.getByRole('button', { name: '确认退款' }).click();
    await page.getByText(/已退款 ¥/).waitFor();
    await drawer.getByText('客户误购，申请退款').waitFor();
    await drawer.locator('.ant-tag').filter({ hasText: '已退款' }).waitFor();
    await screenshot(page, 'console-refunded');

    await phone.reload();
    await phone.getByTestId('order-detail').getByText('已退款').first().waitFor();
    await screenshot(phone, 'console-refund-phone');
    await consoleLogout(page);
  });

  it('answers a complaint in 工单; the card holder reads the reply on /suggest', async () => {
    const page = desk.page;
    await consoleLogin(page, 'support', 'Support#2026');
    await menuTo(page, '工单');
    await page.waitForURL('**/admin/tickets');
    await page.getByRole('cell', { name: 'T26110100000001' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText('处理记录').waitFor();
    await drawer.getByRole('button', { name: '提交' }).click();
    await drawer.getByText('请填写回复内容').waitFor();
    await drawer.getByLabel('回复内容（用户可见）').fill('已为您重置网络，请重启设备后再试');
    await screenshot(page, 'console-ticket');
    await drawer.getByRole('button', { name: '提交' }).click();
    await page.getByText('已提交，用户可在投诉建议中看到').waitFor();
    await drawer.getByText('已为您重置网络，请重启设备后再试').waitFor();
    await consoleLogout(page);

    const phone = j.phone.page;
    await phone.goto('/suggest');
    await phone.getByRole('link', { name: /T26110100000001/ }).click();
    await phone.getByText('已为您重置网络，请重启设备后再试').waitFor();
    await screenshot(phone, 'console-ticket-phone');
  });

  it('approves an agent application in 代理申请; the applicant sees it on /agent', async () => {
    const now = new Date().toISOString();
    const key = 'consolejourneykey0000000000000001';
    j.portal.sql(
      `INSERT INTO agent_applications (application_no, access_key, agent_id, name, mobile, open_mobile, province, city, channel, notes, status, reject_reason, created_at, updated_at)
       VALUES ('A261124000001', ?, (SELECT id FROM agents WHERE mark = 'demo'), '李晓华', '13912349999', '13912349999', '浙江省', '杭州市', 'physical_store', '有三家门店', 'submitted', '', ?, ?)`,
      [key, now, now],
    );
    const page = desk.page;
    await consoleLogin(page, 'admin', 'Admin#2026');
    await menuTo(page, '代理申请');
    await page.waitForURL('**/admin/applications');
    const row = page.locator('tr').filter({ hasText: '李晓华' });
    await row.waitFor();
    await screenshot(page, 'console-applications');
    await row.getByRole('button', { name: '通过' }).click();
    // approving makes the applicant a sub-agent of the agent it applied through, with its login
    const dialog = page.getByRole('dialog', { name: '通过代理申请：李晓华' });
    await dialog.getByText('的下级代理').waitFor();
    await dialog.getByLabel('代理标识（登录链接 ?mark= 的值）').fill('lixiaohua');
    await dialog.getByLabel('管理员用户名').fill('lixiaohua');
    await dialog.getByLabel('初始密码').fill('Lixiaohua#2026');
    await screenshot(page, 'console-application-approve');
    await dialog.getByRole('button', { name: '通过并新建代理' }).click();
    await row.getByText('已通过').waitFor();
    expect(j.portal.sql("SELECT level, nickname FROM agents WHERE mark = 'lixiaohua'")).toEqual([{ level: 2, nickname: '李晓华' }]);

    const phone = j.phone.page;
    await resetBrowser(phone);
    await phone.goto('/agent');
    await phone.evaluate((k) => localStorage.setItem('sim_agentApplicationKey', k), key);
    await phone.reload();
    await phone.getByText('恭喜，您的代理申请已通过！').waitFor();
    await screenshot(phone, 'console-agent-phone');
  });

  it('shows the replacement queue, the masked real-name records and the shipping queue to the platform administrator', async () => {
    const page = desk.page;
    await menuTo(page, '换卡申请');
    await page.waitForURL('**/admin/replacements');
    await page.getByText('没有换卡申请').waitFor();
    await screenshot(page, 'console-replacements');
    await menuTo(page, '实名记录');
    await page.waitForURL('**/admin/real-name');
    await page.getByText('没有实名记录').waitFor();
    await screenshot(page, 'console-real-name');
    await menuTo(page, '发货');
    await page.waitForURL('**/admin/shipping');
    await page.getByText('没有待发货的订单').waitFor();
    await screenshot(page, 'console-shipping');
    expect(j.errors).toEqual([]);
  });
});
