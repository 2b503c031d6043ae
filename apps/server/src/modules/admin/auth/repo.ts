// Operator accounts (table operators, written only here).
import { sql } from 'kysely';
import type { DialectName } from '../../../db/connect';
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
/**
 * The operator's failures as the console's operator list shows them: the count at the address
 * that failed, and until when that address is locked out (docs/decisions/0028: the lock is the address's,
 * modules/admin/auth/service.ts; this is the record of it).
 */
export async function noteFailures(db: Executor, id: number, failedLogins: number, lockedUntil: string | null, now: string) {
  await db
    .updateTable('operators')
    .set({ failed_logins: failedLogins, ...(lockedUntil ? { locked_until: lockedUntil } : {}), updated_at: now })
    .where('id', '=', id)
    .execute();
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

// Managing other operators (modules/admin/operators) — this file owns the table.

/** Every operator with their agent and latest login; the console has tens of operators, not thousands. */
export async function listOperators(db: Executor) {
  return db
    .selectFrom('operators as o')
    .leftJoin('agents as a', 'a.id', 'o.agent_id')
    .select([
      'o.id',
      'o.username',
      'o.display_name',
      'o.role',
      'o.agent_id',
      'a.mark as agent_mark',
      'a.nickname as agent_name',
      'o.disabled',
      'o.failed_logins',
      'o.locked_until',
      'o.totp_enabled',
      'o.created_at',
    ])
    .select((eb) =>
      eb
        .selectFrom('operator_sessions as s')
        .select((e) => e.fn.max('s.created_at').as('m'))
        .whereRef('s.operator_id', '=', 'o.id')
        .as('last_login_at'),
    )
    .orderBy('o.id')
    .execute();
}

export async function insertOperator(
  db: Executor,
  o: { username: string; display_name: string; role: string; agent_id: number | null; password_hash: string },
  now: string,
): Promise<number> {
  const r = await db
    .insertInto('operators')
    .values({ ...o, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function setDisabled(db: Executor, id: number, disabled: 0 | 1, now: string): Promise<void> {
  await db.updateTable('operators').set({ disabled, updated_at: now }).where('id', '=', id).execute();
}

export async function setRole(db: Executor, id: number, role: string, agentId: number | null, now: string): Promise<void> {
  await db.updateTable('operators').set({ role, agent_id: agentId, updated_at: now }).where('id', '=', id).execute();
}

/** Enabled platform administrators other than `except` (the last one must stay). */
export async function otherEnabledPlatformAdmins(db: Executor, except: number): Promise<number> {
  const r = await db
    .selectFrom('operators')
    .select((e) => e.fn.countAll<number | string>().as('n'))
    .where('role', '=', 'platform_admin')
    .where('disabled', '=', 0)
    .where('id', '!=', except)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** PostgreSQL advisory lock key of the changes that could leave no enabled platform administrator */
const LAST_ADMIN_LOCK = 1_301_327;

/**
 * Inside a transaction: the changes that could take away an enabled platform administrator run one
 * at a time. PostgreSQL: a transaction-scoped advisory lock. SQLite: nothing to do, its write
 * transactions begin IMMEDIATE and run one at a time.
 */
export async function lockAdminChanges(trx: Executor, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${sql.lit(LAST_ADMIN_LOCK)})`.execute(trx);
}
