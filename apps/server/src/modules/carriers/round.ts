// The sync engine's round (docs/decisions/0030): keeps the cards of every real carrier account
// fresh, so pages read the database and never wait on a platform.
//   - which cards: those a page, the holder's 刷新, a payment or a suspend/resume asked for first
//     (cards.sync_wanted_at), then every card whose figures are older than FRESH_MS, oldest first;
//     cancelled lines are read once a day (they rarely change);
//   - once per round: the run takes the due list once and reads each card at most once; the
//     scheduled-jobs claim (decision 0015) runs one round at a time across all processes;
//   - batches: a day's figures are read for up to the platform's batch size of cards per call
//     before the cards' own reads (gateway.prefetchDaily), which then find them;
//   - limits: every call goes through the guard (rate shared through the database, concurrency,
//     retries, circuit); a round stops an account's work when its circuit opens, and a round that
//     outlasts its time budget leaves the rest to the next, which starts with the oldest.
import { CardState } from '@portal/contract/enums';
import { chinaDate } from '@portal/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { Card } from '../../db/schema';
import { CarrierError } from '../../integrations/carrier/adapter';
import { SIMULATOR_ACCOUNT_ID } from '../../integrations/carrier/kinds';
import { clock } from '../../lib/clock';
import { pendingVerifications, refreshVerified } from '../realName';
import { addDays, chinaDayOf, syncUsage } from '../usage';
import type { AccountsCarrierGateway } from './gateway';
import { FIRST_READ_DAYS } from './firstRead';
import * as repo from './repo';

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

type DueCard = Card;

async function dueCards(ctx: AppContext, accountId: number, now: Date): Promise<DueCard[]> {
  const stale = new Date(now.getTime() - FRESH_MS).toISOString();
  const staleCancelled = new Date(now.getTime() - CANCELLED_FRESH_MS).toISOString();
  return ctx.db.kysely
    .selectFrom('cards')
    .selectAll()
    .where('carrier_account_id', '=', accountId)
    .where((eb) =>
      eb.or([
        eb('sync_wanted_at', '!=', ''),
        eb.and([eb('state', '!=', CardState.Cancelled), eb('flow_synced_at', '<', stale)]),
        eb('flow_synced_at', '<', staleCancelled),
      ]),
    )
    .orderBy(sql`case when sync_wanted_at = '' then 1 else 0 end`)
    .orderBy('flow_synced_at')
    .orderBy('id')
    .execute();
}

/** The past days a card's sync will ask for (usage.syncUsage's range), within the platform's window. */
function pastDaysOf(card: DueCard, today: string, kept: string): string[] {
  const last = chinaDayOf(card.flow_synced_at);
  let from = last ? addDays(last, -1) : addDays(today, -FIRST_READ_DAYS);
  if (from < kept) from = kept;
  const out: string[] = [];
  for (let d = from; d < today; d = addDays(d, 1)) out.push(d);
  return out;
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
  const due = await dueCards(ctx, account.id, now);
  const result: AccountRound = {
    account: account.name,
    due: due.length,
    synced: 0,
    failed: 0,
    batchCalls: 0,
    complete: false,
    resting: false,
  };
  if (due.length === 0) {
    result.complete = true;
    await repo.noteRound(ctx.db.kysely, account.id, clock.iso(), 0);
    return result;
  }
  const adapter = gateway.adapters.adapterOf(account);
  const today = chinaDate(now);
  const kept = addDays(today, -adapter.limits.dailyHistoryDays);
  const resting = (err: unknown) => err instanceof CarrierError && err.kind === 'unavailable' && /resting/.test(err.message);
  for (let i = 0; i < due.length; i += STEP) {
    if (Date.now() - started > budgetMs) return result;
    const step = due.slice(i, i + STEP);
    try {
      const byDay = new Map<string, DueCard[]>();
      for (const card of step)
        for (const day of pastDaysOf(card, today, kept)) {
          const cards = byDay.get(day);
          if (cards) cards.push(card);
          else byDay.set(day, [card]);
        }
      for (const [day, cards] of byDay) result.batchCalls += await gateway.prefetchDaily(cards, day);
    } catch (err) {
      // the cards' own reads below ask for what the batch could not give
      ctx.log.warn({ err: (err as Error).message, account: account.name }, 'carrier batch read failed');
      if (resting(err)) return { ...result, resting: true };
    }
    let stop = false;
    // a verification opened and not finished: the round asks the platform about it too
    const pending = new Set(
      await pendingVerifications(
        ctx.db.kysely,
        step.map((c) => c.id),
        clock.iso(),
      ),
    );
    await pool(step, adapter.limits.concurrency, async (card) => {
      if (stop) return;
      try {
        await syncUsage(ctx, card);
        if (pending.has(card.id) && card.auth_state !== 1) await refreshVerified(ctx, card);
        result.synced += 1;
      } catch (err) {
        result.failed += 1;
        if (resting(err)) stop = true;
        else
          ctx.log.warn(
            { err: (err as Error).message, account: account.name, custom_num: card.custom_num },
            'carrier read of a card failed',
          );
      }
    });
    if (stop) return { ...result, resting: true };
  }
  result.complete = true;
  await repo.noteRound(ctx.db.kysely, account.id, clock.iso(), result.synced);
  return result;
}

/** One round over every enabled real account, side by side (each within its own limits). */
export async function syncRound(ctx: AppContext, gateway: AccountsCarrierGateway, budgetMs: number): Promise<AccountRound[]> {
  const accounts = (await repo.listAccounts(ctx.db.kysely)).filter((a) => a.id !== SIMULATOR_ACCOUNT_ID && a.enabled === 1);
  try {
    return await Promise.all(accounts.map((a) => syncAccount(ctx, gateway, a, budgetMs)));
  } finally {
    await gateway.guard.flush();
  }
}
