// Journeys: what an operator tripped over in the console, at 1440×900
// (docs/decisions/0043-audit-in-words.md). 审计日志 reads in words — found by a Chinese label (停机), the object by its name, the
// changed fields in yuan and highlighted, the raw record one click away; the dashboard counts only
// tickets waiting for the platform, shows each role only the queues it works, and its rows open
// their page; 支付 and 品牌 say what each value does and warn before every payment method is off;
// the bulk job's target agent is picked by name; an import refused for size drops the previous name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openDesktop, screenshot, startPortal, type Phone, type Portal } from '../harness';
import { consoleLogin } from './consoleMenu';

/** A console write from the signed-in page (its cookie), answered data or thrown. */
async function post(page: Page, path: string, body: unknown): Promise<unknown> {
  const res = await page.evaluate(
    async ([p, b]) => {
      const r = await fetch(`/api/admin${p}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) });
      return { status: r.status, text: await r.text() };
    },
    [path, body] as const,
  );
  expect(res.status, res.text).toBe(200);
  return JSON.parse(res.text).data;
}

/** Picks an option of an antd select, typing to narrow it first. */
async function choose(page: Page, field: ReturnType<Page['getByLabel']>, typed: string, option: string | RegExp) {
  await field.click();
  if (typed) await field.fill(typed);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

describe('console snags', () => {
  let portal: Portal;
  let desk: Phone;
  const rows = <T>(sql: string, params: unknown[] = []) => portal.sql<T>(sql, params) as T[];

  beforeAll(async () => {
    portal = await startPortal({ env: { BULK_JOBS_INTERVAL_SECONDS: '1' } });
    desk = await openDesktop(portal);
  }, 90_000);

  afterAll(async () => {
    await desk?.close();
    await portal?.stop();
  });

  it('审计日志: 停机 finds the suspensions; a price change reads in words, the raw record one click away', async () => {
    const { page } = desk;
    await consoleLogin(page, 'admin', 'Admin#2026');
    const pkg = rows<{ id: number; name: string; cost_fen: number; price_fen: number }>(
      'SELECT id, name, cost_fen, price_fen FROM packages ORDER BY id LIMIT 1',
    )[0]!;
    await post(page, '/catalogue/prices/save', { package_id: pkg.id, retail_fen: pkg.price_fen + 200, reason: '调价测试' });
    await post(page, '/bulk-jobs', { kind: 'suspend', custom_nums: ['1000000004'], reason: '风控排查' });
    await expect
      .poll(() => rows<{ n: number }>("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'card.suspended'")[0]!.n, { timeout: 20_000 })
      .toBeGreaterThan(0);

    await page.goto('/admin/audit');
    const table = page.locator('.ant-table-tbody');
    await table.locator('tr.ant-table-row').first().waitFor();
    // the operator types the action in Chinese
    const action = page.getByLabel('操作', { exact: true });
    await action.fill('停机');
    await action.press('Escape');
    await page.getByRole('button', { name: /查询/ }).click();
    const suspended = table.locator('tr.ant-table-row').filter({ hasText: '停机' });
    await suspended.first().waitFor();
    await expect.poll(() => table.locator('tr.ant-table-row').count()).toBe(await suspended.count());
    // the card by its number, the state by its label
    await suspended.first().getByText('卡片 1000000004').waitFor();
    await suspended
      .first()
      .getByText(/状态 已激活 → 已停机/)
      .waitFor();
    await screenshot(page, 'console-snags-audit-search');

    await action.fill('修改套餐价格');
    await action.press('Escape');
    await page.getByRole('button', { name: /查询/ }).click();
    const row = table.locator('tr.ant-table-row').filter({ hasText: '修改套餐价格' }).first();
    await row.getByText(`套餐「${pkg.name}」`).waitFor();
    const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
    await row.getByText(`零售价 ${yuan(pkg.price_fen)} →`).waitFor();
    expect(await row.innerText()).not.toContain('retail_fen');
    // opened: one line per field, the changed one marked, money in yuan
    await row.locator('.ant-table-row-expand-icon').click();
    const changes = page.getByTestId('audit-changes');
    const retail = changes.locator('tr[data-changed="true"]');
    await expect.poll(() => retail.count()).toBe(1);
    expect((await retail.innerText()).replace(/\s+/g, ' ')).toContain(`零售价 ${yuan(pkg.price_fen)} ${yuan(pkg.price_fen + 200)}`);
    expect((await changes.locator('tr').filter({ hasText: '成本价' }).innerText()).replace(/\s+/g, ' ')).toContain(
      `${yuan(pkg.cost_fen)} ${yuan(pkg.cost_fen)}`,
    );
    await changes.getByRole('button', { name: '查看原始记录（JSON）' }).click();
    await page
      .getByTestId('audit-raw')
      .getByText(`"retail_fen": ${pkg.price_fen + 200}`)
      .waitFor();
    await screenshot(page, 'console-snags-audit-words');
  });

  it('概览: tickets replied to are not waiting; each row opens its page; an agent administrator sees only their queues', async () => {
    const { page } = desk;
    await consoleLogin(page, 'admin', 'Admin#2026');
    const waiting = rows<{ n: number }>("SELECT COUNT(*) AS n FROM tickets WHERE status IN ('submitted', 'in_progress')")[0]!.n;
    const replied = rows<{ n: number }>("SELECT COUNT(*) AS n FROM tickets WHERE status = 'replied'")[0]!.n;
    expect(replied).toBeGreaterThan(0);
    const tickets = page.locator('.ant-table-tbody tr').filter({ hasText: '待处理投诉建议' });
    await tickets.waitFor();
    expect((await tickets.locator('td').nth(1).innerText()).trim()).toBe(String(waiting));
    await screenshot(page, 'console-snags-dashboard-admin');
    await tickets.click();
    await page.waitForURL('**/admin/tickets');
    await page.goBack();
    await page.locator('.ant-table-tbody tr').filter({ hasText: '待发货换卡' }).click();
    await page.waitForURL('**/admin/replacements');

    await consoleLogin(page, 'agent', 'Agent#2026');
    const queues = page
      .locator('.ant-card')
      .filter({ has: page.getByText('待处理事项', { exact: true }) })
      .last();
    await queues.getByText('待发货换卡').waitFor();
    const shown = (await queues.locator('.ant-table-tbody tr').allInnerTexts()).join('\n');
    for (const other of ['待处理投诉建议', '未完成退款', '待处理佣金提现']) expect(shown).not.toContain(other);
    // the applications through its own agent or its sub-agents are its to decide (docs/decisions/0076)
    expect(shown).toContain('待审核代理申请');
    await screenshot(page, 'console-snags-dashboard-agent');
  });

  it('支付 and 品牌 say what each value does; a save with every payment off is asked again', async () => {
    const { page } = desk;
    await consoleLogin(page, 'admin', 'Admin#2026');
    await page.goto('/admin/agents');
    // acme has never had a payment method: the form says so at once
    await page.getByRole('row').filter({ hasText: 'acme' }).getByRole('button', { name: '管理' }).click();
    let drawer = page.locator('.ant-drawer');
    await drawer.getByRole('tab', { name: '支付' }).click();
    await drawer.getByTestId('no-payment').waitFor();
    await choose(page, drawer.getByLabel('微信支付方式（浏览器中）'), '', /^收银台：跳转到支付平台的收银台页面付款$/);
    expect(await page.getByText('默认（0）').count()).toBe(0);
    await screenshot(page, 'console-snags-pay-acme');
    await drawer.getByRole('tab', { name: '品牌' }).click();
    await drawer.getByText('默认：有在线客服链接时在新窗口打开该链接，否则打开内置在线咨询').waitFor();
    expect(await drawer.getByText('open_type').count()).toBe(0);
    await screenshot(page, 'console-snags-branding');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // demo takes payments: turning every method off is asked again before it is saved
    await page.getByRole('row').filter({ hasText: 'demo' }).getByRole('button', { name: '管理' }).click();
    drawer = page.locator('.ant-drawer');
    await drawer.getByRole('tab', { name: '支付' }).click();
    expect(await drawer.getByTestId('no-payment').count()).toBe(0);
    for (const name of ['微信支付', '支付宝', '花呗分期']) {
      const sw = drawer.getByLabel(name, { exact: true });
      if ((await sw.getAttribute('aria-checked')) === 'true') await sw.click();
    }
    await drawer.getByTestId('no-payment').waitFor();
    // (each tab's form has its own 修改原因: the one of the open tab)
    await drawer
      .locator('form')
      .filter({ has: page.getByRole('button', { name: '保存支付设置' }) })
      .locator('textarea')
      .fill('暂停在线收款');
    await drawer.getByRole('button', { name: '保存支付设置' }).click();
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '关闭全部在线支付方式？' });
    await confirm.waitFor();
    await screenshot(page, 'console-snags-pay-confirm');
    await confirm.getByRole('button', { name: '返回修改' }).click();
    const demoPay = () =>
      rows<{ n: number }>(
        "SELECT wechat_pay + ali_pay + ant_credit_pay AS n FROM pay_settings JOIN agents ON agents.id = pay_settings.agent_id WHERE agents.mark = 'demo'",
      )[0]!.n;
    expect(Number(demoPay())).toBe(3);
    await drawer.getByRole('button', { name: '保存支付设置' }).click();
    await confirm.getByRole('button', { name: '仍然保存' }).click();
    await expect.poll(() => Number(demoPay())).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('批量任务 转移代理: the target agent is picked by name', async () => {
    const { page } = desk;
    await consoleLogin(page, 'admin', 'Admin#2026');
    const acme = rows<{ id: number }>("SELECT id FROM agents WHERE mark = 'acme'")[0]!;
    await page.goto('/admin/bulk-jobs');
    await page.getByRole('button', { name: /新建任务/ }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '新建批量任务' });
    await choose(page, modal.getByLabel('操作', { exact: true }), '', '转移代理');
    await choose(page, modal.getByLabel('目标代理'), '极客', '极客通信');
    await modal.getByLabel('卡号（每行一个）').fill('1000000005');
    await modal.getByLabel('原因').fill('客户转到极客通信');
    await screenshot(page, 'console-snags-move-agent');
    await modal.getByRole('button', { name: '执行' }).click();
    await page
      .getByText(/任务 \d+ 已提交：共 1 张卡/)
      .first()
      .waitFor();
    const job = rows<{ params: string }>("SELECT params FROM bulk_jobs WHERE kind = 'move_agent' ORDER BY id DESC LIMIT 1")[0]!;
    expect(JSON.parse(job.params)).toMatchObject({ agent_id: acme.id });
  });

  it('导入: a file refused for its size drops the previous file’s name', async () => {
    const { page } = desk;
    await consoleLogin(page, 'admin', 'Admin#2026');
    await page.goto('/admin/card-imports');
    const input = page.locator('input[type="file"]');
    await input.setInputFiles({ name: 'first.csv', mimeType: 'text/csv', buffer: Buffer.from('卡号,ICCID\n') });
    await page.getByText('当前文件：first.csv').waitFor();
    await input.setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0x31) });
    await page.getByText('文件不能超过 5 MB').waitFor();
    expect(await page.getByText(/当前文件：/).count()).toBe(0);
    await screenshot(page, 'console-snags-import-size');
  });
});
