// Journeys of the device area's card pages (docs/decisions/0013): the demo user buys a plan for the 5G CPE's
// card (1000000011) on /cpe_combo → /cpe_combo_detail through the portal's checkout and sandbox
// cashier, comes back into the device area, and finds the order on /cpe_order — while the portal's
// current card stays another card; /cpe_remind says the offline MiFi (1000000016) is offline, with
// 查看设备; /cpe_bind fills serial and card number from the QR on the box (a canvas stream stands
// in for the camera: it draws a real QR code, the app decodes it), and says so when the camera is
// refused, typing still working.
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { screenshot } from '../harness';
import { useJourney } from '../journey';
import { installCamera, qrMatrix, watchScanner } from './camera';
import { DEMO, grouped, loginWithAccount, resetBrowser, stored, waitForPath } from './steps';

/** The QR on the unbound 5G CPE's box: a link to /cpe_bind with its serial and card number. */
const BOX_QR = 'https://h5.changlian.example.com/cpe_bind?sn=CPE5G-D0017&custom_num=1000000017';

/** On /cpe: the device of that card is the area's device (the picker only when it is not already). */
async function onDevice(page: Page, customNum: string): Promise<void> {
  await page.goto('/cpe');
  const card = page.getByTestId('device-card');
  await card.getByText(/卡号 [\d ]+/).waitFor();
  if (!(await card.innerText()).includes(grouped(customNum))) {
    await page.getByRole('button', { name: '切换设备' }).click();
    await page.getByRole('button', { name: new RegExp(grouped(customNum)) }).click();
  }
  await card.filter({ hasText: grouped(customNum) }).waitFor();
}

/** Whether the element's box is at least 44 px high (a tap target). */
async function tall(page: Page, name: string | RegExp, role: 'link' | 'button'): Promise<number> {
  const box = await page.getByRole(role, { name }).first().boundingBox();
  return box?.height ?? 0;
}

