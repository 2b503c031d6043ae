// SQL of the auth module (users, sessions, SMS codes). No rules here.
import type { Db } from '../../db/connect';
import type { User } from '../../db/schema';

export async function agentByMark(db: Db, mark: string) {
  return db.kysely.selectFrom('agents').select(['id', 'mark', 'apply_name']).where('mark', '=', mark).executeTakeFirst();
}

export async function agentById(db: Db, id: number) {
  return db.kysely.selectFrom('agents').select(['id', 'mark', 'apply_name', 'card_login']).where('id', '=', id).executeTakeFirst();
}

export async function userById(db: Db, id: number): Promise<User | undefined> {
  return db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function userByMobile(db: Db, mobile: string): Promise<User | undefined> {
  return db.kysely.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst();
}

/** The account name first; a user may also type their mobile number as the account. */
export async function userByAccountOrMobile(db: Db, account: string): Promise<User | undefined> {
  const byAccount = await db.kysely.selectFrom('users').selectAll().where('account', '=', account).executeTakeFirst();
  return byAccount ?? (await userByMobile(db, account));
}

export async function userByMobileOrAccount(db: Db, who: string): Promise<User | undefined> {
  return (await userByMobile(db, who)) ?? (await db.kysely.selectFrom('users').selectAll().where('account', '=', who).executeTakeFirst());
}

/** Registers a mobile seen for the first time; a concurrent registration of the same mobile wins quietly. */
export async function insertUserIfAbsent(db: Db, mobile: string, agentId: number, createdAt: string): Promise<void> {
  await db.kysely
    .insertInto('users')
    .values({ agent_id: agentId, mobile, account: null, password_hash: null, created_at: createdAt })
    .onConflict((oc) => oc.column('mobile').doNothing())
    .execute();
}

export async function setUserPassword(db: Db, userId: number, hash: string): Promise<void> {
  await db.kysely.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();
}

export async function sessionById(db: Db, id: number) {
  return db.kysely.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function revokeSession(db: Db, id: number, at: string): Promise<void> {
  await db.kysely.updateTable('sessions').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

/** Every live session of the user except one (the caller's, after a password change). */
export async function revokeOtherUserSessions(db: Db, userId: number, keepSessionId: number, at: string): Promise<number> {
  const res = await db.kysely
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('id', '<>', keepSessionId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

// ---------- SMS codes ----------

export async function insertSmsCode(
  db: Db,
  row: { mobile: string; purpose: string; code_hash: string; created_at: string; expires_at: string },
): Promise<void> {
  await db.kysely.insertInto('sms_codes').values({ ...row, attempts: 0, used_at: null }).execute();
}

/** The newest code for a mobile and purpose: sending a new code retires the older ones. */
export async function latestSmsCode(db: Db, mobile: string, purpose: string) {
  return db.kysely
    .selectFrom('sms_codes')
    .selectAll()
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Counts one attempt on a live code; false when the code is used, expired or out of attempts. */
export async function reserveSmsAttempt(db: Db, id: number, maxAttempts: number, now: string): Promise<boolean> {
  const res = await db.kysely
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Marks a code used; false when another request used it first. */
export async function markSmsCodeUsed(db: Db, id: number, now: string): Promise<boolean> {
  const res = await db.kysely
    .updateTable('sms_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
