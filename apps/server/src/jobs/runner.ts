// Scheduled jobs (docs/decisions/0015-scheduled-jobs.md): named jobs with an interval. Time is cut
// into ticks (floor(now / interval)); each tick of each job runs ONCE across every server process
// sharing the database — the runner that wins the conditional update of the job's row (./repo.ts)
// runs it, the others skip. The claim carries a lease, renewed while the run lasts: runs of a job
// never overlap, and a crashed runner's tick is picked up once its lease lapses. Timers are
// unref'd and stopped on close; tests run a job with `runNow`.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect';
import { clock } from '../lib/clock';
import { countJobRun } from '../lib/metrics';
import * as repo from './repo';

export interface JobDef {
  name: string;
  /** how often it runs, one run per interval across all processes; 0 = only when asked (runNow) */
  intervalMs: number;
  /** how long a claim holds without renewal (default: the interval, at least 60 s) */
  leaseMs?: number;
  run(): Promise<unknown>;
}

export type RunOutcome<T = unknown> = { ran: true; result: T } | { ran: false };

export class JobRunner {
  readonly id = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly jobs = new Map<string, JobDef>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  private started = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Add a job (before or after start). A name is added once. */
  add(job: JobDef): void {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is already added`);
    if (!(job.intervalMs >= 0)) throw new Error(`job ${job.name}: interval must not be negative`);
    this.jobs.set(job.name, job);
    if (this.started) this.schedule(job);
  }

  names(): string[] {
    return [...this.jobs.keys()];
  }

  /** each job's interval in ms (0 = only when asked), for the metrics */
  intervals(): { name: string; intervalMs: number }[] {
    return [...this.jobs.values()].map((j) => ({ name: j.name, intervalMs: j.intervalMs }));
  }

  has(name: string): boolean {
    return this.jobs.has(name);
  }

  /** when each job last succeeded, in whichever process ran it (ISO; '' = never) */
  lastSuccesses(): Promise<{ name: string; succeeded_at: string }[]> {
    return repo.lastSuccesses(this.db.kysely);
  }

  /** Start the timers: each job tries its current tick once per interval. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    for (const job of this.jobs.values()) this.schedule(job);
  }

  /** Stop the timers and wait for the runs in progress (the database closes after). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.timers.length = 0;
    await Promise.allSettled([...this.inFlight]);
  }

  /** Run the job's current tick if no process has run it yet. */
  runDue<T = unknown>(name: string): Promise<RunOutcome<T>> {
    return this.track(this.attempt<T>(this.job(name), false));
  }

  /** Run the job now even if this tick already ran — but never alongside another run of it. */
  runNow<T = unknown>(name: string): Promise<RunOutcome<T>> {
    return this.track(this.attempt<T>(this.job(name), true));
  }

  private job(name: string): JobDef {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`no job named ${name}`);
    return job;
  }

  private schedule(job: JobDef): void {
    if (job.intervalMs === 0) return;
    const timer = setInterval(() => {
      if (this.stopped) return;
      // a failed run is logged by attempt(); the next tick tries again
      this.runDue(job.name).catch(() => {});
    }, job.intervalMs);
    timer.unref();
    this.timers.push(timer);
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p)).catch(() => {});
    return p;
  }

  private async attempt<T>(job: JobDef, force: boolean): Promise<RunOutcome<T>> {
    const k = this.db.kysely;
    const leaseMs = job.leaseMs ?? Math.max(job.intervalMs, 60_000);
    const now = clock.now();
    const tick = Math.floor(now.getTime() / (job.intervalMs || 1));
    await repo.ensureJob(k, job.name);
    const won = await repo.claim(k, {
      name: job.name,
      tick,
      runner: this.id,
      nowIso: now.toISOString(),
      leaseUntil: new Date(now.getTime() + leaseMs).toISOString(),
      force,
    });
    if (!won) return { ran: false };

    // keep the lease while the run lasts, so a slow run is not mistaken for a crashed one
    const heartbeat = setInterval(
      () => {
        repo
          .extendLease(k, job.name, this.id, tick, clock.isoIn(leaseMs))
          .then((held) => held || this.log.warn({ job: job.name, tick }, 'scheduled job lost its lease'))
          .catch((err) => this.log.warn({ err, job: job.name }, 'renewing a scheduled job lease failed'));
      },
      Math.max(1000, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
    // real time, not the server clock (lib/clock can be moved by the simulators' test controls)
    const started = performance.now();
    try {
      const result = (await job.run()) as T;
      countJobRun(job.name, true, (performance.now() - started) / 1000);
      await repo.finish(k, job.name, this.id, tick, clock.iso(), '');
      return { ran: true, result };
    } catch (err) {
      countJobRun(job.name, false, (performance.now() - started) / 1000);
      this.log.error({ err, job: job.name, tick }, 'scheduled job failed');
      await repo.finish(k, job.name, this.id, tick, clock.iso(), String((err as Error)?.message ?? err).slice(0, 500)).catch(() => {});
      throw err;
    } finally {
      clearInterval(heartbeat);
    }
  }
}
