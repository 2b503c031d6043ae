// Journeys of binding a card by the QR code on its box (docs/decisions/0020): a new
// customer opens the box's link, proves a mobile by SMS code (which registers them) and finds the
// card bound and current; the same link again is refused clearly and binds nothing; a logged-in
// user is bound at once; a forged link says so. Also closing one's own ticket on /suggest. Before
// this, /qr_code_login fell to /404.
import { beforeEach, describe, expect, it } from 'vitest';
import { screenshot } from '../harness';
import { useJourney } from '../journey';
import { loginWithAccount, resetBrowser, waitForPath } from './steps';

const BOX_0020 = '/qr_code_login?custom_num=1000000020&token=DemoBox-1000000020-bind-token-01';
const BOX_0017 = '/qr_code_login?custom_num=1000000017&token=DemoBox-1000000017-bind-token-01';

describe('QR binding', () => {
  const j = useJourney();
  beforeEach(async () => {
    await resetBrowser(j.phone.page);
  });

  const ownerOf = (num: string) =>
    (
      j.portal.sql<{ mobile: string | null }>(
        'SELECT u.mobile FROM card_bindings b JOIN cards c ON c.id = b.card_id JOIN users u ON u.id = b.user_id WHERE c.custom_num = ?',
        [num],
      ) as { mobile: string | null }[]
    )[0]?.mobile ?? null;

  it('a new customer binds the box’s card from its QR link with mobile + SMS code; the link again is refused', async () => {
    const { page } = j.phone;
    await page.goto(BOX_0020);
    await page.getByTestId('qr-card').getByText('1000 0000 20').waitFor();
    await screenshot(page, 'qr-login');
    // the form says what is missing
    await page.getByRole('button', { name: '登录并绑定' }).click();
    await page.locator('.app-field-error').getByText('请输入手机号').waitFor();

    const mobile = '13700137001';
    await page.getByPlaceholder('请输入手机号').fill(mobile);
    const before = j.portal.lastSmsId();
    await page.getByRole('button', { name: '获取验证码' }).click();
    const code = await j.portal.latestSmsCode(mobile, { afterId: before });
    await page.getByPlaceholder('请输入验证码').fill(code);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '登录并绑定' }).click();
    await page.getByTestId('qr-bound').getByText('绑定成功').waitFor();
    await screenshot(page, 'qr-bound');
    expect(ownerOf('1000000020')).toBe(mobile);
    await page.getByRole('link', { name: '进入首页' }).click();
    await waitForPath(page, '/');
    await page
      .getByTestId('current-card')
      .getByText(/1000 ?0000 ?20/)
      .waitFor();
    // opening their own link again: already theirs, not an alarm
    await page.goto(BOX_0020);
    await page.getByTestId('qr-bound').getByText('该卡已在您的账号下').waitFor();

    // the same box link, by anyone, is refused and binds nothing
    await resetBrowser(page);
    await loginWithAccount(page);
    await page.goto(BOX_0020);
    await page.getByRole('alert').getByText('该绑定二维码已被使用，如非本人操作请联系客服').waitFor();
    await screenshot(page, 'qr-used');
    expect(ownerOf('1000000020')).toBe(mobile);
    await resetBrowser(page);
    await page.goto(BOX_0020);
    await page
      .getByRole('alert')
      .getByText(/已被使用/)
      .waitFor();
  });

  it('a logged-in user is bound at once; a forged link says so', async () => {
    const { page } = j.phone;
    await page.goto('/qr_code_login?custom_num=1000000017&token=ForgedForgedForgedForgedForged00');
    await page
      .getByRole('alert')
      .getByText(/二维码无效/)
      .waitFor();
    await screenshot(page, 'qr-forged');
    await page.goto('/qr_code_login?custom_num=1000000017');
    await page
      .getByRole('alert')
      .getByText(/二维码无效/)
      .waitFor();
    expect(ownerOf('1000000017')).toBeNull();

    await loginWithAccount(page);
    await page.goto(BOX_0017);
    await page.getByTestId('qr-bound').getByText('绑定成功').waitFor();
    expect(ownerOf('1000000017')).toBe('13800138000');
    await page.getByRole('link', { name: '卡片管理' }).click();
    await waitForPath(page, '/card_list');
    await page
      .getByText(/1000 ?0000 ?17/)
      .first()
      .waitFor();
  });

  it('the owner closes their ticket on /suggest after confirming; the timeline shows it and it stays closed', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    await page.goto('/suggest?ticket_no=T26110100000001');
    await page.getByText('工单 T26110100000001').waitFor();
    const close = page.getByRole('button', { name: '问题已解决，关闭工单' });
    await close.waitFor();
    await screenshot(page, 'suggest-close-button');
    await close.click();
    // kept when the user changes their mind
    await page.locator('.adm-dialog-button').filter({ hasText: '暂不关闭' }).click();
    await page.getByText('已回复', { exact: true }).first().waitFor();
    await close.click();
    await page.locator('.adm-dialog-button').filter({ hasText: '关闭工单' }).click();
    await page.getByRole('list', { name: '处理进度' }).getByText('用户已关闭').waitFor();
    await expect(close.count()).resolves.toBe(0);
    await screenshot(page, 'suggest-closed');
    expect(
      (j.portal.sql<{ status: string }>("SELECT status FROM tickets WHERE ticket_no = 'T26110100000001'") as { status: string }[])[0]!
        .status,
    ).toBe('closed');
    await page.reload();
    await page.getByRole('list', { name: '处理进度' }).getByText('用户已关闭').waitFor();
    expect(await page.getByRole('button', { name: '问题已解决，关闭工单' }).count()).toBe(0);
    expect(j.errors).toEqual([]);
  });
});
