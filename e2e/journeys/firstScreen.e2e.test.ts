// A logged-in holder's page opened cold comes with its first screen in the HTML, rendered by the
// server with the holder's figures (docs/decisions/0082-the-first-screen-in-the-html.md): painted
// before any of the page's code, inert, replaced by the live page once its reads have answered; the
// cookie that asks for it follows the session (written at login, changed with the card, gone at
// logout); never a dead end when the code does not come.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_COOKIE, firstScreenCookieValue } from '@portal/contract/firstScreen';
import { openPhone, screenshot, startPortal, type Phone, type Portal } from '../harness';
import { DEMO, holdBuildFiles, loginWithAccount, paintedPageWithoutItsCode, resetBrowser, stored, waitForPath } from './steps';

const SNAPSHOT = '#page-snapshot';

/** The server loads its renderer once it is ready (a page asked before that is the plain one):
 *  asked with a session of its own until a page comes painted. */
async function rendererLoaded(portal: Portal): Promise<void> {
  const login = await fetch(`${portal.baseUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login_model: 'account', account: DEMO.account, password: DEMO.password }),
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const cookie = `${FIRST_SCREEN_COOKIE}=${firstScreenCookieValue({ token, customNum: '', mark: 'demo' })}`;
  for (let i = 0; i < 150; i++) {
    const html = await (await fetch(`${portal.baseUrl}/card_check`, { headers: { cookie } })).text();
    if (html.includes('<meta name="first-screen"')) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the first screen renderer did not load in 15 s');
}

const firstScreenCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === FIRST_SCREEN_COOKIE);

const noStoredSnapshots = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('sim_snap:'))
      .forEach((k) => localStorage.removeItem(k)),
  );

describe('a logged-in holder’s first screen in the HTML', () => {
  const j = { errors: [] as string[] };
  let portal: Portal;
  let phone: Phone;
  beforeAll(async () => {
    // a budget no loaded test machine reaches: these journeys are about what the first screen is
    // and does (past its budget — FIRST_SCREEN_BUDGET_MS, 300 ms by default — a page is plain by design)
    portal = await startPortal({ env: { FIRST_SCREEN_BUDGET_MS: '5000' } });
    phone = await openPhone(portal, { pageSnapshots: true });
    phone.page.on('pageerror', (e) => j.errors.push(String(e)));
    await rendererLoaded(portal);
  });
  afterAll(async () => {
    await phone?.close();
    await portal?.stop();
  });
  beforeEach(async () => {
    await phone.page.unrouteAll({ behavior: 'ignoreErrors' });
    await resetBrowser(phone.page);
  });

  it('/flow never seen on this phone: the holder’s figures paint with the HTML, before any code; the live page then takes their place', async () => {
    const { page } = phone;
    await loginWithAccount(page);
    const cookie = await firstScreenCookie(page);
    // the session, the current card and the mark the phone keeps
    const kept = await stored(page);
    expect(cookie?.value).toBe(`${kept.sim_token}.${kept.sim_customNum}.${kept.sim_mark ?? ''}`);
    expect(cookie?.sameSite).toBe('Lax');
    await page.goto('/healthz');
    await noStoredSnapshots(page);

    const release = await holdBuildFiles(page);
    await page.goto('/flow', { waitUntil: 'commit' });
    const painted = page.locator(SNAPSHOT);
    await painted.getByText('剩余流量').first().waitFor();
    expect(await painted.getAttribute('inert')).toBe('');
    expect(await page.locator('#root').isHidden()).toBe(true);
    // styled by the stylesheets' text the HTML carries (the page's own are held back)
    const figure = painted.locator('[class*="remainingValue"]');
    expect(await figure.evaluate((e) => parseFloat(getComputedStyle(e).fontSize))).toBeGreaterThan(24);
    const paintedFigure = await figure.textContent();
    expect(paintedFigure).toMatch(/\d+(\.\d+)?(GB|MB)/);
    await screenshot(page, 'first-screen-painted', { viewport: true });
    // a tap on the painted page does nothing: it is not the page yet
    await page.mouse.click(187, 300);
    expect(new URL(page.url()).pathname).toBe('/flow');

    await release();
    await painted.waitFor({ state: 'detached' });
    const live = page.locator('#root [class*="remainingValue"]');
    await live.waitFor();
    // the same figure from the same read model
    expect(await live.textContent()).toBe(paintedFigure);
    expect(await page.locator('html').getAttribute('class')).not.toMatch(/\bsnap\b/);
    await screenshot(page, 'first-screen-live', { viewport: true });
    expect(j.errors).toEqual([]);
  });

  it('home, the device page and the shop paint theirs too', async () => {
    const { page } = phone;
    await loginWithAccount(page);
    for (const [path, text] of [
      ['/', '1000 0000 01'],
      ['/cpe', '设备首页'],
      ['/shopping', '设备商城'],
    ] as const) {
      await page.goto('/healthz');
      await noStoredSnapshots(page);
      const release = await holdBuildFiles(page);
      await page.goto(path, { waitUntil: 'commit' });
      await page.locator(SNAPSHOT).getByText(text).first().waitFor();
      await screenshot(page, `first-screen-${path === '/' ? 'home' : path.slice(1)}`, { viewport: true });
      await release();
      await page.locator(SNAPSHOT).waitFor({ state: 'detached' });
    }
  });

  it('the page’s code never comes: the painted page says so and offers a reload', async () => {
    const { page } = phone;
    await loginWithAccount(page);
    await page.goto('/healthz');
    await noStoredSnapshots(page);
    await paintedPageWithoutItsCode(page, '/flow', '剩余流量', (p) => screenshot(p, 'first-screen-stalled', { viewport: true }));
  });

  it('the cookie follows the card made current, and a cookie out of step with the phone paints nothing', async () => {
    const { page } = phone;
    await loginWithAccount(page);
    await page.goto('/card_list');
    // the holder's second card made current
    await page.getByRole('button', { name: '设为当前' }).first().click();
    await waitForPath(page, '/');
    const current = (await stored(page)).sim_customNum;
    expect(current).not.toBe('1000000001');
    await expect.poll(async () => (await firstScreenCookie(page))?.value).toContain(`.${current}.`);

    // storage changed where no app runs (another tab's logout, a cleared site): the server still
    // renders for the cookie, the phone paints none of it
    await page.goto('/healthz');
    await page.evaluate(() => localStorage.setItem('sim_customNum', '1000000001'));
    await noStoredSnapshots(page);
    const release = await holdBuildFiles(page);
    await page.goto('/flow', { waitUntil: 'commit' });
    await page.waitForLoadState('domcontentloaded');
    expect(await page.locator(SNAPSHOT).count()).toBe(0);
    await release();
    await page.locator('#root').getByText('剩余流量').first().waitFor();
  });

  it('logging out takes the cookie: the next cold visit is the login, nothing painted', async () => {
    const { page } = phone;
    await loginWithAccount(page);
    await page.goto('/mine');
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.locator('.adm-dialog-body').getByRole('button', { name: '退出' }).click();
    await waitForPath(page, '/login');
    expect(await firstScreenCookie(page)).toBeUndefined();
    const answer = await page.request.get('/flow');
    expect(await answer.text()).not.toContain('<meta name="first-screen"');
  });
});
