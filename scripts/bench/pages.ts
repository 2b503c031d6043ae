// A cold visit to each page a card holder opens most, logged in as the demo holder: the JavaScript
// the browser fetched before the page settled (files, gzip bytes of the build's files, the bytes it
// actually downloaded), and what a phone feels — LCP, TBT (the sum of every long task's time
// beyond 50 ms, from the navigation until the page settled) and CLS (layout shifts without input).
// One fresh browser context per visit: an empty HTTP cache, the holder's local storage only.
// Used by `npm run bench` (section (g), medians of three, CPU 4× slower and a slow-4G network as
// Lighthouse's mobile run) and by the cold-load budget journey (e2e/journeys/firstLoad.e2e.test.ts:
// files and bytes only). docs/decisions/0063-every-page-as-light-as-login.md.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContextOptions, Request } from 'playwright-core';
import { PHONE_CONTEXT } from '../../e2e/phone';
import { FIRST_SCREEN_COOKIE } from '../../packages/contract/src/firstScreen';
import { mainThreadBeforeFcp, type MainThreadBeforeFcp, type TraceEvent } from './mainThread';

/** what a trace of a visit records: the main thread's tasks and the paint marks (./mainThread) */
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'v8.execute', 'blink.user_timing'];

/** The pages a holder opens most (their paths in apps/web/src/config/routes.ts), /login first. */
export const HOLDER_PAGES = [
  { name: 'home', path: '/' },
  { name: 'card list', path: '/card_list' },
  { name: 'flow', path: '/flow' },
  { name: 'card check', path: '/card_check' },
  { name: 'cpe', path: '/cpe' },
  { name: 'shopping', path: '/shopping' },
  { name: 'order', path: '/order' },
  { name: 'chat', path: '/chat' },
  { name: 'messages', path: '/messages' },
  { name: 'combo', path: '/combo' },
  { name: 'mine', path: '/mine' },
] as const;

/**
 * Budgets of a cold visit (docs/decisions/0063): script files and gzip bytes (1000 B to the kB, as
 * /login's). The goal is every page within 90 kB in ≤ 8 files. Since the H5 renders with Preact
 * (docs/decisions/0079-the-h5-renders-with-preact.md: the entry 76.5 → 19.0 kB, of which Preact
 * with compat ~10 kB instead of React 19's 67.5 kB) each page is at 65–77 kB; the budgets are what
 * each loads now plus ~1 kB of room (rounded up to 500 B) — since a returning visit paints what the
 * page last showed (docs/decisions/0080), each page +0.5–0.7 kB for keeping it: growth past it fails the journey
 * (e2e/journeys/firstLoad) and scripts/bench/pageBudgets.test.ts.
 */
export const PAGE_COLD_JS_BUDGETS: Record<(typeof HOLDER_PAGES)[number]['path'], { files: number; gzipBytes: number }> = {
  // before Preact (docs/decisions/0078): 123.2–134.1 kB each, in the same files
  '/': { files: 8, gzipBytes: 73_000 },
  '/card_list': { files: 6, gzipBytes: 70_500 },
  '/flow': { files: 6, gzipBytes: 70_000 },
  '/card_check': { files: 6, gzipBytes: 70_000 },
  '/cpe': { files: 7, gzipBytes: 77_000 },
  // antd-mobile's picker and sheet on a tap, the order pieces in one file, the address form in
  // another (docs/decisions/0078)
  '/shopping': { files: 8, gzipBytes: 79_000 },
  '/order': { files: 8, gzipBytes: 78_000 },
  '/chat': { files: 6, gzipBytes: 71_500 },
  '/messages': { files: 5, gzipBytes: 68_000 },
  '/combo': { files: 8, gzipBytes: 70_000 },
  '/mine': { files: 6, gzipBytes: 71_000 },
};
/** /login: the entry and its page (docs/decisions/0074: no `common` file since); 79.7 kB on React,
 *  22.1 kB on Preact (docs/decisions/0079) */
export const LOGIN_JS_BUDGET = { files: 2, gzipBytes: 23_500 } as const;

export interface ColdVisit {
  path: string;
  /** where the visit ended (a guard may redirect) */
  landedOn: string;
  /** the script files fetched, in order */
  js: { file: string; gzip: number; downloaded: number }[];
  jsGzip: number;
  jsDownloaded: number;
  lcpMs: number;
  /** what painted the LCP (tag, class, text or src, shortened) */
  lcpElement: string;
  tbtMs: number;
  /** the long tasks that ran before the first contentful paint (ms each) */
  longBeforeFcp: number[];
  fcpMs: number;
  cls: number;
  /** each layout shift's value and the elements that moved */
  shifts: { value: number; sources: string[] }[];
  /** the main thread's work before FCP by kind (VisitOptions.trace; ./mainThread) */
  mainThread?: MainThreadBeforeFcp;
}

