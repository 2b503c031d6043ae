// Journey: cards in the operator console at 1440×900 (docs/decisions/0018). The operator imports a CSV with
// errors and reads the error of each row (an unknown 运营商账号 among them, the accepted accounts
// listed), fixes the file and commits it — one card onto a carrier account —, finds the new cards in
// 卡片, undoes the batch; opens a card's story; runs a bulk 停机 in which one card fails — answered at
// once with the cards 待处理, done by the background runner (run here through the simulator's
// control, its timer off), the page showing the progress until it is done; moves cards to a carrier
// account (移至运营商账号), the one already there skipped.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleLogin, menuTo } from './consoleMenu';
import { runSimJob } from './simJobs';
import type { Page } from 'playwright-core';
import { openDesktop, screenshot, startPortal, type Phone, type Portal } from '../harness';

/** A valid ICCID (Luhn check digit) for a serial number. */
function iccid(n: number): string {
  const body = `8986011${String(n).padStart(12, '0')}`;
  for (let d = 0; d <= 9; d++) {
    const s = body + d;
    let sum = 0;
    for (let i = 0; i < s.length; i++) {
      let x = Number(s[s.length - 1 - i]);
      if (i % 2 === 1) x = x * 2 > 9 ? x * 2 - 9 : x * 2;
      sum += x;
    }
    if (sum % 10 === 0) return s;
  }
  throw new Error('unreachable');
}

const HEADER = '卡号,ICCID,MSISDN,运营商,套餐系列ID,代理标识,运营商账号';
const wrongDigit = (s: string) => s.slice(0, -1) + String((Number(s.slice(-1)) + 1) % 10);

