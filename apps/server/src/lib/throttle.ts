import { sql } from 'kysely';
import type { Executor } from '../db/executor';
import { clock } from './clock';

// Rate limits and lockouts kept in the database (table throttles, written only here), so that
// several server processes on one PostgreSQL share them. Every change is ONE atomic upsert: two processes
// hitting the same key at the same moment both get counted, and neither can read a stale count.
//
// One row per key: `count` events in the fixed window ending at `window_ends_at`; optionally
// `locked_until`. Two uses of the same primitive:
//   - a plain counter (no lockMs): "at most `limit` per window";
//   - a lockout (lockMs): the attempt that reaches `limit` locks the key for lockMs; attempts
//     during the lock are refused and do not extend it; after the lock a fresh window starts.
//     Callers count an attempt BEFORE checking a password and clear the key on success, so
//     parallel guesses cannot slip past the limit between "check" and "count".

export interface ThrottleRule {
  /** events allowed per window (for a lockout: the attempt that reaches it locks the key) */
  limit: number;
  /** length of a fixed window */
  windowMs: number;
  /** lock the key this long once `limit` is reached; omit for a plain counter */
  lockMs?: number;
  /** end of a new window instead of now + windowMs (e.g. China midnight for a daily cap) */
  windowEndsAt?: (now: Date) => Date;
}

export interface ThrottleResult {
  /** events counted in the current window / lock cycle, including this one */
  count: number;
  /** this event is within the limit */
  allowed: boolean;
  /** the key is locked now (lockout rules only; true also for the attempt that caused the lock) */
  locked: boolean;
  /** how long until a refused caller may try again (0 when nothing is in the way) */
  retryAfterMs: number;
  /** events left in this window after this one */
  remaining: number;
}

interface Row {
  count: number;
  window_ends_at: string;
  locked_until: string | null;
}

function evaluate(row: Row, rule: ThrottleRule, now: Date): ThrottleResult {
  const nowMs = now.getTime();
  const lockedUntil = row.locked_until ? new Date(row.locked_until).getTime() : 0;
  const locked = lockedUntil > nowMs;
  const count = Number(row.count);
  const allowed = count <= rule.limit;
  let retryAfterMs = 0;
  if (locked) retryAfterMs = lockedUntil - nowMs;
  else if (count >= rule.limit) retryAfterMs = Math.max(0, new Date(row.window_ends_at).getTime() - nowMs);
  return { count, allowed, locked, retryAfterMs, remaining: Math.max(0, rule.limit - count) };
}

/** Count one event for `key` and say whether it is within the rule. */
export async function hit(db: Executor, key: string, rule: ThrottleRule): Promise<ThrottleResult> {
  return (await upsert(db, key, rule, 1)).result;
}

export interface TakeResult {
  /** how many of the `n` asked for are within the limit (0 … n); all n are counted */
  granted: number;
  /** when the window the granted events belong to ends (ISO) */
  windowEndsAt: string;
  /** how long until a refused caller may try again (0 when something was granted) */
  retryAfterMs: number;
}

/**
 * Count `n` events for `key` at once (a plain counter, no lockMs) and say how many of them fit the
 * window's limit: a caller that makes many events a window asks the database once for several
 * (the carrier guard's call slots). Those that did not fit are counted too, like a refused hit.
 */
export async function take(db: Executor, key: string, rule: ThrottleRule, n: number): Promise<TakeResult> {
  if (rule.lockMs) throw new Error('take() is for plain counters');
  const { row, result } = await upsert(db, key, rule, n);
  const before = Number(row.count) - n;
  const granted = Math.max(0, Math.min(n, rule.limit - before));
  return { granted, windowEndsAt: row.window_ends_at, retryAfterMs: granted > 0 ? 0 : result.retryAfterMs };
}

