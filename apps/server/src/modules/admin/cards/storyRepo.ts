// The reads behind a card's story: each a short, indexed list of one card's rows, newest first.
import type { Executor } from '../../../db/executor';

export async function cardIdByNumber(db: Executor, customNum: string): Promise<number | undefined> {
  return (await db.selectFrom('cards').select('id').where('custom_num', '=', customNum).executeTakeFirst())?.id;
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

export function packages(db: Executor, cardId: number, limit: number) {
  return db
    .selectFrom('card_packages')
    .select(['id', 'name', 'package_type', 'total_kb', 'started_at', 'expired_at', 'order_no'])
    .where('card_id', '=', cardId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function orders(db: Executor, cardId: number, limit: number) {
  return db
    .selectFrom('orders')
    .select(['order_no', 'title', 'goods_type', 'payable_fen', 'state', 'created_at', 'paid_at'])
    .where('card_id', '=', cardId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function ledger(db: Executor, cardId: number, limit: number) {
  return db
    .selectFrom('balance_ledger')
    .select(['id', 'amount_fen', 'kind', 'order_no', 'balance_after_fen', 'note', 'created_at'])
    .where('card_id', '=', cardId)
    .orderBy('id', 'desc')
    .limit(limit)
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
  return db
    .selectFrom('diagnoses')
    .select(['id', 'kind', 'overall', 'headline', 'created_at'])
    .where('card_id', '=', cardId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function tickets(db: Executor, cardId: number, limit: number) {
  return db
    .selectFrom('tickets')
    .select(['id', 'ticket_no', 'category', 'status', 'created_at'])
    .where('card_id', '=', cardId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function series(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('package_series').select(['id', 'name']).where('id', 'in', ids).orderBy('id').execute();
}
