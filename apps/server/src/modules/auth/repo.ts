// SQL of the auth module. Owns (writes) users, sessions and sms_codes; reads the agents, and the
// card and its owner a card-number login needs. No rules here.
import type { Insertable } from 'kysely';
import type { Executor } from '../../db/executor';
import { preparedQuery } from '../../db/preparedQuery';
import type { SessionsTable, User } from '../../db/schema';

export async function agentByMark(db: Executor, mark: string) {
  return db.selectFrom('agents').select(['id', 'mark', 'apply_name']).where('mark', '=', mark).executeTakeFirst();
}

export async function agentById(db: Executor, id: number) {
  return db.selectFrom('agents').select(['id', 'mark', 'apply_name', 'card_login']).where('id', '=', id).executeTakeFirst();
}

// ---------- users ----------

export async function userById(db: Executor, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function userByMobile(db: Executor, mobile: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst();
}

/** The account name first; a user may also type their mobile number as the account. */
export async function userByAccountOrMobile(db: Executor, account: string): Promise<User | undefined> {
  const byAccount = await db.selectFrom('users').selectAll().where('account', '=', account).executeTakeFirst();
  return byAccount ?? (await userByMobile(db, account));
}

export async function userByMobileOrAccount(db: Executor, who: string): Promise<User | undefined> {
  return (await userByMobile(db, who)) ?? (await db.selectFrom('users').selectAll().where('account', '=', who).executeTakeFirst());
}

/** Registers a mobile seen for the first time; a concurrent registration of the same mobile wins quietly. */
export async function insertUserIfAbsent(db: Executor, mobile: string, agentId: number, createdAt: string): Promise<void> {
  await db
    .insertInto('users')
    .values({ agent_id: agentId, mobile, account: null, password_hash: null, created_at: createdAt })
    .onConflict((oc) => oc.column('mobile').doNothing())
    .execute();
}

export async function setUserPassword(db: Executor, userId: number, hash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();
}

/** A new mobile for the account; false when another account took it meanwhile (users.mobile is unique). */
export async function setUserMobile(db: Executor, userId: number, mobile: string): Promise<boolean> {
  try {
    await db.updateTable('users').set({ mobile }).where('id', '=', userId).execute();
    return true;
  } catch (err) {
    if (await userByMobile(db, mobile)) return false;
    throw err;
  }
}

/** Replaces a password hash made under older parameters, only if it is still that hash (a change meanwhile wins). */
export async function replaceUserPasswordHash(db: Executor, userId: number, oldHash: string, newHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: newHash }).where('id', '=', userId).where('password_hash', '=', oldHash).execute();
}

// ---------- sessions ----------

export async function insertSession(db: Executor, row: Omit<Insertable<SessionsTable>, 'replaced_at' | 'revoked_at'>): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ ...row, replaced_at: null, revoked_at: null })
    .execute();
}

// checked before every request with a login: compiled once (db/preparedQuery)
const sessionByTokenHashQuery = preparedQuery((db, tokenHash: string) =>
  db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash),
);
export async function sessionByTokenHash(db: Executor, tokenHash: string) {
  return (await sessionByTokenHashQuery(db, tokenHash))[0];
}

