// Shared steps of the browser journeys: how a card holder logs in, and what the app stored.
// No sleeps: every step waits for a URL, an element or a condition.
import type { BrowserContext, Page, Request, Route } from 'playwright-core';
import type { Portal } from '../harness';

export const DEMO = { mobile: '13800138000', account: 'demo', password: 'demo1234', card: '1000000001', cardPassword: '123456' } as const;

/** Local storage as the app keeps it (keys are prefixed "sim_"). */
export async function stored(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i)!;
      out[k] = localStorage.getItem(k)!;
    }
    return out;
  });
}

/**
 * A clean browser state: the storage of the portal's origin cleared on its health answer, a plain
 * JSON document of the same origin — no app runs there, so nothing redirects or writes while
 * clearing, and the browser does not load the whole app only to leave it (the app's 404 page cost
 * a page load of the app's script before every test: about a third of a second of the browser's CPU).
 */
export async function resetBrowser(page: Page): Promise<void> {
  await page.goto('/healthz');
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

export async function acceptAgreement(page: Page): Promise<void> {
  await page.getByRole('checkbox').check();
}

export async function submitLogin(page: Page): Promise<void> {
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((u) => u.pathname === pathname);
}

export async function loginWithAccount(page: Page, account: string = DEMO.account, password: string = DEMO.password): Promise<void> {
  await page.goto('/login?login_model=account');
  await page.getByPlaceholder('请输入账号').fill(account);
  await page.getByPlaceholder('请输入密码').fill(password);
  await acceptAgreement(page);
  await submitLogin(page);
  await waitForPath(page, '/');
  await page.getByTestId('current-card').waitFor();
}

export async function loginWithCard(page: Page, card: string = DEMO.card, password: string = DEMO.cardPassword): Promise<void> {
  await page.goto('/login?login_model=customNum');
  await page.getByPlaceholder('请输入卡号').fill(card);
  await page.getByPlaceholder('请输入4-6位数字卡密码').fill(password);
  await acceptAgreement(page);
  await submitLogin(page);
  await waitForPath(page, '/');
  await page.getByTestId('current-card').waitFor();
}

export async function loginWithMobile(page: Page, portal: Portal, mobile: string = DEMO.mobile): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('请输入手机号').fill(mobile);
  const before = portal.lastSmsId();
  await page.getByRole('button', { name: '获取验证码' }).click();
  const code = await portal.latestSmsCode(mobile, { afterId: before });
  await page.getByPlaceholder('请输入验证码').fill(code);
  await acceptAgreement(page);
  await submitLogin(page);
  await waitForPath(page, '/');
  await page.getByTestId('current-card').waitFor();
}

/** The card number shown on home, without the grouping spaces. */
export async function currentCardOnHome(page: Page): Promise<string> {
  return (await page.getByTestId('current-card').innerText()).replace(/\s+/g, '');
}

// ---------- card gates ----------

/** Records every in-app navigation (history push/replace) of each document in `window.__visited`,
 *  so a journey can prove the app went to a page even when that page then redirects (a page not
 *  built yet falls to /404). Call once per browser context, before the pages load. */
export async function trackNavigations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __visited: string[] };
    w.__visited = [location.pathname + location.search];
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
        original(data, unused, url);
        w.__visited.push(location.pathname + location.search);
      };
    }
    window.addEventListener('popstate', () => w.__visited.push(location.pathname + location.search));
  });
}

/** Waits until the app has navigated to `path` (query ignored unless given) in this document. */
export async function waitForVisit(page: Page, pathAndQuery: string): Promise<void> {
  await page.waitForFunction(
    (want) =>
      (window as unknown as { __visited?: string[] }).__visited?.some((v) => (want.includes('?') ? v === want : v.split('?')[0] === want)),
    pathAndQuery,
  );
}

/** The redirect prompt (features/gating): its reason, its countdown and its two buttons. */
export function redirectPrompt(page: Page) {
  const dialog = page.locator('.adm-dialog-body').filter({ has: page.getByTestId('redirect-prompt') });
  return {
    dialog,
    message: dialog.locator('p').first(),
    countdown: page.getByTestId('prompt-countdown'),
    confirm: dialog.getByRole('button', { name: '立即前往' }),
    cancel: dialog.getByRole('button', { name: '取消' }),
  };
}

/** Logs in with a card number for an agent (the acme cards need their mark). */
export async function loginWithCardOf(page: Page, card: string, mark?: string): Promise<void> {
  await page.goto(`/login?login_model=customNum${mark ? `&mark=${mark}` : ''}`);
  await page.getByPlaceholder('请输入卡号').fill(card);
  await page.getByPlaceholder('请输入4-6位数字卡密码').fill(DEMO.cardPassword);
  await acceptAgreement(page);
  await submitLogin(page);
  await waitForPath(page, '/');
  await page.getByTestId('current-card').waitFor();
}

/** A card number as the pages print it: grouped by four ("1000 0000 01"). */
export const grouped = (customNum: string): string => customNum.replace(/(\d{4})(?=\d)/g, '$1 ');

/** Opens /combo and picks the package of that name: on /combo_detail, before its quote. */
export async function openPackage(page: Page, name: string): Promise<void> {
  await page.goto('/combo');
  await page
    .getByTestId('package')
    .filter({ has: page.getByTestId('package-name').getByText(name, { exact: true }) })
    .click();
  await waitForPath(page, '/combo_detail');
}

