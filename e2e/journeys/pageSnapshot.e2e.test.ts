// A returning holder's page painted from what the phone stored, before the code comes
// (docs/decisions/0080-a-returning-visit-paints-what-it-last-showed.md): kept once the page has
// shown the holder's data, painted inert on the next cold visit, replaced by the live page once its
// reads have answered; never someone else's, never a dead end.
import type { Page } from 'playwright-core';
import { FIRST_SCREEN_COOKIE } from '@portal/contract/firstScreen';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPhone, screenshot, type Phone } from '../harness';
import { useJourney } from '../journey';
import { holdBuildFiles, loginWithAccount, paintedPageWithoutItsCode, resetBrowser, stored, waitForPath } from './steps';

const SNAPSHOT = '#page-snapshot';

const snapshotKeys = async (page: Page) => Object.keys(await stored(page)).filter((k) => k.startsWith('sim_snap:'));

/** Logged in, /flow seen with the holder's figures and kept. The next visit's HTML without the
 *  server's first screen (firstScreen.e2e.test.ts, which it would paint instead): the cookie that
 *  asks for it is gone (a phone that refuses cookies) until the app writes it again. */
async function seenFlow(page: Page): Promise<void> {
  await loginWithAccount(page);
  await page.goto('/flow');
  await page.getByText('剩余流量').first().waitFor();
  await expect.poll(() => snapshotKeys(page), { timeout: 10_000 }).toContain('sim_snap:/flow');
  await page.context().clearCookies({ name: FIRST_SCREEN_COOKIE });
}

describe('a returning holder’s page painted from what the phone stored', () => {
  const j = useJourney();
  let phone: Phone;
  beforeAll(async () => {
    phone = await openPhone(j.portal, { pageSnapshots: true });
    phone.page.on('pageerror', (e) => j.errors.push(String(e)));
  });
  afterAll(async () => {
    await phone?.close();
  });
  beforeEach(async () => {
    await phone.page.unrouteAll({ behavior: 'ignoreErrors' });
    await resetBrowser(phone.page);
  });

  it('/flow: the figures last seen paint before any code, inert and marked as updating; the live page then takes their place', async () => {
    const { page } = phone;
    await seenFlow(page);
    const release = await holdBuildFiles(page);
    await page.goto('/flow', { waitUntil: 'commit' });
    const painted = page.locator(SNAPSHOT);
    await painted.getByText('剩余流量').first().waitFor();
    expect(await painted.getAttribute('inert')).toBe('');
    // styled with the stylesheets' text the phone kept, the page's own still on their way: the
    // remaining data in its large figure, not in the body's 14 px
    const figure = painted.locator('[class*="remainingValue"]');
    expect(await figure.evaluate((e) => parseFloat(getComputedStyle(e).fontSize))).toBeGreaterThan(24);
    expect(await page.locator('#root').isHidden()).toBe(true);
    await screenshot(page, 'page-snapshot-painted', { viewport: true });
    // a tap on the painted page does nothing (it is not the page yet): no navigation, no error
    await page.mouse.click(187, 300);
    expect(new URL(page.url()).pathname).toBe('/flow');

    await release();
    await painted.waitFor({ state: 'detached' });
    await page.locator('#root').getByText('剩余流量').first().waitFor();
    expect(await page.locator('html').getAttribute('class')).not.toMatch(/\bsnap\b/);
    await screenshot(page, 'page-snapshot-live', { viewport: true });
  });

  it('the page’s code never comes (the network gone): the painted page says so and offers a reload', async () => {
    const { page } = phone;
    await seenFlow(page);
    await paintedPageWithoutItsCode(page, '/flow', '剩余流量', (p) => screenshot(p, 'page-snapshot-stalled', { viewport: true }));
  });

  it('a session ended elsewhere: the painted page gives way to the login, and every snapshot is forgotten', async () => {
    const { page } = phone;
    await seenFlow(page);
    j.portal.sql('UPDATE sessions SET revoked_at = ? WHERE revoked_at IS NULL', [new Date().toISOString()]);
    await page.goto('/flow');
    await waitForPath(page, '/login');
    await page.getByRole('button', { name: '登录', exact: true }).waitFor();
    expect(await page.locator(SNAPSHOT).count()).toBe(0);
    expect(await snapshotKeys(page)).toEqual([]);
  });

  it('logging out forgets every snapshot: the next holder on this phone is shown none of them', async () => {
    const { page } = phone;
    await seenFlow(page);
    await page.goto('/mine');
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.locator('.adm-dialog-body').getByRole('button', { name: '退出' }).click();
    await waitForPath(page, '/login');
    expect(await snapshotKeys(page)).toEqual([]);
    // nor does the server paint a first screen for the session that ended
    expect(await page.evaluate(() => document.cookie)).not.toContain('sim_first=');
  });

  it('another card made current: the previous card’s page is not painted', async () => {
    const { page } = phone;
    await seenFlow(page);
    // the stored current card is another one (as after 切换 on the card list); set where no app
    // runs, so the page leaving does not keep itself under the new card
    await page.goto('/healthz');
    await page.evaluate(() => localStorage.setItem('sim_customNum', '1000000002'));
    expect(await snapshotKeys(page)).toContain('sim_snap:/flow');
    const release = await holdBuildFiles(page);
    await page.goto('/flow', { waitUntil: 'commit' });
    await page.waitForLoadState('domcontentloaded');
    expect(await page.locator(SNAPSHOT).count()).toBe(0);
    await release();
    expect(j.errors).toEqual([]);
  });
});
