// Journey: the floating 客服 button never sits on a control at the end of a page (docs/decisions/0011).
// Each page where the button shows is scrolled to the bottom; the button's box (at its default
// place, docs/spec/portal-spec.md §2: 20px from the right, 80px from the bottom) must not overlap
// the box of any button, link or field of the page.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../harness';
import { useJourney } from '../journey';
import { DEMO, loginWithAccount, resetBrowser } from './steps';

interface Overlap {
  control: string;
  box: { x: number; y: number; w: number; h: number };
}

/** Scrolls to the very end and lists the controls the service button's box overlaps. */
async function controlsUnderServiceButton(page: Page): Promise<{ button: Overlap['box']; overlaps: Overlap[] }> {
  const fab = page.getByRole('button', { name: '在线客服' });
  await fab.waitFor();
  // the page's data has arrived: on a loaded machine a control measured mid-load (the page still
  // short, its later parts not there) sat where the finished page does not put it
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // two frames: the scroll and anything it moved have been laid out
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('button[aria-label="在线客服"]')!;
    const b = button.getBoundingClientRect();
    const box = (r: DOMRect) => ({ x: Math.round(r.x), y: Math.round(r.y), w: Math.round(r.width), h: Math.round(r.height) });
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="checkbox"], [role="link"]',
    );
    const overlaps = [];
    for (const el of Array.from(controls)) {
      if (el === button || button.contains(el) || !el.checkVisibility({ visibilityProperty: true })) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const hit = r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top;
      if (hit)
        overlaps.push({
          control: `${el.tagName.toLowerCase()} “${(el.innerText || el.getAttribute('aria-label') || '').trim().slice(0, 20)}”`,
          box: box(r),
        });
    }
    return { button: box(b), overlaps };
  });
}

/** Creates an order for the current card through the API (a top-up waiting for payment). */
async function createOrder(page: Page): Promise<string> {
  return page.evaluate(async (customNum) => {
    const token = localStorage.getItem('sim_token');
    const res = await fetch('/api/v1/order/create', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        custom_num: customNum,
        goods_type: 'recharge',
        amount: 10,
        pay_channel: 1,
        request_id: `layout-${Date.now()}`,
      }),
    });
    const body = (await res.json()) as { code: number; message?: string; data?: { order_no?: string; order?: { order_no: string } } };
    const orderNo = body.data?.order_no ?? body.data?.order?.order_no;
    if (!orderNo) throw new Error(`order/create: ${JSON.stringify(body)}`);
    return orderNo;
  }, DEMO.card);
}

describe('the floating 客服 button leaves the end of every page free', () => {
  const j = useJourney();

  // [page, a control at the end of it the issue named (or undefined), screenshot name]
  const pages: [string, string | RegExp | undefined, string][] = [
    ['/', '优惠券', 'kf-home'],
    ['/mine', '退出登录', 'kf-mine'],
    ['/card_list', '解绑', 'kf-card-list'],
    ['/flow', /按月查看/, 'kf-flow'],
    ['/flow_list', undefined, 'kf-flow-list'],
    ['/lt_real_name', undefined, 'kf-lt-real-name'],
    ['/order', undefined, 'kf-order'],
    ['/coupons', undefined, 'kf-coupons'],
    ['/select', undefined, 'kf-select'],
    ['/combo', undefined, 'kf-combo'],
    ['/recharge_coupon', undefined, 'kf-recharge-coupon'],
    ['/bind_card', undefined, 'kf-bind-card'],
    ['/tip', undefined, 'kf-tip'],
    ['/suggest', '提交', 'kf-suggest'],
    ['/agent', '提交申请', 'kf-agent'],
    ['/agent_success', '返回首页', 'kf-agent-success'],
  ];

  it.each(pages)('%s', async (path, control, shot) => {
    const { page } = j.phone;
    if (path === '/') {
      await resetBrowser(page);
      await loginWithAccount(page);
    } else {
      await page.goto(path);
    }
    if (control)
      await page
        .getByText(control, { exact: typeof control === 'string' })
        .last()
        .waitFor();
    else await page.waitForLoadState('networkidle');
    const { button, overlaps } = await controlsUnderServiceButton(page);
    await page.screenshot({ path: `${process.cwd()}/e2e/screenshots/${shot}.png` });
    expect(button.y + button.h).toBeLessThanOrEqual(667 - 80 + 1);
    expect(overlaps, `${path}: the service button covers ${JSON.stringify(overlaps)}`).toEqual([]);
  });

  it('/order_check with an order: 查看订单详情 is not under the button', async () => {
    const { page } = j.phone;
    const orderNo = await createOrder(page);
    await page.goto(`/order_check?order_no=${orderNo}`);
    await page.getByText('查看订单详情').waitFor();
    const { overlaps } = await controlsUnderServiceButton(page);
    await screenshot(page, 'kf-order-check-full');
    await page.screenshot({ path: `${process.cwd()}/e2e/screenshots/kf-order-check.png` });
    expect(overlaps).toEqual([]);
  });

  it('the real-name pages: 开始认证 / 查询认证结果 are not under the button', async () => {
    const { page } = j.phone;
    // a card whose carrier verification is still to do (as in realName.e2e: supplier 2, 联通)
    j.portal.sql("UPDATE cards SET supplier_auth_state = 0, auth_state = 0, fake_real_name = 0, real_name_url = '' WHERE custom_num = ?", [
      DEMO.card,
    ]);
    await page.goto('/lt_real_name');
    await page.getByRole('button', { name: '开始认证' }).waitFor();
    const { overlaps } = await controlsUnderServiceButton(page);
    await page.screenshot({ path: `${process.cwd()}/e2e/screenshots/kf-real-name.png` });
    expect(overlaps).toEqual([]);
  });

  it('raised no page errors', () => {
    expect(j.errors).toEqual([]);
  });
});
