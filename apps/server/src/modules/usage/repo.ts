// SQL of the usage module: owns daily usage per card (card_flow_daily); reads the card's packages.
// One code base for SQLite and PostgreSQL (no dialect-specific SQL).
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

export interface DayUsage {
  day: string;
  used_kb: number;
}

/**
 * Store the carrier's daily figures, in the caller's transaction (with the card's sync mark).
 * Upsert by (card, day), so repeating a sync never adds rows. The carrier's figure replaces ours,
 * lower or higher: the platform corrects a day, and a day we once over-counted must come down
 * (docs/decisions/0060). Two syncs that finish out of order are kept apart by the sync mark
 * (usage/service.ts stores only for the later-started sync).
 */
export async function storeDailyUsage(db: Executor, cardId: number, rows: DayUsage[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('card_flow_daily')
    .values(rows.map((r) => ({ card_id: cardId, day: r.day, used_kb: r.used_kb })))
    .onConflict((oc) =>
      oc.columns(['card_id', 'day']).doUpdateSet({
        used_kb: sql<number>`excluded.used_kb`,
      }),
    )
    .execute();
}

/** Sum of usage over the inclusive day range [fromDay, toDay]; 0 for an empty range (a refund reads it inside its transaction). */
export async function sumUsage(db: Executor, cardId: number, fromDay: string, toDay: string): Promise<number> {
  if (!fromDay || !toDay || fromDay > toDay) return 0;
  const row = await db
    .selectFrom('card_flow_daily')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('used_kb'), sql<number>`0`).as('kb'))
    .where('card_id', '=', cardId)
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .executeTakeFirstOrThrow();
  return Number(row.kb);
}

/** Today's, this month's and a package period's usage in one pass over the card's recent days. */
export async function usageSums(
  db: Executor,
  cardId: number,
  p: { today: string; monthFrom: string; pkgFrom: string | null; pkgTo: string | null },
): Promise<{ today: number; month: number; pkg: number }> {
  const from = p.pkgFrom && p.pkgFrom < p.monthFrom ? p.pkgFrom : p.monthFrom;
  const pkgFrom = p.pkgFrom ?? '9999-12-31';
  const pkgTo = p.pkgTo ?? '0000-01-01';
  const row = await db
    .selectFrom('card_flow_daily')
    .select([
      sql<number>`coalesce(sum(case when day = ${p.today} then used_kb else 0 end), 0)`.as('today'),
      sql<number>`coalesce(sum(case when day >= ${p.monthFrom} then used_kb else 0 end), 0)`.as('month'),
      sql<number>`coalesce(sum(case when day >= ${pkgFrom} and day <= ${pkgTo} then used_kb else 0 end), 0)`.as('pkg'),
    ])
    .where('card_id', '=', cardId)
    .where('day', '>=', from)
    .where('day', '<=', p.today)
    .executeTakeFirstOrThrow();
  return { today: Number(row.today), month: Number(row.month), pkg: Number(row.pkg) };
}

/** The daily usage of many cards between two China days (an export reads the lines of a page of cards at once). */
export async function dailyUsageOf(
  db: Executor,
  cardIds: readonly number[],
  fromDay: string,
  toDay: string,
): Promise<{ card_id: number; day: string; used_kb: number }[]> {
  if (cardIds.length === 0) return [];
  return db
    .selectFrom('card_flow_daily')
    .select(['card_id', 'day', 'used_kb'])
    .where('card_id', 'in', [...cardIds])
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .execute();
}

export async function dailyUsage(db: Executor, cardId: number, fromDay: string, toDay: string): Promise<DayUsage[]> {
  return db
    .selectFrom('card_flow_daily')
    .select(['day', 'used_kb'])
    .where('card_id', '=', cardId)
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .orderBy('day', 'asc')
    .execute();
}

/** Usage per China-time month ("YYYY-MM"), any order. */
export async function monthlyUsage(db: Executor, cardId: number): Promise<{ month: string; used_kb: number }[]> {
  const month = sql<string>`substr(day, 1, 7)`;
  const rows = await db
    .selectFrom('card_flow_daily')
    .select([month.as('month'), (eb) => eb.fn.sum<number>('used_kb').as('used_kb')])
    .where('card_id', '=', cardId)
    .groupBy(month)
    .execute();
  return rows.map((r) => ({ month: r.month, used_kb: Number(r.used_kb) }));
}

/** The package in force at `nowIso`: started, not yet expired; the latest started wins. */
export async function activePackage(db: Executor, cardId: number, nowIso: string) {
  return db
    .selectFrom('card_packages')
    .select(['id', 'name', 'total_kb', 'started_at', 'expired_at'])
    .where('card_id', '=', cardId)
    .where('started_at', '<=', nowIso)
    .where('expired_at', '>', nowIso)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * A package already bought to follow the one in force: it starts after now and no later than the
 * current one ends (a renewal queues exactly at the end). The first of them, or undefined.
 */
export async function queuedPackage(db: Executor, cardId: number, nowIso: string, currentEndsAt: string) {
  return db
    .selectFrom('card_packages')
    .select(['name', 'started_at', 'expired_at'])
    .where('card_id', '=', cardId)
    .where('started_at', '>', nowIso)
    .where('started_at', '<=', currentEndsAt)
    .orderBy('started_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}
