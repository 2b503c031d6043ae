/**
 * Browser-journey harness: a real server process on a database of its own, and Debian's Chromium
 * dressed up as a phone. Used by e2e/**\/*.e2e.test.ts (vitest project `e2e`) and scripts/bench.
 *
 * API
 *   startPortal(opts?): Promise<Portal>
 *     Spawns the compiled server, `node apps/server/dist/main.js` (`npm run build`), from the repo
 *     root, as production and the Docker image run it: what ships is what the journeys test.
 *     TEST_SERVER_SOURCE=1 runs `apps/server/src/main.ts` through tsx instead (local debugging only:
 *     no build step between an edit and a journey); a build older than the source is refused
 *     (scripts/test/serverEntry.ts). It listens on a free loopback port with a
 *     temporary SQLite file as DATABASE_URL: a copy of the run's prepared database (migrated and
 *     seeded once per run by e2e/globalSetup.ts, see prepareDatabase) when there is one, so the
 *     server finds it migrated and seeded and skips both; otherwise an empty file the server
 *     migrates and seeds on start. Waits until GET /healthz answers, and returns:
 *       baseUrl        'http://127.0.0.1:<port>'
 *       port, databaseUrl (the SQLite file path)
 *       stop()         SIGTERM (SIGKILL after 10 s), then deletes the temporary database
 *       latestSmsCode(mobile, opts?)  the 6-digit code of the newest sim_sms_outbox row for that
 *                      mobile; waits up to opts.timeoutMs (5 s) for one newer than opts.afterId
 *       lastSmsId()    id of the newest sim_sms_outbox row (0 if none): pass as afterId to be sure
 *                      to read the code of the SMS you are about to request
 *       sql(query, params?)  runs SQL on the same database (node:sqlite): rows for a SELECT
 *                      (or RETURNING), else { changes }. E.g. forced logout:
 *                      portal.sql('UPDATE sessions SET revoked_at = ? WHERE revoked_at IS NULL', [new Date().toISOString()])
 *       output()       everything the server printed so far (for debugging a failed journey)
 *     Requires apps/web/dist (`npm run build`; `npm run test:e2e` builds first) unless
 *     opts.requireWeb is false. opts.env adds/overrides server environment variables.
 *
 *   prepareDatabase(): Promise<PreparedDatabase>
 *     Starts the server once on an empty file and stops it: the file is then migrated and seeded
 *     as every journey's server would make it. e2e/globalSetup.ts calls it once per run and names
 *     the file in E2E_PREPARED_DB (and its day in E2E_PREPARED_DAY) for startPortal to copy.
 *
 *   openPhone(portal, opts?): Promise<Phone>  — { browser, context, page, close() }
 *     A new browser context (its own cookies, storage and cache) in this process's one Chromium:
 *     playwright-core's chromium: Debian's chromium-headless-shell, else /usr/bin/chromium (CHROMIUM_PATH overrides,
 *     E2E_FULL_BROWSER=1 picks the full one; benches call useFullBrowser()), headless,
 *     launched at the first openPhone/openDesktop and kept for every later file of the same vitest
 *     worker (the e2e projects do not isolate files). It ends with the worker, or closeBrowser();
 *     e2e/setup.ts closes the contexts a file left open (closeContexts). The context: 375×667 CSS
 *     px, isMobile, hasTouch, deviceScaleFactor 2, zh-CN, Asia/Shanghai, an Android Chrome user
 *     agent, baseURL = portal.baseUrl (so page.goto('/login') works). opts.userAgent replaces the
 *     UA (e.g. to look like WeChat); opts.storageState seeds storage. close() closes the context,
 *     never the shared browser.
 *
 *   screenshot(page, name): Promise<string>  — full-page PNG at e2e/screenshots/<name>.png
 *     (gitignored), except on CI (screenshotsWanted); returns the path. saveScreenshot always writes.
 *
 * Typical journey:
 *   let portal: Portal; let phone: Phone;
 *   beforeAll(async () => { portal = await startPortal(); phone = await openPhone(portal); });
 *   afterAll(async () => { await phone?.close(); await portal?.stop(); });
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { serverEntry } from '../scripts/test/serverEntry';
import { watchPage, watchServer } from './failureReport';
import { chromiumArgs, scratchRoot } from './machine';
import { PHONE_CONTEXT } from './phone';
export { chromiumArgs };

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const webDist = join(repoRoot, 'apps/web/dist');
export const screenshotDir = join(repoRoot, 'e2e/screenshots');
/** Debian's full Chromium: what the benches measure, as a phone's Chrome loads a page. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** Debian's package chromium-headless-shell: the same Chromium (Blink, V8, version) without the browser's own UI. */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * What the journeys drive: the headless shell when installed (below), else the full Chromium
 * (CHROMIUM_PATH overrides both). A page costs the shell about half the CPU of the full
 * browser's headless mode (which runs the whole browser, its UI renderer included): measured 6.2 s
 * against 11.9 s for the same eleven page loads, and the browser is most of a run's CPU
 * (docs/test-suite-speed.md). The pages, their script
 * and their layout are the same engine's; Playwright's own headless default is the same shell.
 * A bench that measures what a phone's Chrome does calls useFullBrowser() before its first page.
 */
