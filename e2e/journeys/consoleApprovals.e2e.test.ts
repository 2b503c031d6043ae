// Journey: limits and a second approver at 1440×900 (docs/decisions/0048-limits-and-a-second-approver.md).
// The platform administrator raises a limit in 超限审批 → 限额设置: it waits (已提交，等待另一位管理员审批)
// until the second platform administrator approves it (docs/decisions/0056); the agent administrator issues a
// ¥100,000 voucher without minimum spend valid ten years — it is not issued but waits, the form says
// which limits it passed; the platform administrator finds it under 待审批 and approves it with a
// reason: issued once, the batch the agent administrator's, the decision under 已处理 with both names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleLogin, menuTo } from './consoleMenu';
import { openDesktop, screenshot, startPortal, type Phone, type Portal } from '../harness';

describe('console: limits and a second approver', () => {
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

  const voucherRows = () =>
    Number((portal.sql<{ n: number }>("SELECT COUNT(*) AS n FROM vouchers WHERE name = '十年超大额券'") as { n: number }[])[0]!.n);

  it('the platform administrator raises a limit, with a reason: it waits for the second platform administrator', async () => {
    const { page } = admin;
    await menuTo(page, '超限审批');
    await page.getByRole('tab', { name: '限额设置' }).click();
    const face = page.getByLabel('单张券面额上限（元）');
    await expect.poll(() => face.inputValue()).toBe('100.00');
    await face.fill('200');
    await page.getByRole('button', { name: '保存限额' }).click();
    await page.getByText('请填写原因').waitFor();
    await page.getByLabel('修改原因').fill('大促期间放宽单张券面额');
    await screenshot(page, 'console-approval-limits');
    await page.getByRole('button', { name: '保存限额' }).click();
    const notice = page.locator('.ant-modal').filter({ hasText: '已提交，等待另一位管理员审批' });
    await notice.getByText(/放宽限额需另一位平台管理员审批/).waitFor();
    await screenshot(page, 'console-approval-limits-held');
    await notice.getByRole('button', { name: '知道了' }).click();
    const limit = () =>
      Number(
        (portal.sql('SELECT voucher_amount_fen FROM write_limits') as { voucher_amount_fen: number }[])[0]?.voucher_amount_fen ?? 10_000,
      );
    expect(limit()).toBe(10_000);

    const second = await openDesktop(portal);
    try {
      const p2 = second.page;
      await consoleLogin(p2, 'admin2', 'Admin2#2026');
      await menuTo(p2, '超限审批');
      const row = p2.getByRole('row').filter({ hasText: '单张券面额上限 ¥100.00 → ¥200.00' });
      await row.getByText('放宽限额', { exact: true }).waitFor();
      await row.getByText('admin', { exact: true }).waitFor();
      await screenshot(p2, 'console-approval-limits-pending');
      await row.getByRole('button', { name: /^通过/ }).click();
      const modal = p2.locator('.ant-modal').filter({ hasText: '通过：放宽限额' });
      await modal.getByLabel('审批意见').fill('大促已批准');
      await modal.getByRole('button', { name: '通过并执行' }).click();
      await p2
        .locator('.ant-message-notice')
        .filter({ hasText: /限额已修改/ })
        .first()
        .waitFor();
    } finally {
      await second.close();
    }
    expect(limit()).toBe(20_000);
  });

  it('a ¥100,000 voucher valid ten years is not issued: it waits, and the form says why', async () => {
    const { page } = agent;
    await page.goto('/admin/vouchers');
    await page.getByLabel('卡号（每行一个，或以逗号分隔）').fill('1000000001');
    await page.getByLabel('券名称').fill('十年超大额券');
    await page.getByLabel('面额（元）').fill('100000');
    await page.getByLabel('有效天数').fill('3650');
    await page.getByLabel('发放原因').fill('老客户回馈');
    await page.getByRole('button', { name: '发放', exact: true }).click();
    // the confirmation says before anything is sent that it will wait for another administrator
    const confirm = page.getByRole('dialog').filter({ hasText: '超出限额：发放需另一位管理员审批' });
    await confirm.getByText(/需另一位管理员在「超限审批」中通过后才会发放/).waitFor();
    await confirm.getByRole('button', { name: '提交审批' }).click();
    const notice = page.locator('.ant-modal').filter({ hasText: '超出限额，已提交审批' });
    await notice.getByText(/单张券面额 ¥100000\.00 超过上限 ¥200\.00/).waitFor();
    await notice.getByText(/有效天数 3650 天 超过上限 365 天/).waitFor();
    await screenshot(page, 'console-approval-held');
    await notice.getByRole('button', { name: '知道了' }).click();
    expect(voucherRows()).toBe(0);

    // the agent administrator sees it waiting, and cannot decide it
    await menuTo(page, '超限审批');
    const row = page.getByRole('row').filter({ hasText: '十年超大额券' });
    await row.getByText('待他人审批').waitFor();
  });

  it('another operator approves it with a reason: issued once, both names kept', async () => {
    const { page } = admin;
    await page.goto('/admin/approvals');
    const row = page.getByRole('row').filter({ hasText: '十年超大额券' });
    await row.getByText('agent', { exact: true }).waitFor();
    await screenshot(page, 'console-approval-pending');
    await row.getByRole('button', { name: /^通过/ }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '通过：发放优惠券' });
    await modal.getByText('通过后立即执行，且只执行一次。').waitFor();
    await modal.getByLabel('审批意见').fill('已电话核实，同意');
    await screenshot(page, 'console-approval-approve');
    // a double click on 通过并执行: one issue, and one toast saying so
    await modal.getByRole('button', { name: '通过并执行' }).dblclick();
    const toast = page.locator('.ant-message-notice').filter({ hasText: /已通过：已发放 1 张券/ });
    await toast.first().waitFor();
    expect(voucherRows()).toBe(1);
    await modal.waitFor({ state: 'detached' });
    expect(await toast.count()).toBe(1);

    await page.getByRole('tab', { name: '已处理' }).click();
    const done = page.getByRole('tabpanel', { name: '已处理' }).getByRole('row').filter({ hasText: '十年超大额券' });
    await done.getByText('已通过').waitFor();
    await done.getByText('已电话核实，同意').waitFor();
    await screenshot(page, 'console-approval-decided');
    const batch = portal.sql<{ operator_username: string }>(
      "SELECT operator_username FROM voucher_batches WHERE name = '十年超大额券'",
    ) as {
      operator_username: string;
    }[];
    expect(batch.map((b) => b.operator_username)).toEqual(['agent']);
  });

  const issueAbove = async (page: Phone['page'], name: string) => {
    // the limits answer slowly (a loaded server, a slow network): the form is filled and sent before
    // they are in, and the confirmation still says the issue goes for approval
    await page.route('**/api/admin/limits', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto('/admin/vouchers');
    await page.getByLabel('卡号（每行一个，或以逗号分隔）').fill('1000000001');
    await page.getByLabel('券名称').fill(name);
    await page.getByLabel('面额（元）').fill('5000');
    await page.getByLabel('有效天数').fill('30');
    await page.getByLabel('发放原因').fill('大客户补偿');
    await page.getByRole('button', { name: '发放', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: '提交审批' }).click();
    const notice = page.locator('.ant-modal').filter({ hasText: '超出限额，已提交审批' });
    await notice.getByRole('button', { name: '知道了' }).click();
    await page.unroute('**/api/admin/limits');
  };
  const approvalsQueue = (page: Phone['page']) => page.locator('.ant-table-tbody tr[data-queue="approvals"]');

  it('概览 counts the request for who may decide it, and its row opens 超限审批; the requester withdraws it once', async () => {
    await issueAbove(agent.page, '撤回测试券');
    const { page } = admin;
    await page.goto('/admin/');
    const queue = approvalsQueue(page);
    await queue.getByText('待超限审批').waitFor();
    expect((await queue.locator('td').nth(1).innerText()).trim()).toBe('1');
    await screenshot(page, 'console-approval-dashboard');
    await queue.click();
    await page.waitForURL('**/admin/approvals');
    await page.getByRole('row').filter({ hasText: '撤回测试券' }).getByRole('button', { name: /^通过/ }).waitFor();

    // the requester takes it back, with a reason; it is never carried out
    const a = agent.page;
    await menuTo(a, '超限审批');
    const mine = a.getByRole('row').filter({ hasText: '撤回测试券' });
    await mine.getByRole('button', { name: /^撤回/ }).click();
    const modal = a.locator('.ant-modal').filter({ hasText: '撤回：发放优惠券' });
    await modal.getByLabel('撤回原因').fill('面额填错，改后重提');
    // the dialog's opening animation done: the picture shows it, not half of it
    await a.waitForFunction(() => document.getAnimations().every((x) => x.playState !== 'running'));
    await screenshot(a, 'console-approval-withdraw');
    await modal.getByRole('button', { name: '撤回申请' }).dblclick();
    await a.locator('.ant-message-notice').filter({ hasText: '已撤回' }).first().waitFor();
    await a.getByRole('tab', { name: '已处理' }).click();
    const done = a.getByRole('tabpanel', { name: '已处理' }).getByRole('row').filter({ hasText: '撤回测试券' });
    await done.getByText('已撤回').waitFor();
    await done.getByText('面额填错，改后重提').waitFor();
    await screenshot(a, 'console-approval-withdrawn');
    const withdrawn = portal.sql<{ n: number }>("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'approval.withdrawn'") as {
      n: number;
    }[];
    expect(Number(withdrawn[0]!.n)).toBe(1);
    expect(Number((portal.sql("SELECT COUNT(*) AS n FROM vouchers WHERE name = '撤回测试券'") as { n: number }[])[0]!.n)).toBe(0);

    await page.goto('/admin/');
    await approvalsQueue(page).getByText('待超限审批').waitFor();
    await expect.poll(async () => (await approvalsQueue(page).locator('td').nth(1).innerText()).trim()).toBe('0');
  });

  it("admin's own request waits for the demo's second platform administrator, admin2, who approves it", async () => {
    await issueAbove(admin.page, '平台大额补偿券');
    await admin.page.goto('/admin/approvals');
    await admin.page.getByRole('row').filter({ hasText: '平台大额补偿券' }).getByRole('button', { name: /^撤回/ }).waitFor();
    const second = await openDesktop(portal);
    try {
      const { page } = second;
      await consoleLogin(page, 'admin2', 'Admin2#2026');
      await approvalsQueue(page).getByText('待超限审批').waitFor();
      expect((await approvalsQueue(page).locator('td').nth(1).innerText()).trim()).toBe('1');
      await approvalsQueue(page).click();
      const row = page.getByRole('row').filter({ hasText: '平台大额补偿券' });
      await row.getByRole('button', { name: /^通过/ }).click();
      const modal = page.locator('.ant-modal').filter({ hasText: '通过：发放优惠券' });
      await modal.getByLabel('审批意见').fill('已与客户核实');
      await modal.getByRole('button', { name: '通过并执行' }).click();
      await page
        .locator('.ant-message-notice')
        .filter({ hasText: /已通过：已发放 1 张券/ })
        .waitFor();
      await screenshot(page, 'console-approval-second-admin');
    } finally {
      await second.close();
    }
    expect(Number((portal.sql("SELECT COUNT(*) AS n FROM vouchers WHERE name = '平台大额补偿券'") as { n: number }[])[0]!.n)).toBe(1);
  });
});
