// SQL of the series module: reads the agent's package series (the card's choice is stored on the
// card row, modules/cardRecord).
import type { Executor } from '../../db/executor';
import { ofAgentOrParents } from '../../db/agentLineage';

/** The agent's series among `ids` — its parents' too: a sub-agent sells their catalogue (docs/decisions/0067) — in the agent's order. */
export function seriesOf(db: Executor, agentId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('package_series')
    .select(['id', 'name', 'description'])
    .where(ofAgentOrParents(agentId))
    .where('id', 'in', ids)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

// The console's catalogue (modules/admin/catalogue) adds and edits series through these, inside
// its transaction with the audit row.
export async function insertSeries(
  db: Executor,
  row: { agent_id: number; name: string; description: string; sort: number; created_at: string },
) {
  const r = await db.insertInto('package_series').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateSeries(db: Executor, id: number, set: { name: string; description: string; sort: number }) {
  await db.updateTable('package_series').set(set).where('id', '=', id).execute();
}