// The journeys drive the shell when it is installed; E2E_FULL_BROWSER=1 drives the full browser.
// (Two whole runs once failed the invitation poster in the shell: the cause was the test's QR
// decoder, which misses some valid codes in a whole picture in either browser, not the shell;
// docs/decisions/0064.)
let journeyBrowserPath =
  process.env.CHROMIUM_PATH || (process.env.E2E_FULL_BROWSER !== '1' && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumPath);

/** Every later openPhone/openDesktop of this process in the full Chromium (benches). */
export function useFullBrowser(): void {
  journeyBrowserPath = chromiumPath;
}

export const MOBILE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

export interface StartPortalOptions {
  /** extra/overriding environment for the server (PORT and DATABASE_URL are set by the harness) */
  env?: Record<string, string>;
  /** fail unless apps/web/dist exists (default true) */
  requireWeb?: boolean;
  /** an empty database the server migrates and seeds, even when the run has a prepared one (default false) */
  freshDatabase?: boolean;
  /** how long to wait for /healthz (default 60 s) */
  startTimeoutMs?: number;
  /** keep the temporary database directory after stop() (default false) */
  keepData?: boolean;
  /** echo server output to this process's stderr as it comes (default: env E2E_SERVER_LOG=1) */
  echo?: boolean;
}

export interface Portal {
  baseUrl: string;
  port: number;
  databaseUrl: string;
  pid: number;
  stop(): Promise<void>;
  latestSmsCode(mobile: string, opts?: { afterId?: number; timeoutMs?: number }): Promise<string>;
  lastSmsId(): number;
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): T[] | { changes: number };
  output(): string;
}

export interface Phone {
  /** the shared Chromium (a journey may open contexts of its own in it; never close it) */
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** closes this phone's context */
  close(): Promise<void>;
}

/** A free TCP port on the loopback interface (the OS picks; tiny race until the server binds). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Children still running when the test process exits (a crashed test, Ctrl-C) get killed.
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/**
 * The environment a journey's server gets unless the journey overrides it. The demo data seeded
 * depends on NODE_ENV and PASSWORD_HASH_COST (the demo passwords' hashes) and SEED_DEMO: a
 * journey that sets one of them gets a database seeded by its own server, not the prepared copy.
 */
const SERVER_ENV = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  // a test run's password hash cost (docs/decisions/0022): demo logins without 2^17's tenth of a second
  NODE_ENV: 'test',
  PASSWORD_HASH_COST: '10',
};
const SEED_ENV = ['NODE_ENV', 'PASSWORD_HASH_COST', 'SEED_DEMO'];

/**
 * The calendar day a database was seeded on, in UTC and in the holders' time zone: demo data is
 * laid out around "today" (usage days, plan ends), so a copy is used only on the day it was made.
 */
export function seedDay(now = new Date()): string {
  return `${now.toISOString().slice(0, 10)}/${now.toLocaleDateString('en-CA', { timeZone: 'Asia/Shanghai' })}`;
}

/** The run's prepared database for this journey, or null when its server must seed its own. */
function preparedDatabaseFor(env: Record<string, string> | undefined): string | null {
  const file = process.env.E2E_PREPARED_DB;
  if (!file || !existsSync(file)) return null;
  if (process.env.E2E_PREPARED_DAY !== seedDay()) return null;
  if (env && SEED_ENV.some((name) => name in env)) return null;
  return file;
}

export interface PreparedDatabase {
  /** the migrated and seeded SQLite file (nothing beside it: no -wal or -shm file) */
  file: string;
  /** seedDay() when it was seeded */
  day: string;
  /** deletes it */
  remove(): void;
}

/**
 * One migrated and seeded database, made by the server itself (the same build, the same
 * environment as a journey's) so that a copy is exactly what a journey's server would have made.
 */
