// Journeys of docs/decisions/0011: the card list at a glance. Each card shows its network, state, package,
// remaining data, balance and the nickname the user gave it (set, rename, clear); accessible names
// match the visible labels (axe label-content-name-mismatch); the last 解绑 is reachable; 复制
// beside each card number.
import type { Locator } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { screenshot } from '../harness';
import { useJourney } from '../journey';
import { axeViolations } from './axe';
import { loginWithAccount, resetBrowser, waitForPath } from './steps';

/** The value under a label of a card's glance row. */
async function glance(card: Locator, label: string): Promise<string> {
  const dd = card.locator(`dl div:has(> dt:text-is("${label}")) > dd`).first();
  await dd.waitFor();
  return (await dd.innerText()).trim();
}

describe('card list at a glance', () => {
  const j = useJourney();
  beforeEach(async () => {
    await resetBrowser(j.phone.page);
    await loginWithAccount(j.phone.page);
    await j.phone.page.goto('/card_list');
    await j.phone.page.locator('[data-card="1000000001"]').waitFor();
  });

  it('shows each card’s network, state, package, remaining data and balance', async () => {
    const { page } = j.phone;
    const first = page.locator('[data-card="1000000001"]');
    await first.getByText('中国联通').waitFor();
    await first.getByText('已激活').waitFor();
    expect(await glance(first, '套餐')).toBe('畅享100G月包');
    expect(await glance(first, '剩余流量')).toMatch(/^[\d.]+(GB|MB)$/);
    expect(await glance(first, '余额')).toBe('¥20.00');
    const multi = page.locator('[data-card="1000000012"]');
    await multi.getByText('三网通', { exact: true }).waitFor();
    expect(await multi.innerText()).not.toContain('多卡');
    expect(await page.locator('[data-card="1000000010"]').innerText()).not.toContain('八骏');
    expect(await page.locator('[data-card="1000000011"]').innerText()).not.toContain('随身WiFi');
    expect(await glance(page.locator('[data-card="1000000002"]'), '套餐')).toBe('暂无套餐');
  });

  it('sets, renames and clears a nickname', async () => {
    const { page } = j.phone;
    const card = page.locator('[data-card="1000000002"]');
    await card.getByRole('button', { name: '备注' }).click();
    const input = page.getByRole('textbox', { name: '备注名' });
    // the rule is said under the field: a long placeholder was cut off at 375 px
    expect(await input.getAttribute('placeholder')).toBe('如：家里路由器');
    await page.getByText('最多10个字，留空保存则清除备注名').waitFor();
    await screenshot(page, 'card-list-nickname');
    await input.fill('家里路由器');
    await page.getByRole('button', { name: '保存' }).click();
    await card.getByTestId('nickname').filter({ hasText: '家里路由器' }).waitFor();

    await card.getByRole('button', { name: '备注' }).click();
    await input.fill('书房');
    await page.getByRole('button', { name: '保存' }).click();
    await card.getByTestId('nickname').filter({ hasText: '书房' }).waitFor();

    // survives a reload: it is stored on the server
    await page.reload();
    await card.getByTestId('nickname').filter({ hasText: '书房' }).waitFor();
    await page.locator('[data-card="1000000001"]').getByRole('button', { name: '备注' }).click();
    await input.fill('随身带');
    await page.getByRole('button', { name: '保存' }).click();
    await page.locator('[data-card="1000000001"]').getByTestId('nickname').filter({ hasText: '随身带' }).waitFor();
    await screenshot(page, 'card-list-nicknames');

    await card.getByRole('button', { name: '备注' }).click();
    await input.fill('');
    await page.getByRole('button', { name: '保存' }).click();
    await card.getByTestId('nickname').waitFor({ state: 'detached' });
    const rows = j.portal.sql<{ nickname: string }>(
      "SELECT b.nickname FROM card_bindings b JOIN cards c ON c.id = b.card_id WHERE c.custom_num = '1000000002'",
    );
    expect(rows).toEqual([{ nickname: '' }]);
  });

  it('says at the field what is wrong with a nickname and saves nothing', async () => {
    const { page } = j.phone;
    const card = page.locator('[data-card="1000000003"]');
    await card.getByRole('button', { name: '备注' }).click();
    const input = page.getByRole('textbox', { name: '备注名' });
    await input.fill('一二三四五六七八九十一');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByRole('alert').filter({ hasText: '备注名最多10个字' }).waitFor();
    await screenshot(page, 'card-list-nickname-error');
    await page.getByRole('button', { name: '取消' }).click();
    expect(await card.getByTestId('nickname').count()).toBe(0);
  });

  it('has accessible names that match the visible labels', async () => {
    const { page } = j.phone;
    const violations = await axeViolations(page, ['label-content-name-mismatch']);
    expect(violations).toEqual([]);
  });

  it('keeps the last 解绑 reachable above the bottom bar', async () => {
    const { page } = j.phone;
    const last = page.locator('[data-card]').last().getByRole('button', { name: '解绑' });
    await last.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const box = (await last.boundingBox())!;
    const hit = await page.evaluate(
      ([x, y]) => {
        const el = document.elementFromPoint(x!, y!);
        return el?.closest('button')?.textContent ?? el?.tagName ?? '';
      },
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(hit).toBe('解绑');
    await screenshot(page, 'card-list-bottom');
  });

  it('offers 复制 beside each card number', async () => {
    const { page } = j.phone;
    await page.locator('[data-card="1000000003"]').getByRole('button', { name: '复制卡号' }).click();
    await page.getByText('已复制').waitFor();
  });

  it('raised no page errors', () => {
    expect(j.errors).toEqual([]);
  });
});

describe('switching from the list still works', () => {
  const j = useJourney();
  it('taps a card to make it current', async () => {
    const { page } = j.phone;
    await resetBrowser(page);
    await loginWithAccount(page);
    await page.goto('/card_list');
    await page.locator('[data-card="1000000003"]').getByRole('button', { name: '设为当前' }).click();
    await waitForPath(page, '/');
    await page.getByTestId('current-card').filter({ hasText: '1000 0000 03' }).waitFor();
  });
});
