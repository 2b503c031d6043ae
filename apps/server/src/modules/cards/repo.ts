// SQL of the cards module: owns a card's one owner (card_bindings, card_id unique); reads what
// card info needs beside the card row (the row itself is modules/cardRecord's). One code base for
// SQLite and PostgreSQL.
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { jsonArrayFrom, jsonRows } from '../../db/jsonArray';
import { CARD_COLUMNS, cardRecord } from '../cardRecord';
import { preparedQuery } from '../../db/preparedQuery';
import type { Card } from '../../db/schema';
import type { LevelFacts, RightsBasis } from '../membership';
import type { ApplicationFacts } from '../replacement';

/** A bound card: the card row (the line's read model reads it whole) and the binding's own fields. */
export type BoundCardRow = Card & {
  remark: string;
  nickname: string;
  bound_at: string;
};

/** A user's bound cards in the order they were bound. */
export async function boundCards(db: Executor, userId: number): Promise<BoundCardRow[]> {
  return db
    .selectFrom('card_bindings as b')
    .innerJoin('cards as c', 'c.id', 'b.card_id')
    .selectAll('c')
    .select(['b.remark', 'b.nickname', 'b.created_at as bound_at'])
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
 * Card info's read model (every page load, docs/decisions/0022): in ONE statement the card row,
 * whether this user holds it (for the access rule, modules/cardRecord), its agent, today's stored
 * usage, its owner, what the owner's member rights rest on — their agent's programme switch,
 * their growth and that agent's levels (modules/membership's rule picks the level) — and its latest
 * replacement application. Reads the tables of cardRecord, branding, usage, auth, membership and
 * replacement; writes nothing. Compiled once.
 */
const cardInfoRowQuery = preparedQuery((db, customNum: string, userId: number, today: string) =>
  db
    .selectFrom('cards')
    .leftJoin('agents', 'agents.id', 'cards.agent_id')
    .leftJoin('card_bindings as owner_binding', 'owner_binding.card_id', 'cards.id')
    .leftJoin('users as owner', 'owner.id', 'owner_binding.user_id')
    .leftJoin('member_programs', 'member_programs.agent_id', 'owner.agent_id')
    .select(CARD_COLUMNS)
    .select([
      'agents.id as agent_row_id',
      'agents.nickname as agent_nickname',
      'agents.username as agent_username',
      'agents.payee as agent_payee',
      'agents.withdrawal_method as agent_withdrawal_method',
      'agents.withdrawal_account as agent_withdrawal_account',
      'agents.is_agent as agent_is_agent',
      'agents.affiliated_official_account as agent_affiliated_official_account',
      'owner_binding.user_id as owner_id',
      'owner.agent_id as owner_agent_id',
      'member_programs.enabled as owner_programme_enabled',
    ])
    .select((eb) => [
      cardRecord.boundToUser(eb, userId),
      eb
        .selectFrom('card_flow_daily')
        .select('card_flow_daily.used_kb')
        .whereRef('card_flow_daily.card_id', '=', 'cards.id')
        .where('card_flow_daily.day', '=', today)
        .as('today_kb'),
      eb
        .selectFrom('member_growth')
        .select((g) => g.fn.coalesce(g.fn.sum<number>('member_growth.amount'), g.lit(0)).as('total'))
        .whereRef('member_growth.user_id', '=', 'owner_binding.user_id')
        .as('owner_growth'),
      // the owner's agent's levels, a handful of rows, as one JSON column: a second statement cost
      // more than the card's own (the per-statement lock, a promise, a row object per level)
      jsonArrayFrom(
        db,
        eb
          .selectFrom('member_levels')
          .select([
            'member_levels.level',
            'member_levels.name',
            'member_levels.min_growth',
            'member_levels.package_price_pct',
            'member_levels.rights',
          ])
          .whereRef('member_levels.agent_id', '=', 'owner.agent_id'),
      ).as('owner_levels'),
      // the card's latest replacement application (the replacement module's table; its rule says
      // whether it is under way): a row or none, in the same statement for the same reason
      jsonArrayFrom(
        db,
        eb
          .selectFrom('change_card_applications')
          .select([
            'change_card_applications.status',
            'change_card_applications.carrier',
            'change_card_applications.tracking_no',
            'change_card_applications.reject_reason',
            'change_card_applications.new_custom_num',
          ])
          .whereRef('change_card_applications.card_id', '=', 'cards.id')
          .orderBy('change_card_applications.id', 'desc')
          // a literal, not a bound parameter: SQLite plans `limit ?` in this correlated subquery
          // as a general one, and that cost ten times the rest of the statement (decision 0062)
          .limit(sql.lit(1)),
      ).as('latest_replacement'),
    ])
    .where('cards.custom_num', '=', customNum),
);

