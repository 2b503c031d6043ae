// How the carrier guard (./guard.ts) paces an account's calls: pure rules (docs/decisions/0060).
//
// Platforms count calls in rolling windows — at most N in ANY 1,000 ms, per minute or per day
// where they document it — not per calendar second: five calls at the end of one second and five
// at the start of the next are ten in one rolling second. So calls are not handed out per second
// but spaced: each call has its own moment, at least `spacingMs` after the one before, for the
// account across every process (the last moment handed out is one row in the database).
//
// Spacing alone is not enough, because the platform counts a call when it ARRIVES, and a call
// leaves after its moment (a busy event loop, the HTTP client, the network). A call may go later
// than its moment, but not by any amount: moments 0, 200, 400 (5 a second) sent at 150, 350, 550,
// then another process's 600, 800, 1000 on time, are six in [150, 1150). If every call arrives
// between its moment and `allowanceMs` after it, the calls in any window of W ms have their
// moments in a span of W + allowanceMs, so spacing the moments (W + allowanceMs) / N apart keeps
// every window at N or fewer (`spacingMs`; the table tests prove it). A process that reaches a
// moment later than its share of that allowance (`lateMs`) does not use it and takes the next one
// (`onTime`): the call still goes, at a later moment of its own.
//
// One database trip reserves a batch of consecutive moments (`batchSize`), starting far enough
// ahead of now that the trip is over before the first of them (`leadMs`): moments that were already
// past when the process learnt of them were the reason most reservations were thrown away under load.

export interface RateLimit {
  /** calls allowed in any window */
  calls: number;
  /** the window's length in ms (1,000 for a rolling second) */
  windowMs: number;
}

/**
 * The least time between two moments under every limit, a call arriving up to `allowanceMs` after
 * its moment allowed for; Infinity when a limit allows none.
 */
export function spacingMs(limits: readonly RateLimit[], allowanceMs: number): number {
  const allowance = allowanceMs > 0 ? allowanceMs : 0;
  let spacing = 0;
  for (const l of limits) {
    if (!(l.windowMs > 0)) continue;
    if (!(l.calls >= 1)) return Number.POSITIVE_INFINITY;
    spacing = Math.max(spacing, (l.windowMs + allowance) / Math.floor(l.calls));
  }
  return spacing;
}

/**
 * Moments reserved in one database trip: enough to cover `coverMs` at the spacing (so a process
 * makes a few trips a second however high the rate), at least 1 and at most `max`.
 */
export function batchSize(spacing: number, coverMs: number, max: number): number {
  if (!(spacing > 0) || !Number.isFinite(spacing)) return 1;
  return Math.max(1, Math.min(Math.floor(max), Math.floor(coverMs / spacing)));
}

/**
 * How far ahead of now a new batch starts: twice the last trip to the database (a trip as slow as
 * the last one and a late wake-up still find the first moment ahead), within [min, max].
 */
export function leadMs(lastTripMs: number, min: number, max: number): number {
  const trip = Number.isFinite(lastTripMs) && lastTripMs > 0 ? lastTripMs : 0;
  return Math.min(max, Math.max(min, Math.ceil(2 * trip)));
}

/** A next free moment this far ahead of now can only come from a clock set back (tests, a corrected host clock): start afresh. */
const CLOCK_BACK_MS = 60_000;

export interface ReserveInput {
  /**
   * the account's last moment handed out (ms), null when none is recorded. The last moment, not
   * the next free one: a limit lowered since (a new grant, an operator's change) spaces the next
   * moment by its own spacing, not by the one the last batch was made with.
   */
  last: number | null;
  now: number;
  spacingMs: number;
  /** moments asked for */
  n: number;
  /** the first moment no earlier than this long after now (the trip back from the database) */
  leadMs: number;
  /** how far ahead of now the first moment may be; further, the caller waits */
  aheadMs: number;
}

export type Reserved = { times: number[]; last: number } | { retryAfterMs: number };

/**
 * `n` consecutive moments for calls, each `spacingMs` after the one before, from the spacing after
 * the account's last moment or `leadMs` from now, whichever is later; and the new last moment.
 * When even the first would be more than `aheadMs` ahead (other processes hold the moments until
 * then): how long to wait before asking again.
 */
export function reserve(p: ReserveInput): Reserved {
  if (!Number.isFinite(p.spacingMs)) return { retryAfterMs: 1000 };
  const n = Math.max(1, Math.floor(p.n));
  // a legitimate last moment is at most a batch beyond the furthest first moment
  const recorded = p.last === null || p.last - p.now > p.aheadMs + n * p.spacingMs + CLOCK_BACK_MS ? null : p.last;
  const start = Math.max(recorded === null ? Number.NEGATIVE_INFINITY : recorded + p.spacingMs, p.now + Math.max(0, p.leadMs));
  if (start > p.now + p.aheadMs) return { retryAfterMs: Math.max(1, Math.ceil(start - p.now - p.aheadMs)) };
  const times = Array.from({ length: n }, (_, i) => start + i * p.spacingMs);
  return { times, last: times[n - 1]! };
}

/** What a process does with a moment it holds, at `now`: wait for it, use it, or leave it (reached more than `lateMs` late). */
export function onTime(moment: number, now: number, lateMs: number): 'wait' | 'go' | 'missed' {
  if (now < moment) return 'wait';
  return now - moment <= lateMs ? 'go' : 'missed';
}

/** The most of `times` (ms, any order) within any half-open window [t, t + windowMs): how a platform counts a rolling window. */
export function busiestWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last++) {
    while (sorted[last]! - sorted[first]! >= windowMs) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}
