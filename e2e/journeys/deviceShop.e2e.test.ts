// Journeys of the device shop (docs/decisions/0020): a visitor sees the devices with
// their pictures, logs in to buy, fills the quantity (spec §5's number input) and the address,
// pays through the sandbox cashier and sees the order 待发货 — then shipped with its tracking
// number once the operator ships it. An abandoned payment keeps the units held until the order is
// cancelled, which puts them back on the shelf. Before this, /shopping fell to /404.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from '../harness';
import { useJourney } from '../journey';
import { acceptAgreement, DEMO, pickRegion, resetBrowser, submitLogin, waitForPath } from './steps';

describe('device shop', () => {
  const j = useJourney();
  beforeEach(async () => {
    await resetBrowser(j.phone.page);
  });

  const stockOf = (name: string) =>
    (j.portal.sql<{ stock: number }>('SELECT stock FROM shop_products WHERE name = ?', [name]) as { stock: number }[])[0]!.stock;

  /** From the list: 购买 on a device; a visitor logs in with the account first and comes back. */
  async function startBuying(page: Page, name: string): Promise<void> {
    await page.goto('/shopping');
    await page.getByTestId('product').filter({ hasText: name }).getByRole('button', { name: '购买' }).click();
    if (new URL(page.url()).pathname === '/login') {
      await page.goto(page.url().replace('login_model=mobile', 'login_model=account'));
      await page.getByPlaceholder('请输入账号').fill(DEMO.account);
      await page.getByPlaceholder('请输入密码').fill(DEMO.password);
      await acceptAgreement(page);
      await submitLogin(page);
    }
    await waitForPath(page, '/shopping');
    await page.getByRole('heading', { name: '填写订单' }).waitFor();
  }

  async function fillAddress(page: Page): Promise<void> {
    await page.getByPlaceholder('请输入收货人姓名').fill('张三');
    await page.getByPlaceholder('请输入收货人手机号').fill('13900139000');
    await page.getByRole('button', { name: /所在地区/ }).click();
    await pickRegion(page, '北京市', '北京市', '朝阳区');
    await page.getByPlaceholder('街道、楼栋、门牌号').fill('建国路 88 号 2 号楼 101');
  }

  it('a visitor sees the devices, logs in, buys two through the sandbox cashier and sees the order 待发货, then shipped', async () => {
    const { page } = j.phone;
    const name = '4G 随身WiFi（MiFi）';
    const stock = stockOf(name);
    await page.goto('/shopping');
    const mifi = page.getByTestId('product').filter({ hasText: name });
    await mifi.getByText('库存 50').waitFor();
    await mifi.getByText('全部卡片').waitFor();
    await page.getByTestId('product').filter({ hasText: '4G 插卡路由器' }).getByRole('button', { name: '已售罄' }).waitFor();
    // every picture loads
    await page.waitForFunction(() => Array.from(document.querySelectorAll('img')).every((i) => i.complete && i.naturalWidth > 0));
    await screenshot(page, 'shop-list');

    await startBuying(page, name);
    // the number input: typed 0 becomes 1, 12000 becomes the stock, − and + step by one
    const qty = page.getByLabel('购买数量');
    await qty.fill('12000');
    await qty.blur();
    expect(await qty.inputValue()).toBe(String(stock));
    await qty.fill('0');
    await qty.blur();
    expect(await qty.inputValue()).toBe('1');
    await page.getByRole('button', { name: '增加数量' }).click();
    expect(await qty.inputValue()).toBe('2');
    // an empty form says what to fix, field by field
    await page.getByRole('button', { name: '下一步：确认订单' }).click();
    await page
      .locator('.app-field-error')
      .getByText(/收货人姓名/)
      .waitFor();
    await fillAddress(page);
    await screenshot(page, 'shop-form');
    await page.getByRole('button', { name: '下一步：确认订单' }).click();
    await page.getByRole('heading', { name: '确认订单' }).waitFor();
    await page.getByText('北京市 朝阳区 建国路 88 号 2 号楼 101').waitFor();
    await page.getByTestId('payable').filter({ hasText: '¥198.00' }).waitFor();
    await screenshot(page, 'shop-confirm');

    await page.getByRole('radio', { name: '微信支付' }).check();
    await page.getByRole('button', { name: '提交订单' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/sim/pay/cashier/'));
    expect(stockOf(name)).toBe(stock - 2); // held while the cashier is open
    await page.getByRole('button', { name: '确认支付' }).click();
    await waitForPath(page, '/shopping_success');
    await page.getByRole('heading', { name: '下单成功' }).waitFor();
    await page.getByTestId('ship-state').getByText('待发货').waitFor();
    await screenshot(page, 'shop-success');

    const orderNo = new URL(page.url()).searchParams.get('order_no')!;
    await page.getByRole('link', { name: '查看订单' }).click();
    await waitForPath(page, '/order');
    await page
      .getByTestId('order-detail')
      .getByText(/已完成|已支付/)
      .waitFor();
    await page.getByTestId('ship-state').getByText('待发货').waitFor();
    await page.getByText('139****9000').waitFor();
    await screenshot(page, 'shop-order-detail');
    expect(stockOf(name)).toBe(stock - 2);

    // the operator ships it (the console will call markShipped; its effect, written directly here)
    j.portal.sql(
      "UPDATE shop_orders SET ship_state = 'shipped', carrier = '顺丰速运', tracking_no = 'SF1234567890', shipped_at = ? WHERE order_no = ?",
      [new Date().toISOString(), orderNo],
    );
    await page.reload();
    await page.getByTestId('ship-state').getByText('已发货').waitFor();
    await page.getByTestId('tracking-no').getByText('SF1234567890').waitFor();
    await page.getByText('顺丰速运').waitFor();
    await screenshot(page, 'shop-order-shipped');
  });

  it('an abandoned payment holds the stock until the order is cancelled, then it is back', async () => {
    const { page } = j.phone;
    const name = '5G CPE 家用路由器';
    const stock = stockOf(name);
    await startBuying(page, name);
    await fillAddress(page);
    await page.getByRole('button', { name: '下一步：确认订单' }).click();
    await page.getByTestId('payable').filter({ hasText: '¥499.00' }).waitFor();
    await page.getByRole('radio', { name: '花呗分期' }).check();
    await page.getByRole('button', { name: '提交订单' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/sim/pay/cashier/'));
    await page.getByRole('button', { name: '放弃支付' }).click();
    await waitForPath(page, '/pay_status');
    await page.getByRole('heading', { name: '支付未完成' }).waitFor({ timeout: 5000 });
    expect(stockOf(name)).toBe(stock - 1);

    await page.getByRole('button', { name: '查看订单' }).click();
    await waitForPath(page, '/order');
    await page.getByTestId('order-detail').getByText('待支付').waitFor();
    await page.getByRole('button', { name: '取消订单' }).click();
    await page.locator('.adm-dialog-button').filter({ hasText: '取消订单' }).click();
    await page.getByTestId('order-detail').getByText('已关闭').waitFor();
    expect(stockOf(name)).toBe(stock);
    await page.getByRole('link', { name: '重新下单' }).waitFor();
    await screenshot(page, 'shop-order-closed');
    // the shop shows the units back
    await page.goto('/shopping');
    await page.getByTestId('product').filter({ hasText: name }).getByText(`库存 ${stock}`).waitFor();
  });

  it('a card holding 3 unpaid device orders is told at the confirm step to pay or cancel one, with the way to 我的订单', async () => {
    const { page } = j.phone;
    const name = '4G 随身WiFi（MiFi）';
    await startBuying(page, name);
    // three orders left unpaid (as by three abandoned cashiers), placed with the page's own login
    const placed = await page.evaluate(
      async (product) => {
        const statuses: number[] = [];
        // strings are kept as they are (lib/storage)
        const stored = (k: string) => localStorage.getItem(`sim_${k}`)!;
        for (let i = 0; i < 3; i++) {
          const token = stored('token');
          const res = await fetch('/api/v1/order/create', {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({
              custom_num: stored('customNum'),
              goods_type: 'device',
              product_id: product,
              quantity: 1,
              delivery: {
                receiver: '张三',
                mobile: '13900139000',
                province: '北京市',
                city: '北京市',
                district: '朝阳区',
                address: '建国路 88 号',
              },
              pay_channel: 2,
              request_id: crypto.randomUUID(),
            }),
          });
          const rotated = res.headers.get('New-Token');
          if (rotated) localStorage.setItem('sim_token', rotated);
          statuses.push(res.status);
        }
        return statuses;
      },
      (j.portal.sql<{ id: number }>('SELECT id FROM shop_products WHERE name = ?', [name]) as { id: number }[])[0]!.id,
    );
    expect(placed).toEqual([200, 200, 200]);
    const stock = stockOf(name);

    await fillAddress(page);
    await page.getByRole('button', { name: '下一步：确认订单' }).click();
    await page.getByRole('alert').filter({ hasText: '已有 3 笔待支付的设备订单' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/请先到「我的订单」支付或取消其中一笔/);
    expect(await page.getByRole('button', { name: '提交订单' }).isDisabled()).toBe(true);
    const toOrders = page.getByRole('link', { name: '去「我的订单」支付或取消' });
    expect((await toOrders.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await screenshot(page, 'shop-too-many-unpaid');
    expect(stockOf(name)).toBe(stock);

    await toOrders.click();
    await waitForPath(page, '/order');
    expect(await page.getByRole('tab', { name: '待支付' }).getAttribute('aria-selected')).toBe('true');
    // cancelling one there makes room: the shop prices the order again
    await page.getByTestId('order').first().getByRole('button', { name: '取消订单' }).click();
    await page.locator('.adm-dialog-button').filter({ hasText: '取消订单' }).click();
    await expect.poll(() => page.getByTestId('order').count()).toBe(2);
    await startBuying(page, name);
    await fillAddress(page);
    await page.getByRole('button', { name: '下一步：确认订单' }).click();
    await page.getByTestId('payable').filter({ hasText: '¥99.00' }).waitFor();
    // the other two leave the shelf as they were
    j.portal.sql("UPDATE orders SET state = 'closed' WHERE goods_type = 'device' AND state = 'pending'");
    j.portal.sql('UPDATE shop_products SET stock = stock + 2 WHERE name = ?', [name]);
  });

  it('/mine offers the shop and 快速检测; no page errors', async () => {
    const { page } = j.phone;
    await page.goto('/login?login_model=account');
    await page.getByPlaceholder('请输入账号').fill(DEMO.account);
    await page.getByPlaceholder('请输入密码').fill(DEMO.password);
    await acceptAgreement(page);
    await submitLogin(page);
    await waitForPath(page, '/');
    await page.goto('/mine');
    await page.getByText('设备商城').waitFor();
    await screenshot(page, 'mine-shop-check');
    await page.getByText('快速检测').click();
    await waitForPath(page, '/card_check');
    await page.goto('/mine');
    await page.getByText('设备商城').click();
    await waitForPath(page, '/shopping');
    expect(j.errors).toEqual([]);
  });
});
