// Every call to a carrier platform goes through here (docs/decisions/0030): inside the account's
// limits across all server processes, retried with backoff and jitter when the platform is busy or
// briefly away, and not at all while the account's circuit is open.
//   - rate: one slot per HTTP request (the adapter's transport asks for it: a token fetch or a
//     lookup inside one question counts too) from a per-second window in the database
//     (lib/throttle), shared by every process: none can push the account above its calls per second.
//     A process takes a few slots of the current second per trip to the database (slotsPerTrip) and
//     hands them out itself; what it does not use in that second is lost, never carried over;
//   - concurrency: at most the account's calls in flight in this process (adapters.inFlightAt; the
//     scheduled rounds run on one process at a time, decision 0015);
//   - circuit: after FAILURES_TO_OPEN account-level failures in a row (platform down, timeouts,
//     unreadable answers, credentials refused) the account's calls fail at once for circuitOpenMs,
//     so pages and rounds show stored figures instead of waiting; the first call after it is the probe.
// Line-level refusals (an unknown card) are the card's problem, not the account's: no retry, no failure.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect';
import { CarrierError } from '../../integrations/carrier/adapter';
import { clock } from '../../lib/clock';
import { countCarrierCall } from '../../lib/metrics';
import { take, type ThrottleRule } from '../../lib/throttle';
import { circuitOpenMs, retryDelayMs } from './backoff';
import { slotCutoffMs, slotsPerSecond } from './pacing';
import * as repo from './repo';

export interface GuardedAccount {
  id: number;
  name: string;
  callsPerSecond: number;
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
/** How late this process's timers fire lately (the 99th percentile over about the last second, in ms). */
class LagWatch {
  private readonly histogram = monitorEventLoopDelay({ resolution: 10 });
  private lastMs = 0;
  private readAt = 0;
  constructor() {
    this.histogram.enable();
  }
  lagMs(): number {
    const now = Date.now();
    if (now - this.readAt >= 1000) {
      // a fresh window each second: a burst of lag a minute ago says nothing about now
      this.lastMs = this.histogram.count > 0 ? this.histogram.percentile(99) / 1e6 : 0;
      this.histogram.reset();
      this.readAt = now;
    }
    return this.lastMs;
  }
  stop(): void {
    this.histogram.disable();
  }
}
/** Call counts are added up here and written at most this often per account. */
const COUNT_FLUSH_MS = 1000;

/**
 * Slots taken from the database in one trip: a twentieth of the account's second (1 at a few calls
 * a second, 5 at 100), at most one per call in flight. A trip per call made the account's one row
 * in \`throttles\` the round's bottleneck at a hundred calls a second — every caller of the account,
 * in every process, waiting on its lock and a commit. Slots a process took and did not use in
 * their second are lost to it (counted, not used): the limit is never passed, a little of it may
 * go unused.
 */
function slotsPerTrip(account: GuardedAccount): number {
  return Math.max(1, Math.min(account.concurrency, Math.ceil(account.callsPerSecond / 20)));
}

/** windows on whole seconds, as platforms count them; a busy account's second keeps some headroom (pacing.ts) */
function slotRule(limit: number): ThrottleRule {
  return { limit: slotsPerSecond(limit), windowMs: 1000, windowEndsAt: (now) => new Date(Math.floor(now.getTime() / 1000) * 1000 + 1000) };
}

/** The slots this process holds for an account's current second. */
interface LocalSlots {
  second: number;
  left: number;
  /** the account's second is full (Date.now() time): wait, do not ask again before */
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
  private readonly lag = new LagWatch();

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

  /** A slot in the account's current second, waiting for the next second while it is full (every request to the platform). */
  async slot(account: GuardedAccount): Promise<void> {
    const deadline = Date.now() + (this.opts.maxSlotWaitMs ?? 15_000);
    let local = this.slots.get(account.id);
    if (!local) this.slots.set(account.id, (local = { second: -1, left: 0, fullUntil: 0, taking: null }));
    for (;;) {
      // a request sent in the last tenth of a second may reach the platform in the next one and
      // count there: wait for the next second rather than spill over the limit
      const into = Date.now() % 1000;
      if (into > slotCutoffMs(this.lag.lagMs())) await sleep(1000 - into + 1);
      // the second as lib/throttle counts it (the server clock)
      const second = Math.floor(clock.now().getTime() / 1000);
      if (local.left > 0 && local.second === second) {
        local.left -= 1;
        return;
      }
      if (Date.now() < local.fullUntil) {
        if (Date.now() >= deadline) throw new CarrierError('rate', `carrier account ${account.name}: no call slot within the wait`);
        // into the next second, spread a little so waiting callers do not all ask at its first instant
        await sleep(Math.max(5, local.fullUntil - Date.now()) + Math.floor(Math.random() * 50));
        continue;
      }
      // one trip to the database at a time per account in this process; the others wait for its slots
      if (!local.taking) {
        const slots = local;
        slots.taking = (async () => {
          const r = await take(this.db.kysely, `carrier-rate:${account.id}`, slotRule(account.callsPerSecond), slotsPerTrip(account));
          if (r.granted > 0) {
            // the slots belong to the window's second: unused when it is over, never carried into the next
            slots.second = Math.floor(new Date(r.windowEndsAt).getTime() / 1000) - 1;
            slots.left = r.granted;
          } else slots.fullUntil = Date.now() + r.retryAfterMs;
        })().finally(() => (slots.taking = null));
      }
      await local.taking;
    }
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
