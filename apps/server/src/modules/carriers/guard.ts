// Every call to a carrier platform goes through here (docs/decisions/0030): inside the account's
// limits across all server processes, retried with backoff and jitter when the platform is busy or
// briefly away, and not at all while the account's circuit is open.
//   - rate: one moment per HTTP request (the adapter's transport asks for it: a token fetch or a
//     lookup inside one question counts too), spaced so that no rolling second — nor minute or day,
//     where the platform documents one — holds more than the account's limit when the calls
//     arrive (./pacing.ts). The account's last moment handed out is one row in the database (lib/throttle's
//     compare-and-swap), shared by every process: none can push the account above its limit. A
//     process reserves a batch of moments per trip to the database, ahead of the trip's own time,
//     and asks for the next batch while it still holds moments; a moment it reaches too late is
//     left for its next one (the call goes, later);
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
import { batchSize, leadMs, onTime, reserve, spacingMs, type RateLimit } from './pacing';
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
 * A call is made when its process reaches the moment no later than this; later, it takes its next
 * moment. The spacing allows for this much and ARRIVAL_JITTER_MS more (./pacing.ts).
 */
const LATE_MS = 60;
/** From the guard's go to the platform's count: the HTTP client, the network. */
const ARRIVAL_JITTER_MS = 40;
/**
 * All a call's arrival may lag its moment: the spacing is (window + this) / limit, so an account
 * is paced at 1000 / 1100 of its grant per second (91 of 100, 4.5 of 5) and at the platform's own
 * grant per minute or day less a hundred milliseconds' worth.
 */
export const ALLOWANCE_MS = LATE_MS + ARRIVAL_JITTER_MS;
/** One trip to the database reserves this much of the account's time (18 moments at 100 a second, 1 at 5)… */
const BATCH_COVER_MS = 200;
/** …and no more than this many moments. */
const BATCH_MAX = 50;
/** The first moment of a batch is at least this far ahead of the trip, at most LEAD_MAX_MS (pacing.leadMs). */
const LEAD_MIN_MS = 10;
const LEAD_MAX_MS = 300;
/** How far ahead of now a process may reserve: beyond, other processes hold the moments; it waits. */
const AHEAD_MS = LEAD_MAX_MS + 4 * BATCH_COVER_MS;

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
  /** the trip to the database in progress, if any: its failure, if it failed */
  taking: Promise<unknown> | null;
  /** how long the last trip took (ms): the next batch starts twice that far ahead */
  lastTripMs: number;
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
    if (!local) this.slots.set(account.id, (local = { times: [], fullUntil: 0, taking: null, lastTripMs: 0 }));
    for (;;) {
      const now = clock.now().getTime();
      // moments this process reached too late are left: the call takes a later one
      while (local.times.length > 0 && onTime(local.times[0]!, now, LATE_MS) === 'missed') local.times.shift();
      const at = local.times.shift();
      if (at !== undefined) {
        // the last moment held: ask for the next batch now, so the trip overlaps this wait
        if (local.times.length === 0 && now >= local.fullUntil) void this.startTrip(account, local);
        if (at > now) await sleep(at - now);
        if (onTime(at, clock.now().getTime(), LATE_MS) === 'go') return;
        // woken too late (a busy event loop): the call waits for a later moment instead
        continue;
      }
      if (Date.now() >= deadline) throw new CarrierError('rate', `carrier account ${account.name}: no call slot within the wait`);
      if (now < local.fullUntil && !local.taking) {
        // spread a little so waiting callers do not all ask at the same instant
        await sleep(Math.max(5, local.fullUntil - now) + Math.floor(Math.random() * 20));
        continue;
      }
      const failed = await this.startTrip(account, local);
      if (failed) throw failed;
    }
  }

  /** The trip to the database for the account's next moments: the one in progress, or a new one (one at a time per account in this process). */
  private startTrip(account: GuardedAccount, slots: LocalSlots): Promise<unknown> {
    if (!slots.taking) {
      const began = Date.now();
      slots.taking = this.reserveMoments(account, slots)
        .then(
          () => undefined,
          // handed to the callers waiting on this trip; one that started it ahead of need has none
          (err: unknown) => err,
        )
        .finally(() => {
          slots.lastTripMs = Date.now() - began;
          slots.taking = null;
        });
    }
    return slots.taking;
  }

  /** Reserve the account's next moments in the database (compare-and-swap on its last moment). */
  private async reserveMoments(account: GuardedAccount, slots: LocalSlots): Promise<void> {
    const spacing = spacingMs(rateLimitsOf(account), ALLOWANCE_MS);
    const n = batchSize(spacing, BATCH_COVER_MS, BATCH_MAX);
    const lead = leadMs(slots.lastTripMs, LEAD_MIN_MS, LEAD_MAX_MS);
    let times: number[] = [];
    const r = await advance(this.db.kysely, `carrier-pace:${account.id}`, (row, now) => {
      const got = reserve({
        last: row ? Date.parse(row.window_ends_at) : null,
        now: now.getTime(),
        spacingMs: spacing,
        n,
        leadMs: lead,
        aheadMs: AHEAD_MS,
      });
      if (!('times' in got)) return got;
      times = got.times;
      // whole milliseconds in the table, rounded up: the next moment is never closer than the spacing
      return { next: { count: got.times.length, window_ends_at: new Date(Math.ceil(got.last)).toISOString(), locked_until: null } };
    });
    if ('next' in r) slots.times.push(...times);
    else slots.fullUntil = clock.now().getTime() + r.retryAfterMs;
  }

  private async noteFailure(account: GuardedAccount, what: string, err: unknown): Promise<void> {
    countCarrierCall(account.id, err instanceof CarrierError ? err.kind : 'error');
    this.count(account.id, 0, 1);
    if (!accountFault(err)) return;
    const message = err instanceof Error ? err.message : String(err);
    const kind = err instanceof CarrierError ? err.kind : '';
    const failures = await repo.addFailure(this.db.kysely, account.id, `${what}: ${message}`, kind);
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
