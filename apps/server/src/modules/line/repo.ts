// SQL of the line's read model: reads only. The facts it reads are written by their owners — the
// card row by modules/cardRecord, packages by commerce's orders, daily usage by modules/usage.
import type { LinePackageRow } from '@portal/domain/line';
import type { Executor } from '../../db/executor';

/** The card's packages that have not ended at `nowIso`: the one in force and those queued. */
export async function alivePackages(db: Executor, cardId: number, nowIso: string): Promise<LinePackageRow[]> {
  return db
    .selectFrom('card_packages')
    .select(['id', 'name', 'package_type', 'total_kb', 'started_at', 'expired_at'])
    .where('card_id', '=', cardId)
    .where('expired_at', '>', nowIso)
    .execute();
}

/** alivePackages for many cards at once (an export), by card id. */
export async function alivePackagesOf(db: Executor, cardIds: readonly number[], nowIso: string): Promise<Map<number, LinePackageRow[]>> {
  const out = new Map<number, LinePackageRow[]>();
  if (cardIds.length === 0) return out;
  const rows = await db
    .selectFrom('card_packages')
    .select(['card_id', 'id', 'name', 'package_type', 'total_kb', 'started_at', 'expired_at'])
    .where('card_id', 'in', [...cardIds])
    .where('expired_at', '>', nowIso)
    .execute();
  for (const { card_id, ...r } of rows) out.set(card_id, [...(out.get(card_id) ?? []), r]);
  return out;
}

/** The platform kind of each carrier account (carrier_accounts, written by modules/carriers), by id. */
export async function accountKinds(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('carrier_accounts')
    .select(['id', 'carrier'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r.carrier]));
}
