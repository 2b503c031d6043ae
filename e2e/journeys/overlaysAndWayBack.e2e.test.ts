// Journeys: a toast never covers a dialog; back from 支付成功 leads into the app, never
// to the gateway's cashier saying 该支付单已支付; a page whose code fails to load (offline) keeps its
// header, with its way back, above 重试.
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screenshot } from '../harness';
import { useJourney } from '../journey';
import { loginWithAccount, openPackage, payAtSandboxCashier, redirectPrompt, resetBrowser, waitForPath } from './steps';

interface OverlapRecord {
  /** frames in which a toast and a dialog's box both showed */
  both: number;
  /** of those, the frames in which the toast lay over the dialog's box */
  over: number;
  /** the first such overlap: the toast's and the dialog's boxes */
  first?: string;
}

/** From now on, every frame: does a shown toast lie over an open dialog's box? */
async function watchToastsOverDialogs(page: Page): Promise<void> {
  await page.evaluate(() => {
    const rec: OverlapRecord = { both: 0, over: 0 };
    (window as unknown as { __toastOverDialog: OverlapRecord }).__toastOverDialog = rec;
    const frame = () => {
      const toast = document.querySelector('.app-toast.app-toast--show');
      const dialog = Array.from(document.querySelectorAll('.adm-dialog-body')).find((d) => d.checkVisibility());
      if (toast && dialog) {
        const t = toast.getBoundingClientRect();
        const d = dialog.getBoundingClientRect();
        rec.both++;
        if (t.left < d.right && d.left < t.right && t.top < d.bottom && d.top < t.bottom) {
          rec.over++;
          rec.first ??= `toast ${JSON.stringify(t)} dialog ${JSON.stringify(d)}`;
        }
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

const toastOverDialog = (page: Page) => page.evaluate(() => (window as unknown as { __toastOverDialog: OverlapRecord }).__toastOverDialog);

describe('toasts, dialogs and the ways back', () => {
  const j = useJourney();
  beforeEach(async () => {
    await j.phone.context.setOffline(false);
    await resetBrowser(j.phone.page);
    await loginWithAccount(j.phone.page);
  });
  afterEach(async () => {
    await j.phone.context.setOffline(false);
  });

  it('已切换到 … shows above 请先订购套餐’s dialog, never over it', async () => {
    const { page } = j.phone;
    await page.goto('/card_list');
    const noPackage = page.locator('[data-card="1000000002"]');
    await noPackage.getByRole('button', { name: '设为当前' }).waitFor();
    await watchToastsOverDialogs(page);
    await noPackage.getByRole('button', { name: '设为当前' }).click();
    // home, and its gate for a card with no package: the prompt, while the toast still shows
    const prompt = redirectPrompt(page);
    await prompt.dialog.waitFor();
    expect(await prompt.message.innerText()).toContain('请先订购套餐');
    await page.locator('.app-toast.app-toast--show').waitFor();
    await screenshot(page, 'toast-over-dialog', { viewport: true });
    // until the toast has gone
    await page.locator('.app-toast.app-toast--show').waitFor({ state: 'detached' });
    const rec = await toastOverDialog(page);
    expect(rec.both, 'the toast and the dialog showed together').toBeGreaterThan(0);
    expect(rec.over, rec.first).toBe(0);
    await prompt.cancel.click();
  });

  it('back from 支付成功 leads home, not to the cashier saying 该支付单已支付', async () => {
    const { page } = j.phone;
    await openPackage(page, '畅享100G月包');
    await payAtSandboxCashier(page, '微信支付');
    await page.getByRole('heading', { name: '支付成功' }).waitFor();
    await screenshot(page, 'pay-success-before-back');
    await page.goBack();
    await waitForPath(page, '/');
    await page.getByTestId('current-card').waitFor();
    expect(await page.getByText('该支付单已支付').count()).toBe(0);
    // forward again is the result, and the header's 返回 there leads home too
    await page.goForward();
    await waitForPath(page, '/pay_success');
    await page.getByRole('heading', { name: '支付成功' }).waitFor();
    await page.getByRole('button', { name: '返回' }).click();
    await waitForPath(page, '/');
    await page.getByTestId('current-card').waitFor();
  });

  it('offline, a page whose code never came keeps a header: the app’s name and 返回 above 重试', async () => {
    const { page, context } = j.phone;
    await context.setOffline(true);
    await page.getByRole('link', { name: '累计用量' }).click();
    await waitForPath(page, '/flow_list');
    const failure = page.getByRole('alert').filter({ has: page.getByRole('button', { name: '重试' }) });
    await failure.waitFor();
    // titled with the app's name (the route table's titles stay out of the browser)
    await page.getByRole('heading', { name: '畅联流量卡自助服务', exact: true }).waitFor();
    await screenshot(page, 'offline-page-header');
    await page.getByRole('button', { name: '返回' }).click();
    await waitForPath(page, '/');
    await page.getByTestId('current-card').waitFor();
  });

  it('raised no page errors', () => {
    // but the offline step's page whose code never came: its boundary catches it and, by design,
    // reports it as uncaught (docs/decisions/0037-errors-from-phones.md), so the phone's error
    // reports hear of it
    expect(j.errors.filter((e) => !/Failed to fetch dynamically imported module|Unable to preload CSS/.test(e))).toEqual([]);
  });
});
