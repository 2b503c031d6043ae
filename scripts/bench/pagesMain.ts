// `npm run bench:pages` (and section (g) of `npm run bench`): a cold visit to each of the pages a
// card holder opens most, logged in as the demo holder, beside /login in the same run — script
// files and gzip bytes, LCP, TBT and CLS, medians of BENCH_PAGE_RUNS (default 3) visits, on a 375×667
// phone with a 4× slower CPU and Lighthouse's slow-4G network (./pages.ts). Budgets:
// docs/decisions/0063-every-page-as-light-as-login.md. Beside them: the bytes the browser actually
// downloaded (the build's brotli copies), FCP and the long tasks' time before it.
// BENCH_PAGES=/,/mine (paths) visits only those, beside /login.
// Two kinds of visit, each its own table: `first` (the holder has never seen the page on this
// phone: its HTML carries the first screen the server rendered, docs/decisions/0082) and
// `returning` (they have, on a phone that sends no cookie: the page paints what it last showed
// before its code comes — docs/decisions/0080-a-returning-visit-paints-what-it-last-showed.md);
// BENCH_PAGE_VISITS=first or =returning runs one.
import { pathToFileURL } from 'node:url';
import { WORK_KINDS, type WorkKind } from './mainThread';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath, startPortal, webDist, type Portal } from '../../e2e/harness';
import {
  coldVisit,
  HOLDER_PAGES,
  holderStorage,
  LOGIN_JS_BUDGET,
  median,
  medianVisit,
  PAGE_COLD_JS_BUDGETS,
  returningStorage,
  type ColdVisit,
  type HolderStorage,
} from './pages';

const RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 3);
const CPU = Number(process.env.BENCH_PAGE_CPU ?? 4);
const SLOW4G = process.env.BENCH_PAGE_NETWORK !== 'fast';
// BENCH_PAGE_TRACE=1: each visit traced, and the main thread's work before FCP broken down by kind
const TRACE = process.env.BENCH_PAGE_TRACE === '1';

export interface PageRow extends ReturnType<typeof medianVisit> {
  name: string;
  budget: { files: number; gzipBytes: number };
  pass: boolean;
  visits: ColdVisit[];
}

export type VisitKind = 'first' | 'returning';