export async function prepareDatabase(): Promise<PreparedDatabase> {
  const day = seedDay();
  const portal = await startPortal({ requireWeb: false, freshDatabase: true, keepData: true });
  await portal.stop();
  const file = portal.databaseUrl;
  // the server closed the database, which folds the write-ahead log into the file; make sure
  const db = new DatabaseSync(file);
  try {
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  for (const extra of [`${file}-wal`, `${file}-shm`]) rmSync(extra, { force: true });
  return { file, day, remove: () => rmSync(dirname(file), { recursive: true, force: true }) };
}

export async function startPortal(opts: StartPortalOptions = {}): Promise<Portal> {
  if (opts.requireWeb !== false && !existsSync(join(webDist, 'index.html'))) {
    throw new Error(
      `e2e harness: ${webDist}/index.html is missing — build the web app first ` +
        '(`npm run build`; `npm run test:e2e` and `npm test` do it for you).',
    );
  }
  const entry = serverEntry(repoRoot);
  const dataDir = mkdtempSync(join(scratchRoot(), 'portal-e2e-'));
  const databaseUrl = join(dataDir, 'portal.db');
  const prepared = opts.freshDatabase ? null : preparedDatabaseFor(opts.env);
  if (prepared) copyFileSync(prepared, databaseUrl);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const echo = opts.echo ?? process.env.E2E_SERVER_LOG === '1';

  const child = spawn(process.execPath, entry, {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...SERVER_ENV,
      ...opts.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  let out = '';
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    // Keep the last 200 kB: enough to debug, bounded for long benches.
    out = (out + text).slice(-200_000);
    if (echo) process.stderr.write(text);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exitPromise = new Promise<void>((r) =>
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      live.delete(child);
      r();
    }),
  );

  let db: DatabaseSync | null = null;
  const openDb = () => {
    db ??= new DatabaseSync(databaseUrl, { timeout: 5000 });
    return db;
  };

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    try {
      db?.close();
    } catch {}
    db = null;
    if (!exited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exitPromise;
      clearTimeout(timer);
    }
    if (!opts.keepData) rmSync(dataDir, { recursive: true, force: true });
  };

  // Wait for /healthz, failing early (with the server's output) if the process dies.
  const deadline = Date.now() + (opts.startTimeoutMs ?? 60_000);
  for (;;) {
    if (exited) {
      await stop();
      const { code, signal } = exited as { code: number | null; signal: NodeJS.Signals | null };
      throw new Error(`e2e harness: server exited during start (code ${code}, signal ${signal}). Output:\n${out}`);
    }
    try {
      const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`e2e harness: ${baseUrl}/healthz did not answer within ${opts.startTimeoutMs ?? 60_000} ms. Output:\n${out}`);
    }
    await sleep(150);
  }

  const lastSmsId = () => {
    const row = openDb().prepare('SELECT MAX(id) AS id FROM sim_sms_outbox').get() as { id: number | null } | undefined;
    return row?.id ?? 0;
  };

  const latestSmsCode = async (mobile: string, o: { afterId?: number; timeoutMs?: number } = {}) => {
    const until = Date.now() + (o.timeoutMs ?? 5_000);
    const stmt = openDb().prepare('SELECT id, content FROM sim_sms_outbox WHERE mobile = ? AND id > ? ORDER BY id DESC LIMIT 1');
    for (;;) {
      const row = stmt.get(mobile, o.afterId ?? 0) as { id: number; content: string } | undefined;
      const code = row?.content.match(/(?<!\d)(\d{6})(?!\d)/)?.[1];
      if (code) return code;
      if (Date.now() > until) {
        throw new Error(
          row
            ? `e2e harness: newest SMS to ${mobile} has no 6-digit code: ${JSON.stringify(row.content)}`
            : `e2e harness: no SMS to ${mobile} in sim_sms_outbox${o.afterId ? ` after id ${o.afterId}` : ''}`,
        );
      }
      await sleep(100);
    }
  };

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => {
    const stmt = openDb().prepare(query);
    const bind = params as SQLInputValue[];
    if (stmt.columns().length > 0) return stmt.all(...bind) as T[];
    return { changes: Number(stmt.run(...bind).changes) };
  };

  const unwatch = watchServer(baseUrl, () => out);
  child.once('exit', unwatch);
  return {
    baseUrl,
    port,
    databaseUrl,
    pid: child.pid!,
    stop,
    latestSmsCode,
    lastSmsId,
    sql,
    output: () => out,
  };
}

export interface OpenPhoneOptions {
  userAgent?: string;
  storageState?: BrowserContextOptions['storageState'];
  /**
   * Paint a returning holder's page from its stored snapshot before the code comes, as a phone
   * does (apps/web/src/lib/pageSnapshot.ts). Off unless asked: for up to a few seconds the page is
   * then in the document twice (the painted copy and the live page rendering hidden under it), and
   * a journey's text lookup would find both. The snapshot's own journeys ask for it.
   */
  pageSnapshots?: boolean;
}

/**
 * This process's one Chromium, launched at the first phone or desktop and shared by every one
 * after it, in this file and the worker's next ones: a launch costs about a second of CPU, a new
 * context a few milliseconds, and a context is as separate as a browser of its own (cookies,
 * storage, cache). A browser that went away (a crash) is launched anew at the next call.
 */
