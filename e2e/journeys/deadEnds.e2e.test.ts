// Dead ends: a page opened without what it needs (no query, a bad query, a card that
// is not a device, a card-number login) says in plain words what is missing and offers the way on —
// never a spinner without a way out, a 重试 that cannot succeed, or a claim that is not true.
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { screenshot } from '../harness';
import { useJourney } from '../journey';
import { acceptAgreement, DEMO, loginWithAccount, loginWithCard, resetBrowser, submitLogin, waitForPath } from './steps';

/** The state block's message (role alert for an error, plain text for an empty state). */
async function says(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).waitFor();
}

/** Clicks the offered way on and waits for the page it leads to. */
async function follow(page: Page, name: string, pathname: string): Promise<void> {
  await page.getByRole('link', { name, exact: true }).click();
  await waitForPath(page, pathname);
}

describe('dead ends say what is missing and offer the way on', () => {
  const j = useJourney();
  beforeEach(async () => {
    await resetBrowser(j.phone.page);
  });

  it('/change for a card that is not a device: 切换卡片 leads to the card list', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    await page.goto('/change');
    await says(page, '当前卡片不是WiFi设备，请先切换到设备的卡');
    await screenshot(page, 'dead-end-change');
    await follow(page, '切换卡片', '/card_list');
    await page.locator(`[data-card="${DEMO.card}"]`).waitFor();
  });

  it('/change under a card-number login for a card that is not a device: log in with the device’s card number, back to /change', async () => {
    const { page } = j.phone;
    await loginWithCard(page);
    await page.goto('/change');
    await says(page, '当前卡片不是WiFi设备，卡号登录只能使用这张卡，请用设备的卡号登录');
    await screenshot(page, 'dead-end-change-card-login');
    await page.getByRole('link', { name: '用设备的卡号登录', exact: true }).click();
    await waitForPath(page, '/login');
    const url = new URL(page.url());
    expect(url.searchParams.get('login_model')).toBe('customNum');
    expect(url.searchParams.get('redirect')).toBe('/change');
  });

  it('/combo_detail without a package, with a bad one and with an unknown one: 选择套餐 leads to /combo', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    for (const query of ['', '?package_id=abc', '?package_id=-1']) {
      await page.goto(`/combo_detail${query}`);
      await says(page, '还没有选择套餐，请先在套餐列表中选择');
    }
    await screenshot(page, 'dead-end-combo-detail');
    await follow(page, '选择套餐', '/combo');

    await page.goto('/combo_detail?package_id=999999');
    await says(page, '该套餐不存在或当前卡片不可订购');
    await screenshot(page, 'dead-end-combo-detail-unknown');
    await follow(page, '查看可订购的套餐', '/combo');
  });

  it('/shopping_success without an order, with a bad one and an unknown one: 我的订单 and 设备商城', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    await page.goto('/shopping_success');
    await says(page, '没有要查看的订单');
    await screenshot(page, 'dead-end-shopping-success');
    await follow(page, '我的订单', '/order');

    await page.goto('/shopping_success?order_no=x');
    await says(page, '订单号有误，请从订单列表查看');
    await follow(page, '去设备商城', '/shopping');

    await page.goto('/shopping_success?order_no=NOSUCHORDER0001');
    await says(page, '订单不存在或无权查看');
    await follow(page, '我的订单', '/order');
  });

  it('/shopping with a sold-out or an unknown product: the way back to the shop’s list', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    const backToList = () => page.waitForURL((u) => u.pathname === '/shopping' && !u.searchParams.has('product'));
    const rows = j.portal.sql<{ id: number }>("SELECT id FROM shop_products WHERE name = '4G 插卡路由器' AND stock = 0") as {
      id: number;
    }[];
    await page.goto(`/shopping?product=${rows[0]!.id}`);
    await says(page, '该商品已售罄，可以看看其他设备');
    await screenshot(page, 'dead-end-shopping-sold-out');
    await page.getByRole('link', { name: '查看其他设备', exact: true }).click();
    await backToList();
    await page.getByTestId('product').first().waitFor();

    await page.goto('/shopping?product=999999');
    await says(page, '该商品不存在或已下架');
    await page.getByRole('link', { name: '返回商城', exact: true }).click();
    await backToList();
    await page.getByTestId('product').first().waitFor();
  });

  it('/pay_fail without an order claims no failed payment: it says there is nothing to show and offers 我的订单', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    await page.goto('/pay_fail');
    await says(page, '没有要查看的支付结果');
    expect(await page.getByText(/支付未完成|未扣款|未支付/).count()).toBe(0);
    await screenshot(page, 'dead-end-pay-fail');
    await follow(page, '我的订单', '/order');

    await page.goto('/pay_fail?order_no=x');
    await says(page, '订单号有误，请从订单列表查看');
    expect(await page.getByText(/支付未完成|未扣款|未支付/).count()).toBe(0);

    await page.goto('/pay_fail?order_no=NOSUCHORDER0001');
    await says(page, '订单不存在或无权查看');
    expect(await page.getByText(/支付未完成|未扣款|未支付/).count()).toBe(0);
    await follow(page, '去订购套餐', '/combo');
  });

  it('/member under a card-number login says why and offers the account login, which returns to /member', async () => {
    const { page } = j.phone;
    await loginWithCard(page);
    await page.goto('/member');
    await says(page, '会员权益属于账号，卡号登录无法查看');
    expect(await page.getByRole('button', { name: '重试' }).count()).toBe(0);
    await screenshot(page, 'dead-end-member-card-login');
    await page.getByRole('link', { name: '使用账号登录', exact: true }).click();
    await waitForPath(page, '/login');
    const url = new URL(page.url());
    expect(url.searchParams.get('login_model')).toBe('account');
    expect(url.searchParams.get('redirect')).toBe('/member');
    await page.getByPlaceholder('请输入账号').fill(DEMO.account);
    await page.getByPlaceholder('请输入密码').fill(DEMO.password);
    await acceptAgreement(page);
    await submitLogin(page);
    await waitForPath(page, '/member');
    await page.getByTestId('growth').waitFor();
  });

  it('the other member pages under a card-number login say the same, with no 重试', async () => {
    const { page } = j.phone;
    await loginWithCard(page);
    for (const path of ['/member_invite', '/member_invite-records', '/member_rule']) {
      await page.goto(path);
      await says(page, '会员权益属于账号，卡号登录无法查看');
      expect(await page.getByRole('button', { name: '重试' }).count()).toBe(0);
      const link = page.getByRole('link', { name: '使用账号登录', exact: true });
      expect(new URL((await link.getAttribute('href'))!, page.url()).searchParams.get('redirect')).toBe(path);
    }
    await screenshot(page, 'dead-end-member-invite-card-login');
  });

  it('/cpe_combo_detail without a package: 选择套餐 leads to the device’s packages', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    await page.goto('/cpe_combo_detail');
    await says(page, '还没有选择套餐，请先在设备套餐中选择');
    await screenshot(page, 'dead-end-cpe-combo-detail');
    await follow(page, '选择套餐', '/cpe_combo');
  });

  it('raised no page errors', () => {
    expect(j.errors).toEqual([]);
  });
});
