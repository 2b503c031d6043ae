// Reads of registration and the promotion page: the agent of a mark and its catalogue. Nothing here
// writes (users belong to auth, the catalogue to commerce).
import type { Executor } from '../../db/executor';

export function agentOfMark(db: Executor, mark: string) {
  return db
    .selectFrom('agents')
    .select(['id', 'mark', 'apply_name', 'enterprise_name', 'logo', 'hotline'])
    .where('mark', '=', mark)
    .executeTakeFirst();
}

export function seriesOf(db: Executor, agentId: number) {
  return db.selectFrom('package_series').selectAll().where('agent_id', '=', agentId).orderBy('sort').orderBy('id').execute();
}

/** The agent's packages on sale. */
export function packagesOfAgent(db: Executor, agentId: number) {
  return db
    .selectFrom('packages')
    .innerJoin('package_series', 'package_series.id', 'packages.series_id')
    .selectAll('packages')
    .where('package_series.agent_id', '=', agentId)
    .where('packages.on_sale', '=', 1)
    .execute();
}
