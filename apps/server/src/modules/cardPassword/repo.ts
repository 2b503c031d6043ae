// SQL of generated card passwords waiting for the operator (card_password_handouts, decision 0028).
// Taking them deletes them in the same transaction: a password in clear is handed out once.
import type { Executor } from '../../db/executor';

export interface Handout {
  custom_num: string;
  password: string;
  reason: string;
  created_at: string;
}

/** How many are waiting, of one agent's cards (null: all agents). */
export async function pendingCount(db: Executor, agentId: readonly number[] | null): Promise<number> {
  let q = db
    .selectFrom('card_password_handouts as h')
    .innerJoin('cards as c', 'c.id', 'h.card_id')
    .select((eb) => eb.fn.countAll<number>().as('n'));
  if (agentId !== null) q = q.where('c.agent_id', 'in', agentId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** The waiting ones (of one agent's cards, or all), deleted as they are read: call inside a transaction. */
export async function take(db: Executor, agentId: readonly number[] | null): Promise<Handout[]> {
  let q = db
    .selectFrom('card_password_handouts as h')
    .innerJoin('cards as c', 'c.id', 'h.card_id')
    .select(['h.id', 'h.custom_num', 'h.password', 'h.reason', 'h.created_at']);
  if (agentId !== null) q = q.where('c.agent_id', 'in', agentId);
  const rows = await q.orderBy('h.id').execute();
  for (let i = 0; i < rows.length; i += 400) {
    const ids = rows.slice(i, i + 400).map((r) => r.id);
    await db.deleteFrom('card_password_handouts').where('id', 'in', ids).execute();
  }
  return rows.map(({ id: _id, ...r }) => r);
}

/** A card's waiting password is void once the operator set a new one. */
export async function dropFor(db: Executor, cardId: number): Promise<void> {
  await db.deleteFrom('card_password_handouts').where('card_id', '=', cardId).execute();
}
