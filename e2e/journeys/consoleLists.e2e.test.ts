// Journeys: the console's lists at 1440×900 (docs/decisions/0018 "Lists, exports and the menu", a console operators
// work in every day). The grouped side menu, per role; a queue list exported as the platform
// administrator and as an agent administrator — the downloaded file holds the filtered rows, and the
// agent's only their agent's; a ticket's images in its drawer, opening large; a card's story at its
// own address, its order opening in 订单.
import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openDesktop, screenshot, startPortal, type Phone, type Portal } from '../harness';
import { consoleLogin, menuTo, menuTree } from './consoleMenu';

async function logout(page: Page) {
  if (await page.locator('.ant-drawer-open').count()) {
    await page.keyboard.press('Escape');
    await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
  }
  await page.getByRole('button', { name: '退出' }).click();
  await page.waitForURL('**/admin/login');
}

/** Waits for the page's transitions (a drawer sliding in, a preview zooming) to end: for screenshots. */
async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/** A solid-colour PNG of w×h: what a card holder's photo of a bill stands for. */
function png(w: number, h: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => [r, g, b]).flat())]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Clicks 导出 CSV and answers the downloaded file's rows (header first), without the BOM. */
async function exportCsv(page: Page): Promise<string[][]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes
    .subarray(3)
    .toString('utf8')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));
}

