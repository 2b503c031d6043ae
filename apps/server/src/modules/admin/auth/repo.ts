// Operator accounts (table operators, written only here).
import { sql } from 'kysely';
import type { Executor } from '../../../db/executor';

export async function operatorByUsername(db: Executor, username: string) {
  return db.selectFrom('operators').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function operatorById(db: Executor, id: number) {
  return db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function agentOf(db: Executor, id: number) {
  return db.selectFrom('agents').select(['id', 'mark', 'nickname']).where('id', '=', id).executeTakeFirst();
}

/**
 * Counts a failed login in ONE update (two processes failing together both count); the failure
 * that reaches `limit` locks the account until `lockUntil` and starts the count again.
 */
export async function countFailure(db: Executor, id: number, limit: number, lockUntil: string, now: string) {
  const next = sql<number>`failed_logins + 1`;
  return db
    .updateTable('operators')
    .set({
      failed_logins: sql`case when ${next} >= ${limit} then 0 else ${next} end`,
      locked_until: sql`case when ${next} >= ${limit} then ${lockUntil} else locked_until end`,
      updated_at: now,
    })
    .where('id', '=', id)
    .returning(['failed_logins', 'locked_until'])
    .executeTakeFirstOrThrow();
}

export async function clearFailures(db: Executor, id: number, now: string): Promise<void> {
  await db.updateTable('operators').set({ failed_logins: 0, locked_until: null, updated_at: now }).where('id', '=', id).execute();
}

export async function setPassword(db: Executor, id: number, hash: string, now: string): Promise<void> {
  await db.updateTable('operators').set({ password_hash: hash, updated_at: now }).where('id', '=', id).execute();
}

export async function setTotp(db: Executor, id: number, t: { secret: string; enabled: 0 | 1 }, now: string): Promise<void> {
  await db
    .updateTable('operators')
    .set({ totp_secret: t.secret, totp_enabled: t.enabled, totp_last_step: 0, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Conditional: a code's step is accepted once, even by two logins at the same moment. */
export async function useTotpStep(db: Executor, id: number, step: number): Promise<boolean> {
  const res = await db
    .updateTable('operators')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where('totp_last_step', '<', step)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
