// SQL of invitations: the ONE writer of invite_codes and invites. Reads the invitee's mobile and
// first card binding (tables of auth and cards) without changing them.
import type { Executor } from '../../db/executor';

export function codeOfUser(db: Executor, userId: number) {
  return db.selectFrom('invite_codes').select('code').where('user_id', '=', userId).executeTakeFirst();
}

/** The inviter behind a code, with their agent. */
export function inviterOfCode(db: Executor, code: string) {
  return db
    .selectFrom('invite_codes')
    .innerJoin('users', 'users.id', 'invite_codes.user_id')
    .select(['users.id as user_id', 'users.agent_id', 'users.mobile'])
    .where('invite_codes.code', '=', code)
    .executeTakeFirst();
}

/** False when the user already has a code or the code is taken (the caller reads or tries again). */
export async function insertCode(db: Executor, userId: number, code: string, at: string): Promise<boolean> {
  const res = await db
    .insertInto('invite_codes')
    .values({ user_id: userId, code, created_at: at })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function insertInvite(db: Executor, row: { inviter: number; invitee: number; agentId: number; at: string }): Promise<boolean> {
  const res = await db
    .insertInto('invites')
    .values({ inviter_user_id: row.inviter, invitee_user_id: row.invitee, agent_id: row.agentId, created_at: row.at })
    .onConflict((oc) => oc.column('invitee_user_id').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function inviteOfInvitee(db: Executor, userId: number) {
  return db.selectFrom('invites').selectAll().where('invitee_user_id', '=', userId).executeTakeFirst();
}

export function inviteOfFirstOrder(db: Executor, orderNo: string) {
  return db.selectFrom('invites').selectAll().where('first_order_no', '=', orderNo).executeTakeFirst();
}

/** The invitee's first paid order, once: false when another order got there first. */
export async function markFirstPaid(db: Executor, id: number, orderNo: string, at: string): Promise<boolean> {
  const res = await db
    .updateTable('invites')
    .set({ first_order_no: orderNo, first_paid_at: at })
    .where('id', '=', id)
    .where('first_order_no', '=', '')
    .where('void_reason', '=', '')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Conditional: true for the one writer that released the reward (not yet rewarded, not void). */
export async function markRewarded(db: Executor, id: number, growth: number, at: string): Promise<boolean> {
  const res = await db
    .updateTable('invites')
    .set({ reward_growth: growth, rewarded_at: at })
    .where('id', '=', id)
    .where('rewarded_at', '=', '')
    .where('void_reason', '=', '')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Invitations whose first package was paid before `paidBefore`, not rewarded and not void: their reward is due. */
export function invitesDueForReward(db: Executor, paidBefore: string, limit: number) {
  return db
    .selectFrom('invites')
    .selectAll()
    .where('first_paid_at', '!=', '')
    .where('first_paid_at', '<=', paidBefore)
    .where('rewarded_at', '=', '')
    .where('void_reason', '=', '')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function markVoid(db: Executor, id: number, reason: string, at: string): Promise<void> {
  await db.updateTable('invites').set({ void_reason: reason, voided_at: at }).where('id', '=', id).where('void_reason', '=', '').execute();
}

/** The inviter's invitations, newest first, with each invitee's mobile and first card binding. */
export function invitesOf(db: Executor, inviterId: number) {
  return db
    .selectFrom('invites')
    .innerJoin('users', 'users.id', 'invites.invitee_user_id')
    .selectAll('invites')
    .select('users.mobile')
    .select((eb) =>
      eb
        .selectFrom('card_bindings')
        .select((b) => b.fn.min<string>('card_bindings.created_at').as('at'))
        .whereRef('card_bindings.user_id', '=', 'invites.invitee_user_id')
        .as('card_bound_at'),
    )
    .where('invites.inviter_user_id', '=', inviterId)
    .orderBy('invites.id', 'desc')
    .limit(200)
    .execute();
}

/** The agent of a user, with the agent's mark (users and agents are read, never written, here). */
export async function agentOfUser(db: Executor, userId: number): Promise<{ agent_id: number; mark: string | null } | undefined> {
  return db
    .selectFrom('users')
    .leftJoin('agents', 'agents.id', 'users.agent_id')
    .select(['users.agent_id', 'agents.mark'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}
