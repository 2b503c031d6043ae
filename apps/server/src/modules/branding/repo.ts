// SQL of the branding module.
import type { Db } from '../../db/connect';
import type { Agent } from '../../db/schema';

export async function agentByMark(db: Db, mark: string): Promise<Agent | undefined> {
  return db.kysely.selectFrom('agents').selectAll().where('mark', '=', mark).executeTakeFirst();
}

export async function agentById(db: Db, id: number): Promise<Agent | undefined> {
  return db.kysely.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirst();
}
