// SQL of the console's agents area: agents' branding and switches (the columns the portal's
// branding module reads), their payment setting (the row commerce/paySettings reads) and the
// public branding images.
import { sql } from 'kysely';
import type { Executor } from '../../../db/executor';
import type { Agent } from '../../../db/schema';

export async function listAgents(db: Executor, onlyAgent: readonly number[] | null) {
  let q = db
    .selectFrom('agents')
    .select((eb) => [
      'agents.id',
      'agents.mark',
      'agents.nickname',
      'agents.apply_name',
      'agents.created_at',
      'agents.parent_id',
      'agents.level',
      'agents.share_bp',
      eb
        .selectFrom('cards')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('cards.agent_id', '=', 'agents.id')
        .as('card_count'),
    ])
    .orderBy('agents.id');
  if (onlyAgent !== null) q = q.where('agents.id', 'in', onlyAgent);
  return q.execute();
}

export async function agentById(db: Executor, id: number): Promise<Agent | undefined> {
  return db.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The packages an agent's cards may be sold from: those of its own series and of its parents' (top first). */
export async function packagesOfChain(db: Executor, agentIds: readonly number[]) {
  return db
    .selectFrom('packages as p')
    .innerJoin('package_series as s', 's.id', 'p.series_id')
    .select(['p.id', 'p.name', 'p.price_fen', 'p.cost_fen', 's.name as series_name', 's.agent_id'])
    .where('s.agent_id', 'in', agentIds)
    .orderBy('s.agent_id')
    .orderBy('s.sort')
    .orderBy('p.sort')
    .orderBy('p.id')
    .execute();
}

export async function agentByMark(db: Executor, mark: string) {
  return db.selectFrom('agents').select('id').where('mark', '=', mark).executeTakeFirst();
}

export async function paySettingOf(db: Executor, agentId: number) {
  return db.selectFrom('pay_settings').selectAll().where('agent_id', '=', agentId).executeTakeFirst();
}

export async function insertImage(
  db: Executor,
  row: { id: string; agent_id: number; mime: string; size: number; content: Buffer; created_at: string },
) {
  await db.insertInto('branding_images').values(row).execute();
}

export async function imageById(db: Executor, id: string) {
  return db.selectFrom('branding_images').select(['mime', 'content']).where('id', '=', id).executeTakeFirst();
}