function csvFile(lines: string[]) {
  return { name: 'cards.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${[HEADER, ...lines].join('\r\n')}\r\n`) };
}

function tableRows(page: Page, scope = page.locator('body')) {
  return scope.locator('.ant-table-tbody tr.ant-table-row');
}

describe('console cards', () => {
  let portal: Portal;
  let desk: Phone;
  beforeAll(async () => {
    // the bulk jobs runner has no timer here: the journey runs it (SIM_CONTROLS) when it wants the cards done
    // the carrier sync engine's timer is off too: the journey's carrier account has no platform behind it
    portal = await startPortal({ env: { SIM_CONTROLS: '1', BULK_JOBS_INTERVAL_SECONDS: '0', CARRIER_SYNC_INTERVAL_SECONDS: '0' } });
    const now = new Date().toISOString();
    portal.sql("INSERT INTO carrier_accounts (name, carrier, created_at, updated_at) VALUES ('ct-east', 'ctwing', ?, ?)", [now, now]);
    desk = await openDesktop(portal);
    await consoleLogin(desk.page, 'admin', 'Admin#2026');
  }, 90_000);
  afterAll(async () => {
    await desk?.close();
    await portal?.stop();
  });

  it('imports a CSV: errors per row, then the fixed file, finds the cards, undoes the batch', async () => {
    const { page } = desk;
    await menuTo(page, '导入');
    await page.waitForURL('**/admin/card-imports');
    await page.getByText('还没有导入批次').waitFor();

    // the help names the 运营商账号 column's accounts: the simulator (an empty cell) and the enabled ones
    await page
      .getByTestId('account-hint')
      .getByText('运营商账号填账号名称，留空即模拟器账号（simulator）；可填：simulator、ct-east。')
      .waitFor();
    const good = [`5100000001,${iccid(1)},1440510000001,中国联通,1,demo,`, `5100000002,${iccid(2)},,2,1,demo,ct-east`];
    await page
      .locator('input[type="file"]')
      .setInputFiles(
        csvFile([good[0]!, `5100000002,${wrongDigit(iccid(2))},,2,1,demo`, good[0]!, `5100000003,${iccid(3)},,2,1,demo,ct-west`]),
      );
    const dry = page.getByTestId('dry-run');
    await dry.getByText('共 4 行，1 行无误，3 行有错误：请修正文件后重新上传').waitFor();
    // every problem of a row, each on its own line
    expect((await tableRows(page, dry).allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
      '3 5100000002 ICCID 校验位错误',
      '4 5100000001 卡号与第 2 行重复 ICCID 与第 2 行重复',
      '5 5100000003 未知的运营商账号：ct-west（可选：simulator、ct-east）',
    ]);
    expect(await page.getByRole('button', { name: '确认导入' }).count()).toBe(0);
    await screenshot(page, 'console-cards-import-errors');
    // the error rows as a file: the cells as written, and what is wrong with each
    const errorFile = page.waitForEvent('download');
    await dry.getByRole('button', { name: '下载错误行' }).click();
    const saved = await errorFile;
    expect(saved.suggestedFilename()).toBe('cards-错误行.csv');
    const text = readFileSync((await saved.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(text[0]).toBe('卡号,ICCID,MSISDN,运营商,套餐系列ID,代理标识,运营商账号,IMSI,错误说明');
    expect(text).toHaveLength(4);
    expect(text[2]).toContain('第 4 行：卡号与第 2 行重复；ICCID 与第 2 行重复');

    // a file refused before reading is not taken for the current one
    await page.locator('input[type="file"]').setInputFiles({ name: 'cards.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await page.getByText('只支持 CSV 或 XLSX 文件').waitFor();
    expect(await page.getByText(/当前文件：/).count()).toBe(0);

    // the Unicom card onto ct-east, a Telecom platform: refused until the operator confirms it
    // (docs/decisions/0075-firmware-pushes-one-line-state-cross-carrier-import.md, as 移至运营商账号 asks)
    await page.locator('input[type="file"]').setInputFiles(csvFile(good));
    const warning = page.getByTestId('cross-carrier-warning');
    await warning.getByText('1 行的 ICCID 不属于所填运营商账号的运营商：该平台不认识这些卡，导入后无法同步与停复机').waitFor();
    await dry.getByText(/ICCID 属于中国联通，不能导入到中国电信的运营商账号「ct-east」/).waitFor();
    expect(await page.getByRole('button', { name: '确认导入' }).count()).toBe(0);
    await screenshot(page, 'console-cards-import-cross-carrier');
    await warning.getByText('确认跨运营商导入（如已转网，请在导入说明中写明）').click();
    await dry.getByText('共 2 行，无错误，其中 1 行将按提示导入（见下表），确认后可以导入').waitFor();
    await page
      .getByTestId('import-notices')
      .getByText('ICCID 属于中国联通，运营商账号「ct-east」是中国电信的平台：已确认跨运营商导入')
      .waitFor();
    await screenshot(page, 'console-cards-import-cross-carrier-confirmed');
    await page.getByRole('button', { name: '确认导入' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '将导入 2 张卡' });
    await modal.getByRole('button', { name: '导入' }).click();
    await modal.getByText('请填写导入说明（2–200 个字）').waitFor();
    await modal.getByLabel('导入说明').fill('11 月到货联通卡');
    await modal.getByRole('button', { name: '导入' }).click();
    await page.getByText(/已导入 2 张卡（批次 \d+）/).waitFor();
    // each card on its account: the empty cell on the simulator's, the named one on ct-east
    expect(
      portal.sql(
        "SELECT c.custom_num, a.name FROM cards c JOIN carrier_accounts a ON a.id = c.carrier_account_id WHERE c.custom_num LIKE '51000000%' ORDER BY c.custom_num",
      ),
    ).toEqual([
      { custom_num: '5100000001', name: 'simulator' },
      { custom_num: '5100000002', name: 'ct-east' },
    ]);
    // each new card's generated card password, shown once, with its CSV for printing (decision 0028)
    const slips = page.locator('.ant-modal').filter({ hasText: '卡密码只显示这一次' });
    await slips.getByText('5100000002').waitFor();
    const passwords = await slips.locator('code').allInnerTexts();
    expect(passwords).toHaveLength(2);
    for (const p of passwords) expect(p).toMatch(/^\d{6}$/);
    await screenshot(page, 'console-cards-import-passwords');
    const download = page.waitForEvent('download');
    await slips.getByRole('button', { name: /下载卡密码 CSV/ }).click();
    expect((await download).suggestedFilename()).toBe('card-passwords.csv');
    await slips.getByRole('button', { name: '已保存，关闭' }).click();
    await slips.waitFor({ state: 'hidden' });
    await page.locator('.ant-table-tbody').getByText('11 月到货联通卡').waitFor();
    await screenshot(page, 'console-cards-import-done');

    await menuTo(page, '卡片');
    await page.waitForURL('**/admin/cards');
    await page.getByLabel('号码').fill('5100000');
    await page.getByRole('button', { name: /查询/ }).click();
    await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === 2);
    expect(await tableRows(page).locator('td:nth-child(2)').allInnerTexts()).toEqual(['5100000002', '5100000001']);
    await screenshot(page, 'console-cards-search-imported');

    await menuTo(page, '导入');
    await page.getByRole('button', { name: '撤销' }).first().click();
    const undo = page.locator('.ant-modal').filter({ hasText: '撤销将删除该批次的 2 张卡' });
    await undo.getByLabel('撤销原因').fill('到货单有误');
    await undo.getByRole('button', { name: '撤销' }).click();
    await page.getByText(/批次 \d+ 已撤销/).waitFor();
    await page.locator('.ant-tag').filter({ hasText: '已撤销' }).waitFor();

    await menuTo(page, '卡片');
    await page.getByLabel('号码').fill('5100000');
    await page.getByRole('button', { name: /查询/ }).click();
    await page.locator('.ant-table-placeholder').waitFor();
  });

  it("searches and opens a card's story", async () => {
    const { page } = desk;
    await page.getByLabel('号码').fill('1000000001');
    await page.getByRole('button', { name: /查询/ }).click();
    await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === 1);
    await page.getByRole('button', { name: '1000000001' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '卡片档案 1000000001' });
    await drawer.getByText('89860119000000000001').waitFor();
    await drawer.getByText('138****8000', { exact: false }).waitFor();
    await screenshot(page, 'console-cards-story');
    await drawer.getByRole('tab', { name: /余额流水/ }).click();
    await drawer.getByText('开卡赠送余额').waitFor();
    await drawer.getByRole('tab', { name: /实名/ }).click();
    await drawer.getByText('平台实名').waitFor();
    await screenshot(page, 'console-cards-story-ledger');
    await drawer.locator('.ant-drawer-close').click();
  });

  it('runs a bulk 停机 with one failing card', async () => {
    const { page } = desk;
    // select two cards in the search and take them to a new job
    await page.getByLabel('号码').fill('');
    await page.getByLabel('号码').fill('100000000');
    await page.getByRole('button', { name: /查询/ }).click();
    await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length >= 2);
    const row = (n: string) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: n });
    await row('1000000004').locator('input[type="checkbox"]').check();
    await page.getByRole('button', { name: /批量操作（1）/ }).click();
    await page.waitForURL('**/admin/bulk-jobs');
    const modal = page.locator('.ant-modal').filter({ hasText: '新建批量任务' });
    expect(await modal.getByLabel('卡号（每行一个）').inputValue()).toBe('1000000004');
    // and a pasted number of a card that is already stopped
    await modal.getByLabel('卡号（每行一个）').fill('1000000004\n1000000021');
    await modal.getByLabel('原因').fill('风控排查');
    await screenshot(page, 'console-cards-bulk-new');
    await modal.getByRole('button', { name: '执行' }).click();
    // answered at once: the job waits for the runner, every card 待处理
    await page.getByText(/任务 \d+ 已提交：共 2 张卡，后台处理中/).waitFor();
    const drawer = page.locator('.ant-drawer').filter({ hasText: /任务 \d+ 的结果/ });
    await drawer.getByText(/后台处理中：共 2 张，已处理 0 张/).waitFor();
    expect(await tableRows(page, drawer).allInnerTexts()).toEqual(['1000000004\t待处理\t', '1000000021\t待处理\t']);
    await modal.waitFor({ state: 'hidden' });
    await page.waitForTimeout(400); // the drawer's slide-in
    await screenshot(page, 'console-cards-bulk-pending');
    // the runner's tick: the open job polls and shows the result
    await runSimJob(portal, 'admin.bulkJobs');
    await drawer.getByText('已完成：共 2 张，成功 1 张，失败 1 张。').waitFor();
    await drawer.getByText('已是停机状态').waitFor();
    expect(await tableRows(page, drawer).allInnerTexts()).toEqual(['1000000004\t成功\t成功', '1000000021\t失败\t已是停机状态']);
    await page.waitForTimeout(500); // the progress bar's fill animation
    await screenshot(page, 'console-cards-bulk-result');
    // every card's result downloads as CSV, the failed one with its reason
    const [download] = await Promise.all([page.waitForEvent('download'), drawer.getByTestId('export-csv').click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain('1000000021');
    expect(csv).toContain('已是停机状态');
    await drawer.locator('.ant-drawer-close').click();
    expect(await tableRows(page).first().innerText()).toContain('停机');

    // the card is stopped in the portal's data too
    const [card] = portal.sql<{ state: number }>("select state from cards where custom_num = '1000000004'") as { state: number }[];
    expect(card!.state).toBe(3);
  });

  it('moves cards to a carrier account; the card already there is skipped', async () => {
    const { page } = desk;
    portal.sql(
      "UPDATE cards SET carrier_account_id = (SELECT id FROM carrier_accounts WHERE name = 'ct-east') WHERE custom_num = '1000000006'",
    );
    // a Telecom SIM (ICCID issuer 03) for the Telecom account: the demo cards are Unicom's, and a move
    // across carriers asks for confirmation (consoleCarrierFleet.e2e.test.ts)
    portal.sql("UPDATE cards SET iccid = '89860319000000000055' WHERE custom_num = '1000000005'");
    await page.getByRole('button', { name: '新建任务' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '新建批量任务' });
    await modal.getByLabel('操作').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('移至运营商账号').click();
    await modal.getByLabel('目标运营商账号').click();
    // the accounts' own list (the actions' list may still be fading out)
    const options = page.locator('.ant-select-dropdown').filter({ hasText: 'ct-east' }).locator('.ant-select-item-option');
    await options.filter({ hasText: 'ct-east' }).waitFor();
    expect(await options.allInnerTexts()).toEqual(['simulator（模拟器）', 'ct-east（中国电信 5G CMP（CTWing））']);
    await options.filter({ hasText: 'ct-east' }).click();
    await page.locator('.ant-select-dropdown').filter({ hasText: 'ct-east' }).waitFor({ state: 'hidden' });
    await modal.getByLabel('卡号（每行一个）').fill('1000000005\n1000000006');
    await modal.getByLabel('原因').fill('迁往电信平台');
    await screenshot(page, 'console-cards-bulk-move-account');
    await modal.getByRole('button', { name: '执行' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: /任务 \d+ 的结果/ });
    await drawer.getByText('移至运营商账号 ct-east，原因：迁往电信平台').waitFor();
    await runSimJob(portal, 'admin.bulkJobs');
    await drawer.getByText('已完成：共 2 张，成功 1 张，失败 1 张。').waitFor();
    expect(await tableRows(page, drawer).allInnerTexts()).toEqual(['1000000005\t成功\t成功', '1000000006\t失败\t已在该运营商账号，跳过']);
    await page.waitForTimeout(500); // the progress bar's fill animation
    await screenshot(page, 'console-cards-bulk-move-account-result');
    await drawer.locator('.ant-drawer-close').click();
    expect(
      portal.sql("SELECT a.name FROM cards c JOIN carrier_accounts a ON a.id = c.carrier_account_id WHERE c.custom_num = '1000000005'"),
    ).toEqual([{ name: 'ct-east' }]);
  });

  it('shows a big job’s cards a page at a time', async () => {
    const { page } = desk;
    await page.getByRole('button', { name: '新建任务' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '新建批量任务' });
    // 250 numbers nobody holds: each card fails with its reason
    const numbers = Array.from({ length: 250 }, (_, i) => String(9_000_000_001 + i));
    await modal.getByLabel('卡号（每行一个）').fill(numbers.join('\n'));
    await modal.getByLabel('原因').fill('核对号段');
    await modal.getByRole('button', { name: '执行' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: /任务 \d+ 的结果/ });
    await drawer.getByText(/后台处理中：共 250 张/).waitFor();
    await runSimJob(portal, 'admin.bulkJobs');
    await drawer.getByText('已完成：共 250 张，成功 0 张，失败 250 张。').waitFor();
    // the first 200 cards, and the rest on request
    const more = drawer.getByRole('button', { name: '加载更多（已显示 200 / 250 张）' });
    await more.waitFor();
    expect(await tableRows(page, drawer).count()).toBe(200);
    await more.click();
    await drawer.getByText('已全部加载').waitFor();
    expect(await tableRows(page, drawer).count()).toBe(250);
    expect(await tableRows(page, drawer).last().innerText()).toContain('9000000250');
    await drawer.getByText('已全部加载').scrollIntoViewIfNeeded();
    await screenshot(page, 'console-cards-bulk-paged');
    // only the failed ones: the same count, from the first page again
    await drawer.locator('.ant-segmented').getByText('失败 250').click();
    await drawer.getByRole('button', { name: '加载更多（已显示 200 / 250 张）' }).waitFor();
    await drawer.locator('.ant-drawer-close').click();
  });
});