describe('console lists', () => {
  let portal: Portal;
  let desk: Phone;
  beforeAll(async () => {
    portal = await startPortal();
    desk = await openDesktop(portal);
    const now = new Date().toISOString();
    // a replacement application on a card of each agent: demo's 1000000001, acme's 1000000014
    for (const [card, who] of [
      ['1000000001', '王一'],
      ['1000000014', '李四'],
    ])
      portal.sql(
        `INSERT INTO change_card_applications (card_id, status, receiver_name, receiver_mobile, province, city, address, reason, new_custom_num, created_at)
         VALUES ((SELECT id FROM cards WHERE custom_num = ?), 'submitted', ?, '13800138000', '浙江省', '杭州市', '文三路 1 号', '卡片损坏', '', ?)`,
        [card, who, now],
      );
    // the seeded ticket with two images the card holder attached
    const images = [png(480, 320, [22, 119, 255]), png(320, 480, [82, 196, 26])];
    images.forEach((content, i) =>
      portal.sql(
        `INSERT INTO uploads (id, owner_user_id, owner_custom_num, mime, size, content, created_at) VALUES (?, 0, '1000000001', 'image/png', ?, ?, ?)`,
        [`journey-image-${i}`, content.length, content, now],
      ),
    );
    portal.sql(`UPDATE tickets SET images = ? WHERE ticket_no = 'T26110100000001'`, [
      JSON.stringify(['journey-image-0', 'journey-image-1']),
    ]);
    // an order of card 1000000001, for its story
    portal.sql(
      `INSERT INTO orders (order_no, card_id, user_id, goods_type, title, package_id, coupon_package_id, total_fen, discount_fen, payable_fen, credit_fen, bonus_fen, voucher_id, pay_channel, state, request_id, request_fingerprint, payment_id, pay_url, access_key_hash, created_at, expires_at, paid_at, fulfilled_at, closed_at, last_query_at, upgrade_add_kb, upgrade_expired_at)
       VALUES ('2026112410000000000001', (SELECT id FROM cards WHERE custom_num = '1000000001'), (SELECT id FROM users ORDER BY id LIMIT 1), 'package', '畅享50G月包', NULL, NULL, 3900, 0, 3900, 0, 0, NULL, 1, 'fulfilled', 'journey-story-order', 'x', NULL, NULL, 'x', ?, ?, ?, ?, NULL, NULL, NULL, NULL)`,
      [now, now, now, now],
    );
  }, 90_000);
  afterAll(async () => {
    await desk?.close();
    await portal?.stop();
  });

  it('groups the menu; opens the group of the current page', async () => {
    const { page } = desk;
    await consoleLogin(page, 'admin', 'Admin#2026');
    // on the overview only top-level entries are open; a page's address opens its group
    await page.goto('/admin/shipping');
    await page.locator('.ant-menu-submenu-open').filter({ hasText: '待办队列' }).waitFor();
    expect(await page.locator('.ant-layout-sider .ant-menu-submenu-open').count()).toBe(1);
    await page.locator('.ant-layout-sider .ant-menu-item-selected').filter({ hasText: '发货' }).waitFor();
    await settled(page);
    await screenshot(page, 'console-lists-menu');
    expect(await menuTree(page)).toEqual([
      '概览',
      '卡片管理: 卡片 卡片档案 导入 批量任务 WiFi设备任务',
      '商品: 套餐目录 代理价格 优惠券发放',
      '订单与资金: 订单 余额 佣金',
      '待办队列: 超限审批 工单 代理申请 换卡申请 实名记录 发货',
      '代理商',
      '系统: 操作员 运营商账号 手机端错误 审计日志 账号安全',
    ]);
  });

  it('exports a queue list as the platform administrator: every agent’s rows of the filter', async () => {
    const { page } = desk;
    await menuTo(page, '换卡申请');
    await page.waitForURL('**/admin/replacements');
    await page.getByRole('row').filter({ hasText: '1000000014' }).waitFor();
    await settled(page);
    await screenshot(page, 'console-lists-listpage');
    const [header, ...rows] = await exportCsv(page);
    expect(header.slice(0, 4)).toEqual(['申请编号', '卡号', '状态', '收件人']);
    expect(rows.map((r) => r[1]).sort()).toEqual(['1000000001', '1000000014']);
    // the state in the page's words (the contract's table): the queue's filter and the file both say 待发货
    expect(rows.every((r) => r[2] === '待发货')).toBe(true);
    // a filter with nothing in it: the file has the header only
    await page.locator('.ant-select').filter({ hasText: '待发货' }).click();
    await page.getByTitle('已完成').click();
    await page.getByText('没有换卡申请').waitFor();
    expect(await exportCsv(page)).toEqual([header]);
  });

  it('exports it as an agent administrator: only their agent’s rows', async () => {
    const { page } = desk;
    await logout(page);
    await consoleLogin(page, 'agent', 'Agent#2026');
    expect(await menuTree(page)).toEqual([
      '概览',
      '卡片管理: 卡片 卡片档案 导入 批量任务 WiFi设备任务',
      '商品: 套餐目录 代理价格 优惠券发放',
      '订单与资金: 订单 佣金',
      '待办队列: 超限审批 代理申请 换卡申请 实名记录 发货',
      '代理商',
      '系统: 账号安全',
    ]);
    await menuTo(page, '换卡申请');
    await page.getByRole('row').filter({ hasText: '1000000001' }).waitFor();
    const [, ...rows] = await exportCsv(page);
    expect(rows.map((r) => r[1])).toEqual(['1000000001']);
    expect(rows[0]![3]).toBe('王一');
  });

  it("shows a ticket's images in its drawer, opening large", async () => {
    const { page } = desk;
    await logout(page);
    await consoleLogin(page, 'support', 'Support#2026');
    await menuTo(page, '工单');
    await page.getByRole('cell', { name: 'T26110100000001' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText('用户图片（2）').waitFor();
    const thumbs = drawer.getByTestId('ticket-images').locator('img');
    expect(await thumbs.count()).toBe(2);
    // both loaded: the admin endpoint served them to support
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('[data-testid="ticket-images"] img')).every((i) => (i as HTMLImageElement).naturalWidth > 0),
    );
    expect(await thumbs.first().evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBe(480);
    await settled(page);
    await screenshot(page, 'console-lists-ticket-images');
    await thumbs.first().click();
    const preview = page.locator('.ant-image-preview-img');
    await preview.waitFor();
    expect(await preview.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBe(480);
    await settled(page);
    await screenshot(page, 'console-lists-ticket-image-large');
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });
  });

  it("opens a card's story at its own address, and an order from it", async () => {
    const { page } = desk;
    await page.keyboard.press('Escape');
    await logout(page);
    await consoleLogin(page, 'admin', 'Admin#2026');
    // the old address redirects to the card's own
    await page.goto('/admin/card-story?card=1000000001');
    await page.waitForURL('**/admin/cards/1000000001');
    await page.locator('.ant-layout-sider .ant-menu-item-selected').filter({ hasText: '卡片档案' }).waitFor();
    await page.getByRole('tab', { name: /订单（1）/ }).click();
    await settled(page);
    await screenshot(page, 'console-lists-story');
    await page.getByRole('link', { name: '2026112410000000000001' }).click();
    await page.waitForURL('**/admin/orders?order=2026112410000000000001');
    await page.locator('.ant-drawer').getByText('订单 2026112410000000000001').waitFor();
    await page.locator('.ant-layout-sider .ant-menu-item-selected').filter({ hasText: '订单' }).waitFor();
    await settled(page);
    await screenshot(page, 'console-lists-story-order');
    // and back: the story's ticket opens in 工单
    await page.goto('/admin/cards/1000000001');
    await page.getByRole('tab', { name: /工单/ }).click();
    await page.getByRole('link', { name: 'T26110100000001' }).click();
    await page.waitForURL(/\/admin\/tickets\?ticket=\d+$/);
    await page.locator('.ant-drawer').getByText('工单 T26110100000001').waitFor();
  });
});
