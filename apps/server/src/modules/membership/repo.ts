// SQL of membership: the ONE writer of member_programs, member_levels and member_growth. Reads the
// user's agent and a card's owner (tables of auth and cards) without changing them.
import type { Insertable } from 'kysely';
import type { Executor } from '../../db/executor';
import { preparedQuery } from '../../db/preparedQuery';
import type { MemberGrowthTable } from '../../db/schema';

export function programOf(db: Executor, agentId: number) {
  return db.selectFrom('member_programs').selectAll().where('agent_id', '=', agentId).executeTakeFirst();
}

const levelsQuery = preparedQuery((db, agentId: number) =>
  db.selectFrom('member_levels').selectAll().where('agent_id', '=', agentId).orderBy('min_growth').orderBy('level'),
);
export function levelsOf(db: Executor, agentId: number) {
  return levelsQuery(db, agentId);
}

// card info's hot path (every page, docs/decisions/0022): the owner's agent, whether its
// programme is on, and their growth, in one statement compiled once
const rightsBasisQuery = preparedQuery((db, userId: number) =>
  db
    .selectFrom('users')
    .leftJoin('member_programs', 'member_programs.agent_id', 'users.agent_id')
    .select((eb) => [
      'users.agent_id',
      'member_programs.enabled',
      eb
        .selectFrom('member_growth')
        .select((g) => g.fn.coalesce(g.fn.sum<number>('member_growth.amount'), g.lit(0)).as('total'))
        .where('member_growth.user_id', '=', userId)
        .as('growth'),
    ])
    .where('users.id', '=', userId),
);
// the same levels unordered, for standingOf (which orders them): no sort step in SQLite's plan
const levelsUnorderedQuery = preparedQuery((db, agentId: number) =>
  db.selectFrom('member_levels').selectAll().where('agent_id', '=', agentId),
);
/** An agent's levels in no particular order (for rules that order them themselves). */
export function levelsUnorderedOf(db: Executor, agentId: number) {
  return levelsUnorderedQuery(db, agentId);
}

/** What a user's member rights rest on: their agent's programme switch and their growth. */
export async function rightsBasisOf(db: Executor, userId: number) {
  const row = (await rightsBasisQuery(db, userId))[0];
  return row ? { agentId: row.agent_id, enabled: row.enabled === 1, growth: Number(row.growth ?? 0) } : undefined;
}

export async function growthOf(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('member_growth')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export function historyOf(db: Executor, userId: number, limit: number) {
  return db.selectFrom('member_growth').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
}

export function growthEntry(db: Executor, source: string, ref: string) {
  return db.selectFrom('member_growth').selectAll().where('source', '=', source).where('ref', '=', ref).executeTakeFirst();
}

/** One row per (source, ref): false when it is already there (a repeated fulfilment or refund). */
export async function insertGrowth(db: Executor, row: Insertable<MemberGrowthTable>): Promise<boolean> {
  const res = await db
    .insertInto('member_growth')
    .values(row)
    .onConflict((oc) => oc.columns(['source', 'ref']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function userOf(db: Executor, userId: number) {
  return db.selectFrom('users').select(['id', 'agent_id', 'mobile']).where('id', '=', userId).executeTakeFirst();
}

/** The user a card is bound to (0 none). */
export async function ownerOfCard(db: Executor, cardId: number): Promise<number> {
  const row = await db.selectFrom('card_bindings').select('user_id').where('card_id', '=', cardId).executeTakeFirst();
  return row?.user_id ?? 0;
}
