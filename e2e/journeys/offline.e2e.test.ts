// Journeys: the network drops or the server goes away (docs/decisions/0011). Every failed load, of a
// page's code or of its data, says what happened and offers a 重试 that works; a page whose code
// is gone after a new release (its chunk answers 404) reloads once by itself, and only once.
import type { Page, Request } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPhone, screenshot, startPortal } from '../harness';
import { useJourney } from '../journey';
import { loginWithAccount, resetBrowser, waitForPath } from './steps';

/** The failure block of the app shell or of a page: its text and its 重试 button. */
function failure(page: Page) {
  const alert = page.getByRole('alert').filter({ has: page.getByRole('button', { name: '重试' }) });
  return { alert, retry: alert.getByRole('button', { name: '重试' }) };
}

/** Documents loaded in this tab since the last resetBrowser (a reload counts one more). */
const documents = (page: Page) => page.evaluate(() => Number(sessionStorage.getItem('e2eDocuments') ?? 0));

describe('a failed load says what happened and 重试 works', () => {
  const j = useJourney(async ({ phone }) => {
    await phone.context.addInitScript(() =>
      sessionStorage.setItem('e2eDocuments', String(Number(sessionStorage.getItem('e2eDocuments') ?? 0) + 1)),
    );
  });
  beforeEach(async () => {
    await j.phone.context.setOffline(false);
    await j.phone.page.unrouteAll();
    await resetBrowser(j.phone.page);
  });
  afterEach(async () => {
    await j.phone.context.setOffline(false);
    await j.phone.page.unrouteAll();
  });

  it('offline, a page whose code is not loaded yet shows the failure; 重试 once online opens it', async () => {
    const { page, context } = j.phone;
    await loginWithAccount(page);
    await context.setOffline(true);
    await page.getByRole('link', { name: '我的', exact: true }).click();
    const { alert, retry } = failure(page);
    await alert.waitFor();
    expect(await alert.innerText()).toContain('网络');
    await screenshot(page, 'offline-page-code');
    // still offline: 重试 fails again, visibly, and stays usable
    await retry.click();
    await alert.waitFor();
    await context.setOffline(false);
    await retry.click();
    await page.getByRole('button', { name: '退出登录' }).waitFor();
    expect(await alert.count()).toBe(0);
    // the tab bar still works both ways
    await page.getByRole('link', { name: '首页', exact: true }).click();
    await page.getByTestId('current-card').waitFor();
  });

  it('offline on a page that keeps its data live (/cpe), the next page is never left spinning: 重试 once online shows it', async () => {
    const { page, context } = j.phone;
    await loginWithAccount(page);
    await page.goto('/cpe');
    await page.getByRole('link', { name: /升级套餐/ }).waitFor();
    await context.setOffline(true);
    await page.getByRole('link', { name: /升级套餐/ }).click();
    const { alert, retry } = failure(page);
    await alert.waitFor();
    // /cpe's device status refetches while offline; those queries must not hold the next page's data back
    await page.waitForTimeout(3000);
    await context.setOffline(false);
    await retry.click();
    await page.getByText('升级为更大的套餐').waitFor({ timeout: 10_000 });
    expect(await alert.count()).toBe(0);
  });

  it('data that fails to load shows the failure with 重试, on home and on a page; 重试 loads it', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    // the network drops for the usage figures only
    const cut = (route: import('playwright-core').Route) => route.abort('internetdisconnected');
    await page.route('**/api/v2/card/flow?*', cut);
    await page.reload();
    const { alert, retry } = failure(page);
    await alert.waitFor();
    await screenshot(page, 'offline-home-data');
    await page.unroute('**/api/v2/card/flow?*', cut);
    await retry.click();
    await page.getByTestId('current-card').waitFor();
    await page.getByText('已用', { exact: false }).first().waitFor();
    expect(await alert.count()).toBe(0);

    await page.route('**/api/v2/card/flow?*', cut);
    await page.goto('/flow');
    await alert.waitFor();
    await screenshot(page, 'offline-page-data');
    await page.unroute('**/api/v2/card/flow?*', cut);
    await retry.click();
    await page.getByTestId('remaining').filter({ hasText: /\d/ }).waitFor();
    expect(await alert.count()).toBe(0);
  });

  it('an order that fails to load on the way gets 重试, not a verdict (订单不存在 / 未查到支付成功)', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    const orderNo = await page.evaluate(async () => {
      const res = await fetch('/api/v1/order/create', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('sim_token')}` },
        body: JSON.stringify({
          custom_num: localStorage.getItem('sim_customNum'),
          goods_type: 'recharge',
          amount: 10,
          pay_channel: 1,
          request_id: `offline-${Date.now()}`,
        }),
      });
      return ((await res.json()) as { data: { order_no: string } }).data.order_no;
    });
    const cut = (route: import('playwright-core').Route) => route.abort('internetdisconnected');
    await page.route('**/api/v1/order/detail?*', cut);
    const { alert, retry } = failure(page);
    for (const path of ['/order_check', '/order', '/pay_success']) {
      await page.goto(`${path}?order_no=${orderNo}`);
      await alert.waitFor();
      expect(await page.getByText(/订单不存在|未找到该订单|未查到/).count(), path).toBe(0);
    }
    await screenshot(page, 'offline-order-data');
    await page.unroute('**/api/v1/order/detail?*', cut);
    await retry.click();
    await page.getByText('未查到支付成功的订单').waitFor();
    expect(await alert.count()).toBe(0);
  });

  it('a page whose code answers 404 after a new release reloads once by itself and opens', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    // the old document's chunk is gone for good; a reloaded document gets the new release — known
    // by its own request, not by its DOMContentLoaded, which comes after its head has already asked
    // for the page's chunk (a modulepreload: it then met the old 404)
    let reloaded = false;
    const onDocument = (r: Request) => {
      if (r.isNavigationRequest() && r.frame() === page.mainFrame()) reloaded = true;
    };
    page.on('request', onDocument);
    await page.route(/\/assets\/Mine-[^/]*\.js$/, (route) => (reloaded ? route.continue() : route.fulfill({ status: 404, body: 'gone' })));
    const before = await documents(page);
    await page.getByRole('link', { name: '我的', exact: true }).click();
    await page.getByRole('button', { name: '退出登录' }).waitFor();
    expect(await documents(page)).toBe(before + 1);
    expect(new URL(page.url()).pathname).toBe('/mine');
    page.off('request', onDocument);
  });

  it('a page whose code stays missing reloads only once, then shows the failure with 重试', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    await page.route(/\/assets\/Mine-[^/]*\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
    const before = await documents(page);
    await page.getByRole('link', { name: '我的', exact: true }).click();
    const { alert } = failure(page);
    await alert.waitFor();
    // no reload loop: give a second reload the time to happen, then count
    await page.waitForTimeout(1500);
    expect(await documents(page)).toBe(before + 1);
    expect(await alert.count()).toBe(1);
    await screenshot(page, 'offline-page-gone');
  });
});

describe('the server goes away', () => {
  /** logged in, on a fresh document of /flow, when the server stops: `then` goes on from there */
  async function serverGoneOnFlow(then: (page: Page) => Promise<void>) {
    const portal = await startPortal();
    const phone = await openPhone(portal);
    try {
      const { page } = phone;
      await loginWithAccount(page);
      await page.goto('/flow');
      await page.getByTestId('remaining').waitFor();
      await portal.stop();
      await then(page);
    } finally {
      await phone.close();
      await portal.stop();
    }
  }

  it('home with its code at hand shows the last card info and says it is not fresh, with 重试', async () => {
    // home's code came with the login and stays cached
    await serverGoneOnFlow(async (page) => {
      await page.getByRole('button', { name: '返回' }).click();
      await waitForPath(page, '/');
      const stale = page.getByTestId('stale-card-info');
      await stale.waitFor();
      expect(await stale.innerText()).toContain('当前显示的是上次获取的信息');
      expect(await page.getByTestId('current-card').innerText()).toContain('1000');
      await screenshot(page, 'server-gone-home-stale');
      // 重试, the server still gone: the note stays, the page too
      await stale.getByRole('button', { name: '重试' }).click();
      await page.waitForTimeout(500);
      await stale.waitFor();
    });
  });

  it('going back home from a page opened directly shows the failure and 重试, never a white page', async () => {
    // home's code is not loaded in the fresh document of /flow
    await serverGoneOnFlow(async (page) => {
      // hashed assets are cached for good (immutable): a phone that once loaded home's code has it.
      // The case here is the phone that has not — its cache emptied — with the server gone.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await page.getByRole('button', { name: '返回' }).click();
      await waitForPath(page, '/');
      const { alert, retry } = failure(page);
      await alert.waitFor();
      await screenshot(page, 'server-gone-home');
      // 重试 tries again and, the server still gone, says so again
      await retry.click();
      await alert.waitFor();
      expect(await page.locator('#root').innerText()).toContain('重试');
    });
  });
});
