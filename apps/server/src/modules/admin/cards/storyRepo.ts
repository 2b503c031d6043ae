// The reads behind a card's story: each a short, indexed list of one card's rows, newest first.
import type { SelectQueryBuilder } from 'kysely';
import type { Executor } from '../../../db/executor';
import type { Database } from '../../../db/schema';

/** The cards an identifier names exactly (each identifier column has its index), within an agent when one is given. */
export async function cardsByIdentifier(db: Executor, identifier: string, agentId: readonly number[] | null) {
  let q = db
    .selectFrom('cards')
    .select(['id', 'agent_id', 'custom_num', 'iccid', 'isdn', 'imsi'])
    .where((eb) =>
      eb.or([eb('custom_num', '=', identifier), eb('iccid', '=', identifier), eb('isdn', '=', identifier), eb('imsi', '=', identifier)]),
    );
  if (agentId !== null) q = q.where('agent_id', 'in', agentId);
  return q.limit(8).execute();
}

/** The tables of a card's rows that the story lists newest first (by id). */
type CardRows = 'orders' | 'balance_ledger' | 'diagnoses' | 'tickets';

/** The newest `limit` rows of one card in one of those tables: the shape of every list of the story. */
function newest<T extends CardRows>(db: Executor, table: T, cardId: number, limit: number) {
  // built on the union (each has card_id and id), answered as the one table's builder, so that the
  // caller's select is checked against that table's own columns and types
  return db
    .selectFrom(table as CardRows)
    .where('card_id', '=', cardId)
    .orderBy('id', 'desc')
    .limit(limit) as unknown as SelectQueryBuilder<Database, T, object>;
}

export function binding(db: Executor, cardId: number) {
  return db
    .selectFrom('card_bindings')
    .innerJoin('users', 'users.id', 'card_bindings.user_id')
    .select(['card_bindings.user_id', 'users.mobile', 'card_bindings.created_at'])
    .where('card_bindings.card_id', '=', cardId)
    .executeTakeFirst();
}

export function usage(db: Executor, cardId: number, days: number) {
  return db
    .selectFrom('card_flow_daily')
    .select(['day', 'used_kb'])
    .where('card_id', '=', cardId)
    .orderBy('day', 'desc')
    .limit(days)
    .execute();
}

/** With its order's state: a refunded order's package row is ended (no length left), which the story says as 已退款. */
export function packages(db: Executor, cardId: number, limit: number) {
  return db
    .selectFrom('card_packages')
    .leftJoin('orders', 'orders.order_no', 'card_packages.order_no')
    .select([
      'card_packages.id',
      'card_packages.name',
      'card_packages.package_type',
      'card_packages.total_kb',
      'card_packages.started_at',
      'card_packages.expired_at',
      'card_packages.order_no',
      'orders.state as order_state',
    ])
    .where('card_packages.card_id', '=', cardId)
    .orderBy('card_packages.id', 'desc')
    .limit(limit)
    .execute();
}

export function orders(db: Executor, cardId: number, limit: number) {
  return newest(db, 'orders', cardId, limit)
    .select(['order_no', 'title', 'goods_type', 'payable_fen', 'state', 'created_at', 'paid_at'])
    .execute();
}

export function ledger(db: Executor, cardId: number, limit: number) {
  return newest(db, 'balance_ledger', cardId, limit)
    .select(['id', 'amount_fen', 'kind', 'order_no', 'balance_after_fen', 'note', 'created_at'])
    .execute();
}

/** name and mobile only: the ID number is never read here */
export function personal(db: Executor, cardId: number) {
  return db.selectFrom('card_personal_info').select(['name', 'mobile']).where('card_id', '=', cardId).executeTakeFirst();
}

export function simLine(db: Executor, customNum: string) {
  return db.selectFrom('sim_lines').select(['real_named']).where('custom_num', '=', customNum).executeTakeFirst();
}

export function device(db: Executor, cardId: number) {
  return db.selectFrom('devices').select(['serial', 'created_at']).where('card_id', '=', cardId).orderBy('id', 'desc').executeTakeFirst();
}

export function diagnoses(db: Executor, cardId: number, limit: number) {
  return newest(db, 'diagnoses', cardId, limit).select(['id', 'kind', 'overall', 'headline', 'created_at']).execute();
}

export function tickets(db: Executor, cardId: number, limit: number) {
  return newest(db, 'tickets', cardId, limit).select(['id', 'ticket_no', 'category', 'status', 'created_at']).execute();
}

export async function series(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('package_series').select(['id', 'name']).where('id', 'in', ids).orderBy('id').execute();
}

export function seriesById(db: Executor, id: number) {
  return db.selectFrom('package_series').select(['id', 'name', 'agent_id']).where('id', '=', id).executeTakeFirst();
}

export async function agentMark(db: Executor, agentId: number): Promise<string | undefined> {
  return (await db.selectFrom('agents').select('mark').where('id', '=', agentId).executeTakeFirst())?.mark;
}
