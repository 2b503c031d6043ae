// SQL of box binding tokens: owns binding_tokens. A token is used by ONE conditional UPDATE
// (… WHERE used_at IS NULL AND expires_at > now): of two scans at once exactly one binds.
import type { Insertable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { BindingTokensTable } from '../../db/schema';

export async function insertTokens(db: Executor, rows: Insertable<BindingTokensTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('binding_tokens').values(rows).execute();
}

export async function tokenByHash(db: Executor, hash: string) {
  return db.selectFrom('binding_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst();
}

/** Use the token; false when it was used (or expired) meanwhile. */
export async function useToken(db: Executor, id: number, userId: number, nowIso: string): Promise<boolean> {
  const r = await db
    .updateTable('binding_tokens')
    .set({ used_at: nowIso, used_by: userId })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The cards of these numbers (cards belongs to cardRecord; read here). */
export async function cardsByNums(db: Executor, nums: string[]) {
  if (nums.length === 0) return [];
  return db
    .selectFrom('cards')
    .innerJoin('agents', 'agents.id', 'cards.agent_id')
    .select(['cards.id', 'cards.custom_num', 'agents.mark'])
    .where('cards.custom_num', 'in', nums)
    .execute();
}
