// Journey: /order as a card holder expects it (docs/decisions/0011): tabs 全部 / 待支付 / 已完成 / 已退款, this
// card or all my cards, 继续支付 and 取消订单 (asked first) right from a pending row, 复制 beside
// the order number. What the server recorded is the proof.
import { describe, expect, it } from 'vitest';
import { screenshot } from '../harness';
import { useJourney } from '../journey';
import { loginWithAccount, resetBrowser, waitForPath } from './steps';

describe('my orders', () => {
  const j = useJourney(async ({ phone }) => {
    await resetBrowser(phone.page);
    await loginWithAccount(phone.page);
  });
  const orders = () =>
    j.portal.sql<{ order_no: string; state: string; card: string }>(
      'SELECT o.order_no, o.state, c.custom_num AS card FROM orders o JOIN cards c ON c.id = o.card_id ORDER BY o.id',
    ) as { order_no: string; state: string; card: string }[];

  /** A recharge left at the cashier: a pending order of the current card. */
  async function pendingRecharge(amount: string): Promise<string> {
    const { page } = j.phone;
    await page.goto('/recharge');
    await page.getByRole('button', { name: amount }).click();
    await page.getByTestId('payable').filter({ hasText: /¥\d/ }).waitFor();
    await page.getByRole('radio', { name: '微信支付' }).check();
    await page.getByRole('button', { name: /立即(支付|充值)/ }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/sim/pay/cashier/'));
    await page.getByRole('button', { name: '放弃支付' }).click();
    await page.getByRole('heading', { name: '支付未完成' }).waitFor({ timeout: 5000 });
    return orders().at(-1)!.order_no;
  }

  it('tabs, scope and row actions', async () => {
    const { page } = j.phone;
    const first = await pendingRecharge('50元');
    const second = await pendingRecharge('100元');
    // a paid and a refunded order of the current card, and a pending one of another card of mine
    const card1 = (j.portal.sql<{ id: number }>("SELECT id FROM cards WHERE custom_num = '1000000001'") as { id: number }[])[0]!.id;
    const card2 = (j.portal.sql<{ id: number }>("SELECT id FROM cards WHERE custom_num = '1000000002'") as { id: number }[])[0]!.id;
    const copyOf = (orderNo: string, newNo: string, state: string, cardId: number) =>
      j.portal.sql(
        `INSERT INTO orders (order_no, card_id, user_id, goods_type, title, package_id, coupon_package_id, total_fen, discount_fen, payable_fen,
           credit_fen, bonus_fen, voucher_id, pay_channel, state, request_id, request_fingerprint, payment_id, pay_url, access_key_hash,
           created_at, expires_at, paid_at, fulfilled_at, closed_at, last_query_at)
         SELECT ?, ?, user_id, goods_type, title, package_id, coupon_package_id, total_fen, discount_fen, payable_fen, credit_fen, bonus_fen,
           NULL, pay_channel, ?, ? || request_id, request_fingerprint, NULL, NULL, access_key_hash, created_at, expires_at,
           CASE WHEN ? = 'pending' THEN NULL ELSE created_at END, NULL, NULL, NULL
         FROM orders WHERE order_no = ?`,
        [newNo, cardId, state, newNo, state, orderNo],
      );
    copyOf(first, '88000000000000000001', 'fulfilled', card1);
    copyOf(first, '88000000000000000002', 'refunded', card1);
    copyOf(first, '88000000000000000003', 'pending', card2);

    await page.goto('/order');
    const rows = page.getByTestId('order');
    await rows.first().waitFor();
    await page.getByText('卡号 1000 0000 01 的订单').waitFor();
    expect(await rows.count()).toBe(4);
    await screenshot(page, 'order-tabs-all');

    await page.getByRole('tab', { name: '待支付' }).click();
    await page.getByText('共 2 笔').waitFor();
    expect(await rows.filter({ hasText: '已退款' }).count()).toBe(0);
    await screenshot(page, 'order-tabs-pending');
    await page.getByRole('tab', { name: '已完成' }).click();
    await page.getByText('共 1 笔').waitFor();
    await rows.filter({ hasText: '实付' }).first().waitFor();
    await page.getByRole('tab', { name: '已退款' }).click();
    await page.getByText('共 1 笔').waitFor();
    await rows.filter({ hasText: '已退款' }).first().waitFor();

    // all my cards: the other card's pending order too, with its card number
    await page.getByRole('tab', { name: '待支付' }).click();
    await page.getByRole('radio', { name: '全部卡' }).click();
    await page.getByText('共 3 笔').waitFor();
    await rows.filter({ hasText: '卡号 1000 0000 02' }).waitFor();
    expect(new URL(page.url()).search).toBe('?tab=pending&scope=mine');
    await screenshot(page, 'order-tabs-all-cards');
    // the choice survives a reload (it is in the address)
    await page.reload();
    await page.getByText('共 3 笔').waitFor();
    expect(await page.getByRole('radio', { name: '全部卡' }).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('radio', { name: '当前卡' }).click();
    await page.getByText('共 2 笔').waitFor();

    // 取消订单 from the row asks first; 暂不取消 changes nothing
    const row = rows.filter({ hasText: second });
    await row.getByRole('button', { name: '取消订单' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '暂不取消' }).click();
    expect(orders().find((o) => o.order_no === second)!.state).toBe('pending');
    await row.getByRole('button', { name: '取消订单' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '取消订单' }).click();
    await page.getByText('共 1 笔').waitFor();
    expect(orders().find((o) => o.order_no === second)!.state).toBe('closed');

    // 复制 beside the order number, and 继续支付 from the row reaches the order's own cashier
    const firstRow = rows.filter({ hasText: first });
    await firstRow.getByRole('button', { name: '复制订单号' }).waitFor();
    await firstRow.getByRole('button', { name: '继续支付' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/sim/pay/cashier/'));
    await page.getByRole('button', { name: '确认支付' }).click();
    await waitForPath(page, '/pay_success');
    await page.getByRole('heading', { name: '支付成功' }).waitFor();
    expect(orders().find((o) => o.order_no === first)!.state).toBe('fulfilled');
  });

  it('raised no page errors', () => {
    expect(j.errors).toEqual([]);
  });
});
