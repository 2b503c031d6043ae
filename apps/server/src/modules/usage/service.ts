// Data usage: figures come from the carrier (ctx.carrier.usage) into card_flow_daily, and every
// answer is computed from that table. Carrier data lags by hours, so reads re-sync when the last
// sync is older than a freshness window, every answer says when the figures were taken, and the
// user can force a sync (rate-limited per card).
import type { DailyFlowAnswer, FlowStatisticsAnswer } from '@portal/contract';
import { chinaDate } from '@portal/domain';
import type { AppContext } from '../../context';
import type { Card } from '../../db/schema';
import type { DailyUsage } from '../../integrations/carrier/gateway';
import { SIMULATOR_ACCOUNT_ID } from '../../integrations/carrier/kinds';
import { clock } from '../../lib/clock';
import type { Auth } from '../auth';
import { accessibleCard, cardRecord } from '../cardRecord';
import { addDays, chinaDayOf, dayRange, monthsDescending } from './days';
import * as repo from './repo';

/** Reads re-sync when the figures are older than this. */
const USAGE_FRESH_MS = 10 * 60_000;
/** A first sync asks this many days (today included); the carrier answers the days it reports. */
const HISTORY_DAYS = 90;

export type SyncableCard = Pick<Card, 'id' | 'custom_num' | 'created_at' | 'flow_synced_at' | 'carrier_account_id' | 'sync_wanted_at'>;

/**
 * Pages never wait on a real platform (docs/decisions/0030): a card of a platform account whose
 * figures are old is marked for the sync engine's next round, and the page shows what is stored
 * with its time. The simulator answers from our own database, so its cards are still read on the spot.
 */
function readsOnTheSpot(card: SyncableCard): boolean {
  return card.carrier_account_id === SIMULATOR_ACCOUNT_ID;
}

async function askTheRound(ctx: AppContext, card: SyncableCard): Promise<void> {
  if (!card.sync_wanted_at) await cardRecord.wantSync(ctx.db.kysely, card.id, clock.iso());
}

/**
 * Pull daily usage from the carrier and store it, the carrier's figures as it keeps them. A first
 * read asks for every day the carrier still reports (HISTORY_DAYS at most; a real platform's
 * gateway narrows it to the platform's own window), whatever day the card was created here: a
 * card imported today shows the days its platform knew before. A later read asks from the day
 * before the last sync (that day's figure was partial), and the gateway may answer earlier days
 * the platform revised. Each day's figure replaces ours (docs/decisions/0060). Idempotent: rows are
 * upserted by day, so repeated syncs never double-count; of two syncs of a card the later-started
 * one's figures stand. Returns the new sync time.
 */
export async function syncUsage(ctx: AppContext, card: SyncableCard): Promise<string> {
  const now = clock.now();
  const today = chinaDate(now);
  const earliest = addDays(today, -(HISTORY_DAYS - 1));
  const lastSyncDay = chinaDayOf(card.flow_synced_at);
  let from = lastSyncDay ? addDays(lastSyncDay, -1) : earliest;
  if (from < earliest) from = earliest;
  if (from > today) from = today;
  // One sync is one event for the line: its figures AND its state, so that no page shows fresh
  // figures beside a stale 已停机 (docs/decisions/0029). The status is a convenience: a carrier that
  // answers usage but not status still gets its figures stored.
  // both settle before the sync ends (a failed usage read must not leave the status call running on its own)
  const [usage, status] = await Promise.all([
    ctx.carrier.usage(card.custom_num, from, today, now).then(
      (rows) => ({ rows }),
      (err: unknown) => ({ err }),
    ),
    ctx.carrier.lineStatus(card.custom_num).catch((err: unknown) => {
      ctx.log.warn(
        { err: (err as Error)?.message ?? err, custom_num: card.custom_num },
        'carrier line status failed during a sync; state left as stored',
      );
      return null;
    }),
  ]);
  if ('err' in usage) throw usage.err;
  const raw = usage.rows;
  const at = now.toISOString();
  const rows = cleanUsage(raw, earliest, today);
  // the figures, the line's state and the card's sync mark (modules/cardRecord's table) land together
  await ctx.db.kysely.transaction().execute(async (trx) => {
    // the mark first: it moves only forward, and its row lock orders two syncs of the card; a sync
    // that started after this one and already stored its figures keeps them (ours are older)
    const latest = await cardRecord.markUsageSynced(trx, card.id, at);
    if (latest) await repo.storeDailyUsage(trx, card.id, rows);
    // (real-name stays with modules/realName, which re-checks it when the holder comes back)
    if (latest && status) await cardRecord.setCarrierState(trx, card.id, status.status, status.stopReason);
    if (latest && status?.rawState !== undefined) await cardRecord.setCarrierRawState(trx, card.id, status.rawState);
    if (card.sync_wanted_at) await cardRecord.syncAnswered(trx, card.id, at);
  });
  return at;
}

/** Carrier answers are input: keep whole, non-negative figures from `from` to today, one per day. */
function cleanUsage(rows: DailyUsage[], from: string, to: string): repo.DayUsage[] {
  const byDay = new Map<string, number>();
  for (const r of rows) {
    if (typeof r.day !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(r.day) || r.day < from || r.day > to) continue;
    const kb = Math.round(Number(r.usedKb));
    if (!Number.isFinite(kb) || kb < 0) continue;
    byDay.set(r.day, kb); // PostgreSQL refuses to upsert the same key twice in one statement
  }
  return [...byDay].map(([day, used_kb]) => ({ day, used_kb }));
}

// A usage page asks for several figures at once; when they are stale, one carrier call serves all
// of them. Only an optimization: other processes may sync the same card too (upserts are idempotent).
const inFlight = new WeakMap<object, Map<number, Promise<string | null>>>();

