// Journey: agents in levels (docs/decisions/0067-agents-in-levels.md), at 1440×900. The demo agent's
// administrator creates a sub-agent (代理) with its administrator login in 代理商 → 新建下级代理, and sees
// its 分成与成本价; the platform moves a card to it; a holder of that card buys a package; the
// sub-agent's administrator sees its own commission held, and the demo administrator sees its part of
// the sub-agent's sale (下级销售) in its own ledger. Every screen is saved for a look.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openDesktop, openPhone, screenshot, startPortal, type Phone, type Portal } from '../harness';
import { consoleLogin, menuTo } from './consoleMenu';
import { loginWithAccount, openPackage, payAtSandboxCashier, waitForPath } from './steps';

const figure = (page: Page, title: string) => page.locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content');
const SUB_PASSWORD = 'Level#2026x';

describe('console agents in levels', () => {
  let portal: Portal;
  let phone: Phone;
  let desk: Phone;
  const errors: string[] = [];
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    portal = await startPortal({ env: { SIM_CONTROLS: '1' } });
    phone = await openPhone(portal);
    desk = await openDesktop(portal);
    desk.page.on('pageerror', (e) => errors.push(String(e)));
    const res = await fetch(`${portal.baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Admin#2026' }),
    });
    expect(res.status).toBe(200);
    cookies.admin = res.headers.get('set-cookie')!.split(';')[0]!;
  }, 90_000);
  afterAll(async () => {
    await phone?.close();
    await desk?.close();
    await portal?.stop();
  });

  async function api(who: string, path: string, body?: unknown) {
    const res = await fetch(`${portal.baseUrl}/api/admin${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { cookie: cookies[who]!, 'content-type': 'application/json', accept: 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as { code: number; message: string; data: Record<string, unknown> };
    expect(res.status, `${path}: ${json.message}`).toBe(200);
    return json.data;
  }

  let subId = 0;

  it('the demo administrator creates a sub-agent with its login, and sees its share and costs', async () => {
    const { page } = desk;
    await consoleLogin(page, 'agent', 'Agent#2026');
    await menuTo(page, '代理商');
    await page.getByRole('button', { name: '新建下级代理' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '新建下级代理' });
    await modal.getByLabel('代理标识（登录链接 ?mark= 的值）').fill('l2journey');
    await modal.getByLabel('代理名称').fill('深圳二级代理');
    await modal.getByLabel(/下级分成比例/).fill('90');
    await modal.getByLabel('管理员用户名').fill('l2journey');
    await modal.getByLabel('管理员姓名').fill('李二级');
    await modal.getByLabel('初始密码').fill(SUB_PASSWORD);
    await modal.getByLabel('原因').fill('发展深圳二级代理');
    await screenshot(page, 'console-agent-levels-create');
    await modal.getByRole('button', { name: '新建' }).click();
    await page.getByText('已新建下级代理 深圳二级代理').waitFor();
    // the new agent's drawer opens: its terms, editable by the parent
    const drawer = page.locator('.ant-drawer');
    await drawer.getByRole('tab', { name: '分成与成本价' }).click();
    await drawer.getByText(/当前分成比例 90\.00%/).waitFor();
    await drawer.getByRole('button', { name: '保存' }).waitFor();
    await screenshot(page, 'console-agent-levels-terms');
    await drawer.locator('.ant-drawer-close').click();
    const row = page.locator('.ant-table-tbody tr', { hasText: 'l2journey' });
    await row.getByText('代理', { exact: true }).waitFor();
    await screenshot(page, 'console-agent-levels-list');
    const agents = (await api('admin', '/agents')) as { items: { id: number; mark: string }[] };
    subId = agents.items.find((a) => a.mark === 'l2journey')!.id;
  });

  it('a card of the sub-agent is paid: the sub-agent and its parent are each credited their part', async () => {
    // the platform moves the demo holder's card to the sub-agent (a background bulk job)
    const job = (await api('admin', '/bulk-jobs', {
      kind: 'move_agent',
      custom_nums: ['1000000001'],
      agent_id: subId,
      reason: '划归深圳二级代理',
    })) as { id: number };
    await expect
      .poll(async () => ((await api('admin', `/bulk-jobs/detail?id=${job.id}`)) as { job: { status: string } }).job.status, {
        timeout: 30_000,
      })
      .toBe('done');

    await loginWithAccount(phone.page);
    await openPackage(phone.page, '畅享100G月包');
    await phone.page.getByTestId('payable').filter({ hasText: /¥\d/ }).waitFor();
    await payAtSandboxCashier(phone.page, '微信支付');
    await waitForPath(phone.page, '/pay_success');

    // each level credited: the sub-agent its margin, the demo agent what the sub-agent pays above its cost
    const ledger = async (agent: number) =>
      ((await api('admin', `/commissions/ledger?agent_id=${agent}`)) as { items: { kind: string; amount_fen: number; note: string }[] })
        .items;
    await expect.poll(async () => (await ledger(subId)).filter((r) => r.kind === 'order').length, { timeout: 20_000 }).toBe(1);
    // the holder's ¥10 voucher is the seller's: its margin is what is left after it
    expect((await ledger(subId))[0]!.amount_fen).toBeGreaterThan(0);
    const { page } = desk;
    await consoleLogin(page, 'l2journey', SUB_PASSWORD);
    await menuTo(page, '佣金');
    await expect.poll(async () => (await figure(page, '冻结中').innerText()).trim()).not.toBe('¥0.00');
    await page.getByRole('tab', { name: '佣金流水' }).click();
    await page.locator('.ant-table-tbody tr', { hasText: '订单佣金' }).first().waitFor();
    await screenshot(page, 'console-agent-levels-sub-paid');

    await consoleLogin(page, 'agent', 'Agent#2026');
    await menuTo(page, '佣金');
    await page.getByRole('tab', { name: '佣金流水' }).click();
    await page.locator('.ant-table-tbody tr', { hasText: '下级销售' }).first().waitFor();
    await screenshot(page, 'console-agent-levels-parent-paid');
    expect(errors).toEqual([]);
  });
});
