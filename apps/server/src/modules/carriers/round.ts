// The sync engine's round (docs/decisions/0030): keeps the cards of every real carrier account
// fresh, so pages read the database and never wait on a platform.
//   - which cards: those a page, the holder's 刷新, a payment or a suspend/resume asked for first
//     (cards.sync_wanted_at), then every card whose figures are older than FRESH_MS, oldest first;
//     cancelled lines are read once a day (they rarely change);
//   - a step at a time: each step reads the next STEP due cards after where the last one stopped,
//     in index order (migration 031), and only the columns a sync needs. The whole due list is
//     never read at once: at 33,000 cards an account that read took seconds of every run and left
//     one step of work in a run's time (docs/capacity.md, "Carrier sync");
//   - once per run: the walk only moves forward, and a card tried in the run is not tried again in
//     it; the scheduled-jobs claim (decision 0015) runs one round at a time across all processes;
//   - batches: a day's figures are read for up to the platform's batch size of cards per call
//     before the cards' own reads (gateway.prefetchDaily), which then find them;
//   - limits: every call goes through the guard (rate shared through the database, calls in
//     flight, retries, circuit); a run stops an account's work when its circuit opens, and a run
//     that outlasts its time budget leaves the rest to the next, which starts with the oldest.
import { chinaDate } from '@portal/domain';
import type { AppContext } from '../../context';
import { CarrierError, type PlatformLimits } from '../../integrations/carrier/adapter';
import { SIMULATOR_ACCOUNT_ID } from '../../integrations/carrier/kinds';
import { clock } from '../../lib/clock';
import { pendingVerifications, refreshVerified } from '../realName';
import { chinaDayOf, dayRange, syncUsage } from '../usage';
import type { AccountsCarrierGateway } from './gateway';
import { alertOperators } from './opsAlerts';
import { pastDaysToRead } from './readDays';
import * as repo from './repo';
import type { Cursor, DueCard } from './repo';

/** A card's status and month figures are read again when older than this. */
export const FRESH_MS = 55 * 60_000;
const CANCELLED_FRESH_MS = 24 * 3600_000;
/** cards taken per step: one platform batch of daily figures, then their own reads */
const STEP = 100;

export interface AccountRound {
  account: string;
  due: number;
  synced: number;
  failed: number;
  /** calls for batched daily figures */
  batchCalls: number;
  /** every due card was read (the round is complete) */
  complete: boolean;
  /** the account's circuit opened during the round */
  resting: boolean;
}

/** The account's due cards, a step at a time: the asked-for ones, then the stale ones, each card once. */
class DueWalk {
  private wanted: Cursor | null = { at: '', id: 0 };
  private stale: Cursor = { at: '', id: 0 };
  private readonly tried = new Set<number>();
  private readonly cut: { stale: string; staleCancelled: string };

  constructor(
    private readonly ctx: AppContext,
    private readonly accountId: number,
    now: Date,
  ) {
    this.cut = {
      stale: new Date(now.getTime() - FRESH_MS).toISOString(),
      staleCancelled: new Date(now.getTime() - CANCELLED_FRESH_MS).toISOString(),
    };
  }

  /** Up to `n` cards not tried yet in this run; [] when none is left. */
  async next(n: number): Promise<DueCard[]> {
    for (;;) {
      let rows: DueCard[];
      if (this.wanted) {
        rows = await repo.nextWanted(this.ctx.db.kysely, this.accountId, this.wanted, n);
        if (rows.length === 0) {
          this.wanted = null;
          continue;
        }
        const last = rows[rows.length - 1]!;
        this.wanted = { at: last.sync_wanted_at, id: last.id };
      } else {
        rows = await repo.nextStale(this.ctx.db.kysely, this.accountId, this.stale, this.cut, n);
        if (rows.length === 0) return [];
        const last = rows[rows.length - 1]!;
        this.stale = { at: last.flow_synced_at, id: last.id };
      }
      // an asked-for card that failed is still stale: it is not tried twice in one run
      const fresh = rows.filter((c) => !this.tried.has(c.id));
      for (const c of fresh) this.tried.add(c.id);
      if (fresh.length > 0) return fresh;
    }
  }

  get count(): number {
    return this.tried.size;
  }
}

