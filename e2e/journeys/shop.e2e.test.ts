// Journeys: the shop knows the card, and choices look chosen (docs/decisions/0011).
// - Every choice tile (recharge amounts, packages, vouchers, pay channels, package series, coupon
//   packages) looks different when chosen, in computed style, and says so to assistive tech.
// - A card with no package in force is not offered a refuel (加油包): it says why and leads to the
//   base packages; a card with a package in force is told, before paying, that a basic package
//   queues after it (from which day, until which day), on the package page and in quick payment.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from '../harness';
import { useJourney } from '../journey';
import { DEMO, loginWithAccount, loginWithCardOf, openPackage, resetBrowser, waitForPath } from './steps';

/** What the eye sees of a tile: its frame, its fill, its shadow and its text colour. */
async function look(tile: Locator): Promise<string> {
  return tile.evaluate((el) => {
    const s = getComputedStyle(el);
    return [s.borderTopColor, s.borderTopWidth, s.backgroundColor, s.backgroundImage, s.boxShadow, s.outlineStyle, s.color].join(' | ');
  });
}

/** The chosen state a screen reader hears: aria-pressed, aria-checked, or a checked radio inside. */
async function heard(tile: Locator): Promise<boolean> {
  return tile.evaluate((el) => {
    const a = el.getAttribute('aria-pressed') ?? el.getAttribute('aria-checked');
    if (a !== null) return a === 'true';
    const radio = el.querySelector('input[type=radio]');
    return radio instanceof HTMLInputElement && radio.checked;
  });
}

/**
 * The chosen tile looks unlike every other tile, and each tile looks different chosen and not
 * chosen (a recommended or highlighted tile must not hide the choice). `choose(i)` chooses tile i.
 */
async function expectChoiceVisible(tiles: () => Locator, choose: (i: number) => Promise<void>, label: string): Promise<void> {
  const n = await tiles().count();
  expect(n, `${label}: tiles`).toBeGreaterThan(1);
  const chosenLook: string[] = [];
  const unchosenLook: string[] = [];
  for (const i of [0, 1]) {
    await choose(i);
    const other = 1 - i;
    await expect.poll(() => heard(tiles().nth(i)), { message: `${label}: tile ${i} is announced as chosen` }).toBe(true);
    expect(await heard(tiles().nth(other)), `${label}: tile ${other} is not announced as chosen`).toBe(false);
    chosenLook[i] = await look(tiles().nth(i));
    unchosenLook[other] = await look(tiles().nth(other));
    for (let k = 0; k < n; k++) {
      if (k === i) continue;
      expect(await look(tiles().nth(k)), `${label}: tile ${k} looks like the chosen tile ${i}`).not.toBe(chosenLook[i]);
    }
  }
  for (const i of [0, 1]) expect(chosenLook[i], `${label}: tile ${i} looks the same chosen and not chosen`).not.toBe(unchosenLook[i]);
}

async function packageIdOf(page: Page, name: string): Promise<number> {
  await openPackage(page, name);
  return Number(new URL(page.url()).searchParams.get('package_id'));
}

