// Journey: the operator console at 1440×900 (docs/decisions/0018). An operator mistypes the password and
// reads how many attempts are left, signs in, sees the overview's figures, turns on the TOTP second
// factor and signs in again with a code; the audit log lists those actions; a support operator's
// menu has no platform-only entries and the audit page refuses them.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItems, menuTo, menuTree } from './consoleMenu';
import type { Page } from 'playwright-core';
import { openDesktop, screenshot, startPortal, type Phone, type Portal } from '../harness';

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) of a base32 secret, `offset` steps from now. */
function totp(secret: string, offset = 0): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secret) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + offset));
  const mac = createHmac('sha1', key).update(msg).digest();
  const o = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function login(page: Page, username: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}

async function logout(page: Page) {
  await page.getByRole('button', { name: '退出' }).click();
  await page.waitForURL('**/admin/login');
}

describe('operator console', () => {
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

  it('signs in after a wrong password and shows the overview', async () => {
    const { page } = desk;
    await page.goto('/admin/');
    await page.waitForURL('**/admin/login');
    await login(page, 'admin', 'not-the-password');
    await page.getByRole('alert').filter({ hasText: '用户名或密码错误，还可尝试 4 次' }).waitFor();
    await screenshot(page, 'console-login-wrong-password');

    await page.getByLabel('密码', { exact: true }).fill('Admin#2026');
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.getByText('卡片总数').waitFor();
    await page.getByText('待处理投诉建议').waitFor();
    const total = await page.locator('.ant-statistic').first().locator('.ant-statistic-content-value').innerText();
    expect(Number(total)).toBeGreaterThan(0);
    expect(await page.getByTestId('operator-name').innerText()).toBe('平台管理员');
    expect(await menuTree(page)).toEqual([
      '概览',
      '卡片管理: 卡片 卡片档案 导入 批量任务 WiFi设备任务',
      '商品: 套餐目录 代理价格 优惠券发放',
      '订单与资金: 订单 余额 佣金',
      '待办队列: 超限审批 工单 代理申请 换卡申请 实名记录 发货',
      '代理商',
      '系统: 操作员 运营商账号 手机端错误 审计日志 账号安全',
    ]);
    await screenshot(page, 'console-dashboard');
  });

  it('turns on the second factor and then signs in with a code', async () => {
    const { page } = desk;
    await menuTo(page, '账号安全');
    await page.waitForURL('**/admin/security');
    await page.getByRole('button', { name: '开启两步验证' }).click();
    const secret = (await page.getByTestId('totp-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByText(/^otpauth:\/\/totp\//).waitFor();
    await screenshot(page, 'console-totp-enrol');
    await page.getByLabel('动态验证码').fill(totp(secret));
    await page.getByRole('button', { name: '确认开启' }).click();
    await page.getByText('已开启', { exact: true }).waitFor();

    await logout(page);
    await login(page, 'admin', 'Admin#2026');
    await page.getByLabel('动态验证码').waitFor();
    await screenshot(page, 'console-login-totp');
    await page.getByLabel('动态验证码').fill('000000' === totp(secret, 1) ? '111111' : '000000');
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByRole('alert').filter({ hasText: '动态验证码错误或已使用' }).waitFor();
    // the confirming code's step is used: the next step's code (within the ±1 window) signs in
    await page.getByLabel('动态验证码').fill(totp(secret, 1));
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/admin/dashboard');
  });

  it('lists the actions in the audit log, with a CSV export', async () => {
    const { page } = desk;
    await menuTo(page, '审计日志');
    await page.waitForURL('**/admin/audit');
    const table = page.locator('.ant-table-tbody');
    await table.getByText('开启两步验证', { exact: true }).waitFor();
    for (const label of ['登录', '登录失败', '退出登录', '开始开启两步验证'])
      await table.getByText(label, { exact: true }).first().waitFor();
    const href = await page.getByRole('link', { name: /导出 CSV/ }).getAttribute('href');
    expect(href).toBe('/api/admin/audit/export');
    // the file as Excel gets it: a UTF-8 byte-order mark, then the Chinese header
    const bytes = await page.evaluate(async (u) => Array.from(new Uint8Array(await (await fetch(u!)).arrayBuffer())), href);
    expect(bytes.slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]);
    expect(Buffer.from(bytes.slice(3)).toString('utf8').startsWith('时间（北京时间）,操作人')).toBe(true);
    await page.getByLabel('操作', { exact: true }).fill('operator.login_failed');
    await page.getByRole('button', { name: /查询/ }).click();
    await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === 2);
    await screenshot(page, 'console-audit');
  });

  it('shows a support operator only their areas', async () => {
    const { page } = desk;
    await logout(page);
    await login(page, 'support', 'Support#2026');
    await page.waitForURL('**/admin/dashboard');
    // the menu follows the new session's permissions once they have loaded
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
    expect(await menuTree(page)).toEqual([
      '概览',
      '卡片管理: 卡片 卡片档案 WiFi设备任务',
      '订单与资金: 订单',
      '待办队列: 工单 实名记录',
      '系统: 手机端错误 账号安全',
    ]);
    await page.goto('/admin/audit');
    await page.getByText('无权访问').waitFor();
    await screenshot(page, 'console-support-denied');
  });
});
