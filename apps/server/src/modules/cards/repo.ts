// SQL of the cards module: owns a card's one owner (card_bindings, card_id unique); reads what
// card info needs beside the card row (the row itself is modules/cardRecord's). One code base for
// SQLite and PostgreSQL.
import type { Executor } from '../../db/executor';
import { preparedQuery } from '../../db/preparedQuery';
import type { Card } from '../../db/schema';

export interface BoundCardRow {
  id: number;
  custom_num: string;
  iccid: string;
  state: number;
  supplier: number;
  card_mold: number;
  balance_fen: number;
  /** the carrier's stop reason as last synced */
  stop_reason: string;
  remark: string;
  nickname: string;
  bound_at: string;
}

/** A user's bound cards in the order they were bound. */
export async function boundCards(db: Executor, userId: number): Promise<BoundCardRow[]> {
  return db
    .selectFrom('card_bindings as b')
    .innerJoin('cards as c', 'c.id', 'b.card_id')
    .select([
      'c.id',
      'c.custom_num',
      'c.iccid',
      'c.state',
      'c.supplier',
      'c.card_mold',
      'c.balance_fen',
      'c.stop_reason',
      'b.remark',
      'b.nickname',
      'b.created_at as bound_at',
    ])
    .where('b.user_id', '=', userId)
    .orderBy('b.id', 'asc')
    .execute();
}

export async function bindingOf(db: Executor, cardId: number) {
  return db
    .selectFrom('card_bindings')
    .select(['user_id', 'remark', 'nickname', 'created_at'])
    .where('card_id', '=', cardId)
    .executeTakeFirst();
}

/**
 * Bind a card to a user unless somebody already holds it. The unique card_id constraint decides
 * between concurrent binds (ON CONFLICT DO NOTHING: no error, no aborted transaction); the caller
 * then reads who owns the card.
 */
export async function bindIfFree(db: Executor, userId: number, cardId: number, at: string): Promise<void> {
  await db
    .insertInto('card_bindings')
    .values({ user_id: userId, card_id: cardId, remark: '', nickname: '', created_at: at })
    .onConflict((oc) => oc.column('card_id').doNothing())
    .execute();
}

/**
 * The caller's nickname for a card bound to them. Conditional on the binding being theirs: answers
 * false (nothing written) for a card bound to someone else or to nobody.
 */
export async function setNickname(db: Executor, userId: number, cardId: number, nickname: string): Promise<boolean> {
  const res = await db
    .updateTable('card_bindings')
    .set({ nickname })
    .where('card_id', '=', cardId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function unbind(db: Executor, userId: number, cardId: number): Promise<number> {
  const res = await db.deleteFrom('card_bindings').where('card_id', '=', cardId).where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/**
 * Everything card info needs beside the card row, in ONE query (card info is the hot path):
 * the card's agent, today's stored usage and the card's owner.
 */
// card info's hot path (every page): compiled once (db/preparedQuery)
const cardInfoExtrasQuery = preparedQuery((db, agentId: number, cardId: number, today: string) =>
  db
    .selectFrom('agents')
    .select([
      'agents.id',
      'agents.nickname',
      'agents.username',
      'agents.payee',
      'agents.withdrawal_method',
      'agents.withdrawal_account',
      'agents.is_agent',
      'agents.affiliated_official_account',
    ])
    .select((eb) => [
      eb
        .selectFrom('card_flow_daily')
        .select('card_flow_daily.used_kb')
        .where('card_flow_daily.card_id', '=', cardId)
        .where('card_flow_daily.day', '=', today)
        .as('today_kb'),
      eb.selectFrom('card_bindings').select('card_bindings.user_id').where('card_bindings.card_id', '=', cardId).as('owner_id'),
    ])
    .where('agents.id', '=', agentId),
);
export async function cardInfoExtras(db: Executor, card: Pick<Card, 'id' | 'agent_id'>, today: string) {
  return (await cardInfoExtrasQuery(db, card.agent_id, card.id, today))[0];
}

/**
 * The serial of the wifi device the card sits in, if any. A read of the devices module's table
 * (it stays the one writer): card info follows the device for the network a multi-SIM card is on.
 */
export async function deviceSerialOf(db: Executor, cardId: number): Promise<string | undefined> {
  return (await db.selectFrom('devices').select('serial').where('card_id', '=', cardId).executeTakeFirst())?.serial;
}