export interface VisitOptions {
  /** Chromium's CPU slowed down this many times (1: as it is) */
  cpuSlowdown?: number;
  /** Lighthouse's simulated mobile network: 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up */
  slow4g?: boolean;
  /** how long the page must have been quiet (no request, no long task) to count as settled */
  quietMs?: number;
  /** the longest wait for that quiet (default 30 s) */
  maxWaitMs?: number;
  /** record a trace of the visit and break down the main thread's work before FCP (./mainThread) */
  trace?: boolean;
}

/** Records LCP, CLS, long tasks and FCP from before the page's first script. Plain JavaScript in a
 *  string: a function would be passed as its source, with whatever helpers tsx compiled into it. */
const OBSERVE_PERFORMANCE = `(() => {
  const perf = (window.__perf = { lcp: 0, lcpEl: '', fcp: 0, long: [], shifts: [] });
  const describe = (el) => {
    if (!el || !el.tagName) return '?';
    const cls = typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\\s+/).join('.') : '';
    const src = el.getAttribute('src');
    const text = (el.textContent || '').trim().slice(0, 24);
    // (server): an element of the first screen the server put in the HTML (docs/decisions/0082);
    // (painted): of a returning visit's snapshot the phone kept (0080); neither: of the live page
    const painted = el.closest && el.closest('#page-snapshot') ? (document.querySelector('meta[name="first-screen"]') ? '(server) ' : '(painted) ') : '';
    return painted + el.tagName.toLowerCase() + cls + (src ? ' src=' + src.slice(0, 48) : text ? ' "' + text + '"' : '');
  };
  const watch = (type, each) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({ type, buffered: true });
    } catch (e) {}
  };
  watch('largest-contentful-paint', (e) => { perf.lcp = e.startTime; perf.lcpEl = describe(e.element); });
  watch('paint', (e) => { if (e.name === 'first-contentful-paint') perf.fcp = e.startTime; });
  watch('longtask', (e) => perf.long.push({ start: e.startTime, duration: e.duration }));
  watch('layout-shift', (e) => {
    if (!e.hadRecentInput) perf.shifts.push({ value: e.value, sources: (e.sources || []).map((x) => describe(x.node)) });
  });
})()`;

interface Observed {
  lcp: number;
  lcpEl: string;
  fcp: number;
  long: { start: number; duration: number }[];
  shifts: { value: number; sources: string[] }[];
}

/** The holder's local storage as the app keeps it after a login (a Playwright storage state). */
export type HolderStorage = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/** One cold visit to `path` in a fresh context of `browser` (375×667 phone). */
export async function coldVisit(
  browser: Browser,
  baseUrl: string,
  storage: HolderStorage | undefined,
  path: string,
  webDist: string,
  opts: VisitOptions = {},
): Promise<ColdVisit> {
  const context = await browser.newContext({ ...PHONE_CONTEXT, baseURL: baseUrl, storageState: storage });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: OBSERVE_PERFORMANCE });
    const cdp = await context.newCDPSession(page);
    if ((opts.cpuSlowdown ?? 1) > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: opts.cpuSlowdown! });
    if (opts.slow4g) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
    }
    const scripts: Promise<{ file: string; downloaded: number }>[] = [];
    let lastActivity = Date.now();
    let inFlight = 0;
    // a live stream (/chat's EventSource) stays open while the page does: not what loading waits on
    const counted = (req: Request) => req.resourceType() !== 'eventsource';
    page.on('request', (req) => {
      if (!counted(req)) return;
      inFlight++;
      lastActivity = Date.now();
    });
    const done = (req: Request) => {
      if (!counted(req)) return;
      inFlight--;
      lastActivity = Date.now();
    };
    page.on('requestfailed', done);
    page.on('requestfinished', (req) => {
      done(req);
      if (req.resourceType() !== 'script') return;
      const url = new URL(req.url());
      if (url.origin !== new URL(baseUrl).origin) return;
      scripts.push(req.sizes().then((s) => ({ file: url.pathname.slice(1), downloaded: s.responseBodySize })));
    });
    const browser = context.browser();
    if (opts.trace && browser) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.goto(path, { waitUntil: 'commit', timeout: 120_000 });
    // settled: no request in flight or started, and no long task, for quietMs
    const quietMs = opts.quietMs ?? 1000;
    // (a page that keeps asking is taken as settled after maxWaitMs)
    const until = Date.now() + (opts.maxWaitMs ?? 30_000);
    while (Date.now() < until) {
      const lastLong = await page.evaluate(() => {
        const p = (window as unknown as { __perf: Observed }).__perf;
        const l = p.long.at(-1);
        return l ? performance.now() - (l.start + l.duration) : Infinity;
      });
      if (inFlight <= 0 && Date.now() - lastActivity >= quietMs && lastLong >= quietMs) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const perf = await page.evaluate(() => (window as unknown as { __perf: Observed }).__perf);
    const mainThread =
      opts.trace && browser
        ? mainThreadBeforeFcp((JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents)
        : undefined;
    const fetched = await Promise.all(scripts);
    const js = fetched.map((f) => ({ ...f, gzip: gzipSync(readFileSync(join(webDist, f.file))).length }));
    return {
      path,
      landedOn: new URL(page.url()).pathname,
      js,
      jsGzip: js.reduce((n, f) => n + f.gzip, 0),
      jsDownloaded: js.reduce((n, f) => n + f.downloaded, 0),
      lcpMs: perf.lcp,
      lcpElement: perf.lcpEl,
      fcpMs: perf.fcp,
      tbtMs: perf.long.reduce((n, t) => n + Math.max(0, t.duration - 50), 0),
      longBeforeFcp: perf.long.filter((t) => t.start < perf.fcp).map((t) => Math.round(t.duration)),
      cls: perf.shifts.reduce((n, s) => n + s.value, 0),
      shifts: perf.shifts,
      mainThread,
    };
  } finally {
    await context.close();
  }
}

