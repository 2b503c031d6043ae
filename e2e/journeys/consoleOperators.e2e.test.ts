// Journey: operator accounts without SQL (docs/decisions/0018), at 1440×900. The platform administrator adds
// a support operator in the 操作员 page — the form first refuses a weak password at the field —
// signs out, and the new operator signs in and sees the support menu.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItems, menuTo } from './consoleMenu';
import type { Page } from 'playwright-core';
import { openDesktop, screenshot, startPortal, type Phone, type Portal } from '../harness';

async function login(page: Page, username: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}

describe('console operators', () => {
  let portal: Portal;
  let desk: Phone;
  beforeAll(async () => {
    portal = await startPortal();
    desk = await openDesktop(portal);
  }, 90_000);
  afterAll(async () => {
    await desk?.close();
    await portal?.stop();
  });

  it('an admin adds a support operator who then signs in and sees the support menu', async () => {
    const { page } = desk;
    await login(page, 'admin', 'Admin#2026');
    await page.waitForURL('**/admin/dashboard');
    await menuTo(page, '操作员');
    await page.waitForURL('**/admin/operators');
    await page.locator('.ant-table-tbody').getByText('admin', { exact: true }).waitFor();

    await page.getByRole('button', { name: '新建操作员' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByLabel('用户名').fill('li.si');
    await drawer.getByLabel('姓名').fill('李四');
    await drawer.getByLabel('初始密码', { exact: true }).fill('weakpass');
    await drawer.getByLabel('确认初始密码').fill('weakpass');
    await drawer.getByLabel('原因').fill('新客服入职');
    await drawer.getByRole('button', { name: '创建' }).click();
    await drawer.getByText('新密码需同时包含字母和数字').waitFor();
    await drawer.getByLabel('初始密码', { exact: true }).fill('Lisi2026go');
    await drawer.getByLabel('确认初始密码').fill('Lisi2026go');
    await screenshot(page, 'console-operators-create');
    await drawer.getByRole('button', { name: '创建' }).click();
    await page.getByText('已新建操作员 li.si').waitFor();
    const row = page.locator('.ant-table-tbody tr', { hasText: 'li.si' });
    await row.getByText('客服', { exact: true }).waitFor();
    await screenshot(page, 'console-operators');

    await page.getByRole('button', { name: '退出' }).click();
    await page.waitForURL('**/admin/login');
    await login(page, 'li.si', 'Lisi2026go');
    await page.waitForURL('**/admin/dashboard');
    await page.locator('.ant-layout-sider .ant-menu-submenu-title').filter({ hasText: '系统' }).waitFor();
    expect(await menuItems(page)).toEqual([
      '概览',
      '卡片',
      '卡片档案',
      'WiFi设备任务',
      '订单',
      '工单',
      '实名记录',
      '手机端错误',
      '账号安全',
    ]);
    expect(await page.getByTestId('operator-name').innerText()).toBe('李四');
  });

  it('the admin disables the new operator with a reason; they can no longer sign in', async () => {
    const { page } = desk;
    await page.getByRole('button', { name: '退出' }).click();
    await page.waitForURL('**/admin/login');
    await login(page, 'admin', 'Admin#2026');
    await page.waitForURL('**/admin/dashboard');
    await menuTo(page, '操作员');
    const row = page.locator('.ant-table-tbody tr', { hasText: 'li.si' });
    await row.getByRole('button', { name: '停用' }).click();
    const modal = page.locator('.ant-modal');
    await modal.getByRole('button', { name: '确认停用' }).click();
    await modal.getByText('请填写原因').waitFor();
    await modal.getByLabel('原因').fill('离职');
    await screenshot(page, 'console-operators-disable');
    await modal.getByRole('button', { name: '确认停用' }).click();
    await row.getByText('已停用').waitFor();
    await row.getByRole('button', { name: '启用' }).waitFor();

    await page.getByRole('button', { name: '退出' }).click();
    await page.waitForURL('**/admin/login');
    await login(page, 'li.si', 'Lisi2026go');
    await page.getByRole('alert').filter({ hasText: '该账号已停用' }).waitFor();
  });
});