describe('the shop', () => {
  const j = useJourney();
  beforeEach(async () => {
    await resetBrowser(j.phone.page);
  });

  it('snag 4: every choice tile shows which one is chosen', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);

    // recharge amounts
    await page.goto('/recharge');
    const amounts = () => page.getByRole('region', { name: '充值金额' }).getByRole('button');
    await amounts().first().waitFor();
    await expectChoiceVisible(amounts, (i) => amounts().nth(i).click(), '/recharge amounts');
    await page.getByTestId('payable').filter({ hasText: /¥\d/ }).waitFor();
    await screenshot(page, 'shop-recharge-chosen');

    // pay channels (the rows of the radio group)
    const channels = () => page.getByRole('radiogroup', { name: '支付方式' }).locator('label');
    await expectChoiceVisible(channels, (i) => channels().nth(i).locator('input').check(), '/recharge pay channels');

    // vouchers in the package page's picker
    await openPackage(page, '畅享100G月包');
    await page.getByTestId('voucher-row').filter({ hasText: '-¥' }).waitFor();
    await page.getByTestId('voucher-row').click();
    const tickets = () => page.getByRole('dialog', { name: '选择优惠券' }).getByTestId('voucher');
    await tickets().first().waitFor();
    await screenshot(page, 'shop-voucher-picker');
    await expectChoiceVisible(
      tickets,
      async (i) => {
        if (!(await page.getByRole('dialog', { name: '选择优惠券' }).isVisible())) await page.getByTestId('voucher-row').click();
        await tickets().nth(i).click();
        await page.getByRole('dialog', { name: '选择优惠券' }).waitFor({ state: 'hidden' });
        await page.getByTestId('voucher-row').click();
        await tickets().first().waitFor();
      },
      'voucher picker',
    );
    // "no voucher" is a choice too, and shows as chosen when made
    await page.getByRole('dialog', { name: '选择优惠券' }).getByRole('button', { name: '不使用优惠券' }).click();
    await page.getByTestId('voucher-row').filter({ hasText: '张可用' }).waitFor();
    await page.getByTestId('voucher-row').click();
    await page.getByRole('dialog', { name: '选择优惠券' }).getByRole('button', { name: '不使用优惠券', pressed: true }).waitFor();
    expect(await tickets().evaluateAll((els) => els.filter((e) => e.getAttribute('aria-pressed') === 'true').length)).toBe(0);
    await page.keyboard.press('Escape');

    // coupon packages
    await page.goto('/coupon_package');
    const bundles = () => page.getByRole('list', { name: '券包列表' }).getByRole('button');
    await bundles().first().waitFor();
    await expectChoiceVisible(bundles, (i) => bundles().nth(i).click(), '/coupon_package');
    await screenshot(page, 'shop-coupon-package');

    // quick payment packages: the recommended tile as well as the others
    await resetBrowser(page);
    await page.goto(`/quick_select_package?custom_num=${DEMO.card}`);
    const packages = () => page.getByRole('list', { name: '套餐列表' }).getByTestId('package');
    await packages().first().waitFor();
    await expectChoiceVisible(packages, (i) => packages().nth(i).click(), '/quick_select_package');
    await packages().nth(0).click();
    await page.getByTestId('payable').filter({ hasText: /¥\d/ }).waitFor();
    await screenshot(page, 'shop-quick-select-package');

    // quick payment takes no voucher (the holder's, after a login): the row says so
    await page.getByTestId('voucher-row').getByText('登录后可用').waitFor();

    // package series of a multi-series card
    await resetBrowser(page);
    await loginWithCardOf(page, '1000000007');
    await page.goto('/select');
    const series = () => page.getByRole('radiogroup', { name: '套餐系列' }).getByRole('radio');
    await series().first().waitFor();
    await expectChoiceVisible(series, (i) => series().nth(i).click(), '/select');
    await screenshot(page, 'shop-select');
    // once settled, /select shows the card's series instead of a choice the server would refuse
    await page.getByRole('button', { name: '确认选择' }).click();
    await waitForPath(page, '/combo');
    await page.goto('/select');
    await page.getByTestId('settled-series').waitFor();
    await page.getByText('该卡的套餐系列已选定，不可更改').waitFor();
    expect(await page.getByRole('button', { name: '确认选择' }).count()).toBe(0);
    await screenshot(page, 'shop-select-settled');
    await page.getByRole('link', { name: '去订购套餐' }).click();
    await waitForPath(page, '/combo');
  });

  it('snag 9: a card with no package in force is not sold a refuel; it is led to the base packages', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    const refuelId = await packageIdOf(page, '10G加油包');

    await resetBrowser(page);
    await loginWithCardOf(page, '1000000002');
    await page.goto('/combo');
    const refuel = page.getByTestId('package').filter({ hasText: '10G加油包' });
    await refuel.getByText('请先订购基础套餐').waitFor();
    await screenshot(page, 'shop-combo-no-package');
    // it is not a way to buy it: no link to its payment page
    expect(await refuel.evaluate((el) => el.closest('a') === null && el.querySelector('a') === null)).toBe(true);
    // the way out: the base packages
    await page.getByRole('button', { name: '查看基础套餐' }).first().click();
    await page.getByRole('tab', { name: '基础套餐', selected: true }).waitFor();
    // a base package starts at once for this card, and says so
    await page
      .getByTestId('package')
      .filter({ hasText: '畅享100G月包' })
      .getByText(/立即生效/)
      .waitFor();

    // the package page of a refuel, reached by its link, says why and offers no payment
    await page.goto(`/combo_detail?package_id=${refuelId}`);
    await page
      .getByRole('alert')
      .getByText(/没有生效中的套餐.*请先订购基础套餐/)
      .waitFor();
    expect(await page.getByRole('button', { name: /立即(支付|购买)/ }).count()).toBe(0);
    await screenshot(page, 'shop-combo-detail-refused');
    await page.getByRole('link', { name: '查看基础套餐' }).click();
    await waitForPath(page, '/combo');

    // quick payment: the refuel cannot be chosen for this card either
    await resetBrowser(page);
    await page.goto('/quick_select_package?custom_num=1000000002');
    const quickRefuel = page.getByRole('list', { name: '套餐列表' }).getByTestId('package').filter({ hasText: '10G加油包' });
    await quickRefuel.getByText('请先订购基础套餐').waitFor();
    expect(await quickRefuel.isDisabled()).toBe(true);
  });

  it('snag 9: before paying, the package page says what this package does to this card, and the card is the 订购卡号', async () => {
    const { page } = j.phone;
    await loginWithAccount(page);
    await page.goto('/combo');
    await page
      .getByTestId('package')
      .filter({ hasText: '畅享50G月包' })
      .getByText(/当前套餐到期后生效/)
      .waitFor();
    await screenshot(page, 'shop-combo-package-in-force');
    await packageIdOf(page, '畅享50G月包');
    await page.getByTestId('payable').filter({ hasText: /¥\d/ }).waitFor();
    const info = page.getByRole('region', { name: '订单信息' });
    await info.getByText('订购卡号').waitFor();
    expect(await page.getByText('充值卡号').count()).toBe(0);
    // 1000000001 has a package in force: this one does not replace it, it queues, with its dates
    const effect = page.getByTestId('package-effect');
    await effect.getByText(/不会替换.*\d{4}-\d{2}-\d{2} 起，有效期至 \d{4}-\d{2}-\d{2}/).waitFor();
    await screenshot(page, 'shop-combo-detail-queued');
    // a refuel stacks on the package in force, until its last day
    await packageIdOf(page, '10G加油包');
    await page
      .getByTestId('package-effect')
      .getByText(/叠加到当前套餐.*有效至 \d{4}-\d{2}-\d{2}/)
      .waitFor();

    // quick payment says the same before paying: no second base package sold without a word
    await resetBrowser(page);
    await page.goto(`/quick_select_package?custom_num=${DEMO.card}`);
    await page.getByRole('list', { name: '套餐列表' }).getByTestId('package').filter({ hasText: '畅享50G月包' }).click();
    await page
      .getByTestId('package-effect')
      .getByText(/不会替换.*\d{4}-\d{2}-\d{2} 起/)
      .waitFor();
    await page.getByTestId('payable').filter({ hasText: /¥\d/ }).waitFor();
    await screenshot(page, 'shop-quick-queued');
  });

  it('raised no page errors', () => {
    expect(j.errors).toEqual([]);
  });
});
