// Journey: beyond the card. A card holder files a complaint with three images on /suggest (one over
// 5 MB: dropped and reported, the other two kept), and sees the ticket's timeline, and the seeded
// ticket's operator reply; a visitor applies to become an agent on /agent without a login, proving
// the mobile by SMS code, sees the state on /agent_success and /agent, and after a rejection sees
// the reason and may apply again. 375×667.
import { describe, expect, it } from 'vitest';
import { screenshot } from '../harness';
import { useJourney } from '../journey';
import { axeViolations } from './axe';
import { loginWithAccount, resetBrowser, stored, waitForPath } from './steps';

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const image = (name: string, bytes = PNG) => ({ name, mimeType: 'image/png', buffer: bytes });

describe('complaints as tickets, agent applications', () => {
  const j = useJourney();

  it('files a complaint with three images (one oversize, dropped and reported) and sees its timeline', async () => {
    const { page } = j.phone;
    await resetBrowser(page);
    await loginWithAccount(page);
    // reached from 我的
    await page.goto('/mine');
    await page.getByText('投诉建议', { exact: true }).click();
    await waitForPath(page, '/suggest');
    await page.getByRole('button', { name: '提交', exact: true }).waitFor();

    // nothing picked: said at the field
    await page.getByRole('button', { name: '提交', exact: true }).click();
    await page.locator('.app-field-error').getByText('请选择问题类型').waitFor();

    await page.getByRole('button', { name: '网络问题' }).click();
    await page.locator('textarea[name="description"]').fill('这两天晚上经常断网，重启设备也不行');
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    await page.locator('input[type="file"]').setInputFiles([image('one.png'), image('big.png', big), image('two.png')]);
    await page.getByRole('status').filter({ hasText: 'big.png 超过5MB，未上传' }).waitFor();
    await page.getByText('2/9 张', { exact: false }).waitFor();
    // both kept images upload; the submit waits for them
    await page.locator('li[data-status="done"]').nth(1).waitFor();
    expect(await page.locator('li[data-status="uploading"]').count()).toBe(0);
    expect(await page.locator('li[data-status="failed"]').count()).toBe(0);
    // no delete while an upload is under way: a slow third image holds the remove buttons
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/v2/complaints_suggestions/upload', async (route) => {
      await held;
      await route.continue();
    });
    await page.locator('input[type="file"]').setInputFiles([image('three.png')]);
    await page.locator('li[data-status="uploading"]').waitFor();
    const remove = page.getByRole('button', { name: '删除图片 three.png' });
    expect(await remove.getAttribute('aria-disabled')).toBe('true');
    // a tap anyway (the button is only marked disabled, so a screen reader still finds it)
    await remove.dispatchEvent('click');
    expect(await page.getByRole('button', { name: /^删除图片/ }).count()).toBe(3);
    expect(await page.getByRole('button', { name: '图片上传中…' }).isDisabled()).toBe(true);
    release();
    await page.locator('li[data-status="done"]').nth(2).waitFor();
    await page.unroute('**/api/v2/complaints_suggestions/upload');
    // once done, it can be removed
    await remove.click();
    await page.getByText('2/9 张', { exact: false }).waitFor();
    await screenshot(page, 'suggest-form');
    expect(await axeViolations(page, ['color-contrast', 'button-name', 'link-name', 'label', 'aria-allowed-role'])).toEqual([]);

    await page.getByRole('button', { name: '提交', exact: true }).click();
    await page.waitForURL(/\/suggest\?ticket_no=T\d{14}$/);
    const ticketNo = new URL(page.url()).searchParams.get('ticket_no')!;
    await page.getByText(`工单 ${ticketNo}`).waitFor();
    const timeline = page.getByRole('list', { name: '处理进度' });
    await timeline.getByText('已提交').waitFor();
    // the steps ahead are shown too
    await timeline.getByText('已回复').waitFor();
    expect(await page.getByRole('list', { name: '问题图片' }).locator('li').count()).toBe(2);
    // the owner's images, fetched with the token: both load
    await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll<HTMLImageElement>('ul[aria-label="问题图片"] img')).filter(
          (i) => i.complete && i.naturalWidth > 0,
        ).length === 2,
    );
    await screenshot(page, 'suggest-ticket');

    // the list holds it, and the answered demo ticket shows the operator's reply
    await page.goto('/suggest');
    await page.getByRole('link', { name: new RegExp(ticketNo) }).waitFor();
    await page.getByRole('link', { name: /T26110100000001/ }).click();
    await page.getByText(/到期前3天会短信提醒/).waitFor();
    await page.getByRole('list', { name: '处理进度' }).getByText('处理中').waitFor();
    await screenshot(page, 'suggest-replied');
  });

  it('applies as an agent without a login and sees the state; a rejection says why and allows a new application', async () => {
    const { page } = j.phone;
    await resetBrowser(page);
    await page.goto('/agent');
    expect(new URL(page.url()).pathname).toBe('/agent');
    await page.getByRole('button', { name: '提交申请' }).click();
    await page.locator('.app-field-error').getByText('请输入姓名').waitFor();

    const mobile = '13912340001';
    await page.locator('input[name="name"]').fill('王小明');
    await page.locator('input[name="mobile"]').fill(mobile);
    const before = j.portal.lastSmsId();
    await page.getByRole('button', { name: '获取验证码' }).click();
    const code = await j.portal.latestSmsCode(mobile, { afterId: before });
    await page.locator('input[name="code"]').fill(code);
    await page.getByRole('button', { name: /所在地区/ }).click();
    await page
      .locator('.adm-picker-view-column-item')
      .filter({ hasText: /^北京市$/ })
      .first()
      .click();
    await page.locator('.adm-picker-header-button').filter({ hasText: '确定' }).click();
    await page.getByRole('button', { name: '实体门店' }).click();
    await page.locator('textarea[name="notes"]').fill('有两家手机店');
    await page.getByRole('checkbox').check();
    await screenshot(page, 'agent-form');
    await page.getByRole('button', { name: '提交申请' }).click();
    await waitForPath(page, '/agent_success');
    // the title says what happened — submitted, not approved — as the state below does
    await page.getByRole('heading', { name: '申请已提交' }).waitFor();
    await page.getByRole('status').getByText('申请已提交', { exact: true }).waitFor();
    await page.getByText('139****0001').waitFor();
    await screenshot(page, 'agent-success');
    expect(Object.keys(await stored(page))).toContain('sim_agentApplicationKey');

    // /agent shows the application instead of a new form
    await page.getByRole('link', { name: '查看申请进度' }).click();
    await waitForPath(page, '/agent');
    await page.getByText(/申请已提交，我们将在3个工作日内完成审核/).waitFor();
    expect(await page.locator('input[name="name"]').count()).toBe(0);

    // the operator rejects it (the console comes later: straight in the database)
    j.portal.sql(
      "UPDATE agent_applications SET status = 'rejected', reject_reason = '所在地区已有代理', open_mobile = NULL WHERE mobile = ?",
      [mobile],
    );
    await page.reload();
    await page.getByText('很抱歉，申请未通过：所在地区已有代理').waitFor();
    await screenshot(page, 'agent-rejected');
    await page.getByRole('button', { name: '重新申请' }).click();
    expect(await page.locator('input[name="name"]').inputValue()).toBe('王小明');
    expect(await axeViolations(page, ['color-contrast', 'button-name', 'link-name', 'label', 'aria-allowed-role'])).toEqual([]);
    expect(j.errors).toEqual([]);
  });
});