/** Picks a pay channel, presses the pay bar's button and, at the sandbox cashier, 确认支付: on /pay_success. */
export async function payAtSandboxCashier(page: Page, channel: string): Promise<void> {
  await page.getByRole('radio', { name: channel }).check();
  await page.getByRole('button', { name: /立即(支付|充值|购买)/ }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/sim/pay/cashier/'));
  await page.getByRole('button', { name: '确认支付' }).click();
  await waitForPath(page, '/pay_success');
}

/** Picks a pay channel and presses the pay bar's button: at the sandbox cashier, before pressing one of its buttons. */
export async function openSandboxCashier(page: Page, channel: string): Promise<void> {
  await page.getByRole('radio', { name: channel }).check();
  await page.getByRole('button', { name: /立即(支付|充值|购买)/ }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/sim/pay/cashier/'));
}

/**
 * Picks a region in the open region picker (features/addresses' RegionPicker), one wheel item at a
 * time. A tap on a wheel's item selects it (dispatched: the wheel moves its items by transform, out
 * of the pointer's reach until scrolled). The wheel settles its value when its scroll animation
 * ends, so a tap during the previous animation can be undone: tap until the item is the active one.
 * Then 确定.
 */
export async function pickRegion(page: Page, ...names: string[]): Promise<void> {
  for (const name of names) {
    const exact = new RegExp(`^${name}$`);
    const active = page.locator('.adm-picker-view-column-item-active').filter({ hasText: exact });
    for (let tries = 0; (await active.count()) === 0; tries++) {
      if (tries > 30) throw new Error(`the region picker never settled on ${name}`);
      await page.locator('.adm-picker-view-column-item').filter({ hasText: exact }).first().dispatchEvent('click');
      await page.waitForTimeout(400);
    }
  }
  await page.locator('.adm-picker-header-button').filter({ hasText: '确定' }).click();
}

interface RequestCount {
  inFlight: number;
  /** when a request last started or ended, or the journey last navigated (ms) */
  lastChange: number;
}
const requestCounts = new WeakMap<Page, RequestCount>();

function requestCount(page: Page): RequestCount {
  let count = requestCounts.get(page);
  if (!count) {
    const c: RequestCount = { inFlight: 0, lastChange: Date.now() };
    // A live stream (/chat's EventSource) is open as long as the page is: counted, it kept every
    // page after /chat "busy" until the 30 s limit below, in every journey that tours the pages.
    const counted = (req: Request) => req.resourceType() !== 'eventsource';
    page.on('request', (req) => {
      if (!counted(req)) return;
      c.inFlight++;
      c.lastChange = Date.now();
    });
    const ended = (req: Request) => {
      if (!counted(req)) return;
      c.inFlight = Math.max(0, c.inFlight - 1);
      c.lastChange = Date.now();
    };
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    requestCounts.set(page, (count = c));
  }
  return count;
}

/**
 * Opens `url` as a tap inside the running app does — a new entry of the app's own history, which
 * its router follows — instead of loading the app again; the app's first load (or a page that is
 * not the app) goes through `page.goto`. Then waits as Playwright's `networkidle` does (no request
 * for 500 ms), which a navigation without a document load never reaches on its own. For journeys
 * that open many pages one after another only to look at each (axe, the floating button's
 * geometry): what they check is the page as rendered, and a full load of the app per page cost
 * the browser about a third of a second of CPU each, and axe's 550 kB script injected again.
 */
export async function openInApp(page: Page, url: string): Promise<void> {
  const count = requestCount(page);
  const onApp = await page
    .evaluate(() => typeof (history.state as { idx?: unknown } | null)?.idx === 'number' && !!document.getElementById('root')?.firstChild)
    .catch(() => false);
  if (!onApp) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    return;
  }
  count.lastChange = Date.now();
  await page.evaluate((to) => {
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, url);
  const until = Date.now() + 30_000;
  while (Date.now() < until && !(count.inFlight === 0 && Date.now() - count.lastChange >= 500)) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The build's scripts and stylesheets held back until the returned function is called: the
 *  page's code on its way (what a painted page shows before it comes). */
export async function holdBuildFiles(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const hold = async (route: Route) => {
    await released;
    await route.continue().catch(() => {});
  };
  const files = /\/assets\/.*\.(js|css)$/;
  await page.route(files, hold);
  return async () => {
    release();
    await page.unroute(files, hold);
  };
}

/**
 * `path` painted (a kept snapshot or the server's first screen) while the page's code never comes:
 * after 15 s the painted page says so and offers a reload, which brings the live page.
 */
export async function paintedPageWithoutItsCode(
  page: Page,
  path: string,
  text: string,
  shot: (page: Page) => Promise<unknown>,
): Promise<void> {
  await page.route('**/assets/*.js', (route) => route.abort('internetdisconnected'));
  await page.clock.install();
  await page.goto(path, { waitUntil: 'commit' });
  await page.locator('#page-snapshot').getByText(text).first().waitFor();
  await page.clock.runFor(16_000);
  const alert = page.getByRole('alert');
  await alert.getByText('页面加载失败，请检查网络').waitFor();
  await shot(page);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await alert.getByRole('button', { name: '重新加载' }).click();
  await page.locator('#root').getByText(text).first().waitFor();
  await page.locator('#page-snapshot').waitFor({ state: 'detached' });
}
