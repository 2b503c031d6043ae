// SQL of the series module: reads the agent's package series (the card's choice is stored on the
// card row, modules/cardRecord).
import type { Executor } from '../../db/executor';

/** The agent's series among `ids`, in the agent's order. */
export function seriesOf(db: Executor, agentId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('package_series')
    .select(['id', 'name', 'description'])
    .where('agent_id', '=', agentId)
    .where('id', 'in', ids)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
