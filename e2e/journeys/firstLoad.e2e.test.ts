// The first page a card holder sees (docs/decisions/0025): /login's first-load budget, measured on the real
// build, and its markup painted before any script runs (apps/web/build/prerender.ts), which the
// app then replaces without a flash or a shift (docs/decisions/0025-first-load.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstLoadFiles, sizeFiles, sum, type Manifest } from '../../scripts/bench/bundle';
import {
  coldVisit,
  HOLDER_PAGES,
  holderStorage,
  LOGIN_JS_BUDGET,
  PAGE_COLD_JS_BUDGETS,
  type HolderStorage,
} from '../../scripts/bench/pages';
import { MOBILE_USER_AGENT, screenshot, webDist } from '../harness';
import { PHONE_CONTEXT } from '../phone';
import { useJourney } from '../journey';
import { DEMO, resetBrowser, waitForPath } from './steps';

/**
 * gzip bytes of JavaScript /login may load before it is usable: docs/decisions/0025's 80 kB (kB as Vite
 * prints them, 1000 B), tightened to scripts/bench/pages.ts's LOGIN_JS_BUDGET (23.5 kB) once the H5
 * rendered with Preact instead of React 19's 67.4 kB (docs/decisions/0079-the-h5-renders-with-preact.md).
 * Checked in the manifest (gzip, what a browser without brotli gets) and in what a fresh phone
 * browser downloads (the build's brotli copies, scripts/build/precompress.mjs).
 */
export const LOGIN_FIRST_LOAD_JS_BUDGET = LOGIN_JS_BUDGET.gzipBytes;

const phoneContext = { ...PHONE_CONTEXT, userAgent: MOBILE_USER_AGENT };

