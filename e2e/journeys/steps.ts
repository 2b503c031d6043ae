// Shared steps of the browser journeys: how a card holder logs in, and what the app stored.
// No sleeps: every step waits for a URL, an element or a condition.
import type { Page } from 'playwright-core';
import type { Portal } from '../harness';

export const DEMO = { mobile: '13800138000', account: 'demo', password: 'demo1234', card: '1000000001', cardPassword: '123456' } as const;

/** Local storage as the app keeps it (keys are prefixed "sim_"). */
export async function stored(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i)!;
      out[k] = localStorage.getItem(k)!;
    }
    return out;
  });
}

/** A clean browser state: the 404 page needs no login, so nothing redirects while clearing. */
export async function resetBrowser(page: Page): Promise<void> {
  await page.goto('/404');
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

export async function acceptAgreement(page: Page): Promise<void> {
  await page.getByRole('checkbox').check();
}

export async function submitLogin(page: Page): Promise<void> {
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((u) => u.pathname === pathname);
}

export async function loginWithAccount(page: Page, account: string = DEMO.account, password: string = DEMO.password): Promise<void> {
  await page.goto('/login?login_model=account');
  await page.getByPlaceholder('请输入账号').fill(account);
  await page.getByPlaceholder('请输入密码').fill(password);
  await acceptAgreement(page);
  await submitLogin(page);
  await waitForPath(page, '/');
  await page.getByTestId('current-card').waitFor();
}

export async function loginWithCard(page: Page, card: string = DEMO.card, password: string = DEMO.cardPassword): Promise<void> {
  await page.goto('/login?login_model=customNum');
  await page.getByPlaceholder('请输入卡号').fill(card);
  await page.getByPlaceholder('请输入4-6位数字卡密码').fill(password);
  await acceptAgreement(page);
  await submitLogin(page);
  await waitForPath(page, '/');
  await page.getByTestId('current-card').waitFor();
}

export async function loginWithMobile(page: Page, portal: Portal, mobile: string = DEMO.mobile): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('请输入手机号').fill(mobile);
  const before = portal.lastSmsId();
  await page.getByRole('button', { name: '获取验证码' }).click();
  const code = await portal.latestSmsCode(mobile, { afterId: before });
  await page.getByPlaceholder('请输入验证码').fill(code);
  await acceptAgreement(page);
  await submitLogin(page);
  await waitForPath(page, '/');
  await page.getByTestId('current-card').waitFor();
}

/** The card number shown on home, without the grouping spaces. */
export async function currentCardOnHome(page: Page): Promise<string> {
  return (await page.getByTestId('current-card').innerText()).replace(/\s+/g, '');
}
