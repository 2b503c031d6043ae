// Lighthouse 13 (node API) on Debian's Chromium, default config = mobile form factor, simulated
// slow-4G + 4× CPU throttling, performance category only. Each run gets a fresh Chromium (fresh
// profile, cold cache); the median run by score is reported. lighthouseSideBySide runs two pages
// alternately (ours, the peer, ours, …) so both see the same machine load, and takes each one's
// median by LCP.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseRun {
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** JavaScript the page downloaded during the run: transfer bytes (after the server's gzip) */
  jsTransferBytes: number;
  /** the element Lighthouse took for the LCP (its HTML snippet), when it says */
  lcpElement?: string;
}

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-dev-shm-usage',
];

const launched = new Set<chromeLauncher.LaunchedChrome>();
/** Kill any Chromium still running (used by the bench's cleanup on Ctrl-C). */
export function killLighthouseChromes(): void {
  for (const c of launched) c.kill();
}

/** One run; a run whose trace came out broken (NO_NAVSTART and the like, more frequent on a busy
 *  machine) is run again, twice at most. */
export async function lighthouseOnce(url: string, chromePath: string, attempts = 3): Promise<LighthouseRun> {
  for (let i = 1; ; i++) {
    try {
      return await lighthouseAttempt(url, chromePath);
    } catch (err) {
      if (i >= attempts || !(err instanceof LighthouseRuntimeError)) throw err;
      console.log(`  (lighthouse: ${err.message}; running again)`);
    }
  }
}

class LighthouseRuntimeError extends Error {}

async function lighthouseAttempt(url: string, chromePath: string): Promise<LighthouseRun> {
  process.env.CHROME_PATH = chromePath;
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  launched.add(chrome);
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error('lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new LighthouseRuntimeError(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      score: lhr.categories.performance?.score ?? NaN,
      lcpMs: num('largest-contentful-paint'),
      fcpMs: num('first-contentful-paint'),
      tbtMs: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      speedIndexMs: num('speed-index'),
      jsTransferBytes: scriptBytes(lhr.audits['network-requests']?.details),
      lcpElement: nodeSnippet(lhr.audits['lcp-breakdown-insight']?.details),
    };
  } finally {
    chrome.kill();
    launched.delete(chrome);
  }
}

/** The first DOM node item anywhere in an audit's details. */
function nodeSnippet(details: unknown): string | undefined {
  if (!details || typeof details !== 'object') return undefined;
  const d = details as { type?: string; snippet?: string };
  if (d.type === 'node' && d.snippet) return d.snippet;
  for (const v of Object.values(details)) {
    const found = nodeSnippet(v);
    if (found) return found;
  }
  return undefined;
}

function scriptBytes(details: unknown): number {
  const items = (details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  return items.filter((i) => i.resourceType === 'Script').reduce((n, i) => n + (i.transferSize ?? 0), 0);
}

const byLcp = (runs: LighthouseRun[]) => [...runs].sort((a, b) => a.lcpMs - b.lcpMs)[Math.floor((runs.length - 1) / 2)]!;

/** Both pages, alternately, `runs` times each; the median run of each by LCP. */
export async function lighthouseSideBySide(urls: { ours: string; peer: string }, chromePath: string, runs: number) {
  const ours: LighthouseRun[] = [];
  const peer: LighthouseRun[] = [];
  for (let i = 0; i < runs; i++) {
    // who goes first alternates too: a warm disk cache or a busy moment favours neither
    const order = i % 2 === 0 ? (['ours', 'peer'] as const) : (['peer', 'ours'] as const);
    for (const who of order) (who === 'ours' ? ours : peer).push(await lighthouseOnce(urls[who], chromePath));
  }
  return { ours: { median: byLcp(ours), runs: ours }, peer: { median: byLcp(peer), runs: peer } };
}

export async function lighthouseMedian(url: string, chromePath: string, runs: number) {
  const all: LighthouseRun[] = [];
  for (let i = 0; i < runs; i++) all.push(await lighthouseOnce(url, chromePath));
  const sorted = [...all].sort((a, b) => a.score - b.score || b.lcpMs - a.lcpMs);
  return { median: sorted[Math.floor((sorted.length - 1) / 2)]!, runs: all };
}
