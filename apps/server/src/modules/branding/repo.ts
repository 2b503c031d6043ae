// SQL of the branding module.
import type { Executor } from '../../db/executor';
import type { Agent, NewAgent } from '../../db/schema';

export async function agentByMark(db: Executor, mark: string): Promise<Agent | undefined> {
  return db.selectFrom('agents').selectAll().where('mark', '=', mark).executeTakeFirst();
}

export async function agentById(db: Executor, id: number): Promise<Agent | undefined> {
  return db.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirst();
}

// The console's agents area (modules/admin/agents) creates agents and edits their branding and
// switches through these, inside its transaction with the audit row.
export async function insertAgent(db: Executor, row: NewAgent): Promise<number> {
  const r = await db.insertInto('agents').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateAgent(db: Executor, id: number, set: Partial<Omit<Agent, 'id' | 'mark' | 'created_at'>>): Promise<void> {
  await db.updateTable('agents').set(set).where('id', '=', id).execute();
}
