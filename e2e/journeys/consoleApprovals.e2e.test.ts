// Journey: limits and a second approver at 1440×900 (docs/decisions/0048-limits-and-a-second-approver.md).
// The platform administrator sets the limits in 超限审批 → 限额设置; the agent administrator issues a
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

  it('the platform administrator sets the limits, with a reason', async () => {
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
    await page.getByText('限额已保存').waitFor();
    const saved = portal.sql<{ voucher_amount_fen: number }>('SELECT voucher_amount_fen FROM write_limits') as {
      voucher_amount_fen: number;
    }[];
    expect(Number(saved[0]!.voucher_amount_fen)).toBe(20_000);
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
    await page.getByRole('dialog').getByRole('button', { name: '发放' }).click();
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
    // a double click on 通过并执行: one issue
    await modal.getByRole('button', { name: '通过并执行' }).dblclick();
    await page
      .getByText(/已通过：已发放 1 张券/)
      .first()
      .waitFor();
    expect(voucherRows()).toBe(1);

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
});
