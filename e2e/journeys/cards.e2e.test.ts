// Journeys: bind a card, switch cards, unbind, the usage pages with their chart, keep-alive,
// and the floating customer-service button.
import { beforeEach, describe, expect, it } from 'vitest';
import { screenshot } from '../harness';
import { useJourney } from '../journey';
import { currentCardOnHome, DEMO, loginWithAccount, resetBrowser, stored, waitForPath } from './steps';

describe('cards and usage', () => {
  const j = useJourney();
  beforeEach(async () => {
    await resetBrowser(j.phone.page);
    await loginWithAccount(j.phone.page);
  });

  it('switches the current card from card management', async () => {
    const { page } = j.phone;
    await page.getByRole('link', { name: '切换卡片' }).click();
    await waitForPath(page, '/card_list');
    await page.locator('[data-card="1000000003"]').waitFor();
    await screenshot(page, 'card-list');
    await page.locator('[data-card="1000000003"]').getByRole('button', { name: '设为当前' }).click();
    await waitForPath(page, '/');
    await page.getByTestId('current-card').filter({ hasText: '1000 0000 03' }).waitFor();
    expect(await currentCardOnHome(page)).toBe('1000000003');
    expect((await stored(page)).sim_customNum).toBe('1000000003');
  });

  it('binds card 1000000020 with its card password; it becomes the current card', async () => {
    const { page } = j.phone;
    await page.goto('/card_list');
    await page.getByRole('button', { name: '+ 添加卡片' }).click();
    await waitForPath(page, '/bind_card');
    await page.getByPlaceholder('请输入卡号').fill('1000000020');
    await page.locator('input[name=card_password]').fill(DEMO.cardPassword);
    await page.getByRole('button', { name: '确认绑定' }).click();
    await waitForPath(page, '/');
    await page.getByTestId('current-card').filter({ hasText: '1000 0000 20' }).waitFor();
    await page.goto('/card_list');
    await page.locator('[data-card="1000000020"]').getByText('当前使用').waitFor();
  });

  it('unbinds a card after confirming', async () => {
    const { page } = j.phone;
    await page.goto('/card_list');
    const card = page.locator('[data-card="1000000013"]');
    await card.getByRole('button', { name: '解绑' }).click();
    // the confirm dialog: blue confirm, grey cancel
    const dialog = page.locator('.adm-dialog-body');
    await dialog.getByText('确定要解绑卡号 1000 0000 13 吗').waitFor();
    await screenshot(page, 'unbind-confirm');
    await dialog.getByRole('button', { name: '解绑' }).click();
    await card.waitFor({ state: 'detached' });
    expect(await page.locator('[data-card="1000000001"]').count()).toBe(1);
  });

  it('shows usage: package, today, month, a 30-day bar chart and when the data was synced; refresh syncs', async () => {
    const { page } = j.phone;
    await page.getByRole('link', { name: '流量详情 ›' }).click();
    await waitForPath(page, '/flow');
    const chart = page.getByTestId('daily-usage-chart');
    await chart.waitFor();
    expect(await chart.locator('rect[data-date]').count()).toBe(30);
    expect(await page.getByTestId('remaining').innerText()).toMatch(/^\d+(\.\d+)?(KB|MB|GB)$/);
    expect(await page.getByTestId('synced-at').innerText()).toMatch(/^数据更新于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await screenshot(page, 'flow');
    await page.getByRole('button', { name: '刷新' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /流量数据已更新|数据刚刚已更新|运营商数据暂时无法获取/ })
      .waitFor();
    // tapping a bar shows that day's use
    const firstDate = await chart.locator('rect[data-date]').first().getAttribute('data-date');
    await chart.locator('rect[data-date]').first().dispatchEvent('click');
    await page
      .locator('figcaption')
      .filter({ hasText: firstDate!.slice(5) })
      .waitFor();
  });

  it('shows cumulative use per month', async () => {
    const { page } = j.phone;
    await page.goto('/flow');
    await page.getByRole('link', { name: /累计用量/ }).click();
    await waitForPath(page, '/flow_list');
    await page.getByTestId('total-used').waitFor();
    expect(await page.getByText(/^\d{4}年\d{1,2}月$/).count()).toBeGreaterThan(0);
    await screenshot(page, 'flow-list');
  });

  it('keeps home mounted with its scroll position while the user is on /mine', async () => {
    const { page } = j.phone;
    await page.evaluate(() => {
      document.querySelector('[data-testid=current-card]')!.setAttribute('data-kept', 'yes');
      window.scrollTo(0, 60);
    });
    await page.waitForFunction(() => window.scrollY === 60);
    // the scroll event (which records the position) is dispatched on the next frame; a finger's
    // scroll always ends long before its tap, so let that frame pass as it would for a user
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.getByRole('link', { name: '我的', exact: true }).click();
    await waitForPath(page, '/mine');
    await page.getByTestId('mine-name').waitFor();
    await page.getByRole('link', { name: '首页' }).click();
    await waitForPath(page, '/');
    // the very same DOM node: the page was hidden, not unmounted
    expect(await page.locator('[data-testid=current-card][data-kept=yes]').count()).toBe(1);
    expect(await page.evaluate(() => window.scrollY)).toBe(60);
  });

  it('opens online service from the floating button, which drags only vertically and docks over the page', async () => {
    const { page } = j.phone;
    const button = page.getByRole('button', { name: '在线客服' });
    await button.waitFor();
    // at the top of the long home page the page goes on under its place: docked, a tab at the edge
    await expect.poll(() => button.getAttribute('data-docked')).toBe('true');
    await expect.poll(async () => Math.round(375 - (await button.boundingBox())!.x)).toBe(12);
    // at the end, over the room the page keeps for it: in full, 20px from the right (spec §2)
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => button.getAttribute('data-docked')).toBe('false');
    await expect.poll(async () => Math.round(375 - ((await button.boundingBox())!.x + 52))).toBe(20);
    const before = (await button.boundingBox())!;
    // drag up by 150px with the mouse (pointer events): it moves up, keeping its shape under the finger
    await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
    await page.mouse.down();
    await page.mouse.move(before.x + before.width / 2 - 80, before.y + before.height / 2 - 75, { steps: 5 });
    await page.mouse.move(before.x + before.width / 2 - 120, before.y + before.height / 2 - 150, { steps: 5 });
    const dragged = (await button.boundingBox())!;
    expect(Math.round(before.y - dragged.y)).toBe(150);
    // to the pixel: \`before\` may be read in the last frames of its move back from the edge (303.03 → 303)
    expect(Math.round(dragged.x)).toBe(Math.round(before.x));
    await page.mouse.up();
    // let go over the page's content: it docks there, at the new height
    await expect.poll(() => button.getAttribute('data-docked')).toBe('true');
    await expect.poll(async () => Math.round(375 - (await button.boundingBox())!.x)).toBe(12);
    expect(Math.round(before.y - (await button.boundingBox())!.y)).toBe(150);
    expect(new URL(page.url()).pathname).toBe('/');
    await button.click();
    await waitForPath(page, '/customer');
    expect(new URL(page.url()).searchParams.get('form')).toBe('home');
    await page.getByRole('link', { name: '400-800-1234' }).waitFor();
    // the demo agent sets no chat address of its own: 在线咨询 is the built-in one (docs/decisions/0034)
    expect(await page.getByRole('link', { name: '在线咨询' }).getAttribute('href')).toBe('/chat');
    // no floating button on the service page itself
    expect(await page.getByRole('button', { name: '在线客服' }).count()).toBe(0);
  });

  it('raised no page errors', () => {
    expect(j.errors).toEqual([]);
  });
});
