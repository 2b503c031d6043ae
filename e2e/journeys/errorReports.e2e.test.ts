// Journey: errors from phones (docs/decisions/0037-errors-from-phones.md). On a phone, a page whose code
// throws while rendering (its chunk replaced by one that throws, with a mobile in the message), a page
// whose code fails to load, and a login the server refuses are reported: the beacon reaches the
// server, which keeps them grouped by message and the release (the entry file's hash) with nothing
// personal. A support operator opens 系统 → 手机端错误 at 1440×900 and finds the groups.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openDesktop, openPhone, screenshot, startPortal, webDist, type Phone, type Portal } from '../harness';
import { consoleLogin, menuTo } from './consoleMenu';
import { acceptAgreement, submitLogin } from './steps';

const MOBILE = '13800138000';

interface Row {
  kind: string;
  message: string;
  release: string;
  count: number;
  routes: string;
  sample_user_agent: string;
}

describe('errors from phones', () => {
  let portal: Portal;
  let phone: Phone;
  let desk: Phone;
  const release = /assets\/index-([\w-]+)\.js/.exec(readFileSync(join(webDist, 'index.html'), 'utf8'))![1]!;

  beforeAll(async () => {
    portal = await startPortal();
    phone = await openPhone(portal);
    desk = await openDesktop(portal);
  }, 90_000);
  afterAll(async () => {
    await phone?.close();
    await desk?.close();
    await portal?.stop();
  });

  const rows = () =>
    portal.sql<Row>('select kind, message, release, count, routes, sample_user_agent from error_reports order by id') as Row[];
  /** the beacon's arrival: polled, as any outside event (the reporter sends 5 s after a batch's first report, or on pagehide) */
  async function reported(match: (r: Row) => boolean): Promise<Row> {
    for (let i = 0; i < 100; i++) {
      const found = rows().find(match);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`not reported; table: ${JSON.stringify(rows())}`);
  }

  it('reports a page that throws, with its release and no mobile', async () => {
    const { page } = phone;
    await page.route(/\/assets\/Guide-[^/]*\.js$/, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `export default function Guide() { throw new Error('guide broke for ${MOBILE}'); }`,
      }),
    );
    await page.goto('/guide');
    await page.getByText('页面出错了，请重试').waitFor();
    await screenshot(page, 'error-report-page-broke');
    const row = await reported((r) => r.message.includes('guide broke'));
    expect(row).toMatchObject({ kind: 'error', release, routes: '/guide' });
    expect(row.message).toContain('Error: guide broke for <n>');
    expect(row.sample_user_agent).toContain('Android');
    await page.unroute(/\/assets\/Guide-[^/]*\.js$/);
  });

  it("reports a page whose code failed to load (after the app's one reload)", async () => {
    const { page } = phone;
    await page.route(/\/assets\/Download-[^/]*\.js$/, (route) => route.abort('internetdisconnected'));
    await page.goto('/download');
    await page.getByRole('button', { name: '重试' }).waitFor();
    const row = await reported((r) => r.kind === 'chunk');
    expect(row.release).toBe(release);
    expect(row.routes).toBe('/download');
    expect(row.message).toMatch(/Download-/);
    await page.unroute(/\/assets\/Download-[^/]*\.js$/);
  });

  it('reports a failed call by its route template, status and business code', async () => {
    const { page } = phone;
    await page.goto('/login?login_model=account');
    await page.getByPlaceholder('请输入账号').fill(MOBILE);
    await page.getByPlaceholder('请输入密码').fill('wrong-password-1');
    await acceptAgreement(page);
    await submitLogin(page);
    const row = await reported((r) => r.kind === 'api');
    expect(row.message).toMatch(/^POST \/v\d\/[\w/]+ HTTP \d{3}( 业务码 \d+)?$/);
    expect(row.release).toBe(release);
    // nothing the phone typed or held is stored
    for (const r of rows()) expect(JSON.stringify(r)).not.toContain(MOBILE);
  });

  it('lists the groups for support in 系统 → 手机端错误', async () => {
    const page: Page = desk.page;
    await consoleLogin(page, 'support', 'Support#2026');
    await menuTo(page, '手机端错误');
    await page.waitForURL('**/admin/error-reports');
    const table = page.getByRole('table');
    await table.getByText('Error: guide broke for <n>', { exact: false }).waitFor();
    await table.getByText('页面代码加载失败').waitFor();
    await table.getByText('接口调用失败').waitFor();
    expect(await table.getByText(release).count()).toBe(3);
    expect(await page.locator('.ant-statistic').first().innerText()).toContain(release);
    expect(await page.content()).not.toContain(MOBILE);
    await screenshot(page, 'console-error-reports');
  });
});
