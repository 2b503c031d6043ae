// Journey: the console's agents and catalogue at 1440×900 (docs/decisions/0018), each change seen on the card
// holder's phone: an agent's branding title and 客服 link edited (an unsafe link refused at its
// field first) show on /login?mark=demo and /customer; a retail price changed for the agent is the
// price /combo lists; vouchers issued to a card are on its /coupons.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openDesktop, openPhone, screenshot, startPortal, type Phone, type Portal } from '../harness';
import { loginWithAccount } from './steps';
import { consoleLogin } from './consoleMenu';

describe('console: agents and catalogue', () => {
  let portal: Portal;
  let desk: Phone;
  let phone: Phone;
  beforeAll(async () => {
    portal = await startPortal();
    desk = await openDesktop(portal);
    phone = await openPhone(portal);
    await consoleLogin(desk.page, 'admin', 'Admin#2026');
  }, 90_000);
  afterAll(async () => {
    await desk?.close();
    await phone?.close();
    await portal?.stop();
  });

  it("edits an agent's title and 客服 link, refusing an unsafe link at the field; the portal shows them", async () => {
    const { page } = desk;
    await page.goto('/admin/agents');
    await page.getByRole('row').filter({ hasText: 'demo' }).getByRole('button', { name: '管理' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText('实时预览').waitFor();
    await drawer.getByLabel('应用名称（页面标题）').fill('畅联新品牌');
    await drawer.getByLabel('在线客服链接').fill('javascript:alert(1)');
    await drawer.getByLabel('修改原因').fill('更换品牌标题');
    await drawer.getByRole('button', { name: '保存品牌' }).click();
    await drawer.getByText('只能填写 http:// 或 https:// 开头的链接').waitFor();
    await screenshot(page, 'console-agent-unsafe-url');
    await drawer.getByLabel('在线客服链接').fill('https://kf.example.com/chat');
    await drawer.getByRole('button', { name: '保存品牌' }).click();
    await page.getByText('已保存').waitFor();
    await screenshot(page, 'console-agent-branding');

    const p = phone.page;
    await p.goto('/login?mark=demo');
    await p.getByRole('heading', { name: '畅联新品牌' }).waitFor();
    await screenshot(p, 'console-catalogue-portal-login');
    await loginWithAccount(p);
    await p.goto('/customer');
    await p.locator('a[href="https://kf.example.com/chat"]').waitFor();
  });

  it("changes a package's retail price for the agent; the portal lists the new price", async () => {
    const { page } = desk;
    await page.goto('/admin/prices');
    await page.getByRole('button', { name: '调价 畅享100G月包' }).click();
    const modal = page.locator('.ant-modal');
    await modal.getByLabel('零售价（元）').fill('35');
    await modal.getByLabel('调价原因').fill('旅程调价');
    await screenshot(page, 'console-price-modal');
    await modal.getByRole('button', { name: '保存' }).click();
    await page.getByText('价格已保存').waitFor();
    await page.getByRole('row').filter({ hasText: '畅享100G月包' }).getByText('¥35.00', { exact: true }).waitFor();
    await screenshot(page, 'console-prices');

    const p = phone.page;
    await p.goto('/combo');
    await p
      .getByTestId('package')
      .filter({ has: p.getByTestId('package-name').getByText('畅享100G月包', { exact: true }) })
      .getByText('35.00')
      .waitFor();
    await screenshot(p, 'console-catalogue-portal-combo');
  });

  it('issues vouchers to a card; the card holder sees them', async () => {
    const { page } = desk;
    await page.goto('/admin/vouchers');
    await page.getByLabel('卡号（每行一个，或以逗号分隔）').fill('1000000001');
    await page.getByLabel('券名称').fill('旅程回馈8元券');
    await page.getByLabel('面额（元）').fill('8');
    await page.getByLabel('发放原因').fill('老用户回馈');
    await page.getByRole('button', { name: '发放', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: '发放' }).click();
    await page.getByText('已向 1 张卡发放').waitFor();
    await page.getByRole('row').filter({ hasText: '旅程回馈8元券' }).waitFor();
    await screenshot(page, 'console-vouchers');

    const p = phone.page;
    await p.goto('/coupons');
    await p.getByTestId('voucher').filter({ hasText: '旅程回馈8元券' }).waitFor();
    await screenshot(p, 'console-catalogue-portal-coupons');
  });

  it('lists series, packages by type, coupon packages and first-recharge offers', async () => {
    const { page } = desk;
    await page.goto('/admin/catalogue');
    await page.getByRole('row').filter({ hasText: '畅享月包系列' }).waitFor();
    await screenshot(page, 'console-catalogue-series');
    await page.getByRole('tab', { name: '套餐', exact: true }).click();
    await page.getByRole('row').filter({ hasText: '10G加油包' }).waitFor();
    await page.getByRole('tab', { name: '首充优惠' }).click();
    await page.getByRole('row').filter({ hasText: '极客通信' }).waitFor();
    await screenshot(page, 'console-catalogue-offers');
  });
});
