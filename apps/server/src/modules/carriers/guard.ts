// Every call to a carrier platform goes through here (docs/decisions/0030): inside the account's
// limits across all server processes, retried with backoff and jitter when the platform is busy or
// briefly away, and not at all while the account's circuit is open.
//   - rate: one moment per HTTP request (the adapter's transport asks for it: a token fetch or a
//     lookup inside one question counts too), spaced so that no rolling second — nor minute or day,
//     where the platform documents one — holds more than the account's limit (./pacing.ts). The
//     account's next free moment is one row in the database (lib/throttle's compare-and-swap),
//     shared by every process: none can push the account above its limit. A process reserves a
//     few moments per trip to the database (slotsPerTrip); a moment it reaches too late is
//     dropped, never used late;
//   - concurrency: at most the account's calls in flight in this process (adapters.inFlightAt; the
//     scheduled rounds run on one process at a time, decision 0015);
//   - circuit: after FAILURES_TO_OPEN account-level failures in a row (platform down, timeouts,
//     unreadable answers, credentials refused) the account's calls fail at once for circuitOpenMs,
//     so pages and rounds show stored figures instead of waiting; the first call after it is the probe.
// Line-level refusals (an unknown card) are the card's problem, not the account's: no retry, no failure.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect';
import { CarrierError } from '../../integrations/carrier/adapter';
import { clock } from '../../lib/clock';
import { countCarrierCall } from '../../lib/metrics';
import { advance } from '../../lib/throttle';
import { circuitOpenMs, retryDelayMs } from './backoff';
import { reserve, spacingMs, type RateLimit } from './pacing';
import * as repo from './repo';

export interface GuardedAccount {
  id: number;
  name: string;
  /** in any rolling second */
  callsPerSecond: number;
  /** in any rolling minute / day, where the platform documents it */
  callsPerMinute?: number;
  callsPerDay?: number;
  concurrency: number;
}

export interface GuardOptions {
  /** tries per call, the first included (rate refusals and unavailability are tried again) */
  attempts?: number;
  /** base of the retry backoff (tests shorten it) */
  retryBaseMs?: number;
  /** longest wait for a rate slot before the call is given up as 'rate' */
  maxSlotWaitMs?: number;
  /** how long this process trusts its last look at an account's circuit (default HEALTH_CACHE_MS;
   *  a test moving the clock by minutes sets 0 rather than wait out the second in real time) */
  healthCacheMs?: number;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private limit: number) {}
  setLimit(limit: number): void {
    this.limit = Math.max(1, limit);
  }
  async take(): Promise<void> {
    if (this.active < this.limit) {
      this.active += 1;
      return;
    }
    await new Promise<void>((r) => this.waiting.push(r));
  }
  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  }
}

/** What counts against the account: the platform's fault or its refusal of our credentials. */
function accountFault(err: unknown): boolean {
  if (!(err instanceof CarrierError)) return true;
  return err.kind === 'unavailable' || err.kind === 'malformed' || err.kind === 'auth';
}

function retryable(err: unknown): boolean {
  return err instanceof CarrierError && (err.kind === 'unavailable' || err.kind === 'rate');
}

/** How long this process trusts what it last read of an account's circuit (a round makes thousands of calls). */
const HEALTH_CACHE_MS = 1000;
/** Call counts are added up here and written at most this often per account. */
const COUNT_FLUSH_MS = 1000;

/**
 * Moments reserved from the database in one trip: a twentieth of the account's second (1 at a few
 * calls a second, 5 at 100), at most one per call in flight. A trip per call made the account's one
 * row in \`throttles\` the round's bottleneck at a hundred calls a second — every caller of the
 * account, in every process, waiting on it. Moments a process reserved and reached too late are lost
 * to it: the limit is never passed, a little of it may go unused.
 */
function slotsPerTrip(account: GuardedAccount): number {
  return Math.max(1, Math.min(account.concurrency, Math.ceil(account.callsPerSecond / 20)));
}