export async function sessionById(db: Executor, id: number) {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What decides whether sessions are still live (auth/sessionEnds), a bounded batch at a time. */
export async function sessionStates(db: Executor, ids: readonly number[]) {
  const out: { id: number; revoked_at: string | null; replaced_at: string | null; expires_at: string }[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const batch = ids.slice(i, i + 500);
    out.push(
      ...(await db.selectFrom('sessions').select(['id', 'revoked_at', 'replaced_at', 'expires_at']).where('id', 'in', batch).execute()),
    );
  }
  return out;
}

/** Marks a session's token as rotated; true only for the one request that did it. */
export async function markSessionReplaced(db: Executor, id: number, at: string): Promise<boolean> {
  const res = await db
    .updateTable('sessions')
    .set({ replaced_at: at })
    .where('id', '=', id)
    .where('replaced_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function revokeSession(db: Executor, id: number, at: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

/** Every live session of the user except one (the caller's, after a password change). */
export async function revokeOtherUserSessions(db: Executor, userId: number, keepSessionId: number, at: string): Promise<number> {
  const res = await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('id', '<>', keepSessionId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Every live session of a user (operator forced logout). */
export async function revokeUserSessions(db: Executor, userId: number, at: string): Promise<number> {
  const res = await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** The card-number logins (user_id 0) of one card, e.g. when its password changes. */
export async function revokeCardLogins(db: Executor, customNum: string, at: string): Promise<number> {
  const res = await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('custom_num', '=', customNum)
    .where('user_id', '=', 0)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

// ---------- SMS codes ----------

export async function insertSmsCode(
  db: Executor,
  row: { mobile: string; purpose: string; subject: string; code_hash: string; created_at: string; expires_at: string },
): Promise<void> {
  await db
    .insertInto('sms_codes')
    .values({ ...row, attempts: 0, used_at: null })
    .execute();
}

/** The newest code for a mobile, purpose and subject: sending a new code retires the older ones. */
export async function latestSmsCode(db: Executor, mobile: string, purpose: string, subject: string) {
  return db
    .selectFrom('sms_codes')
    .selectAll()
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .where('subject', '=', subject)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Counts one attempt on a live code; false when the code is used, expired or out of attempts. */
export async function reserveSmsAttempt(db: Executor, id: number, maxAttempts: number, now: string): Promise<boolean> {
  const res = await db
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
export async function markSmsCodeUsed(db: Executor, id: number, now: string): Promise<boolean> {
  const res = await db.updateTable('sms_codes').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

// ---------- the card of a card-number login (read only: cards are modules/cardRecord's) ----------

/** A card with what its login needs: password hash, reserve mobile, and its agent's brand and card_login switch. */
export async function cardLoginOf(db: Executor, customNum: string) {
  return db
    .selectFrom('cards')
    .innerJoin('agents', 'agents.id', 'cards.agent_id')
    .select([
      'cards.id as id',
      'cards.custom_num as custom_num',
      'cards.password_hash as password_hash',
      'cards.reserve_mobile as reserve_mobile',
      'agents.mark as agent_mark',
      'agents.apply_name as agent_apply_name',
      'agents.card_login as card_login',
    ])
    .where('cards.custom_num', '=', customNum)
    .executeTakeFirst();
}

/** Mobile of the user the card is bound to (null when bound to nobody or that user has no mobile). */
export async function boundUserMobile(db: Executor, cardId: number): Promise<string | null> {
  const row = await db
    .selectFrom('card_bindings')
    .innerJoin('users', 'users.id', 'card_bindings.user_id')
    .select('users.mobile')
    .where('card_bindings.card_id', '=', cardId)
    .executeTakeFirst();
  return row?.mobile ?? null;
}

// ---------- clean-up (the auth.cleanup job) ----------

/**
 * Deletes up to `limit` sessions that expired before `before` (expiry past the grace period:
 * such a token is refused anyway); the number deleted. A batch by id keeps each statement short.
 */
export async function deleteExpiredSessions(db: Executor, before: string, limit: number): Promise<number> {
  const res = await db
    .deleteFrom('sessions')
    .where('id', 'in', (eb) => eb.selectFrom('sessions').select('id').where('expires_at', '<', before).orderBy('id').limit(limit))
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Deletes up to `limit` SMS codes that expired before `before`; the number deleted. */
export async function deleteExpiredSmsCodes(db: Executor, before: string, limit: number): Promise<number> {
  const res = await db
    .deleteFrom('sms_codes')
    .where('id', 'in', (eb) => eb.selectFrom('sms_codes').select('id').where('expires_at', '<', before).orderBy('id').limit(limit))
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
