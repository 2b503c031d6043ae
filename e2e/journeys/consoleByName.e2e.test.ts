// Journey: agents and series picked by name at 1440×900 (docs/decisions/0043-audit-in-words.md,
// "Agents by name"). The card list's 代理 filter and its 套餐系列 filter take a name typed to narrow,
// not a number; the bulk job's 设置套餐系列 too; an agent administrator is offered their own series only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleLogin } from './consoleMenu';
import { openDesktop, screenshot, startPortal, type Phone, type Portal } from '../harness';

describe('console: agents and series by name', () => {
  let portal: Portal;
  let admin: Phone;
  let agent: Phone;
  beforeAll(async () => {
    portal = await startPortal();
    admin = await openDesktop(portal);
    agent = await openDesktop(portal);
    await consoleLogin(admin.page, 'admin', 'Admin#2026');
    await consoleLogin(agent.page, 'agent', 'Agent#2026');
  }, 90_000);
  afterAll(async () => {
    await admin?.close();
    await agent?.close();
    await portal?.stop();
  });

  const pick = async (p: Phone, label: string, typed: string, option: RegExp) => {
    await p.page.getByRole('combobox', { name: label }).click();
    await p.page.keyboard.type(typed);
    await p.page.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
  };

  it('the card list filters by an agent and a series picked by name', async () => {
    const { page } = admin;
    await page.goto('/admin/cards');
    await pick(admin, '代理', '极客', /^极客通信/);
    await page.getByRole('button', { name: '查询' }).click();
    const agents = page.locator('.ant-table-tbody tr.ant-table-row td:nth-child(5)');
    await expect.poll(async () => new Set(await agents.allInnerTexts()), { timeout: 15_000 }).toEqual(new Set(['极客通信']));
    await pick(admin, '套餐系列', '极客月包', /^极客月包系列/);
    await page.getByRole('button', { name: '查询' }).click();
    await page.getByRole('cell', { name: '1000000014' }).waitFor();
    await screenshot(page, 'console-cards-by-name');
  });

  it('an agent administrator is offered their own series only, and sets one on cards by its name', async () => {
    const { page } = agent;
    await page.goto('/admin/cards');
    expect(await page.getByRole('combobox', { name: '代理' }).count()).toBe(0);
    await page.getByRole('combobox', { name: '套餐系列' }).click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.first().waitFor();
    const offered = await options.allInnerTexts();
    expect(offered.some((o) => o.startsWith('畅享月包系列'))).toBe(true);
    expect(offered.some((o) => o.startsWith('极客月包系列'))).toBe(false);
    await page.keyboard.press('Escape');

    await page.goto('/admin/bulk-jobs');
    await page.getByRole('button', { name: /新建任务/ }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '新建批量任务' });
    await modal.getByRole('combobox', { name: '操作' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '设置套餐系列' }).click();
    await pick(agent, '套餐系列', '超值', /^超值年包系列/);
    await modal.getByLabel('卡号（每行一个）').fill('1000000001');
    await modal.getByLabel('原因').fill('改为年包系列');
    await screenshot(page, 'console-bulk-series-by-name');
    await modal.getByRole('button', { name: '执行' }).click();
    await page
      .getByText(/任务 \d+ 已提交：共 1 张卡/)
      .first()
      .waitFor();
    const series = portal.sql<{ id: number }>("SELECT id FROM package_series WHERE name = '超值年包系列'") as { id: number }[];
    const job = portal.sql<{ params: string }>("SELECT params FROM bulk_jobs WHERE kind = 'set_series'") as { params: string }[];
    expect(job).toHaveLength(1);
    expect(JSON.parse(job[0]!.params)).toMatchObject({ series_id: series[0]!.id });
  });
});