/** The past days a card's sync will ask for (gateway.usage's, ./readDays.ts). */
function pastDaysOf(card: DueCard, today: string, limits: PlatformLimits): string[] {
  const past = pastDaysToRead({
    today,
    lastSyncedDay: chinaDayOf(card.flow_synced_at),
    historyDays: limits.dailyHistoryDays,
    settleDays: limits.dailySettleDays ?? 1,
  });
  return past ? dayRange(past.from, past.to) : [];
}

async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(width, items.length)) }, worker));
}

export async function syncAccount(
  ctx: AppContext,
  gateway: AccountsCarrierGateway,
  account: repo.CarrierAccount,
  budgetMs: number,
): Promise<AccountRound> {
  const started = Date.now();
  const now = clock.now();
  const walk = new DueWalk(ctx, account.id, now);
  const result: AccountRound = {
    account: account.name,
    due: 0,
    synced: 0,
    failed: 0,
    batchCalls: 0,
    complete: false,
    resting: false,
  };
  const today = chinaDate(now);
  for (;;) {
    if (Date.now() - started > budgetMs) return result;
    const step = await walk.next(STEP);
    result.due = walk.count;
    if (step.length === 0) break;
    const release = gateway.holdStep(account, step);
    try {
      if (!(await syncStep(ctx, gateway, account, step, today, result))) return { ...result, resting: true };
    } finally {
      release();
    }
  }
  result.complete = true;
  await repo.noteRound(ctx.db.kysely, account.id, clock.iso(), result.synced, result.failed);
  return result;
}

const resting = (err: unknown) => err instanceof CarrierError && err.kind === 'unavailable' && /resting/.test(err.message);

/** One step's cards: their days in batches, then each card's own reads. False when the account's circuit opened. */
async function syncStep(
  ctx: AppContext,
  gateway: AccountsCarrierGateway,
  account: repo.CarrierAccount,
  step: DueCard[],
  today: string,
  result: AccountRound,
): Promise<boolean> {
  const adapter = gateway.adapters.adapterOf(account);
  try {
    const byDay = new Map<string, DueCard[]>();
    // a platform that answers a line's whole period in one call (lineDays) gains nothing from batches by day
    if (!adapter.lineDays)
      for (const card of step)
        for (const day of pastDaysOf(card, today, adapter.limits)) {
          const cards = byDay.get(day);
          if (cards) cards.push(card);
          else byDay.set(day, [card]);
        }
    for (const [day, cards] of byDay) result.batchCalls += await gateway.prefetchDaily(cards, day);
  } catch (err) {
    // the cards' own reads below ask for what the batch could not give
    ctx.log.warn({ err: (err as Error).message, account: account.name }, 'carrier batch read failed');
    if (resting(err)) return false;
  }
  let stop = false;
  // a verification opened and not finished: the round asks the platform about it too (on the full row)
  const pending = await pendingVerifications(
    ctx.db.kysely,
    step.map((c) => c.id),
    clock.iso(),
  );
  const verifying = new Map((await repo.cardsByIds(ctx.db.kysely, pending)).map((c) => [c.id, c]));
  await pool(step, gateway.adapters.guarded(account).concurrency, async (card) => {
    if (stop) return;
    try {
      await syncUsage(ctx, card);
      const full = verifying.get(card.id);
      if (full && full.auth_state !== 1) await refreshVerified(ctx, full);
      result.synced += 1;
    } catch (err) {
      result.failed += 1;
      if (resting(err)) stop = true;
      else
        ctx.log.warn({ err: (err as Error).message, account: account.name, custom_num: card.custom_num }, 'carrier read of a card failed');
    }
  });
  return !stop;
}

/** One round over every enabled real account, side by side (each within its own limits). */
export async function syncRound(ctx: AppContext, gateway: AccountsCarrierGateway, budgetMs: number): Promise<AccountRound[]> {
  const accounts = (await repo.listAccounts(ctx.db.kysely)).filter((a) => a.id !== SIMULATOR_ACCOUNT_ID && a.enabled === 1);
  try {
    return await Promise.all(accounts.map((a) => syncAccount(ctx, gateway, a, budgetMs)));
  } finally {
    await gateway.guard.flush();
    // the operations team hears of an account that needs them once the round's figures are written
    await alertOperators(ctx).catch((err: unknown) => ctx.log.warn({ err: (err as Error).message }, 'operations alerts failed'));
  }
}
