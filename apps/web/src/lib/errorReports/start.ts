// Where the error reporting starts (docs/decisions/0037-errors-from-phones.md): with the app's full
// shell (app/AppShell.tsx), which every page but an untouched /login loads — so /login's first load
// carries no reporter, only the two hooks the reports need (a boundary's catch, app/PageBoundary.tsx; the
// route handed to the error catalogue). From here on: a visit is sampled (VITE_ERROR_SAMPLE_RATE,
// default every visit); uncaught errors, rejections and failed calls are kept in a small queue,
// and the reporter's own code (./reporter.ts) is fetched at the first of them, never on a visit
// that goes well.
import type { Noted } from './reports';

export function sampleRate(raw: string | undefined = import.meta.env.VITE_ERROR_SAMPLE_RATE as string | undefined): number {
  const rate = raw === undefined || raw === '' ? 1 : Number(raw);
  return Number.isFinite(rate) ? rate : 1;
}

/** Whether a visit is reported: `rate` is the share of visits (0…1), `random` in [0, 1). Decided
 *  once per visit, so a sampled visit's reports are all there and counts scale by the rate. */
export function sampled(rate: number, random: number): boolean {
  if (!(rate > 0)) return false;
  return rate >= 1 || random < rate;
}

let started = false;

/** Starts listening, once. */
export function startErrorReporting(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  if (!sampled(sampleRate(), Math.random())) return;
  const pending: Noted[] = [];
  let reporter: Promise<void> | undefined;
  const note = (item: Noted) => {
    pending.push(item);
    // the reporter takes the queue over: it empties it and, from then on, takes each push itself
    reporter ??= import('./reporter').then(
      (m) => m.adopt(pending),
      () => {
        reporter = undefined;
      },
    );
  };
  // a page's failure caught by its boundary comes here too (app/PageBoundary.tsx calls reportError)
  window.addEventListener('error', (e) => note({ what: e.error ?? e.message }));
  window.addEventListener('unhandledrejection', (e) => note({ what: e.reason }));
  // failed calls pass through the error catalogue (lazy: ../api.ts loads it at the first failure;
  // this import is the same module, attached first, so it hears that failure too)
  void import('../errorCatalogue').then(
    (m) =>
      m.listenToFailedCalls((route, outcome) =>
        note({
          what: {
            route,
            status: outcome.kind === 'answer' ? outcome.status : 0,
            code: outcome.kind === 'answer' ? outcome.code : undefined,
          },
        }),
      ),
    () => undefined,
  );
}
