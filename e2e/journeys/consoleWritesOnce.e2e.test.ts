// Journey: double clicks in the operator console at 1440×900 make one write (docs/decisions/0041-
// console-writes-once.md). 执行 on a new bulk job and 提交 on a ticket reply, each double-clicked
// (the form checks itself before sending, so the second click lands before the button is busy),
// make one job and one reply; the operator sees one, the holder sees one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleLogin, menuTo } from './consoleMenu';
import { openDesktop, screenshot, startPortal, type Phone, type Portal } from '../harness';

describe('console writes made once', () => {
  let portal: Portal;
  let desk: Phone;
  const count = (sql: string, params: unknown[] = []) => Number((portal.sql<{ n: number }>(sql, params) as { n: number }[])[0]!.n);

  beforeAll(async () => {
    // the bulk jobs runner has no timer: the job stays as it was made
    portal = await startPortal({ env: { BULK_JOBS_INTERVAL_SECONDS: '0' } });
    desk = await openDesktop(portal);
  }, 90_000);

  afterAll(async () => {
    await desk?.close();
    await portal?.stop();
  });

  it('a double-clicked 执行 makes one bulk job', async () => {
    const { page } = desk;
    await consoleLogin(page, 'agent', 'Agent#2026');
    await page.goto('/admin/bulk-jobs');
    await page.getByRole('button', { name: /新建任务/ }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '新建批量任务' });
    await modal.getByLabel('卡号（每行一个）').fill('1000000004');
    await modal.getByLabel('原因').fill('风控排查');
    expect(count('SELECT COUNT(*) AS n FROM bulk_jobs')).toBe(0);
    await modal.getByRole('button', { name: '执行' }).dblclick();
    await page
      .getByText(/任务 \d+ 已提交：共 1 张卡/)
      .first()
      .waitFor();
    await modal.waitFor({ state: 'hidden' });
    // the list, asked again, shows the one job (its result drawer has opened beside it)
    const jobs = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '风控排查' });
    await jobs.first().waitFor();
    expect(count('SELECT COUNT(*) AS n FROM bulk_jobs')).toBe(1);
    expect(await jobs.count()).toBe(1);
    expect(count("SELECT COUNT(*) AS n FROM audit_log WHERE action LIKE 'bulk%'")).toBe(1);
    await screenshot(page, 'console-writes-once-bulk');
  });

  it('a double-clicked 提交 on a ticket reply posts it once', async () => {
    const { page } = desk;
    await page.context().clearCookies();
    await consoleLogin(page, 'support', 'Support#2026');
    await menuTo(page, '工单');
    await page.waitForURL('**/admin/tickets');
    await page.getByRole('cell', { name: 'T26110100000001' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText('处理记录').waitFor();
    const ticketId = Number(
      (portal.sql<{ id: number }>("SELECT id FROM tickets WHERE ticket_no = 'T26110100000001'") as { id: number }[])[0]!.id,
    );
    const before = count('SELECT COUNT(*) AS n FROM ticket_events WHERE ticket_id = ?', [ticketId]);
    await drawer.getByLabel('回复内容（用户可见）').fill('已为您重置网络，请重启设备后再试');
    await drawer.getByRole('button', { name: '提交' }).dblclick();
    await page.getByText('已提交，用户可在投诉建议中看到').first().waitFor();
    await drawer.getByText('已为您重置网络，请重启设备后再试').first().waitFor();
    expect(count('SELECT COUNT(*) AS n FROM ticket_events WHERE ticket_id = ?', [ticketId])).toBe(before + 1);
    expect(await drawer.getByText('已为您重置网络，请重启设备后再试').count()).toBe(1);
    await screenshot(page, 'console-writes-once-ticket');
  });
});