/**
 * After a card's sync failed, the syncs the pages start on their own (card info's first sight,
 * stale usage figures) leave it alone this long: during a carrier outage every page would otherwise
 * wait for the carrier to fail again, on every load. The card holder's own 刷新 (forceSync) still
 * asks at once. Per process: another process may ask once more, which costs only that one wait.
 */
export const SYNC_RETRY_AFTER_FAILURE_MS = 60_000;
const failedAt = new WeakMap<object, Map<number, number>>();

function recentlyFailed(ctx: AppContext, cardId: number): boolean {
  const at = failedAt.get(ctx.db)?.get(cardId);
  return at !== undefined && clock.now().getTime() - at < SYNC_RETRY_AFTER_FAILURE_MS;
}

function noteOutcome(ctx: AppContext, cardId: number, failed: boolean): void {
  let failures = failedAt.get(ctx.db);
  if (!failures) failedAt.set(ctx.db, (failures = new Map()));
  if (!failed) {
    failures.delete(cardId);
    return;
  }
  // bounded: a long outage over many cards forgets the oldest failures, which only means one more try
  if (failures.size >= 10_000) failures.delete(failures.keys().next().value!);
  failures.set(cardId, clock.now().getTime());
}

/** Sync, but a carrier failure only costs freshness: log it and serve the stored figures. */
function trySync(ctx: AppContext, card: SyncableCard, opts: { automatic: boolean }): Promise<string | null> {
  if (opts.automatic && recentlyFailed(ctx, card.id)) return Promise.resolve(null);
  let running = inFlight.get(ctx.db);
  if (!running) inFlight.set(ctx.db, (running = new Map()));
  const pending = running.get(card.id);
  if (pending) return pending;
  const job = syncUsage(ctx, card)
    .then((at) => (noteOutcome(ctx, card.id, false), at))
    .catch((err: unknown) => {
      ctx.log.warn({ err, custom_num: card.custom_num }, 'carrier usage sync failed; serving stored figures');
      noteOutcome(ctx, card.id, true);
      return null;
    })
    .finally(() => running.delete(card.id));
  running.set(card.id, job);
  return job;
}

/** Milliseconds since an ISO instant (infinite for '' or garbage). */
export function msSince(iso: string): number {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? Number.POSITIVE_INFINITY : clock.now().getTime() - t;
}

/** Sync when never synced or older than the freshness window; returns the sync time to show. */
export async function ensureFresh(ctx: AppContext, card: SyncableCard): Promise<string> {
  if (card.flow_synced_at && msSince(card.flow_synced_at) <= USAGE_FRESH_MS) return card.flow_synced_at;
  if (!readsOnTheSpot(card)) return (await askTheRound(ctx, card), card.flow_synced_at);
  return (await trySync(ctx, card, { automatic: true })) ?? card.flow_synced_at;
}

/** Sync only a card that was never synced (first sight of a card); otherwise serve what is stored. */
export async function ensureSyncedOnce(ctx: AppContext, card: SyncableCard): Promise<string> {
  if (card.flow_synced_at) return card.flow_synced_at;
  if (!readsOnTheSpot(card)) return (await askTheRound(ctx, card), '');
  return (await trySync(ctx, card, { automatic: true })) ?? '';
}

/** One record per day for the last `days` days up to today, days without use as 0, oldest first. */
export async function dailyFlow(ctx: AppContext, auth: Auth, customNum: string, days: number): Promise<DailyFlowAnswer> {
  const card = await accessibleCard(ctx, auth, customNum);
  const syncedAt = await ensureFresh(ctx, card);
  const today = chinaDate(clock.now());
  const from = addDays(today, -(days - 1));
  const stored = new Map((await repo.dailyUsage(ctx.db.kysely, card.id, from, today)).map((r) => [r.day, r.used_kb]));
  return {
    custom_num: card.custom_num,
    records: dayRange(from, today).map((date) => ({ date, used_kb: stored.get(date) ?? 0 })),
    synced_at: syncedAt,
  };
}

/** Total use on record and use per month, newest month first (months without use as 0). */
export async function flowStatistics(ctx: AppContext, auth: Auth, customNum: string): Promise<FlowStatisticsAnswer> {
  const card = await accessibleCard(ctx, auth, customNum);
  const syncedAt = await ensureFresh(ctx, card);
  const rows = await repo.monthlyUsage(ctx.db.kysely, card.id);
  const byMonth = new Map(rows.map((r) => [r.month, r.used_kb]));
  const first = rows.reduce<string | null>((min, r) => (min === null || r.month < min ? r.month : min), null);
  const current = chinaDate(clock.now()).slice(0, 7);
  const months = first === null ? [] : monthsDescending(first < current ? first : current, current);
  return {
    custom_num: card.custom_num,
    total_used_kb: rows.reduce((sum, r) => sum + r.used_kb, 0),
    months: months.map((month) => ({ month, used_kb: byMonth.get(month) ?? 0 })),
    synced_at: syncedAt,
  };
}

/**
 * A sync the card holder asked for (刷新): asks the carrier now unless a sync of this card is in
 * flight, even after a recent failure. The new sync time, or null when the carrier did not answer.
 */
export function syncNow(ctx: AppContext, card: SyncableCard): Promise<string | null> {
  return trySync(ctx, card, { automatic: false });
}

/** The package that follows the one in force when that ends (already renewed), if any. */
export async function renewalOf(ctx: AppContext, card: Pick<Card, 'id'>, current: { expired_at: string }) {
  return repo.queuedPackage(ctx.db.kysely, card.id, clock.now().toISOString(), current.expired_at);
}
