// SQL of the branding module.
import type { Executor } from '../../db/executor';
import type { Agent } from '../../db/schema';

export async function agentByMark(db: Executor, mark: string): Promise<Agent | undefined> {
  return db.selectFrom('agents').selectAll().where('mark', '=', mark).executeTakeFirst();
}

export async function agentById(db: Executor, id: number): Promise<Agent | undefined> {
  return db.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirst();
}
