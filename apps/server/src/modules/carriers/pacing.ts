// How the carrier guard (./guard.ts) paces an account's calls: pure rules (docs/decisions/0060).
//
// Platforms count calls in rolling windows — at most N in ANY 1,000 ms, per minute or per day
// where they document it — not per calendar second: five calls at the end of one second and five
// at the start of the next are ten in one rolling second. So calls are not handed out per second
// but spaced: each call has its own time, at least `spacingMs` after the one before, for the
// account across every process (the next free time is one row in the database). Calls spaced so
// can never put more than N in any window of the length they were spaced for.
//
// A request leaves some time after its moment (a busy event loop, the HTTP client), and the
// platform counts it when it arrives. A call whose moment its process reached more than `lateMs`
// late is not made at that moment (it asks for another); and the spacing is computed over the
// window plus `lateMs`, so that even a call sent `lateMs` late cannot bring a window above its limit.

export interface RateLimit {
  /** calls allowed in any window */
  calls: number;
  /** the window's length in ms (1,000 for a rolling second) */
  windowMs: number;
}

/** The least time between two calls under every limit, a late departure of up to `lateMs` allowed for; Infinity when a limit allows none. */
export function spacingMs(limits: readonly RateLimit[], lateMs: number): number {
  const late = lateMs > 0 ? lateMs : 0;
  let spacing = 0;
  for (const l of limits) {
    if (!(l.windowMs > 0)) continue;
    if (!(l.calls >= 1)) return Number.POSITIVE_INFINITY;
    spacing = Math.max(spacing, (l.windowMs + late) / Math.floor(l.calls));
  }
  return spacing;
}

/** A next free time this far ahead of now can only come from a clock set back (tests, a corrected host clock): start afresh. */
const CLOCK_BACK_MS = 60_000;

export interface ReserveInput {
  /** the account's next free moment (ms), null when none is recorded */
  nextFree: number | null;
  now: number;
  spacingMs: number;
  /** moments asked for */
  n: number;
  /** how far ahead of now a moment may be handed out */
  aheadMs: number;
}

export type Reserved = { times: number[]; nextFree: number } | { retryAfterMs: number };

/**
 * Up to `n` moments for calls, each `spacingMs` after the one before, from the account's next free
 * moment (or now, if that has passed), none further ahead than `aheadMs`; and the new next free
 * moment. When even the first would be too far ahead: how long to wait before asking again.
 */
export function reserve(p: ReserveInput): Reserved {
  if (!Number.isFinite(p.spacingMs)) return { retryAfterMs: 1000 };
  const free = p.nextFree === null || p.nextFree - p.now > p.aheadMs + p.n * p.spacingMs + CLOCK_BACK_MS ? p.now : p.nextFree;
  const start = Math.max(free, p.now);
  if (start > p.now + p.aheadMs) return { retryAfterMs: Math.ceil(start - p.now - p.aheadMs) };
  const times: number[] = [];
  for (let t = start; times.length < Math.max(1, Math.floor(p.n)) && t <= p.now + p.aheadMs; t += p.spacingMs) times.push(t);
  return { times, nextFree: times[times.length - 1]! + p.spacingMs };
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