async function upsert(db: Executor, key: string, rule: ThrottleRule, n: number): Promise<{ row: Row; result: ThrottleResult }> {
  const now = clock.now();
  const nowIso = now.toISOString();
  const windowEnd = (rule.windowEndsAt ? rule.windowEndsAt(now) : new Date(now.getTime() + rule.windowMs)).toISOString();
  const lockEnd = rule.lockMs ? new Date(now.getTime() + rule.lockMs).toISOString() : null;

  const count = sql.ref('throttles.count');
  const windowEndsAt = sql.ref('throttles.window_ends_at');
  const lockedUntil = sql.ref('throttles.locked_until');
  // Expressions over the OLD row (SET sees the row as it was on both SQLite and PostgreSQL).
  const lockActive = sql`(${lockedUntil} is not null and ${lockedUntil} > ${nowIso})`;
  const freshWindow = sql`(${windowEndsAt} <= ${nowIso} or (${lockedUntil} is not null and ${lockedUntil} <= ${nowIso}))`;
  const nextCount = sql`(case when ${freshWindow} then ${n} else ${count} + ${n} end)`;

  const row = await db
    .insertInto('throttles')
    .values({
      key,
      count: n,
      window_ends_at: windowEnd,
      locked_until: lockEnd && rule.limit <= 1 ? lockEnd : null,
    })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when ${lockActive} then ${count} + ${n} else ${nextCount} end`,
        window_ends_at: sql<string>`case when ${lockActive} then ${windowEndsAt} when ${freshWindow} then ${windowEnd} else ${windowEndsAt} end`,
        locked_until: sql<
          string | null
        >`case when ${lockActive} then ${lockedUntil} when ${nextCount} >= ${rule.limit} then ${lockEnd} else null end`,
      }),
    )
    .returning(['count', 'window_ends_at', 'locked_until'])
    .executeTakeFirstOrThrow();
  return { row, result: evaluate(row, rule, now) };
}

/** The state of `key` without counting anything (null = no events in a live window, no lock). */
export async function peek(db: Executor, key: string, rule: ThrottleRule): Promise<ThrottleResult | null> {
  const now = clock.now();
  const row = await db
    .selectFrom('throttles')
    .select(['count', 'window_ends_at', 'locked_until'])
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return null;
  const nowIso = now.toISOString();
  const lockLive = row.locked_until !== null && row.locked_until > nowIso;
  if (!lockLive && (row.window_ends_at <= nowIso || row.locked_until !== null)) return null;
  return evaluate(row, rule, now);
}

/** A row of the table as a rule with its own arithmetic sees it (`advance`). */
export type ThrottleRow = Row;

/** What a rule of `advance` decides: the row to keep (the event is taken), or a refusal. */
export type Advance = { next: ThrottleRow } | { retryAfterMs: number };

// Rounds of read-then-swap before giving up; each round at least one parallel caller gets through,
// so this is more than the callers a key ever sees at once.
const ADVANCE_ROUNDS = 50;

/**
 * One event for `key` under a rule whose arithmetic SQL cannot say simply (a wait that doubles with
 * each failure, @portal/domain cardGuess): reads the row, asks `decide`, and writes the new row only
 * if the row is still the one read (compare-and-swap; an insert only if there is none) — else reads
 * again. Parallel callers on one or several processes are thus taken one after another, each seeing
 * the others' events, never a stale count. After too many lost rounds it refuses (a second's wait)
 * rather than let an event through uncounted.
 */
export async function advance<T extends Advance>(
  db: Executor,
  key: string,
  decide: (row: ThrottleRow | null, now: Date) => T,
): Promise<T | { retryAfterMs: number }> {
  for (let round = 0; round < ADVANCE_ROUNDS; round++) {
    const row = await db
      .selectFrom('throttles')
      .select(['count', 'window_ends_at', 'locked_until'])
      .where('key', '=', key)
      .executeTakeFirst();
    const decided = decide(row ? { ...row, count: Number(row.count) } : null, clock.now());
    if (!('next' in decided)) return decided;
    const written = row
      ? await db
          .updateTable('throttles')
          .set(decided.next)
          .where('key', '=', key)
          .where('count', '=', row.count)
          .where('window_ends_at', '=', row.window_ends_at)
          .where('locked_until', row.locked_until === null ? 'is' : '=', row.locked_until)
          .returning('key')
          .executeTakeFirst()
      : await db
          .insertInto('throttles')
          .values({ key, ...decided.next })
          .onConflict((oc) => oc.column('key').doNothing())
          .returning('key')
          .executeTakeFirst();
    if (written) return decided;
  }
  return { retryAfterMs: 1000 };
}

/** Forget `key` (a successful login resets its failure count and any lock). */
export async function clear(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('throttles').where('key', '=', key).execute();
}

/** Forget every key starting with `prefix` (e.g. a card's locks of all sources, once its holder proved their mobile). */
export async function clearPrefix(db: Executor, prefix: string): Promise<void> {
  // keys are ours (digits, letters, ':'), never user text with LIKE's wildcards
  await db.deleteFrom('throttles').where('key', 'like', `${prefix}%`).execute();
}

/**
 * Deletes up to `limit` rows whose window and lock both ended before `before` (the clean-up job,
 * with a grace period): such a row counts nothing any more — the next hit starts a fresh window,
 * exactly as with no row. The number deleted.
 */
export async function deleteStale(db: Executor, before: string, limit: number): Promise<number> {
  const res = await db
    .deleteFrom('throttles')
    .where('key', 'in', (eb) =>
      eb
        .selectFrom('throttles')
        .select('key')
        .where('window_ends_at', '<', before)
        .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<', before)]))
        .orderBy('key')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Whole minutes, rounded up, for messages such as "请15分钟后再试". */
export function minutesOf(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

/** Whole seconds, rounded up. */
export function secondsOf(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
