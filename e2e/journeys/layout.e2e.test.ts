// Journey: the floating 客服 button never covers a control or a text of any page, by construction
// (docs/decisions/0031): the page ends with room the size of the button's place, the
// button shows in full only over that room, and anywhere else it docks to a 12px tab in the margin
// at the screen's edge. Proved on every route of the route table (apps/web/src/config/routes.ts),
// not a list: with the demo card logged in, each page is opened inside the running app, as a tap
// opens it (e2e/journeys/steps.ts, openInApp: no load of the whole app per page), and read from
// its top to its end, half a screen at a time; at each step every control and every text node in
// the viewport is checked against the button's box (and the guide arrow's), by geometry and by
// elementsFromPoint (what would be on top there without the button). Then the states the journeys
// reach that change a page's end: the diagnosis's verdict and fix for each stopped card, a
// real-name verification still to do.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILT_ROUTES, routeOf } from '../../apps/web/src/config/routes';
import { serviceButtons } from '../../apps/web/src/features/customer-service/model/visibility';
import { screenshot } from '../harness';
import { useJourney } from '../journey';
import { DEMO, loginWithAccount, openInApp, resetBrowser } from './steps';

interface Covered {
  what: string;
  box: { x: number; y: number; w: number; h: number };
}

interface Measure {
  /** the button's box, or null when no button shows */
  button: Covered['box'] | null;
  docked: boolean;
  covered: Covered[];
}

/** What the service button (and the guide arrow beside it) covers in the viewport, as it is now. */
function measure(page: Page): Promise<Measure> {
  return page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('button[aria-label="在线客服"]');
    if (!button || !button.checkVisibility()) return { button: null, docked: false, covered: [] };
    const arrow = document.querySelector<HTMLElement>('[data-testid="guide-arrow"]');
    const mine = (el: Element) => button.contains(el) || (arrow?.contains(el) ?? false);
    const boxes = [button.getBoundingClientRect(), ...(arrow ? [arrow.getBoundingClientRect()] : [])].filter(
      (r) => r.width > 0 && r.height > 0,
    );
    const round = (r: DOMRect | { x: number; y: number; width: number; height: number }) => ({
      x: Math.round(r.x),
      y: Math.round(r.y),
      w: Math.round(r.width),
      h: Math.round(r.height),
    });
    /** The part of `r` under one of the button's boxes, or null. */
    const under = (r: DOMRect) => {
      for (const b of boxes) {
        const left = Math.max(r.left, b.left);
        const right = Math.min(r.right, b.right);
        const top = Math.max(r.top, b.top, 0);
        const bottom = Math.min(r.bottom, b.bottom, innerHeight);
        if (right - left >= 1 && bottom - top >= 1) return { left, right, top, bottom };
      }
      return null;
    };
    /** Whether `el` is what the user would see at some point of `part` if the button were not there. */
    const onTop = (el: Element, part: { left: number; right: number; top: number; bottom: number }) => {
      const xs = [part.left + 0.5, (part.left + part.right) / 2, part.right - 0.5];
      const ys = [part.top + 0.5, (part.top + part.bottom) / 2, part.bottom - 0.5];
      for (const x of xs)
        for (const y of ys) {
          const top = document.elementsFromPoint(x, y).find((e) => !mine(e));
          if (top && (top === el || el.contains(top) || top.contains(el))) return true;
        }
      return false;
    };
    const covered: { what: string; box: ReturnType<typeof round> }[] = [];

    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type="hidden"]), select, textarea, label, [role="button"], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"], [role="link"], [tabindex]:not([tabindex="-1"])',
    );
    for (const el of Array.from(controls)) {
      if (mine(el) || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const r = el.getBoundingClientRect();
      const part = under(r);
      if (part && onTop(el, part))
        covered.push({
          what: `${el.tagName.toLowerCase()} “${(el.innerText || el.getAttribute('aria-label') || '').trim().slice(0, 24)}”`,
          box: round(r),
        });
    }

    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || !n.textContent?.trim() || mine(parent)) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      range.selectNodeContents(n);
      for (const r of Array.from(range.getClientRects())) {
        const part = under(r);
        if (part && onTop(parent, part)) {
          covered.push({ what: `text “${n.textContent.trim().slice(0, 24)}”`, box: round(r) });
          break;
        }
      }
    }
    return { button: round(button.getBoundingClientRect()), docked: button.dataset.docked === 'true', covered };
  });
}

/** The page's data has arrived and what it was busy with (a diagnosis running) is over. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page
    .locator('.app-spinner')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 10_000 }).catch(() => undefined);
}

/** Scrolls to `y` (clamped to the page's end) and waits until the scroll, what it moved and the
 *  button's own docking transition are done. Returns where the page is now and whether that is its end. */
