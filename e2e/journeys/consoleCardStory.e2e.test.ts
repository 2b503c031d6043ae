// Journey: a card found by any identifier and acted on from its story, in the console at 1440×900
// (docs/decisions/0042-console-sees-as-holder.md). Support reads out the last digits of an ICCID and
// finds the card; a pasted list finds three cards and names the number not found; the list shows
// each card's package, remaining data and expiry; 卡片档案 opens by ICCID; the story suspends and
// resumes the card with a reason, registers a ticket for the holder (its tab says 套餐问题 / 已提交,
// not codes), shows a refunded package as 已退款, and opens the holder's home read only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openDesktop, screenshot, startPortal, type Phone, type Portal } from '../harness';
import { consoleLogin } from './consoleMenu';

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

describe('console card story', () => {
  let portal: Portal;
  let desk: Phone;
  let iccid = '';
  beforeAll(async () => {
    portal = await startPortal({ env: { CARRIER_SYNC_INTERVAL_SECONDS: '0' } });
    iccid = String((portal.sql("SELECT iccid FROM cards WHERE custom_num = '1000000001'") as { iccid: string }[])[0]!.iccid);
    desk = await openDesktop(portal);
    await consoleLogin(desk.page, 'admin', 'Admin#2026');
  }, 90_000);
  afterAll(async () => {
    await desk?.close();
    await portal?.stop();
  });

  it('finds a card by the last digits of its ICCID, and shows package, remaining data and expiry', async () => {
    const { page } = desk;
    await page.goto('/admin/cards');
    await page.getByLabel('号码').fill(iccid.slice(-6));
    await page.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => rows(page).count()).toBe(1);
    await expect.poll(() => rows(page).first().innerText()).toContain('1000000001');
    const header = await page.locator('.ant-table-thead').innerText();
    for (const title of ['套餐', '剩余流量', '到期']) expect(header).toContain(title);
    const row = await rows(page).first().innerText();
    expect(row).toMatch(/\d+(\.\d+)?\s*(GB|MB|KB)/);
    expect(row).toMatch(/20\d\d-\d\d-\d\d/);
    await screenshot(page, 'console-card-suffix-search');
  });

  it('finds a pasted list and names the numbers not found', async () => {
    const { page } = desk;
    await page.getByRole('button', { name: '粘贴号码列表' }).click();
    await page.getByRole('textbox', { name: '号码列表' }).fill(`${iccid}\n1000000002, 1000000003\n8986000000000000000`);
    await page.getByRole('button', { name: /^查\s*找$/ }).click();
    await page.getByText('共 4 个号码，找到 3 张卡，未找到 1 个').waitFor();
    expect(await page.getByText('8986000000000000000').count()).toBeGreaterThan(0);
    expect(await rows(page).count()).toBe(3);
    await screenshot(page, 'console-card-pasted-list');
  });

  it('opens 卡片档案 by ICCID and suspends and resumes the card with a reason', async () => {
    const { page } = desk;
    await page.goto(`/admin/cards/${iccid}`);
    await page.getByRole('tab', { name: '基本信息' }).waitFor();
    expect(await page.locator('.ant-descriptions').first().innerText()).toContain('1000000001');
    await page.getByRole('button', { name: /^停\s*机$/ }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('button', { name: /^停\s*机$/ }).click();
    await modal.getByText('请填写原因').waitFor();
    await modal.getByLabel('原因').fill('持卡人来电挂失');
    await modal.getByRole('button', { name: /^停\s*机$/ }).click();
    await page.getByText('已停机').first().waitFor();
    await page.getByRole('button', { name: /^复\s*机$/ }).waitFor();
    await screenshot(page, 'console-card-story-suspended');
    await page.getByRole('button', { name: /^复\s*机$/ }).click();
    await page.getByRole('dialog').getByLabel('原因').fill('已找回');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^复\s*机$/ })
      .click();
    await page.getByRole('button', { name: /^停\s*机$/ }).waitFor();
  });

  it('registers a ticket for the holder; the ticket tab says its category and status in words', async () => {
    const { page } = desk;
    await page.getByRole('button', { name: '登记工单' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('问题类别').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '套餐问题' }).click();
    await modal.getByLabel('问题描述').fill('持卡人来电：套餐没有生效');
    await modal.getByLabel('登记原因').fill('电话反映');
    await modal.getByRole('button', { name: /^登\s*记$/ }).click();
    await page
      .getByText(/已登记工单/)
      .first()
      .waitFor();
    await page.getByRole('tab', { name: /工单/ }).click();
    const tab = await page.locator('[role=tabpanel]:visible').innerText();
    expect(tab).toContain('套餐问题');
    expect(tab).toContain('已提交');
    expect(tab).not.toMatch(/\bpackage\b|\bsubmitted\b/);
    await screenshot(page, 'console-card-story-ticket');
  });

  it('shows a refunded package as 已退款, not a zero-length period', async () => {
    const { page } = desk;
    const [pkg] = portal.sql(
      "SELECT p.id, p.name, p.started_at FROM card_packages p JOIN cards c ON c.id = p.card_id WHERE c.custom_num = '1000000001' ORDER BY p.id DESC LIMIT 1",
    ) as { id: number; name: string; started_at: string }[];
    const cardId = (portal.sql("SELECT id FROM cards WHERE custom_num = '1000000001'") as { id: number }[])[0]!.id;
    const now = new Date().toISOString();
    // the facts a refund leaves: the order refunded, its package ended where it started
    portal.sql(
      `INSERT INTO orders (order_no, card_id, user_id, goods_type, title, total_fen, discount_fen, payable_fen, credit_fen, bonus_fen,
        pay_channel, state, request_id, request_fingerprint, access_key_hash, created_at, expires_at, paid_at, fulfilled_at)
       VALUES ('T2026112799990001', ?, 0, 'package', ?, 2000, 0, 2000, 0, 0, 1, 'refunded', 'e2e-refunded', '', '', ?, ?, ?, ?)`,
      [cardId, pkg!.name, now, now, now, now],
    );
    portal.sql("UPDATE card_packages SET order_no = 'T2026112799990001', expired_at = started_at WHERE id = ?", [pkg!.id]);
    await page.reload();
    await page.getByRole('tab', { name: /套餐（/ }).click();
    const tab = page.locator('[role=tabpanel]:visible');
    await tab.getByText('已退款').waitFor();
    await screenshot(page, 'console-card-story-refunded');
  });

  it('opens the holder’s home read only', async () => {
    const { page } = desk;
    await page.getByRole('button', { name: '持卡人视角' }).click();
    const home = page.getByTestId('holder-home');
    await home.waitFor();
    const text = await home.innerText();
    expect(text).toContain('1000 0000 01');
    expect(text).toContain('余额');
    expect(await page.getByText('只读：门户首页此刻向持卡人显示的内容').count()).toBe(1);
    await screenshot(page, 'console-card-holder-view');
  });
});
