// Journey: a card that stopped working, told in plain words with the one fix. A visitor types a
// stopped card's number on /card_check, watches the checks run, and follows the fix (a package by
// quick payment; a recharge by quick recharge; real-name through the card-number login, which
// comes back to the fix's page); home and the card list say why the card is stopped and offer the fix; the owner runs the
// card test on /check. 375×667, demo cards 1000000021 to 1000000030 (README "Demo data").
import { describe, expect, it } from 'vitest';
import { screenshot } from '../harness';
import { useJourney } from '../journey';
import { axeViolations } from './axe';
import { acceptAgreement, loginWithAccount, loginWithCard, resetBrowser, submitLogin, waitForPath } from './steps';

describe('smart diagnosis and stop reasons', () => {
  const j = useJourney();

  it('a visitor diagnoses a stopped card and follows the fix to quick payment', async () => {
    const { page } = j.phone;
    await resetBrowser(page);
    await page.goto('/card_check');
    expect(new URL(page.url()).pathname).toBe('/card_check');

    // bad and unknown numbers are told at the field
    await page.getByRole('button', { name: '开始检测' }).click();
    await page.getByRole('alert').getByText('请输入卡号').waitFor();
    await page.getByPlaceholder('请输入卡号').fill('1099999999');
    await page.getByRole('button', { name: '开始检测' }).click();
    await page.getByRole('alert').getByText('未找到该卡号，请核对后重新输入').waitFor();

    await page.getByPlaceholder('请输入卡号').fill('1000000022');
    await page.getByRole('button', { name: '开始检测' }).click();
    // the verdict first, as soon as the answer is here; the checks fill in beneath it
    const headline = page.getByTestId('diagnosis-headline');
    await headline.waitFor();
    await screenshot(page, 'card-check-verdict-first');
    expect(await headline.innerText()).toContain('流量已用完');
    const state = page.locator('[data-check="card_state"]');
    await state.getByText('异常').waitFor();
    await state.getByText(/流量已用完：当前套餐的流量已用完，已暂停上网。订购加油包后立即恢复/).waitFor();
    // no personal data for a visitor: no balance amount, no package name
    const text = await page.locator('main, body').first().innerText();
    expect(text).not.toMatch(/¥|元，无欠费|畅享30G月包/);
    await page.locator('[data-check="balance"]').getByText('无欠费').waitFor();
    await page
      .locator('[data-check="sync"]')
      .getByText(/数据更新于/)
      .waitFor();
    await screenshot(page, 'card-check-visitor');
    // the verdicts' colours are readable and every control is named (the a11y journey sees the empty page only)
    expect(await axeViolations(page, ['color-contrast', 'button-name', 'link-name', 'label', 'aria-allowed-role'])).toEqual([]);

    // refresh asks the carrier again (once a minute at most) and updates the checks in place: the
    // list does not empty and fill again
    const checks = await page.locator('[data-check]').count();
    await page.getByRole('button', { name: '刷新数据' }).click();
    await page.getByRole('status').filter({ hasText: '已从运营商更新数据' }).waitFor();
    expect(await page.locator('[data-check]').count()).toBe(checks);
    await page.getByRole('button', { name: '刷新数据' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /数据刚刚已更新，请\d+秒后再刷新/ })
      .waitFor();
    await headline.waitFor();

    // its plan is still in force: the fix that brings it back today is a 加油包, proposed on quick
    // payment's package page for this card — one tap (去支付) from the cashier (decision 0070)
    await state.getByRole('button', { name: '订购加油包' }).click();
    await waitForPath(page, '/quick_select_package');
    expect(new URL(page.url()).searchParams.get('custom_num')).toBe('1000000022');
    await page
      .getByTestId('package')
      .and(page.locator('[aria-pressed="true"]'))
      .getByText(/加油包/)
      .first()
      .waitFor();
    await page.getByTestId('payable').filter({ hasText: /¥\d/ }).waitFor();
    await screenshot(page, 'card-check-fix-one-tap');
    await page.getByRole('button', { name: '去支付' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/sim/pay/cashier/'));
  });

  it('a visitor tops up a 欠费停机 card without a login, as quick payment buys one a package', async () => {
    const { page } = j.phone;
    await resetBrowser(page);
    await page.goto('/card_check?custom_num=1000000021');
    const state = page.locator('[data-check="card_state"]');
    await state.getByText(/欠费停机/).waitFor();
    await state.getByRole('button', { name: '去充值' }).click();
    // quick recharge for this very card, not the card-number login (which asks for the card password)
    await waitForPath(page, '/quick_recharge');
    expect(new URL(page.url()).searchParams.get('custom_num')).toBe('1000000021');
    await page.getByText(/为卡号\s*1000 0000 21\s*充值余额/).waitFor();
    await page.getByTestId('payable').filter({ hasText: /¥\d/ }).waitFor();
    expect(await page.getByPlaceholder('请输入4-6位数字卡密码').count()).toBe(0);
    await screenshot(page, 'card-check-visitor-recharge');
  });

  it('a visitor’s fix that needs a login goes through the card login and lands on the fix', async () => {
    const { page } = j.phone;
    await resetBrowser(page);
    await page.goto('/card_check?custom_num=1000000024');
    const state = page.locator('[data-check="card_state"]');
    await state.getByText(/未实名停机/).waitFor();
    await state.getByRole('button', { name: '去实名' }).click();
    await waitForPath(page, '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/remind');
    // the login form, not the diagnosis page's field of the same name on its way out
    await page.getByPlaceholder('请输入4-6位数字卡密码').waitFor();
    await page.getByPlaceholder('请输入卡号').fill('1000000024');
    await page.getByPlaceholder('请输入4-6位数字卡密码').fill('123456');
    await acceptAgreement(page);
    await submitLogin(page);
    await waitForPath(page, '/remind');
  });

  it('home says why the card is stopped, with its fix', async () => {
    const { page } = j.phone;
    await resetBrowser(page);
    await loginWithCard(page, '1000000021');
    const note = page.getByRole('note').filter({ hasText: '欠费停机' });
    await note.getByText(/欠费停机：账户余额不足/).waitFor();
    await screenshot(page, 'home-stopped-reason');
    await note.getByRole('link', { name: '去充值' }).click();
    await waitForPath(page, '/recharge');

    // the owner's own diagnosis shows everything and what it said before
    await page.goto('/card_check');
    await page.getByTestId('diagnosis-headline').waitFor();
    await page
      .locator('[data-check="balance"]')
      .getByText(/余额 0\.00 元/)
      .waitFor();
    await page.getByText(/^上次检测：/).waitFor();
    await screenshot(page, 'card-check-owner');
  });

  it('the card list says why a card is stopped and leads to the fix', async () => {
    const { page } = j.phone;
    await resetBrowser(page);
    await loginWithCard(page, '1000000024');
    await page.goto('/card_list');
    const note = page.getByTestId('stop-reason');
    await note.getByText('未实名停机').waitFor();
    await screenshot(page, 'card-list-stopped-reason');
    expect(await axeViolations(page, ['color-contrast', 'link-name'])).toEqual([]);
    await note.getByRole('link', { name: '去实名' }).click();
    await waitForPath(page, '/remind');
  });

  it('the owner tests the current card on /check', async () => {
    const { page } = j.phone;
    await resetBrowser(page);
    await loginWithAccount(page);
    await page.goto('/check');
    await page.getByRole('button', { name: '开始测试' }).click();
    await page.getByTestId('diagnosis-headline').getByText('测试通过：卡能正常注册网络并上网').waitFor();
    await page
      .locator('[data-check="apn"]')
      .getByText(/APN 设置正确/)
      .waitFor();
    await screenshot(page, 'check-pass');

    await resetBrowser(page);
    await loginWithCard(page, '1000000030');
    await page.goto('/check');
    await page.getByRole('button', { name: '开始测试' }).click();
    await page.getByTestId('diagnosis-headline').waitFor();
    await page
      .locator('[data-check="apn"]')
      .getByText(/APN 设置有误：当前为「cmnet」/)
      .waitFor();
    await page.locator('[data-check="apn"]').getByRole('button', { name: '联系客服' }).waitFor();
    // a wrong APN means no data: the test never says 能正常上网 beside it
    await page
      .locator('[data-check="package"]')
      .getByText(/APN 设置有误，无法建立数据连接/)
      .waitFor();
    expect(await page.getByText('能正常上网').count()).toBe(0);
    await screenshot(page, 'check-apn-wrong');
  });

  it('raised no page errors', () => {
    expect(j.errors).toEqual([]);
  });
});
