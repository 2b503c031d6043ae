// The error reporter (docs/decisions/0037-errors-from-phones.md), loaded at the first thing to report
// (./start.ts, which sampled the visit): it turns what was noted into scrubbed reports and sends them in batches with navigator.sendBeacon — when a batch is
// full, a few seconds after the first report of a batch, and when the page is hidden or left — to
// the server's rate-limited endpoint. A report that cannot be sent is dropped: reporting must never
// get in the user's way.
import { pathOf } from '@portal/contract/route';
import { errorReports } from '@portal/contract/routes/errorReports';
import { ERROR_REPORT_BATCH } from '@portal/domain/errorReport';
import { releaseOf, ReportBuffer, reportOf, type Noted, type Report } from './reports';

/** a page's life sends at most this many reports (an error in a loop is one fault) */
const PER_PAGE = 100;
/** a batch goes this long after its first report, full or not: a bad release shows within minutes */
const SEND_AFTER_MS = 5_000;

const URL_ = `/api${pathOf(errorReports)}`;

/** index.html's inline script imports the entry itself (no <script src>): its URL is among the page's resources */
function release(): string {
  const entry = performance.getEntriesByType('resource').find((e) => /\/assets\/index-[\w-]+\.js/.test(e.name));
  return releaseOf(import.meta.env.VITE_RELEASE as string | undefined, entry?.name);
}

/** A string goes as text/plain: CORS-safelisted, so every browser beacons it (the server reads it as JSON). */
function send(body: { release: string; reports: Report[] }): void {
  const json = JSON.stringify(body);
  try {
    if (navigator.sendBeacon?.(URL_, json)) return;
  } catch {
    // a browser that refuses the beacon: fetch below
  }
  void fetch(URL_, { method: 'POST', body: json, headers: { 'content-type': 'text/plain;charset=UTF-8' }, keepalive: true }).catch(
    () => undefined,
  );
}

/** Takes over the queue ./start.ts kept. */
export function adopt(pending: Noted[]): void {
  const rel = release();
  const buffer = new ReportBuffer(ERROR_REPORT_BATCH, PER_PAGE);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const reports = buffer.take();
    if (reports.length) send({ release: rel, reports });
  };
  const take = ({ what }: Noted) => {
    let report: Report | null;
    try {
      report = reportOf(what, location.pathname);
    } catch {
      return;
    }
    if (!report) return;
    if (buffer.add(report)) flush();
    else if (buffer.length && timer === undefined) timer = setTimeout(flush, SEND_AFTER_MS);
  };
  for (const item of pending.splice(0)) take(item);
  pending.push = (...items) => {
    items.forEach(take);
    return 0;
  };
  addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
}
