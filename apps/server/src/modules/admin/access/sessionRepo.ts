// The console's sessions (table operator_sessions, written only here), and the operator a session
// belongs to (read only: operators is written by ../auth/repo.ts).
import type { Executor } from '../../../db/executor';

export async function insertSession(
  db: Executor,
  s: { token_hash: string; operator_id: number; created_at: string; expires_at: string },
): Promise<number> {
  const row = await db
    .insertInto('operator_sessions')
    .values({ ...s, last_seen_at: s.created_at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function sessionWithOperator(db: Executor, tokenHash: string) {
  return db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select([
      's.id as session_id',
      's.expires_at',
      's.last_seen_at',
      's.revoked_at',
      'o.id',
      'o.username',
      'o.display_name',
      'o.role',
      'o.agent_id',
      'o.disabled',
    ])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * An agent and every sub-agent below it (docs/decisions/0067-agents-in-levels.md): at most three
 * levels, so two steps down reach the whole subtree.
 */
export async function subtreeOf(db: Executor, agentId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('agents')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('id', '=', agentId),
        eb('parent_id', '=', agentId),
        eb('parent_id', 'in', eb.selectFrom('agents as p').select('p.id').where('p.parent_id', '=', agentId)),
      ]),
    )
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Conditional: of several concurrent requests only the first in a minute writes. */
export async function touchSession(db: Executor, id: number, now: string, ifSeenBefore: string): Promise<void> {
  await db
    .updateTable('operator_sessions')
    .set({ last_seen_at: now })
    .where('id', '=', id)
    .where('last_seen_at', '<', ifSeenBefore)
    .execute();
}

export async function revokeSession(db: Executor, id: number, now: string): Promise<void> {
  await db.updateTable('operator_sessions').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

/** Every live session of an operator but `keep` (a password change signs the others out). */
export async function revokeOperatorSessions(db: Executor, operatorId: number, now: string, keep?: number): Promise<void> {
  let q = db
    .updateTable('operator_sessions')
    .set({ revoked_at: now })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null);
  if (keep !== undefined) q = q.where('id', '!=', keep);
  await q.execute();
}