/**
 * A request may leave this long after its moment and still be made: a platform counts it when it
 * arrives, so the spacing allows for it (./pacing.ts). Later than this, the moment is given up.
 */
const LATE_MS = 100;
/** How far ahead of now a process may reserve moments. */
const AHEAD_MS = 500;

/** The account's limits as rolling windows. */
export function rateLimitsOf(account: GuardedAccount): RateLimit[] {
  const limits: RateLimit[] = [{ calls: account.callsPerSecond, windowMs: 1000 }];
  if (account.callsPerMinute) limits.push({ calls: account.callsPerMinute, windowMs: 60_000 });
  if (account.callsPerDay) limits.push({ calls: account.callsPerDay, windowMs: 86_400_000 });
  return limits;
}

/** The moments this process holds for an account's calls. */
interface LocalSlots {
  /** reserved moments (clock ms), earliest first */
  times: number[];
  /** the account's moments are taken this far ahead (clock ms): do not ask again before */
  fullUntil: number;
  /** the trip to the database in progress, if any */
  taking: Promise<void> | null;
}

interface Health {
  readAt: number;
  openUntil: string;
  failures: number;
}

export class CarrierGuard {
  private readonly semaphores = new Map<number, Semaphore>();
  private readonly health = new Map<number, Health>();
  private readonly counts = new Map<number, { ok: number; failed: number }>();
  private readonly slots = new Map<number, LocalSlots>();
  private flushTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts: GuardOptions = {},
  ) {}

  /** Run `call` for the account within its limits. Throws CarrierError (kind 'unavailable' while the circuit is open). */
  async call<T>(account: GuardedAccount, what: string, call: () => Promise<T>): Promise<T> {
    const attempts = this.opts.attempts ?? 3;
    for (let attempt = 0; ; attempt++) {
      await this.ensureClosed(account);
      const sem = this.semaphore(account);
      await sem.take();
      let result: T;
      try {
        result = await call();
      } catch (err) {
        sem.give();
        await this.noteFailure(account, what, err);
        if (attempt + 1 < attempts && retryable(err)) {
          await sleep(retryDelayMs(attempt, Math.random(), this.opts.retryBaseMs ?? 500));
          continue;
        }
        throw err;
      }
      sem.give();
      countCarrierCall(account.id, 'ok');
      this.count(account.id, 1, 0);
      const h = this.health.get(account.id);
      if (!h || h.failures > 0 || h.openUntil) {
        await repo.noteSuccess(this.db.kysely, account.id);
        this.health.set(account.id, { readAt: Date.now(), openUntil: '', failures: 0 });
      }
      return result;
    }
  }

  private semaphore(account: GuardedAccount): Semaphore {
    let s = this.semaphores.get(account.id);
    if (!s) this.semaphores.set(account.id, (s = new Semaphore(account.concurrency)));
    else s.setLimit(account.concurrency);
    return s;
  }

  private async ensureClosed(account: GuardedAccount): Promise<void> {
    let h = this.health.get(account.id);
    if (!h || Date.now() - h.readAt > (this.opts.healthCacheMs ?? HEALTH_CACHE_MS)) {
      const row = await repo.accountById(this.db.kysely, account.id);
      h = { readAt: Date.now(), openUntil: row?.circuit_open_until ?? '', failures: row?.failures ?? 0 };
      this.health.set(account.id, h);
    }
    if (h.openUntil && h.openUntil > clock.iso())
      throw new CarrierError('unavailable', `carrier account ${account.name} is resting after failures until ${h.openUntil}`);
  }

  private count(accountId: number, ok: number, failed: number): void {
    const c = this.counts.get(accountId) ?? { ok: 0, failed: 0 };
    c.ok += ok;
    c.failed += failed;
    this.counts.set(accountId, c);
    if (!this.flushTimer) {
      this.flushTimer = setTimeout(
        () => void this.flush().catch((err) => this.log.warn({ err }, 'writing carrier call counts failed')),
        COUNT_FLUSH_MS,
      );
      this.flushTimer.unref();
    }
  }

  /** Write the call counts added up so far (also at the end of a round, so the console's figures are current). */
  async flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const pending = [...this.counts];
    this.counts.clear();
    for (const [id, c] of pending) await repo.countCalls(this.db.kysely, id, c.ok, c.failed);
  }

  /** A moment for one request of the account, waiting for it (every request to the platform). */
  async slot(account: GuardedAccount): Promise<void> {
    const deadline = Date.now() + (this.opts.maxSlotWaitMs ?? 15_000);
    let local = this.slots.get(account.id);
    if (!local) this.slots.set(account.id, (local = { times: [], fullUntil: 0, taking: null }));
    for (;;) {
      const now = clock.now().getTime();
      // moments this process reached too late are given up, never used late
      while (local.times.length > 0 && local.times[0]! < now - LATE_MS) local.times.shift();
      const at = local.times.shift();
      if (at !== undefined) {
        if (at > now) await sleep(at - now);
        // a process that woke too late (a busy event loop) gives its moment up and asks again
        if (clock.now().getTime() - at <= LATE_MS) return;
        continue;
      }
      if (Date.now() >= deadline) throw new CarrierError('rate', `carrier account ${account.name}: no call slot within the wait`);
      if (now < local.fullUntil) {
        // spread a little so waiting callers do not all ask at the same instant
        await sleep(Math.max(5, local.fullUntil - now) + Math.floor(Math.random() * 20));
        continue;
      }
      // one trip to the database at a time per account in this process; the others wait for its moments
      if (!local.taking) {
        const slots = local;
        slots.taking = this.reserveMoments(account, slots).finally(() => (slots.taking = null));
      }
      await local.taking;
    }
  }

  /** Reserve the account's next moments in the database (compare-and-swap on its next free moment). */
  private async reserveMoments(account: GuardedAccount, slots: LocalSlots): Promise<void> {
    const spacing = spacingMs(rateLimitsOf(account), LATE_MS);
    const n = slotsPerTrip(account);
    let times: number[] = [];
    const r = await advance(this.db.kysely, `carrier-pace:${account.id}`, (row, now) => {
      const got = reserve({
        nextFree: row ? Date.parse(row.window_ends_at) : null,
        now: now.getTime(),
        spacingMs: spacing,
        n,
        aheadMs: AHEAD_MS,
      });
      if (!('times' in got)) return got;
      times = got.times;
      // whole milliseconds in the table, rounded up: a moment is never earlier than its spacing
      return { next: { count: got.times.length, window_ends_at: new Date(Math.ceil(got.nextFree)).toISOString(), locked_until: null } };
    });
    if ('next' in r) slots.times.push(...times);
    else slots.fullUntil = clock.now().getTime() + r.retryAfterMs;
  }

  private async noteFailure(account: GuardedAccount, what: string, err: unknown): Promise<void> {
    countCarrierCall(account.id, err instanceof CarrierError ? err.kind : 'error');
    this.count(account.id, 0, 1);
    if (!accountFault(err)) return;
    const message = err instanceof Error ? err.message : String(err);
    const failures = await repo.addFailure(this.db.kysely, account.id, `${what}: ${message}`);
    this.health.set(account.id, { readAt: Date.now(), openUntil: '', failures });
    // credentials refused: no point in trying again soon
    const openMs = err instanceof CarrierError && err.kind === 'auth' ? 10 * 60_000 : circuitOpenMs(failures);
    if (openMs > 0) {
      const until = clock.isoIn(openMs);
      await repo.openCircuit(this.db.kysely, account.id, until);
      this.health.set(account.id, { readAt: Date.now(), openUntil: until, failures });
      this.log.warn({ account: account.name, failures, openMs, err: message }, 'carrier account circuit open: stored figures are served');
    }
  }
}
