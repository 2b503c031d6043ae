// Journey: every channel's sandbox cashier with every outcome, buying a package with a voucher.
// Pay → the success page, the order fulfilled, the voucher used, one payment;
// fail → the failure page, the order failed, the voucher back; abandon → still pending with the
// voucher held, then closing the order gives it back. The browser's return is never the proof:
// each case checks what the server recorded.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { useJourney } from '../journey';
import { loginWithAccount, openPackage, openSandboxCashier, resetBrowser, waitForPath } from './steps';

type Outcome = 'pay' | 'fail' | 'abandon';
const BUTTON: Record<Outcome, string> = { pay: '确认支付', fail: '模拟支付失败', abandon: '放弃支付' };
const CHANNELS = ['微信支付', '支付宝支付', '花呗分期'] as const;
const VOUCHER = '月包专享10元券';

interface OrderRow {
  order_no: string;
  state: string;
  payable_fen: number;
  voucher_id: number | null;
}

describe('each channel × each cashier outcome, with a voucher', () => {
  const j = useJourney(async ({ portal, phone }) => {
    // the demo agent's instalment minimum is 100 yuan; lowered here so a 19-yuan order can use it
    portal.sql("UPDATE pay_settings SET ant_credit_min_money_fen = 1000 WHERE agent_id = (SELECT id FROM agents WHERE mark = 'demo')");
    await resetBrowser(phone.page);
    await loginWithAccount(phone.page);
  });

  const voucher = () =>
    (
      j.portal.sql<{ id: number; status: string; order_no: string | null }>('SELECT id, status, order_no FROM vouchers WHERE name = ?', [
        VOUCHER,
      ]) as { id: number; status: string; order_no: string | null }[]
    )[0]!;
  const order = (orderNo: string) =>
    (j.portal.sql<OrderRow>('SELECT order_no, state, payable_fen, voucher_id FROM orders WHERE order_no = ?', [orderNo]) as OrderRow[])[0]!;
  const paymentsOf = (orderNo: string) =>
    j.portal.sql<{ amount_fen: number }>('SELECT amount_fen FROM payments WHERE order_no = ?', [orderNo]) as { amount_fen: number }[];

  /** Chooses 畅享100G月包 with the voucher and the channel, and presses the cashier's button; answers the order number. */
  async function buy(page: Page, channel: string, outcome: Outcome): Promise<string> {
    await openPackage(page, '畅享100G月包');
    await page.getByTestId('voucher-row').getByText(`${VOUCHER} -¥10.00`).waitFor();
    await page.getByTestId('payable').filter({ hasText: '¥19.00' }).waitFor();
    await openSandboxCashier(page, channel);
    // the cashier shows the server's price, and the order already holds the voucher
    await page.getByText('19.00').first().waitFor();
    const held = voucher();
    expect(held.status).toBe('locked');
    await page.getByRole('button', { name: BUTTON[outcome] }).click();
    return held.order_no!;
  }

  const cases = CHANNELS.flatMap((channel) => (['pay', 'fail', 'abandon'] as const).map((outcome) => [channel, outcome] as const));

  it.each(cases)('%s, %s', async (channel, outcome) => {
    const { page } = j.phone;
    // a fresh voucher for every case (the previous case may have used it)
    j.portal.sql("UPDATE vouchers SET status = 'usable', order_no = NULL, used_at = NULL WHERE name = ?", [VOUCHER]);
    const orderNo = await buy(page, channel, outcome);
    expect(order(orderNo)).toMatchObject({ payable_fen: 1900, voucher_id: voucher().id });

    if (outcome === 'pay') {
      await waitForPath(page, '/pay_success');
      await page.getByRole('heading', { name: '支付成功' }).waitFor();
      expect(order(orderNo).state).toBe('fulfilled');
      expect(voucher()).toMatchObject({ status: 'used', order_no: orderNo });
      expect(paymentsOf(orderNo)).toEqual([{ amount_fen: 1900 }]);
    } else if (outcome === 'fail') {
      await waitForPath(page, '/pay_fail');
      await page.getByRole('heading', { name: '支付未完成' }).waitFor();
      expect(order(orderNo).state).toBe('failed');
      expect(voucher().status).toBe('usable');
      expect(paymentsOf(orderNo)).toEqual([]);
    } else {
      await waitForPath(page, '/pay_status');
      // the gateway says nothing was paid: 支付未完成 at once, with the ways out
      await page.getByRole('heading', { name: '支付未完成' }).waitFor({ timeout: 5000 });
      expect(order(orderNo).state).toBe('pending');
      expect(voucher().status).toBe('locked');
      await page.getByRole('button', { name: '查看订单' }).click();
      await waitForPath(page, '/order');
      await page.getByRole('button', { name: '取消订单' }).click();
      await page.locator('.adm-dialog').getByRole('button', { name: '取消订单' }).click();
      await page.getByTestId('order-detail').getByText('已关闭').waitFor();
      expect(order(orderNo).state).toBe('closed');
      expect(voucher().status).toBe('usable');
      expect(paymentsOf(orderNo)).toEqual([]);
    }
  });

  it('raised no page errors', () => {
    expect(j.errors).toEqual([]);
  });
});