describe('the first load of /login', () => {
  const j = useJourney();

  it(`stays within ${LOGIN_FIRST_LOAD_JS_BUDGET} B of compressed JavaScript: gzip in the build's manifest, and what Chromium downloads (the build's brotli copies)`, async () => {
    const manifest = JSON.parse(readFileSync(join(webDist, '.vite/manifest.json'), 'utf8')) as Manifest;
    const files = firstLoadFiles(manifest);
    const fromManifest = sum(sizeFiles(webDist, files.js));

    // A browser of its own: an empty cache and no page before (a page visited first, as
    // resetBrowser's /404, leaves its late chunks finishing in this count and the entry cached).
    const context = await j.phone.browser.newContext({ ...phoneContext, baseURL: j.portal.baseUrl });
    try {
      const page = await context.newPage();
      const scripts: Promise<{ file: string; bytes: number }>[] = [];
      page.on('requestfinished', (req) => {
        if (req.resourceType() !== 'script') return;
        const file = new URL(req.url()).pathname.slice(1);
        scripts.push(req.sizes().then((s) => ({ file, bytes: s.responseBodySize })));
      });
      await page.goto('/login', { waitUntil: 'networkidle' });
      // the live form is in: the first load is over
      await page.locator('#root:not(:has([data-prerendered])) form').waitFor();
      await page.waitForLoadState('networkidle');
      const fetched = await Promise.all(scripts);
      const downloaded = fetched.reduce((n, f) => n + f.bytes, 0);
      const list = fetched.map((f) => `${f.file} ${f.bytes} B`).join(', ');

      expect(fromManifest, `first load of /login: ${files.js.join(', ')}`).toBeLessThanOrEqual(LOGIN_FIRST_LOAD_JS_BUDGET);
      // what the browser fetched is the manifest's first load: nothing more, each file once
      expect(fetched.map((f) => f.file).sort(), list).toEqual([...files.js].sort());
      expect(
        fetched.every((f) => f.bytes > 0),
        list,
      ).toBe(true);
      expect(downloaded, `compressed JavaScript Chromium downloaded for /login: ${list}`).toBeLessThanOrEqual(LOGIN_FIRST_LOAD_JS_BUDGET);
    } finally {
      await context.close();
    }
  });

  it('paints the login form before any script runs, and lets nothing be typed into it', async () => {
    const context = await j.phone.browser.newContext({ ...phoneContext, baseURL: j.portal.baseUrl, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByRole('heading', { name: '流量卡自助服务' }).waitFor({ state: 'attached' });
      const mobile = page.getByPlaceholder('请输入手机号');
      expect(await mobile.isVisible()).toBe(true);
      expect(await page.locator('[data-prerendered][inert] button[type="submit"]').isVisible()).toBe(true);
      // inert: a tap does not focus the field, so nothing typed can be lost when the app takes over
      await mobile.click({ force: true });
      await page.keyboard.type('138');
      expect(await mobile.inputValue()).toBe('');
      await screenshot(page, 'login-before-script');
    } finally {
      await context.close();
    }
  });

  it('offers a reload when the app never comes (its script blocked): never an inert form alone', async () => {
    const context = await j.phone.browser.newContext({ ...phoneContext, baseURL: j.portal.baseUrl });
    try {
      const page = await context.newPage();
      await page.clock.install();
      // every script file fails, as offline right after the HTML arrived
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort('internetdisconnected'));
      await page.goto('/login');
      await page.getByPlaceholder('请输入手机号').waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
      await page.clock.fastForward(16_000);
      const notice = page.getByRole('alert');
      await notice.waitFor();
      expect(await notice.textContent()).toContain('页面加载失败');
      await screenshot(page, 'login-boot-stalled');
      await page.unroute(/\/assets\/.*\.js$/);
      await Promise.all([page.waitForEvent('load'), notice.getByRole('button', { name: '重新加载' }).click()]);
      await page.clock.runFor(1000);
      await page.locator('#root:not(:has([data-prerendered]))').waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("starts the app even when the login page's own code fails to load, and says so with 重试", async () => {
    const context = await j.phone.browser.newContext({ ...phoneContext, baseURL: j.portal.baseUrl });
    try {
      const page = await context.newPage();
      await page.route(/\/assets\/Login-[^/]*\.js$/, (route) => route.abort('internetdisconnected'));
      await page.goto('/login');
      await page.getByRole('button', { name: '重试' }).waitFor();
      expect(await page.locator('[data-prerendered]').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('replaces the painted form with the live page in place: same boxes, no spinner in between', async () => {
    const { page } = j.phone;
    await resetBrowser(page);
    // Every frame until the live page is in: the prerendered form or the live one, never a
    // spinner; the boxes of the first frame of each.
    await page.addInitScript(() => {
      type Box = { x: number; y: number; width: number; height: number } | null;
      const w = window as unknown as { __seen: string[]; __boxes: Record<string, Record<string, Box>> };
      w.__seen = [];
      w.__boxes = {};
      const box = (sel: string): Box => {
        const r = document.querySelector(sel)?.getBoundingClientRect();
        return r ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
      };
      const look = () => {
        const root = document.getElementById('root');
        if (root?.firstElementChild) {
          const state = root.querySelector('[data-prerendered]') ? 'prerendered' : root.querySelector('form') ? 'live' : 'other';
          w.__seen.push(state);
          w.__boxes[state] ??= {
            h1: box('h1'),
            tabs: box('[role="tablist"]'),
            mobile: box('input[name="mobile"]'),
            submit: box('button[type="submit"]'),
          };
        }
        if (w.__seen.at(-1) !== 'live') requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.goto('/login');
    await page.waitForFunction(() => (window as unknown as { __seen: string[] }).__seen.at(-1) === 'live');
    const { seen, boxes } = await page.evaluate(() => {
      const w = window as unknown as { __seen: string[]; __boxes: Record<string, unknown> };
      return { seen: w.__seen, boxes: w.__boxes };
    });
    expect(seen[0]).toBe('prerendered');
    expect(seen.filter((s) => s === 'other')).toEqual([]);
    expect(boxes.live).toEqual(boxes.prerendered);
    expect(await page.locator('[data-prerendered]').count()).toBe(0);

    // the live form takes input
    const mobile = page.getByPlaceholder('请输入手机号');
    await mobile.fill('13800138000');
    expect(await mobile.inputValue()).toBe('13800138000');
    await screenshot(page, 'login-after-script');
  });

  it('never shows the login markup on a visit to another page', async () => {
    const { page } = j.phone;
    await resetBrowser(page);
    // the app's code held back: what shows is what the HTML and its inline script decided
    await page.route('**/assets/*.js', (route) => route.abort());
    try {
      await page.goto('/agreement');
      expect(await page.locator('[data-prerendered]').isVisible()).toBe(false);
      await page.goto('/flow'); // a visitor is sent to /login: the markup is right
      expect(await page.locator('[data-prerendered]').isVisible()).toBe(true);
      await page.evaluate(() => localStorage.setItem('sim_token', 'any'));
      await page.goto('/login'); // a logged-in user is sent on
      expect(await page.locator('[data-prerendered]').isVisible()).toBe(false);
      await page.evaluate(() => localStorage.removeItem('sim_token'));
    } finally {
      await page.unroute('**/assets/*.js');
    }
    await page.goto('/agreement');
    await waitForPath(page, '/agreement');
    await page.getByRole('heading').first().waitFor();
    expect(await page.locator('[data-prerendered]').count()).toBe(0);
    expect(j.errors).toEqual([]);
  });
});

describe('a cold visit to each page a holder opens most, logged in', () => {
  let storage: HolderStorage;
  const j = useJourney(async ({ phone, portal }) => {
    storage = await holderStorage(phone.browser, portal.baseUrl, DEMO);
  });

  // docs/decisions/0063-every-page-as-light-as-login.md: what Chromium fetched before the page
  // settled (the page's own lazy pieces included, nothing a tap would bring), each file's gzip size
  // in the build. A page over its budget fails here, not in a phone's hand.
  it.each(HOLDER_PAGES)('$path loads no more script files and gzip bytes than its budget (scripts/bench/pages.ts)', async ({ path }) => {
    const budget = PAGE_COLD_JS_BUDGETS[path];
    const v = await coldVisit(j.phone.browser, j.portal.baseUrl, storage, path, webDist, { quietMs: 300, maxWaitMs: 15_000 });
    const files = v.js.map((f) => `${f.file} ${f.gzip} B`).join(', ');
    expect(v.landedOn, `${path} is shown, not redirected`).toBe(path);
    expect(v.js.length, `${path}: ${files}`).toBeLessThanOrEqual(budget.files);
    expect(v.jsGzip, `${path}: ${files}`).toBeLessThanOrEqual(budget.gzipBytes);
  });

  // apps/web/build/firstPaint.ts: the page's first reads go out before its files (over HTTP/1.1 the
  // files took the browser's six connections and the small answers waited), each is asked once (the
  // page takes the answer over), and the stylesheet inlined in index.html is not fetched again when
  // the page's code is imported (the import waited for that fetch).
  it('/flow asks its first reads before its files and once each, and fetches no stylesheet twice', async () => {
    const context = await j.phone.browser.newContext({ ...phoneContext, baseURL: j.portal.baseUrl, storageState: storage });
    try {
      const page = await context.newPage();
      const asked: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.origin === new URL(j.portal.baseUrl).origin) asked.push(url.pathname + url.search);
      });
      await page.goto('/flow');
      await page.getByText('剩余流量').first().waitFor();
      await page.waitForLoadState('networkidle');
      const reads = [
        '/api/v2/application/info?custom_num=1000000001',
        '/api/v2/card/flow?custom_num=1000000001',
        '/api/v2/card_flow?custom_num=1000000001&days=30',
      ];
      for (const read of reads)
        expect(
          asked.filter((a) => a === read),
          read,
        ).toHaveLength(1);
      const firstRead = Math.min(...reads.map((r) => asked.indexOf(r)));
      const files = asked.filter((a) => a.startsWith('/assets/'));
      // the entry's script goes first; every other file of the page after the reads
      expect(asked.slice(0, firstRead).filter((a) => a.startsWith('/assets/')).length, asked.join('\n')).toBeLessThanOrEqual(1);
      const css = files.filter((f) => f.endsWith('.css'));
      expect(new Set(css).size, css.join(', ')).toBe(css.length);
      const inlined = /<link rel="stylesheet" href="([^"]+)" disabled>/.exec(readFileSync(join(webDist, 'index.html'), 'utf8'))?.[1];
      expect(inlined, 'index.html keeps the inlined stylesheet as a disabled link').toBeTruthy();
      expect(asked).not.toContain(inlined);
      expect(j.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
