/**
 * Browser-journey harness: a real server process on a fresh database, and Debian's Chromium
 * dressed up as a phone. Used by e2e/**\/*.e2e.test.ts (vitest project `e2e`) and scripts/bench.
 *
 * API
 *   startPortal(opts?): Promise<Portal>
 *     Spawns `node --import tsx apps/server/src/main.ts` from the repo root on a free loopback
 *     port with a fresh temporary SQLite file as DATABASE_URL (the server migrates and seeds the
 *     demo data on start), waits until GET /healthz answers, and returns:
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
 *   openPhone(portal, opts?): Promise<Phone>  — { browser, context, page, close() }
 *     playwright-core's chromium at /usr/bin/chromium (CHROMIUM_PATH overrides), headless,
 *     375×667 CSS px, isMobile, hasTouch, deviceScaleFactor 2, zh-CN, Asia/Shanghai, an Android
 *     Chrome user agent, baseURL = portal.baseUrl (so page.goto('/login') works).
 *     opts.userAgent replaces the UA (e.g. to look like WeChat); opts.storageState seeds storage.
 *
 *   screenshot(page, name): Promise<string>  — full-page PNG at e2e/screenshots/<name>.png
 *     (gitignored); returns the path.
 *
 * Typical journey:
 *   let portal: Portal; let phone: Phone;
 *   beforeAll(async () => { portal = await startPortal(); phone = await openPhone(portal); });
 *   afterAll(async () => { await phone?.close(); await portal?.stop(); });
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { watchPage, watchServer } from './failureReport';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const webDist = join(repoRoot, 'apps/web/dist');
export const screenshotDir = join(repoRoot, 'e2e/screenshots');
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Flags for a quiet, offline, container-friendly Chromium (no phoning home, no GPU). */
export const chromiumArgs = [
  '--no-sandbox', // CI runs as root in a container
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
  '--disable-dev-shm-usage', // containers often have a 64 MB /dev/shm
];

export const MOBILE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

export interface StartPortalOptions {
  /** run the compiled server (apps/server/dist/main.js, `npm run build`) as production does, instead of the TypeScript source through tsx */
  compiled?: boolean;
  /** extra/overriding environment for the server (PORT and DATABASE_URL are set by the harness) */
  env?: Record<string, string>;
  /** fail unless apps/web/dist exists (default true) */
  requireWeb?: boolean;
  /** how long to wait for /healthz (default 60 s: first start compiles TypeScript through tsx) */
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
  browser: Browser;
  context: BrowserContext;
  page: Page;
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

export async function startPortal(opts: StartPortalOptions = {}): Promise<Portal> {
  if (opts.requireWeb !== false && !existsSync(join(webDist, 'index.html'))) {
    throw new Error(
      `e2e harness: ${webDist}/index.html is missing — build the web app first ` +
        '(`npm run build`; `npm run test:e2e` and `npm test` do it for you).',
    );
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const databaseUrl = join(dataDir, 'portal.db');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const echo = opts.echo ?? process.env.E2E_SERVER_LOG === '1';

  const entry = opts.compiled ? ['apps/server/dist/main.js'] : ['--import', 'tsx', 'apps/server/src/main.ts'];
  if (opts.compiled && !existsSync(join(repoRoot, entry[0]!)))
    throw new Error('e2e harness: apps/server/dist/main.js is missing — run `npm run build` first');
  const child = spawn(process.execPath, entry, {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // a test run's password hash cost (docs/decisions/0022): demo logins without 2^17's tenth of a second
      NODE_ENV: 'test',
      PASSWORD_HASH_COST: '10',
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
}

export async function openPhone(portal: Pick<Portal, 'baseUrl'>, opts: OpenPhoneOptions = {}): Promise<Phone> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`e2e harness: no Chromium at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH)`);
  }
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  try {
    const context = await browser.newContext({
      baseURL: portal.baseUrl,
      viewport: { width: 375, height: 667 },
      screen: { width: 375, height: 667 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
      userAgent: opts.userAgent ?? MOBILE_USER_AGENT,
      storageState: opts.storageState,
    });
    const page = await context.newPage();
    watchPage(page);
    return {
      browser,
      context,
      page,
      close: async () => {
        await context.close().catch(() => {});
        await browser.close();
      },
    };
  } catch (err) {
    await browser.close();
    throw err;
  }
}

/**
 * A desktop browser for the operator console (docs/decisions/0018): 1440×900, mouse and keyboard,
 * zh-CN, Asia/Shanghai, baseURL = portal.baseUrl (so page.goto('/admin/') works).
 */
export async function openDesktop(portal: Pick<Portal, 'baseUrl'>): Promise<Phone> {
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  try {
    const context = await browser.newContext({
      baseURL: portal.baseUrl,
      viewport: { width: 1440, height: 900 },
      screen: { width: 1440, height: 900 },
      // the console then turns antd's animations off (apps/console/src/main.tsx): a click never
      // lands on a dialog or menu that is still moving
      reducedMotion: 'reduce',
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    });
    const page = await context.newPage();
    watchPage(page);
    return {
      browser,
      context,
      page,
      close: async () => {
        await context.close().catch(() => {});
        await browser.close();
      },
    };
  } catch (err) {
    await browser.close();
    throw err;
  }
}

/** Full-page PNG under e2e/screenshots/ (gitignored). Returns the file path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = join(screenshotDir, `${name.replace(/[^\w.-]+/g, '_')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