/** The demo holder's storage after a real login through the app's form (as the e2e journeys do). */
export async function holderStorage(
  browser: Browser,
  baseUrl: string,
  login: { account: string; password: string },
): Promise<HolderStorage> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.goto('/login?login_model=account');
    await page.getByPlaceholder('请输入账号').fill(login.account);
    await page.getByPlaceholder('请输入密码').fill(login.password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('current-card').waitFor();
    return withoutSnapshots(await context.storageState());
  } finally {
    await context.close();
  }
}

/** The storage without any page's snapshot (apps/web/src/lib/pageSnapshot.ts): a first visit. */
function withoutSnapshots(storage: HolderStorage): HolderStorage {
  return {
    ...storage,
    origins: storage.origins.map((o) => ({ ...o, localStorage: o.localStorage.filter((e) => !e.name.startsWith('sim_snap:')) })),
  };
}

/**
 * The holder's storage after they have seen `path` once (its data shown and kept: the page's
 * snapshot, apps/web/src/lib/pageSnapshot.ts), for a returning visit on a cold HTTP cache — a holder
 * who opens the portal again from the messaging app days later — on a phone that sends no cookie
 * (the kept snapshot's own path: with the cookie the server's first screen is painted instead).
 */
export async function returningStorage(browser: Browser, baseUrl: string, storage: HolderStorage, path: string): Promise<HolderStorage> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 375, height: 667 },
    isMobile: true,
    hasTouch: true,
    storageState: storage,
  });
  try {
    const page = await context.newPage();
    await page.goto(path, { waitUntil: 'networkidle' });
    // a moment to look at it, then away (a page that asks nothing is kept as the holder leaves)
    await page.waitForTimeout(1500);
    await page.goto('/healthz');
    const state = await context.storageState();
    const kept = state.origins.some((o) => o.localStorage.some((e) => e.name === `sim_snap:${path}`));
    if (!kept) throw new Error(`${path} was not kept after a visit (apps/web/src/lib/pageSnapshot.ts)`);
    // what the phone kept alone: without the cookie that asks the server for the first screen,
    // which it would paint instead (the first visit measures that one)
    return { ...state, cookies: state.cookies.filter((c) => c.name !== FIRST_SCREEN_COOKIE) };
  } finally {
    await context.close();
  }
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

/** The median of each figure over several visits of one page (each figure on its own). */
export function medianVisit(visits: ColdVisit[]) {
  return {
    path: visits[0]!.path,
    landedOn: visits.map((v) => v.landedOn).join(' '),
    jsFiles: median(visits.map((v) => v.js.length)),
    jsGzip: median(visits.map((v) => v.jsGzip)),
    jsDownloaded: median(visits.map((v) => v.jsDownloaded)),
    lcpMs: median(visits.map((v) => v.lcpMs)),
    tbtMs: median(visits.map((v) => v.tbtMs)),
    /** the time of the long tasks before the first contentful paint, in all */
    longBeforeFcpMs: median(visits.map((v) => v.longBeforeFcp.reduce((n, d) => n + d, 0))),
    fcpMs: median(visits.map((v) => v.fcpMs)),
    cls: median(visits.map((v) => v.cls)),
    lcpElement: visits.map((v) => v.lcpElement).sort()[Math.floor((visits.length - 1) / 2)]!,
  };
}