async function scrollTo(page: Page, y: number): Promise<{ y: number; end: boolean }> {
  return page.evaluate(async (want) => {
    window.scrollTo(0, want);
    // until two frames pass with the button at rest: the scroll, what it moved, and a docking
    // it set off (its transition) are done
    const button = document.querySelector('button[aria-label="在线客服"]');
    for (let i = 0; i < 20; i++) {
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const running = button?.getAnimations() ?? [];
      if (running.length === 0) break;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
    const max = document.documentElement.scrollHeight - innerHeight;
    return { y: scrollY, end: scrollY >= max - 1 };
  }, y);
}

/** Reads the page from its top to its end, half a screen at a time, and expects the button to
 *  cover nothing at each step, and to show in full at the end. Returns the steps (scrollY). */
async function readWholePage(page: Page, label: string): Promise<number[]> {
  const seen: number[] = [];
  for (let y = 0; ; y += 333) {
    const at = await scrollTo(page, y);
    const m = await measure(page);
    expect(m.covered, `${label} scrolled to ${at.y}, button ${JSON.stringify(m.button)}${m.docked ? ' (docked)' : ''}`).toEqual([]);
    seen.push(at.y);
    if (at.end) {
      // at the end the room kept after the page is under the button: it shows in full
      if (m.button) expect(m.docked, `${label} at its end`).toBe(false);
      return seen;
    }
  }
}

describe('the floating 客服 button covers nothing, on every route', () => {
  const j = useJourney();
  let orderNo = '';

  beforeAll(async () => {
    const { page } = j.phone;
    await resetBrowser(page);
    await loginWithAccount(page);
    orderNo = await page.evaluate(async (customNum) => {
      const res = await fetch('/api/v1/order/create', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('sim_token')}` },
        body: JSON.stringify({ custom_num: customNum, goods_type: 'recharge', amount: 10, pay_channel: 1, request_id: `kf-${Date.now()}` }),
      });
      const body = (await res.json()) as { data?: { order_no?: string; order?: { order_no: string } } };
      return body.data?.order_no ?? body.data?.order?.order_no ?? '';
    }, DEMO.card);
    expect(orderNo).not.toBe('');
  });

  const urls = (): Record<string, string> => ({
    '/order_check': `/order_check?order_no=${orderNo}`,
    '/order_success': `/order_success?order_no=${orderNo}`,
    '/pay_success': `/pay_success?order_no=${orderNo}`,
    '/coupon_success': `/coupon_success?order_no=${orderNo}`,
    '/pay_fail': `/pay_fail?order_no=${orderNo}`,
    '/pay_status': `/pay_status?order_no=${orderNo}`,
    '/order': `/order?order_no=${orderNo}`,
    '/combo_detail': '/combo_detail?package_id=1',
    '/cpe_combo_detail': '/cpe_combo_detail?package_id=1',
    '/ls_pay': '/ls_pay?back=%2Frecharge',
    '/alipay': `/alipay?order_no=${orderNo}`,
    '/quick_payment_success': `/quick_payment_success?order_no=${orderNo}`,
    '/card_check': `/card_check?custom_num=${DEMO.card}`,
  });

  it.each(BUILT_ROUTES.map((r) => r.path))('%s', async (path) => {
    const { page } = j.phone;
    await openInApp(page, urls()[path] ?? path);
    await settle(page);
    const landed = new URL(page.url()).pathname;
    const route = routeOf(landed)!;
    const shows = serviceButtons(route, { openCustomer: true });
    // not vacuous: the button is there wherever the route table lets it show (the demo brand has one)
    expect(await page.getByRole('button', { name: '在线客服' }).count(), `${path} (on ${landed})`).toBe(shows.main || shows.cpe ? 1 : 0);

    const seen = await readWholePage(page, `${path} (on ${landed})`);
    await screenshot(page, `kf-end${path.replace(/\//g, '-')}`, { viewport: true });
    if (seen.length > 1) {
      await scrollTo(page, 0);
      await screenshot(page, `kf-top${path.replace(/\//g, '-')}`, { viewport: true });
    }
  });

  // the diagnosis's verdict and its fix, for each demo card with something to fix (README, demo data)
  it.each(['1000000005', '1000000006', '1000000021', '1000000022', '1000000023', '1000000024', '1000000025', '1000000030'])(
    '/card_check for %s: its verdict and fix',
    async (card) => {
      const { page } = j.phone;
      // a load of its own: the same page for another card, and a verdict not read from the last one
      await page.goto(`/card_check?custom_num=${card}`);
      await page.locator('[aria-label="检测结果"][aria-busy="false"]').waitFor();
      await settle(page);
      await readWholePage(page, `/card_check for ${card}`);
      await scrollTo(page, 0);
      await screenshot(page, `kf-card-check-${card}`, { viewport: true });
    },
  );

  it('/lt_real_name with the verification still to do: 开始认证', async () => {
    const { page } = j.phone;
    // a card whose carrier verification is still to do (as in realName.e2e: supplier 2, 联通)
    j.portal.sql("UPDATE cards SET supplier_auth_state = 0, auth_state = 0, fake_real_name = 0, real_name_url = '' WHERE custom_num = ?", [
      DEMO.card,
    ]);
    // a load of its own: the card was changed behind the app's back
    await page.goto('/lt_real_name');
    await page.getByRole('button', { name: '开始认证' }).waitFor();
    await readWholePage(page, '/lt_real_name to do');
  });

  it('raised no page errors', () => {
    expect(j.errors).toEqual([]);
  });
});