export interface CardInfoAgent {
  id: number;
  nickname: string;
  username: string;
  payee: string;
  withdrawal_method: number;
  withdrawal_account: string;
  is_agent: number;
  affiliated_official_account: string;
}

export interface CardInfoRow {
  card: Card;
  /** the card is bound to the asking user */
  bound: boolean;
  /** undefined when the card's agent row is missing */
  agent: CardInfoAgent | undefined;
  today_kb: number;
  /** the owner's user id, 0 without one */
  owner_id: number;
  /** what the owner's member rights rest on (modules/membership memberRightsAmong); undefined without an owner */
  owner_rights_basis: RightsBasis | undefined;
  /** the levels of the owner's agent, in no order; empty without an owner */
  owner_levels: LevelFacts[];
  /** the card's latest replacement application, undefined without one */
  latest_replacement: ApplicationFacts | undefined;
}

export async function cardInfoRow(db: Executor, customNum: string, userId: number, today: string): Promise<CardInfoRow | undefined> {
  const row = (await cardInfoRowQuery(db, customNum, userId, today))[0];
  if (!row) return undefined;
  const {
    agent_row_id,
    agent_nickname,
    agent_username,
    agent_payee,
    agent_withdrawal_method,
    agent_withdrawal_account,
    agent_is_agent,
    agent_affiliated_official_account,
    owner_id,
    owner_agent_id,
    owner_programme_enabled,
    bound_to_user,
    today_kb,
    owner_growth,
    owner_levels,
    latest_replacement,
  } = row;
  return {
    // the row itself, with the columns above still on it: copying the card's 40-odd columns into
    // an object of their own (`...card`) was a measurable part of card info (decision 0022)
    card: row,
    // SQLite answers 0/1, PostgreSQL a boolean
    bound: Boolean(bound_to_user),
    agent:
      agent_row_id === null
        ? undefined
        : {
            id: agent_row_id,
            nickname: agent_nickname ?? '',
            username: agent_username ?? '',
            payee: agent_payee ?? '',
            withdrawal_method: agent_withdrawal_method ?? 0,
            withdrawal_account: agent_withdrawal_account ?? '',
            is_agent: agent_is_agent ?? 0,
            affiliated_official_account: agent_affiliated_official_account ?? '',
          },
    today_kb: Number(today_kb ?? 0),
    owner_id: Number(owner_id ?? 0),
    owner_rights_basis:
      owner_id === null || owner_agent_id === null
        ? undefined
        : { agentId: owner_agent_id, enabled: owner_programme_enabled === 1, growth: Number(owner_growth ?? 0) },
    owner_levels: jsonRows(owner_levels),
    latest_replacement: jsonRows(latest_replacement)[0],
  };
}

/**
 * The serial of the wifi device the card sits in, if any. A read of the devices module's table
 * (it stays the one writer): card info follows the device for the network a multi-SIM card is on.
 */
export async function deviceSerialOf(db: Executor, cardId: number): Promise<string | undefined> {
  return (await db.selectFrom('devices').select('serial').where('card_id', '=', cardId).executeTakeFirst())?.serial;
}
