// Journeys: membership and invitations (docs/decisions/0019). The demo user opens 会员中心, sees their level and
// what the next one needs, copies their invite link; a friend opens that link, registers with a
// card, pays a first recharge at the sandbox cashier, and the inviter's records advance to 奖励已发放
// with the growth added. The agent's promotion page carries the brand, the featured packages and
// the sharer's code. 375×667.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../harness';
import { useJourney } from '../journey';
import { loginWithAccount, openPackage, payAtSandboxCashier, resetBrowser, waitForPath } from './steps';

const FRIEND = '13900139777';

describe('membership, invitations and the promotion page', () => {
  const j = useJourney();
  let inviteUrl = '';
  let code = '';

  async function growth(page: Page): Promise<number> {
    await page.goto('/member');
    return Number((await page.getByTestId('growth').innerText()).trim());
  }

  it('shows the member level, the next level and its rules from 我的', async () => {
    const { page } = j.phone;
    await resetBrowser(page);
    await loginWithAccount(page);
    await page.goto('/mine');
    await page.getByText('会员中心', { exact: true }).click();
    await waitForPath(page, '/member');
    await page.getByText('普通会员', { exact: true }).waitFor();
    await page.getByText('再获得 640 成长值即可升级为「银卡会员」').waitFor();
    expect(await page.getByTestId('growth').innerText()).toBe('360');
    await screenshot(page, 'member');
    await page.getByRole('link', { name: '会员规则' }).click();
    await waitForPath(page, '/member_rule');
    await page.getByRole('cell', { name: '金卡会员' }).waitFor();
    await page.getByRole('cell', { name: '9.5折', exact: true }).waitFor();
    await screenshot(page, 'member-rule');
  });

  it('gives the user their own invite link and QR code, and copies it', async () => {
    const { page } = j.phone;
    await page.goto('/member_invite');
    code = (await page.getByTestId('invite-code').innerText()).trim();
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    inviteUrl = (await page.getByTestId('invite-link').innerText()).trim();
    expect(inviteUrl).toBe(`${j.portal.baseUrl}/bind_user?mark=demo&invite=${code}`);
    await page.getByRole('img', { name: '邀请注册二维码' }).waitFor();
    await page.getByRole('button', { name: '复制链接', exact: true }).click();
    await page.getByText('链接已复制，快去分享给好友吧').waitFor();
    await screenshot(page, 'member-invite');
    await page.goto('/member_invite-records');
    await page.getByText('还没有邀请记录，快去邀请好友吧').waitFor();
  });

  it('a friend registers through the link with a card, and pays a first order: the inviter sees it advance', async () => {
    const { page } = j.phone;
    await resetBrowser(page);
    await page.goto(inviteUrl.replace(j.portal.baseUrl, ''));
    await page.getByText('您的好友 138****8000 邀请您注册').waitFor();
    // bad input is said at the field, and nothing is sent
    await page.getByPlaceholder('请输入手机号').fill(FRIEND);
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await page.locator('.app-field-error').getByText('请输入6位验证码').waitFor();
    const before = j.portal.lastSmsId();
    await page.getByRole('button', { name: '获取验证码' }).click();
    const sms = await j.portal.latestSmsCode(FRIEND, { afterId: before });
    await page.getByPlaceholder('请输入验证码').fill(sms);
    await page.getByPlaceholder('8-32位，含字母和数字').fill('abc12345');
    await page.getByPlaceholder('请再次输入密码').fill('abc12346');
    await page.getByPlaceholder('卡片背面的卡号，可稍后绑定').fill('1000000020');
    await page.getByPlaceholder('绑卡时填写，印在卡托上').fill('123456');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await page.locator('.app-field-error').getByText('两次输入的密码不一致').waitFor();
    await page.getByPlaceholder('请再次输入密码').fill('abc12345');
    await screenshot(page, 'bind-user');
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await waitForPath(page, '/');
    await page.getByTestId('current-card').filter({ hasText: '1000 0000 20' }).waitFor();

    // the inviter's record: registered and card bound, waiting for the first order
    await resetBrowser(page);
    await loginWithAccount(page);
    await page.goto('/member_invite-records');
    await page.getByTestId('invite-record').getByText('已绑卡，待首单').waitFor();
    await screenshot(page, 'member-invite-records-waiting');
    // the friend logs in again with the password they chose (the mobile is their account)
    await resetBrowser(page);
    await loginWithAccount(page, FRIEND, 'abc12345');

    // a recharge, through the sandbox cashier: growth for the friend, but not the first order that
    // rewards the inviter (docs/decisions/0028: only a first package counts, after its refund window)
    await page.goto('/recharge');
    await page.getByLabel('其他金额').fill('30');
    await page.getByTestId('payable').filter({ hasText: '¥30.00' }).waitFor();
    await payAtSandboxCashier(page, '微信支付');
    await page.getByRole('heading', { name: '支付成功' }).waitFor();
    expect(await growth(page)).toBe(30);

    // the inviter: still waiting for the friend's first package, no growth yet
    await resetBrowser(page);
    await loginWithAccount(page);
    await page.goto('/member_invite-records');
    const record = page.getByTestId('invite-record');
    await record.getByText('139****9777').waitFor();
    await record.getByText('已绑卡，待首单').waitFor();
    expect(await record.getByRole('listitem', { name: '首次购买套餐：未完成' }).count()).toBe(1);
    await screenshot(page, 'member-invite-records');
    expect(await growth(page)).toBe(360);
  });

  it("the promotion page shows the agent's brand, featured packages and the sharer, and leads to registration", async () => {
    const { page } = j.phone;
    await resetBrowser(page);
    await page.goto(`/popularize?mark=demo&invite=${code}`);
    await page.getByRole('heading', { name: '畅联流量卡自助服务' }).waitFor();
    await page.getByRole('img', { name: '畅联流量卡自助服务标志' }).waitFor();
    await page.getByText('您的好友 138****8000 邀请您加入').waitFor();
    await page.getByText('畅享100G月包').first().waitFor();
    // the brand's shop is open: its devices in stock, leading to the shop
    await page.getByText('热门设备').waitFor();
    await page.getByText('4G 随身WiFi（MiFi）').waitFor();
    expect(await page.getByRole('link', { name: '去设备商城看看' }).getAttribute('href')).toBe('/shopping?mark=demo');
    await page.getByRole('img', { name: '推广页二维码' }).waitFor();
    expect((await page.getByTestId('share-link').innerText()).trim()).toBe(`${j.portal.baseUrl}/popularize?mark=demo&invite=${code}`);
    await screenshot(page, 'popularize');
    await page.getByRole('link', { name: '立即注册，领取会员权益' }).click();
    await waitForPath(page, '/bind_user');
    await page.getByText('您的好友 138****8000 邀请您注册').waitFor();

    // another brand: its own name, no member programme, and a code of another brand is not passed on
    await page.goto(`/popularize?mark=acme&invite=${code}`);
    await page.getByRole('heading', { name: '极客通信用户中心' }).waitFor();
    await page.getByText('极客60G月包').first().waitFor();
    expect(await page.getByText('邀请您加入').count()).toBe(0);
    expect((await page.getByTestId('share-link').innerText()).trim()).toBe(`${j.portal.baseUrl}/popularize?mark=acme`);
    await screenshot(page, 'popularize-acme');
  });

  it('a 金卡会员 buys a package with a voucher: the order detail shows 会员优惠 beside the voucher', async () => {
    const { page } = j.phone;
    await resetBrowser(page);
    j.portal.sql(
      "INSERT INTO member_growth (user_id, source, ref, amount, note, created_at) SELECT id, 'order', 'JOURNEY-GOLD', 3000, 'journey', ? FROM users WHERE account = 'demo'",
      [new Date().toISOString()],
    );
    try {
      await loginWithAccount(page);
      await openPackage(page, '畅享100G月包');
      await page.getByText('会员折扣（金卡会员）').waitFor();
      await page.getByTestId('voucher-row').getByText('月包专享10元券 -¥10.00').waitFor();
      await page.getByTestId('payable').filter({ hasText: '¥17.55' }).waitFor();
      await payAtSandboxCashier(page, '微信支付');
      await page.getByRole('link', { name: '查看订单' }).click();
      const detail = page.getByTestId('order-detail');
      await detail.getByText('畅享100G月包').waitFor();
      const row = (label: string) => detail.locator('p').filter({ has: page.getByText(label, { exact: true }) });
      expect((await row('会员优惠').innerText()).replace(/\s+/g, ' ')).toBe('会员优惠 -¥1.45');
      expect((await row('优惠').innerText()).replace(/\s+/g, ' ')).toBe('优惠 月包专享10元券 -¥10.00');
      expect((await row('实付').innerText()).replace(/\s+/g, ' ')).toBe('实付 ¥17.55');
      await screenshot(page, 'order-detail-member');
    } finally {
      j.portal.sql("DELETE FROM member_growth WHERE ref = 'JOURNEY-GOLD'");
    }
  });

  it('no page errors', () => expect(j.errors).toEqual([]));
});
