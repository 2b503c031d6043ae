// Journeys: the three login models, the guards' redirects, branding by agent mark, unknown paths.
import { beforeEach, describe, expect, it } from 'vitest';
import { screenshot } from '../harness';
import { useJourney } from '../journey';
import {
  acceptAgreement,
  currentCardOnHome,
  DEMO,
  loginWithAccount,
  loginWithCard,
  loginWithMobile,
  resetBrowser,
  stored,
  submitLogin,
  waitForPath,
} from './steps';

describe('login and guards', () => {
  const j = useJourney();
  beforeEach(async () => {
    await resetBrowser(j.phone.page);
  });

  it('sends a visitor to /login keeping mark, login model (default mobile) and the page asked for', async () => {
    const { page } = j.phone;
    await page.goto('/flow?mark=acme');
    await waitForPath(page, '/login');
    const q = new URL(page.url()).searchParams;
    expect(q.get('mark')).toBe('acme');
    expect(q.get('login_model')).toBe('mobile');
    expect(q.get('redirect')).toBe('/flow?mark=acme');
    expect((await stored(page)).sim_mark).toBe('acme');
  });

  it('brands the login page by agent mark: acme gets its own name as the page title, and its logo', async () => {
    const { page } = j.phone;
    await page.goto('/login?mark=acme');
    await page.getByRole('heading', { name: '极客通信用户中心' }).waitFor();
    await page.waitForFunction(() => document.title === '极客通信用户中心');
    expect(await page.title()).toBe('极客通信用户中心');
    // the agent's logo, loaded (not a broken image)
    const logo = page.locator('header img');
    expect(await logo.getAttribute('src')).toBe('/brand/acme-logo.svg');
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('header img');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    await screenshot(page, 'login-acme');
    await page.goto('/login');
    // the mark is remembered for later visits
    await page.getByRole('heading', { name: '极客通信用户中心' }).waitFor();
    await resetBrowser(page);
    await page.goto('/login');
    await page.getByRole('heading', { name: '畅联流量卡自助服务' }).waitFor();
  });

  it('logs in by account and password, picking the first bound card', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    expect(await currentCardOnHome(page)).toBe(DEMO.card);
    const s = await stored(page);
    expect(s.sim_token).toBeTruthy();
    expect(s.sim_loginModel).toBe('account');
    expect(s.sim_customNum).toBe(DEMO.card);
    expect(s.sim_mobile).toBe(DEMO.mobile);
    await screenshot(page, 'home-account');
  });

  it('logs in by mobile number with the SMS code from the outbox', async () => {
    const { page } = j.phone;
    await loginWithMobile(page, j.portal);
    expect(await currentCardOnHome(page)).toBe(DEMO.card);
    expect((await stored(page)).sim_loginModel).toBe('mobile');
    await page.goto('/mine');
    await page.getByTestId('mine-name').waitFor();
    expect(await page.getByTestId('mine-name').innerText()).toBe('138****8000');
  });

  it('logs in by card number and card password: that card is current, no card management', async () => {
    const { page } = j.phone;
    await loginWithCard(page);
    expect(await currentCardOnHome(page)).toBe(DEMO.card);
    const s = await stored(page);
    expect(s.sim_loginModel).toBe('customNum');
    expect(s.sim_cardLogin).toBe('1');
    await page.getByRole('link', { name: '我的', exact: true }).click();
    await waitForPath(page, '/mine');
    expect(await page.getByTestId('mine-name').innerText()).toBe('卡号 1000 0000 01');
    await page.goto('/card_list');
    await page.getByText('卡号登录仅可查看当前卡片').waitFor();
    expect(await page.getByRole('button', { name: '解绑' }).count()).toBe(0);
  });

  it('refuses a wrong card password with the server message at the password, and stays on /login', async () => {
    const { page } = j.phone;
    await page.goto('/login?login_model=customNum');
    await page.getByPlaceholder('请输入卡号').fill('1000000002');
    await page.getByPlaceholder('请输入4-6位数字卡密码').fill('0000');
    await acceptAgreement(page);
    await submitLogin(page);
    const password = page.getByPlaceholder('请输入4-6位数字卡密码');
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    await page
      .locator(`[id="${await password.getAttribute('aria-describedby')}"]`)
      .filter({ hasText: '卡密码错误' })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect((await stored(page)).sim_token).toBeUndefined();
  });

  it('asks for the agreement before logging in', async () => {
    const { page } = j.phone;
    await page.goto('/login?login_model=account');
    await page.getByPlaceholder('请输入账号').fill(DEMO.account);
    await page.getByPlaceholder('请输入密码').fill(DEMO.password);
    await submitLogin(page);
    await page.locator('#login-agree-error').filter({ hasText: '请先阅读并同意' }).waitFor();
    expect((await stored(page)).sim_token).toBeUndefined();
  });

  it('takes the user to the page asked for after login (redirect)', async () => {
    const { page } = j.phone;
    await page.goto('/flow_list');
    await waitForPath(page, '/login');
    await page.getByRole('tab', { name: '账号登录' }).click();
    await page.getByPlaceholder('请输入账号').fill(DEMO.account);
    await page.getByPlaceholder('请输入密码').fill(DEMO.password);
    await acceptAgreement(page);
    await submitLogin(page);
    await waitForPath(page, '/flow_list');
    await page.getByTestId('total-used').waitFor();
  });

  it('sends a logged-in user away from /login: to the redirect, or home', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    await page.goto('/login?redirect=%2Fmine');
    await waitForPath(page, '/mine');
    await page.goto('/login');
    await waitForPath(page, '/');
  });

  // Every route of the spec is built or being built this round (/member… by the membership work,
  // /shopping and /qr_code_login by others): an unknown path is the example left.
  it('sends unknown paths to /404 with a way home', async () => {
    const { page } = j.phone;
    await page.goto('/no/such/page');
    await waitForPath(page, '/404');
    await page.getByRole('heading', { name: '页面不存在' }).waitFor();
    await page.goto('/mine_old');
    await waitForPath(page, '/404');
    await screenshot(page, 'not-found');
    await page.getByRole('button', { name: '返回首页' }).click();
    // a visitor's way home passes the login guard
    await waitForPath(page, '/login');
  });

  it('lets visitors read the policies, naming the agent company', async () => {
    const { page } = j.phone;
    await page.goto('/privacy?mark=acme');
    await page.getByRole('heading', { name: '极客通信用户中心隐私政策' }).waitFor();
    expect(await page.getByText('极客通信技术有限公司（以下简称“我们”）').count()).toBe(1);
    await page.goto('/agreement');
    await page.getByRole('heading', { name: '极客通信用户中心用户协议' }).waitFor();
  });

  it('keeps what was typed while the holder reads 用户协议 and comes back: the mobile, the code, the tick and the resend countdown from the real time left', async () => {
    const { page } = j.phone;
    await page.goto('/login');
    await page.getByPlaceholder('请输入手机号').fill(DEMO.mobile);
    // the mobile login earlier in this file sent a code to this number under a minute ago: the
    // server's own resend wait for it is not this journey's
    j.portal.sql('DELETE FROM throttles WHERE key = ?', [`sms:cooldown:login:${DEMO.mobile}`]);
    const before = j.portal.lastSmsId();
    await page.getByRole('button', { name: '获取验证码' }).click();
    const resend = page.getByRole('button', { name: /s后重新获取$/ });
    await resend.waitFor();
    const code = await j.portal.latestSmsCode(DEMO.mobile, { afterId: before });
    await page.getByPlaceholder('请输入验证码').fill(code);
    await acceptAgreement(page);
    const sentAt = Date.now();

    await page.getByRole('link', { name: '《用户协议》' }).click();
    await waitForPath(page, '/agreement');
    await page.getByRole('heading', { name: '用户协议', exact: true }).waitFor();
    // the holder reads for three seconds or more: the countdown goes on meanwhile
    await page.waitForFunction((t) => Date.now() >= t, sentAt + 3_000);
    await page.getByRole('button', { name: '返回' }).click();
    await waitForPath(page, '/login');

    expect(await page.getByPlaceholder('请输入手机号').inputValue()).toBe(DEMO.mobile);
    expect(await page.getByPlaceholder('请输入验证码').inputValue()).toBe(code);
    expect(await page.getByRole('checkbox').isChecked()).toBe(true);
    // not a fresh 60: what is really left of it, and still no second code to ask for
    const left = Number((await resend.innerText()).match(/(\d+)s/)![1]);
    const elapsed = (Date.now() - sentAt) / 1000;
    expect(left).toBeLessThanOrEqual(Math.ceil(60 - elapsed) + 1);
    expect(left).toBeGreaterThanOrEqual(Math.floor(60 - elapsed) - 2);
    expect(left).toBeLessThanOrEqual(57);
    expect(await resend.isDisabled()).toBe(true);
    await screenshot(page, 'login-kept-after-agreement');

    // and it logs in with what was kept; the draft is gone with the login
    await submitLogin(page);
    await waitForPath(page, '/');
    await page.getByTestId('current-card').waitFor();
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.includes('login')))).toEqual([]);
  });

  it('keeps the account (never a password) across 隐私政策 and the browser’s back', async () => {
    const { page } = j.phone;
    await page.goto('/login?login_model=account');
    await page.getByPlaceholder('请输入账号').fill(DEMO.account);
    await page.getByPlaceholder('请输入密码').fill(DEMO.password);
    await page.getByRole('link', { name: '《隐私政策》' }).click();
    await waitForPath(page, '/privacy');
    expect(JSON.stringify(await page.evaluate(() => ({ ...sessionStorage })))).not.toContain(DEMO.password);
    await page.goBack();
    await waitForPath(page, '/login');
    expect(await page.getByRole('tab', { name: '账号登录' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByPlaceholder('请输入账号').inputValue()).toBe(DEMO.account);
    expect(await page.getByPlaceholder('请输入密码').inputValue()).toBe('');
    expect(await page.getByRole('checkbox').isChecked()).toBe(false);
  });

  it('raised no page errors', () => {
    expect(j.errors).toEqual([]);
  });
});