export async function benchPages(portal: Pick<Portal, 'baseUrl'>, log = console.log, kind: VisitKind = 'first'): Promise<PageRow[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  try {
    const storage = await holderStorage(browser, portal.baseUrl, { account: 'demo', password: 'demo1234' });
    const only = process.env.BENCH_PAGES?.split(',').map((p) => p.trim());
    const pages = [{ name: 'login', path: '/login' } as const, ...HOLDER_PAGES.filter((p) => !only || only.includes(p.path))];
    const visits = new Map<string, ColdVisit[]>(pages.map((p) => [p.path, []]));
    // a returning holder has seen each page once before (its snapshot kept); /login is always a first visit
    const storageOf = new Map<string, HolderStorage | undefined>();
    for (const p of pages)
      storageOf.set(
        p.path,
        p.path === '/login' ? undefined : kind === 'returning' ? await returningStorage(browser, portal.baseUrl, storage, p.path) : storage,
      );
    // round after round (every page once per round): a busy moment of the machine falls on all pages alike
    for (let i = 0; i < RUNS; i++) {
      for (const p of pages) {
        const v = await coldVisit(browser, portal.baseUrl, storageOf.get(p.path), p.path, webDist, {
          cpuSlowdown: CPU,
          slow4g: SLOW4G,
          trace: TRACE,
        });
        visits.get(p.path)!.push(v);
        if (process.env.BENCH_PAGE_VERBOSE === '1')
          log(
            `    ${p.path} run ${i + 1}: ${v.js.length} files ${v.jsGzip} B, LCP ${v.lcpMs.toFixed(0)} (${v.lcpElement}), TBT ${v.tbtMs.toFixed(0)} long-before-FCP [${v.longBeforeFcp.join(',')}], CLS ${v.cls.toFixed(3)} ${JSON.stringify(v.shifts)}`,
          );
      }
    }
    const rows = pages.map((p) => {
      const m = medianVisit(visits.get(p.path)!);
      const budget = p.path === '/login' ? LOGIN_JS_BUDGET : PAGE_COLD_JS_BUDGETS[p.path];
      return { name: p.name, ...m, budget, pass: m.jsFiles <= budget.files && m.jsGzip <= budget.gzipBytes, visits: visits.get(p.path)! };
    });
    const pad = (s: string | number, n: number) => String(s).padEnd(n);
    // each page's LCP beside /login's in the same run (the goal: at most 1.3×)
    const loginLcp = rows[0]!.lcpMs;
    log(
      `  ${pad('page', 16)}${pad('JS files', 10)}${pad('JS gzip', 11)}${pad('JS sent', 10)}${pad('FCP', 9)}${pad('long<FCP', 10)}${pad('LCP', 9)}${pad('÷/login', 9)}${pad('TBT', 8)}${pad('CLS', 8)}LCP element`,
    );
    for (const r of rows) {
      log(
        `  ${pad(r.path, 16)}${pad(r.jsFiles, 10)}${pad((r.jsGzip / 1000).toFixed(1) + ' kB', 11)}${pad((r.jsDownloaded / 1000).toFixed(1) + ' kB', 10)}` +
          `${pad(r.fcpMs.toFixed(0) + ' ms', 9)}${pad(r.longBeforeFcpMs.toFixed(0) + ' ms', 10)}${pad(r.lcpMs.toFixed(0) + ' ms', 9)}` +
          `${pad((r.lcpMs / loginLcp).toFixed(2), 9)}` +
          `${pad(r.tbtMs.toFixed(0) + ' ms', 8)}${pad(r.cls.toFixed(3), 8)}${r.lcpElement}${r.pass ? '' : '  OVER BUDGET'}${r.landedOn.split(' ').every((l) => l === r.path) ? '' : `  (landed on ${r.landedOn})`}`,
      );
    }
    if (TRACE) logMainThread(rows, log);
    return rows;
  } finally {
    await browser.close();
  }
}

/** The main thread's work before FCP, by kind, medians of the visits (Lighthouse's main-thread breakdown). */
function logMainThread(rows: PageRow[], log: (line: string) => void) {
  log('  main thread before FCP (ms of its own time, medians; navigation: the browser committing the page, any page pays it)');
  log(`  ${'page'.padEnd(16)}${WORK_KINDS.map((k) => k.padEnd(13)).join('')}all but navigation`);
  for (const r of rows) {
    const traced = r.visits.map((v) => v.mainThread).filter((m) => m !== undefined);
    if (traced.length === 0) continue;
    const of = (k: WorkKind) => median(traced.map((m) => m.byKind[k]));
    const page = median(traced.map((m) => WORK_KINDS.reduce((n, k) => (k === 'navigation' ? n : n + m.byKind[k]), 0)));
    log(`  ${r.path.padEnd(16)}${WORK_KINDS.map((k) => of(k).toFixed(0).padEnd(13)).join('')}${page.toFixed(0)}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const portal = await startPortal({ env: { LOG_LEVEL: 'warn' } });
  try {
    const kinds = (process.env.BENCH_PAGE_VISITS ?? 'first,returning').split(',') as VisitKind[];
    for (const kind of kinds) {
      console.log(
        `== cold visits (${kind === 'first' ? "first: the page never seen on this phone, the server's first screen in its HTML" : 'returning: the page seen once before, the HTTP cache cold, no cookie: its kept snapshot'}), ` +
          `${RUNS} runs each, CPU ${CPU}× slower, ${SLOW4G ? 'slow 4G' : 'loopback network'} (medians)`,
      );
      const rows = await benchPages(portal, console.log, kind);
      // like `npm run bench`: 0 when it ran, whatever the budgets say (the e2e journey enforces them)
      console.log(rows.every((r) => r.pass) ? '  every page within its budget' : '  OVER BUDGET: see above');
    }
  } finally {
    await portal.stop();
  }
}
