// Journeys: logout, forced logout (?cmd=forced_logout and a revoked session, code 40001), an
// invalid token (401), and an unknown stored card (code 10000).
import { beforeEach, describe, expect, it } from 'vitest';

import { useJourney } from '../journey';
import { currentCardOnHome, DEMO, loginWithAccount, resetBrowser, stored, waitForPath } from './steps';

describe('session rules and the error catalogue', () => {
  const j = useJourney();
  beforeEach(async () => {
    await resetBrowser(j.phone.page);
  });

  it('logs out after confirming: token, mobile and card number are gone', async () => {
    const { page } = j.phone;
    await page.goto('/login?mark=acme');
    await loginWithAccount(page);
    await page.getByRole('link', { name: '我的', exact: true }).click();
    await page.getByRole('button', { name: '退出登录' }).click();
    const dialog = page.locator('.adm-dialog-body');
    await dialog.getByText('确定要退出当前账号吗？').waitFor();
    await dialog.getByRole('button', { name: '退出' }).click();
    await waitForPath(page, '/login');
    const s = await stored(page);
    expect([s.sim_token, s.sim_mobile, s.sim_customNum]).toEqual([undefined, undefined, undefined]);
    expect(s.sim_mark).toBe('acme');
    // and the pages need a login again
    await page.goto('/mine');
    await waitForPath(page, '/login');
  });

  it('cancelling the logout keeps the user logged in', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    await page.goto('/mine');
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.locator('.adm-dialog-body').getByRole('button', { name: '取消' }).click();
    await page.locator('.adm-dialog-body').waitFor({ state: 'detached' });
    expect((await stored(page)).sim_token).toBeTruthy();
  });

  it('/login?cmd=forced_logout clears local storage except the agent mark, then drops cmd', async () => {
    const { page } = j.phone;
    await page.goto('/login?mark=acme');
    await loginWithAccount(page);
    await page.goto('/login?cmd=forced_logout&mark=acme');
    await page.waitForURL((u) => u.pathname === '/login' && !u.searchParams.has('cmd'));
    expect(new URL(page.url()).searchParams.get('mark')).toBe('acme');
    await page.getByRole('heading', { name: '极客通信用户中心' }).waitFor();
    const keys = Object.keys(await stored(page)).filter((k) => k !== 'sim_firstUrl' && k !== 'sim_inMessagingApp');
    expect(keys).toEqual(['sim_mark']);
  });

  it('a session revoked on the server (code 40001) sends the user to login and clears the session', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    // Revoke while no page of the portal is open: a request still on its way from home meeting
    // the revoked session would end it there, and /flow would then open with no token at all.
    await page.goto('about:blank');
    j.portal.sql('UPDATE sessions SET revoked_at = ? WHERE revoked_at IS NULL', [new Date().toISOString()]);
    await page.goto('/flow');
    await waitForPath(page, '/login');
    await page.getByRole('status').filter({ hasText: '重新登录' }).waitFor();
    const s = await stored(page);
    expect(s.sim_token).toBeUndefined();
    expect(s.sim_customNum).toBeUndefined();
    expect(s.sim_cardInfo).toBeUndefined();
  });

  it('an invalid token (401) goes to /login with the page to come back to', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    await page.evaluate(() => localStorage.setItem('sim_token', 'forged-token'));
    await page.goto('/flow_list?from=test');
    await waitForPath(page, '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/flow_list?from=test');
    expect((await stored(page)).sim_token).toBeUndefined();
  });

  it('an unknown stored card (code 10000) is dropped and the user goes home to a bound card', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    await page.evaluate(() => localStorage.setItem('sim_customNum', '1999999999'));
    await page.goto('/flow');
    await waitForPath(page, '/');
    await page.getByTestId('current-card').filter({ hasText: '1000 0000 01' }).waitFor();
    expect(await currentCardOnHome(page)).toBe(DEMO.card);
  });

  it('a card that is not yours (403) toasts "no permission"', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    await page.evaluate(() => localStorage.setItem('sim_customNum', '1000000014'));
    await page.goto('/flow');
    await page.getByRole('status').filter({ hasText: '当前请求没有权限' }).waitFor();
  });

  it('raised no page errors', () => {
    expect(j.errors).toEqual([]);
  });
});
