import type { Db } from '../../db/connect';

/** The agent's series among `ids`, in the agent's order. */
export function seriesOf(db: Db, agentId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.kysely
    .selectFrom('package_series')
    .select(['id', 'name', 'description'])
    .where('agent_id', '=', agentId)
    .where('id', 'in', ids)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/**
 * Settles a multi-series card on one series. Conditional on the card still being multi-series,
 * so two choices racing from two tabs cannot both land: false when another choice won.
 */
export async function settleSeries(db: Db, cardId: number, seriesId: number): Promise<boolean> {
  const r = await db.kysely
    .updateTable('cards')
    .set({ package_series_ids: JSON.stringify([seriesId]), multi_series: 0 })
    .where('id', '=', cardId)
    .where('multi_series', '=', 1)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
