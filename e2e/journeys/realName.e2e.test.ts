// Journeys: real-name verification and the other pages the gates lead to (issue 3). A URL-mode
// card (Telecom 1000000014, agent acme) and an applet-mode card (Unicom 1000000003) go from the
// gate's prompt through the carrier simulator and back, and end verified with the gate passed;
// /collect refuses a malformed ID number before sending anything; Bajun's /remind opens its URL;
// a multi-series card chooses its series; a card to replace applies for a new one.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPhone, screenshot, startPortal, type Phone, type Portal } from '../harness';
import { loginWithCardOf, redirectPrompt, resetBrowser, trackNavigations, waitForPath, waitForVisit } from './steps';

type CardRow = { supplier_auth_state: number; auth_state: number; need_id: number; multi_series: number; need_change_card: number; package_series_ids: string };

describe('real-name verification and the gate targets', () => {
  let portal: Portal;
  let phone: Phone;
  const errors: string[] = [];

  beforeAll(async () => {
    portal = await startPortal();
    phone = await openPhone(portal);
    await trackNavigations(phone.context);
    phone.page.on('pageerror', (e) => errors.push(String(e)));
  });
  afterAll(async () => {
    await phone?.close();
    await portal?.stop();
  });

  const card = (num: string) => (portal.sql<CardRow>('SELECT * FROM cards WHERE custom_num = ?', [num]) as CardRow[])[0];

  /** Logs in, confirms the gate's prompt on home, and lands on its target. */
  async function toTarget(page: Page, num: string, mark: string | undefined, target: string) {
    await resetBrowser(page);
    await loginWithCardOf(page, num, mark);
    const prompt = redirectPrompt(page);
    await prompt.dialog.waitFor();
    await prompt.confirm.click();
    await waitForPath(page, target);
  }

  /** After verification: home asks nothing, and a guarded page opens. */
  async function gatePassed(page: Page) {
    await page.goto('/');
    await page.getByTestId('current-card').waitFor();
    await page.getByRole('link', { name: '流量查询' }).click();
    await waitForPath(page, '/flow');
    await page.getByTestId('daily-usage-chart').waitFor();
    expect(await redirectPrompt(page).dialog.count()).toBe(0);
  }

  it('URL mode (Telecom 1000000014, acme): remind → carrier page → the carrier’s form → back verified, gate passed', async () => {
    const { page } = phone;
    expect(card('1000000014').supplier_auth_state).toBe(0);
    await toTarget(page, '1000000014', 'acme', '/remind');
    await page.getByText('您是否已完成实名认证？').waitFor();
    await screenshot(page, 'remind');
    await page.getByRole('button', { name: '未完成，去认证' }).click();
    await waitForPath(page, '/dx_real_name');
    await page.getByText('进入中国电信实名认证页面', { exact: false }).waitFor();
    await screenshot(page, 'dx-real-name');

    await page.getByRole('button', { name: '开始认证' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/sim/carrier/real-name/'));
    await screenshot(page, 'sim-carrier-url');
    await page.locator('input[name="name"]').fill('张三');
    await page.locator('input[name="id_number"]').fill('11010519491231002X');
    await page.getByRole('button', { name: '提交认证' }).click();

    await page.waitForURL((u) => u.pathname === '/dx_real_name' && u.searchParams.get('real_name') === 'done');
    await page.getByTestId('real-name-verified').waitFor();
    await screenshot(page, 'real-name-verified');
    const row = card('1000000014');
    expect([row.supplier_auth_state, row.auth_state]).toEqual([1, 1]);
    await gatePassed(page);
  });

  it('applet mode (Unicom 1000000003): the applet stand-in confirms, the card is verified and the gate passes', async () => {
    const { page } = phone;
    await toTarget(page, '1000000003', undefined, '/remind');
    await page.getByRole('button', { name: '未完成，去认证' }).click();
    await waitForPath(page, '/lt_real_name');
    await page.getByText('打开中国联通实名认证小程序', { exact: false }).waitFor();
    await screenshot(page, 'lt-real-name');
    await page.getByRole('button', { name: '开始认证' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/sim/carrier/applet/'));
    await screenshot(page, 'sim-carrier-applet');
    await page.getByRole('button', { name: '模拟小程序实名：确认认证' }).click();
    await page.waitForURL((u) => u.pathname === '/lt_real_name' && u.searchParams.get('real_name') === 'done');
    await page.getByTestId('real-name-verified').waitFor();
    expect(card('1000000003').supplier_auth_state).toBe(1);
    await gatePassed(page);
  });

  it('/collect (1000000008): a malformed ID number shows the Chinese error and sends nothing; a valid one clears the gate', async () => {
    const { page } = phone;
    await toTarget(page, '1000000008', undefined, '/collect');
    const posts: string[] = [];
    const onRequest = (r: { method(): string; url(): string }) => {
      if (r.method() === 'POST' && r.url().includes('/api/v1/user/card_real_name')) posts.push(r.url());
    };
    page.on('request', onRequest);
    await page.locator('input[name="name"]').fill('张三');
    await page.locator('input[name="id_number"]').fill('110101199003071234');
    await page.locator('input[name="mobile"]').fill('13800138000');
    await page.getByRole('button', { name: '提交' }).click();
    await page.getByTestId('error-idNumber').filter({ hasText: '身份证号码不正确，请检查后重新输入' }).waitFor();
    await screenshot(page, 'collect-error');
    expect(posts).toEqual([]);
    expect(card('1000000008').need_id).toBe(1);

    await page.locator('input[name="id_number"]').fill('110101199003074477');
    await page.getByRole('button', { name: '提交' }).click();
    await waitForPath(page, '/');
    page.off('request', onRequest);
    expect(posts).toHaveLength(1);
    expect(card('1000000008').need_id).toBe(0);
    await gatePassed(page);
  });

  it('Bajun (1000000010): /remind opens the real-name URL in a new tab and goes home', async () => {
    const { page, context } = phone;
    // the Bajun carrier's page, played here: the machine is offline
    await context.route('https://realname.example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>八骏实名认证</title>' }));
    await toTarget(page, '1000000010', undefined, '/remind');
    await page.getByRole('button', { name: '前往实名认证' }).waitFor();
    await screenshot(page, 'remind-bajun');
    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: '前往实名认证' }).click();
    const tab = await popup;
    expect(tab.url()).toBe('https://realname.example.com/bajun/1000000010');
    await tab.close();
    await waitForPath(page, '/');
  });

  it('multi-series (1000000007): chooses one series, then goes on to the packages', async () => {
    const { page } = phone;
    await toTarget(page, '1000000007', undefined, '/select');
    const options = page.getByRole('radio');
    await options.first().waitFor();
    expect(await options.count()).toBe(2);
    await screenshot(page, 'select');
    await options.first().click();
    await page.getByRole('button', { name: '确认选择' }).click();
    await waitForVisit(page, '/combo');
    const row = card('1000000007');
    expect(row.multi_series).toBe(0);
    expect(JSON.parse(row.package_series_ids)).toHaveLength(1);
  });

  it('replacement (1000000006): the notice warns about other devices; the application shows its status', async () => {
    const { page } = phone;
    await toTarget(page, '1000000006', undefined, '/replace_info');
    await page.getByTestId('change-card-content').filter({ hasText: '停机' }).waitFor();
    await screenshot(page, 'replace-info');
    await page.getByRole('button', { name: '申请换卡' }).click();
    await waitForPath(page, '/replace_card');
    await page.locator('input[name="receiver_name"]').fill('张三');
    await page.locator('input[name="receiver_mobile"]').fill('13800138000');
    await page.locator('input[name="address"]').fill('北京市朝阳区建国路88号');
    await page.locator('input[name="reason"]').fill('卡片损坏，无法识别');
    await screenshot(page, 'replace-card');
    await page.getByRole('button', { name: '提交申请' }).click();
    await waitForPath(page, '/replace_info');
    await page.getByTestId('application-status').filter({ hasText: '已提交，等待审核' }).waitFor();
    expect(card('1000000006').need_change_card).toBe(0);
  });

  it('China Mobile with mobile_real_name_mold 1 (1000000015, acme) gets the URL-mode carrier page; /tip lists what is left', async () => {
    const { page } = phone;
    await toTarget(page, '1000000015', 'acme', '/remind');
    await page.getByRole('button', { name: '未完成，去认证' }).click();
    await waitForPath(page, '/yd_real_name');
    await page.getByText('进入中国移动实名认证页面', { exact: false }).waitFor();
    await screenshot(page, 'yd-real-name');
    await page.goto('/tip');
    const next = page.locator('li', { hasText: '完成实名认证' });
    await next.getByRole('link', { name: '去完成' }).waitFor();
    await screenshot(page, 'tip');
    await next.getByRole('link', { name: '去完成' }).click();
    await waitForPath(page, '/remind');
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
