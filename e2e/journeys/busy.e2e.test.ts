// Journey: a server past its limits (docs/decisions/0033-metrics-overload-backups.md). A real portal
// process started with a heap limit it is always past sheds every API request with 503 and the
// envelope; its pages still load, and the phone says 服务繁忙，请稍后再试, with 重试 where a page's data
// did not come. (A second, ordinary portal gives the phone a logged-in session to carry over: the
// busy one sheds the login too.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPhone, screenshot, startPortal, type Phone, type Portal } from '../harness';
import { acceptAgreement, loginWithAccount, submitLogin } from './steps';

describe('a busy server', () => {
  let ordinary: Portal;
  let busy: Portal;
  let phone: Phone;
  const errors: string[] = [];

  beforeAll(async () => {
    [ordinary, busy] = await Promise.all([
      startPortal(),
      startPortal({ env: { OVERLOAD_MAX_HEAP_USED_MB: '1', OVERLOAD_SAMPLE_MS: '50' } }),
    ]);
    phone = await openPhone(busy);
    phone.page.on('pageerror', (e) => errors.push(String(e)));
  });
  afterAll(async () => {
    await phone?.close();
    await Promise.all([ordinary?.stop(), busy?.stop()]);
  });

  it('answers 503 with Retry-After in the envelope, and /healthz still answers', async () => {
    let res: Response;
    // shedding begins two samples after the process is ready
    do res = await fetch(`${busy.baseUrl}/api/v1/application/customer_url?mark=demo`);
    while (res.status !== 503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ code: 50000, message: '服务繁忙，请稍后再试', data: null });
    expect((await fetch(`${busy.baseUrl}/healthz`)).status).toBe(200);
  });

  it('a login says 服务繁忙，请稍后再试 and keeps the form', async () => {
    const { page } = phone;
    await page.goto('/login?login_model=account');
    await page.getByPlaceholder('请输入账号').fill('demo');
    await page.getByPlaceholder('请输入密码').fill('demo1234');
    await acceptAgreement(page);
    await submitLogin(page);
    await page.getByText('服务繁忙，请稍后再试').first().waitFor();
    await screenshot(page, 'busy-login');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByPlaceholder('请输入账号').inputValue()).toBe('demo');
  });

  it('a page whose data does not come says so with 重试, which asks again', async () => {
    // a session from the ordinary portal, carried to the busy one's origin
    const other = await openPhone(ordinary);
    let session: Record<string, string>;
    try {
      await loginWithAccount(other.page);
      session = await other.page.evaluate(() => ({ ...localStorage }));
    } finally {
      await other.close();
    }
    const { page } = phone;
    await page.goto('/404');
    await page.evaluate((s) => {
      for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
    }, session);
    await page.goto('/');
    const failed = page.getByRole('alert').filter({ has: page.getByRole('button', { name: '重试' }) });
    await failed.first().waitFor();
    await page.getByText('服务繁忙，请稍后再试').first().waitFor();
    await screenshot(page, 'busy-home');
    const asked: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/')) asked.push(`${r.status()}`);
    });
    await failed.first().getByRole('button', { name: '重试' }).click();
    await failed.first().waitFor();
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((s) => s === '503')).toBe(true);
    expect(errors).toEqual([]);
  });
});