let sharedBrowser: Promise<Browser> | null = null;

function browser(): Promise<Browser> {
  const executablePath = journeyBrowserPath;
  if (!existsSync(executablePath)) {
    return Promise.reject(new Error(`e2e harness: no Chromium at ${executablePath} (apt-get install chromium, or set CHROMIUM_PATH)`));
  }
  if (!sharedBrowser) {
    const launching = chromium.launch({ executablePath, headless: true, args: chromiumArgs }).then(
      (b) => {
        b.once('disconnected', () => {
          if (sharedBrowser === launching) sharedBrowser = null;
        });
        return b;
      },
      (err: unknown) => {
        sharedBrowser = null;
        throw err;
      },
    );
    sharedBrowser = launching;
  }
  return sharedBrowser;
}

/**
 * Closes the shared Chromium (a script that wants to end without process.exit; the next phone
 * launches another). Not needed in vitest: Playwright kills the browsers it launched when the
 * process exits.
 */
export async function closeBrowser(): Promise<void> {
  const launched = sharedBrowser;
  sharedBrowser = null;
  if (launched) await (await launched.catch(() => null))?.close();
}

/**
 * Closes every context still open in the shared Chromium: e2e/setup.ts does it after each file,
 * so that a file leaves nothing behind for the next one in the worker, as when the browser ended
 * with the file.
 */
export async function closeContexts(): Promise<void> {
  const launched = await sharedBrowser?.catch(() => null);
  await Promise.all((launched?.contexts() ?? []).map((c) => c.close().catch(() => {})));
}

async function open(options: BrowserContextOptions, initScript?: string): Promise<Phone> {
  const shared = await browser();
  const context = await shared.newContext(options);
  try {
    if (initScript) await context.addInitScript({ content: initScript });
    const page = await context.newPage();
    watchPage(page);
    return { browser: shared, context, page, close: () => context.close().catch(() => {}) };
  } catch (err) {
    await context.close().catch(() => {});
    throw err;
  }
}

export function openPhone(portal: Pick<Portal, 'baseUrl'>, opts: OpenPhoneOptions = {}): Promise<Phone> {
  return open(
    {
      ...PHONE_CONTEXT,
      baseURL: portal.baseUrl,
      userAgent: opts.userAgent ?? MOBILE_USER_AGENT,
      storageState: opts.storageState,
    },
    opts.pageSnapshots ? undefined : 'window.__portalNoSnapshot = true',
  );
}

/**
 * A desktop browser for the operator console (docs/decisions/0018): 1440×900, mouse and keyboard,
 * zh-CN, Asia/Shanghai, baseURL = portal.baseUrl (so page.goto('/admin/') works). A context in the
 * same shared Chromium as the phones.
 */
export function openDesktop(portal: Pick<Portal, 'baseUrl'>): Promise<Phone> {
  return open({
    baseURL: portal.baseUrl,
    viewport: { width: 1440, height: 900 },
    screen: { width: 1440, height: 900 },
    // the console then turns antd's animations off (apps/console/src/main.tsx): a click never
    // lands on a dialog or menu that is still moving
    reducedMotion: 'reduce',
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
}

/**
 * Whether the journeys' screenshots are written: they are for a person to look at after a change,
 * and no check reads them, so CI (CI=true, where nobody looks) skips them — each is a full-page
 * capture and PNG encode, about half a second of the browser's CPU, over 400 in a run.
 * E2E_SCREENSHOTS=1 writes them anyway, E2E_SCREENSHOTS=0 never. A failing test's screenshot
 * (e2e/failureReport.ts) is always written: saveScreenshot.
 */
export function screenshotsWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.E2E_SCREENSHOTS === '1') return true;
  if (env.E2E_SCREENSHOTS === '0') return false;
  return !env.CI || env.CI === 'false' || env.CI === '0';
}

export interface ScreenshotOptions {
  /** only what the screen shows (a check of what is under the floating button); default the whole page */
  viewport?: boolean;
}

/**
 * PNG under e2e/screenshots/ (gitignored) when screenshots are wanted (above): the whole page, or
 * what the screen shows. Returns the file path it was or would have been written to.
 */
export async function screenshot(page: Page, name: string, opts: ScreenshotOptions = {}): Promise<string> {
  return screenshotsWanted() ? saveScreenshot(page, name, opts) : screenshotPath(name);
}

/** PNG under e2e/screenshots/, whatever the run: for a failure's report. */
export async function saveScreenshot(page: Page, name: string, opts: ScreenshotOptions = {}): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = screenshotPath(name);
  await page.screenshot({ path: file, fullPage: !opts.viewport });
  return file;
}

function screenshotPath(name: string): string {
  return join(screenshotDir, `${name.replace(/[^\w.-]+/g, '_')}.png`);
}