describe('the device area’s plans, orders, reminders and box scan', () => {
  const j = useJourney(async ({ phone }) => {
    await phone.context.addInitScript(installCamera, qrMatrix(BOX_QR));
  });
  beforeEach(async () => {
    await resetBrowser(j.phone.page);
  });

  it('buys a plan for the CPE’s card on /cpe_combo, pays at the cashier, returns to the device area and finds the order on /cpe_order', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    // the portal's current card is the demo user's first card, not the device's
    await page.evaluate((c) => localStorage.setItem('sim_customNum', c), DEMO.card);
    await onDevice(page, '1000000011');
    // the first device is the CPE's: the area shows it without making its card the portal's current card
    const portalCard = (await stored(page)).sim_customNum;
    expect(portalCard).toBe(DEMO.card);
    await screenshot(page, 'cpe-home-entries');

    // /cpe leads to the plans, the orders and the reminders
    for (const name of ['套餐订购', '我的订单', '温馨提醒']) expect(await tall(page, new RegExp(name), 'link')).toBeGreaterThanOrEqual(44);
    await page.getByRole('link', { name: /套餐订购/ }).click();
    await waitForPath(page, '/cpe_combo');
    await page.getByText('（卡号 1000 0000 11）订购').waitFor();
    await screenshot(page, 'cpe-combo');
    await page
      .getByTestId('package')
      .filter({ has: page.getByTestId('package-name').getByText('畅享100G月包', { exact: true }) })
      .click();
    await waitForPath(page, '/cpe_combo_detail');
    await page.getByTestId('device-line').getByText('卡号 1000 0000 11').waitFor();
    // what the purchase does to the device's card, the server's words
    await expect
      .poll(() => page.getByTestId('package-effect').innerText())
      .toMatch(/\d{4}-\d{2}-\d{2} 起(生效)?，有效期至 \d{4}-\d{2}-\d{2}/);
    await page.getByTestId('payable').filter({ hasText: /¥\d/ }).waitFor();
    // the device's card has no balance: the balance channel says so and offers 去充值
    await page.getByRole('link', { name: '去充值' }).waitFor();
    // noCpeKF: no floating 客服 button over the pay bar
    expect(await page.getByRole('button', { name: '在线客服' }).count()).toBe(0);
    await screenshot(page, 'cpe-combo-detail');

    await page.getByRole('radio', { name: '微信支付' }).check();
    await page.getByRole('button', { name: '立即支付' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/sim/pay/cashier/'));
    await page.getByRole('button', { name: '确认支付' }).click();
    await waitForPath(page, '/pay_success');
    await page.getByRole('heading', { name: '支付成功' }).waitFor();
    await page.getByText(/起生效，有效期至|已生效/).waitFor();
    const home = page.getByRole('link', { name: '返回设备首页' });
    await home.waitFor();
    await screenshot(page, 'cpe-pay-success');

    // 查看订单 stays in the device area
    await page.getByRole('link', { name: '查看订单' }).click();
    await waitForPath(page, '/cpe_order');
    const detail = page.getByTestId('order-detail');
    await detail.getByText('畅享100G月包').waitFor();
    await detail.getByText(/已完成|已支付/).waitFor();
    const orderNo = (await detail.getByText(/^\d{22}$/).innerText()).trim();
    await page.getByRole('link', { name: '全部订单' }).click();
    await waitForPath(page, '/cpe_order');
    const row = page.getByTestId('order').filter({ hasText: orderNo });
    await row.getByText('畅享100G月包').waitFor();
    await page.getByText('卡号 1000 0000 11 的订单').waitFor();
    await screenshot(page, 'cpe-order');
    // the tabs filter on the server: the paid order is under 已完成, not under 待支付
    await page.getByRole('tab', { name: '待支付' }).click();
    await page.getByText('没有待支付的订单').waitFor();
    await page.getByRole('tab', { name: '已完成' }).click();
    await row.waitFor();

    // back from the result page leads to the device home
    await page.goto(`/pay_success?order_no=${orderNo}`);
    await page.getByRole('link', { name: '返回设备首页' }).click();
    await waitForPath(page, '/cpe');
    await page.getByTestId('device-card').filter({ hasText: '1000 0000 11' }).waitFor();
    // the portal's current card was never touched
    expect((await stored(page)).sim_customNum).toBe(portalCard);
  });

  it('去充值 on /cpe_combo_detail recharges the device’s card (made current), and the device area stays on that device', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    await page.evaluate((c) => localStorage.setItem('sim_customNum', c), DEMO.card);
    await onDevice(page, '1000000011');
    await page.goto('/cpe_combo_detail?package_id=1');
    await page.getByTestId('payable').filter({ hasText: /¥\d/ }).waitFor();
    await page.getByRole('link', { name: '去充值' }).click();
    await waitForPath(page, '/recharge');
    await page.getByText('卡号 1000 0000 11').waitFor();
    expect((await stored(page)).sim_customNum).toBe('1000000011');
    await page.goto('/cpe');
    await page.getByTestId('device-card').filter({ hasText: '1000 0000 11' }).waitFor();
  });

  it('a pending order of the device’s card is paid from /cpe_order in another tab, and its result leads back to the device area', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    await onDevice(page, '1000000011');
    await page.goto('/cpe_combo_detail?package_id=1');
    await page.getByTestId('payable').filter({ hasText: /¥\d/ }).waitFor();
    await page.getByRole('radio', { name: '微信支付' }).check();
    await page.getByRole('button', { name: '立即支付' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/sim/pay/cashier/'));
    await page.getByRole('button', { name: '放弃支付' }).click();
    await waitForPath(page, '/pay_status');
    const orderNo = new URL(page.url()).searchParams.get('order_no')!;
    // 查看订单 on the way stays in the device area
    await page.getByRole('button', { name: '查看订单' }).click();
    await waitForPath(page, '/cpe_order');
    await page.getByTestId('order-detail').getByText('待支付').waitFor();

    // another tab (its own session: it never saw this order being made)
    const other = await page.context().newPage();
    try {
      await other.goto('/cpe_order?tab=pending');
      const row = other.getByTestId('order').filter({ hasText: orderNo });
      await row.waitFor();
      await screenshot(other, 'cpe-order-pending');
      await row.getByRole('button', { name: '继续支付' }).click();
      await other.waitForURL((u) => u.pathname.startsWith('/sim/pay/cashier/'));
      await other.getByRole('button', { name: '确认支付' }).click();
      await waitForPath(other, '/pay_success');
      await other.getByRole('heading', { name: '支付成功' }).waitFor();
      await other.getByRole('link', { name: '返回设备首页' }).click();
      await waitForPath(other, '/cpe');
    } finally {
      await other.close();
    }
  });

  it('/cpe_remind says the offline MiFi is offline, and 查看设备 leads to it', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    await onDevice(page, '1000000016');
    await page.goto('/cpe_mine');
    await page.getByRole('link', { name: /温馨提醒/ }).click();
    await waitForPath(page, '/cpe_remind');
    await page.getByTestId('device-line').getByText('卡号 1000 0000 16').waitFor();
    const offline = page.getByTestId('reminder').filter({ hasText: '设备已离线' });
    await offline.getByText(/起未联网/).waitFor();
    const button = offline.getByRole('button', { name: '查看设备' });
    expect((await button.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await screenshot(page, 'cpe-remind');
    await button.click();
    await waitForPath(page, '/cpe');
    await page.getByTestId('device-online').getByText('离线').waitFor();
  });

  it('/cpe_bind: 扫码 reads the box’s QR into serial and card number, and the device is added', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    await page.evaluate(() => localStorage.setItem('e2e_camera', 'qr'));
    await page.goto('/cpe_bind');
    const scanning = await watchScanner(page, '扫描设备二维码');
    await page.getByRole('button', { name: '扫码' }).click();
    const scanner = page.getByRole('dialog', { name: '扫描设备二维码' });
    if (await scanner.isVisible()) await screenshot(page, 'cpe-bind-scanning');
    await expect.poll(() => page.getByLabel('序列号').inputValue(), { timeout: 15_000 }).toBe('CPE5G-D0017');
    expect(await scanning.cameUp()).toBe(true);
    expect(await page.getByLabel('卡号').inputValue()).toBe('1000000017');
    await page.getByRole('dialog', { name: '扫描设备二维码' }).waitFor({ state: 'detached' });
    await page.getByText('已识别序列号和卡号，请核对并输入卡密码后添加').waitFor();
    await screenshot(page, 'cpe-bind-scanned');
    // the box's QR names the pair; the card password from the card's carrier proves holding it
    await page.getByLabel('卡密码').fill('123456');
    await page.getByRole('button', { name: '添加设备' }).click();
    await waitForPath(page, '/cpe');
    await page.getByTestId('device-card').filter({ hasText: '1000 0000 17' }).waitFor();
  });

  it('/cpe_bind: a refused camera is explained, and typing still works', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    await page.evaluate(() => localStorage.setItem('e2e_camera', 'denied'));
    await page.goto('/cpe_bind');
    await page.getByLabel('序列号').fill('MIFI3N-B0012');
    await page.getByRole('button', { name: '扫码' }).click();
    await page.getByText('未获得相机权限').waitFor();
    await page.getByText(/手动输入序列号和卡号/).waitFor();
    await screenshot(page, 'cpe-bind-camera-denied');
    await page.getByRole('button', { name: '手动输入' }).click();
    expect(await page.getByLabel('序列号').inputValue()).toBe('MIFI3N-B0012');
    await page.getByLabel('卡号').fill('1000000012');
    await page.getByLabel('卡密码').fill('123456');
    await page.getByRole('button', { name: '添加设备' }).click();
    // already the user's: an idempotent success
    await waitForPath(page, '/cpe');
  });

  it('/cpe_bind opened from the box’s QR by the phone’s own camera app has the pair filled in', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    await page.goto('/cpe_bind?sn=mifi3n-b0012&custom_num=1000000012');
    expect(await page.getByLabel('序列号').inputValue()).toBe('MIFI3N-B0012');
    expect(await page.getByLabel('卡号').inputValue()).toBe('1000000012');
  });

  it('/cpe_remind: a device card that is not real-named gets 去实名, which opens the portal’s real-name reminder for that card', async () => {
    const { page } = j.phone;
    // the CPE's card loses its verification (as a carrier's re-check would have it)
    j.portal.sql("UPDATE cards SET supplier_auth_state = 0, auth_state = 0 WHERE custom_num = '1000000011'");
    j.portal.sql("UPDATE sim_lines SET real_named = 0 WHERE custom_num = '1000000011'");
    await loginWithAccount(page);
    await page.evaluate((c) => localStorage.setItem('sim_customNum', c), DEMO.card);
    await onDevice(page, '1000000011');
    await page.goto('/cpe_remind');
    const reminder = page.getByTestId('reminder').filter({ hasText: '设备中的卡尚未实名认证' });
    await reminder.waitFor();
    // the plan bought in the first journey is queued after the current one: nothing to renew yet
    expect(await page.getByTestId('reminder').filter({ hasText: '到期' }).count()).toBe(0);
    await screenshot(page, 'cpe-remind-real-name');
    await reminder.getByRole('button', { name: '去实名' }).click();
    await waitForPath(page, '/remind');
    await page.getByText('该卡尚未完成实名认证').waitFor();
    // the reminder's card is now the portal's current card: the real-name pages act on it
    expect((await stored(page)).sim_customNum).toBe('1000000011');
  });

  it('no page error on the way', () => {
    expect(j.errors).toEqual([]);
  });
});
