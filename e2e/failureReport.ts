/**
 * What a failed journey leaves behind, so that a failure seen only on CI can be read from its log:
 * for every page still open, its address, what it shows (the accessibility snapshot), its last
 * console errors and failed or refused requests, and a screenshot; and the tail of each server's
 * output. The harness registers pages and servers as it opens them; e2e/setup.ts prints the report
 * when a test fails. Nothing here changes what a journey does.
 */
import type { Page } from 'playwright-core';

const LOG_LINES = 30;
const SNAPSHOT_CHARS = 4_000;
const SERVER_CHARS = 3_000;

interface Watched {
  page: Page;
  log: string[];
}

const pages = new Set<Watched>();
const servers = new Set<{ name: string; output: () => string }>();

function remember(w: Watched, line: string): void {
  w.log.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
  if (w.log.length > LOG_LINES) w.log.shift();
}

/** Keeps the page's console errors, uncaught errors and failed or 4xx/5xx requests. */
export function watchPage(page: Page): void {
  const w: Watched = { page, log: [] };
  pages.add(w);
  page.on('close', () => pages.delete(w));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') remember(w, `console.${m.type()}: ${m.text().slice(0, 300)}`);
  });
  page.on('pageerror', (e) => remember(w, `pageerror: ${String(e).slice(0, 300)}`));
  page.on('requestfailed', (r) => remember(w, `request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('response', (r) => {
    if (r.status() >= 400) remember(w, `${r.status()} ${r.request().method()} ${r.url()}`);
  });
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) remember(w, `navigated: ${f.url()}`);
  });
}

export function watchServer(name: string, output: () => string): () => void {
  const s = { name, output };
  servers.add(s);
  return () => servers.delete(s);
}

/** Prints what each open page and server shows; saves a screenshot of each page. */
export async function reportFailure(testName: string, screenshotTo: (page: Page, name: string) => Promise<string>): Promise<void> {
  const parts: string[] = [`---- failure report: ${testName} ----`];
  let i = 0;
  for (const { page, log } of pages) {
    i++;
    if (page.isClosed()) continue;
    parts.push(`page ${i}: ${page.url()}`);
    const snapshot = await page
      .locator('body')
      .ariaSnapshot({ timeout: 5_000 })
      .catch((e: unknown) => `(no snapshot: ${String(e).slice(0, 200)})`);
    parts.push(snapshot.length > SNAPSHOT_CHARS ? `${snapshot.slice(0, SNAPSHOT_CHARS)}\n…` : snapshot);
    parts.push(log.length ? log.join('\n') : '(no console errors or failed requests)');
    const shot = await screenshotTo(page, `failed-${testName}-${i}`).catch(() => null);
    if (shot) parts.push(`screenshot: ${shot}`);
  }
  for (const s of servers) {
    const out = s.output();
    parts.push(`server ${s.name}, last output:\n${out.slice(-SERVER_CHARS)}`);
  }
  parts.push('---- end of failure report ----');
  console.error(parts.join('\n'));
}
