// SQL of a card's gifts: reads only. The rows belong to their owners (balance_ledger to ../balance,
// vouchers to ../vouchers, orders to ../orders); this module writes nothing.
import type { Executor } from '../../../db/executor';

/** The card's balance bonuses, with the state of the order that earned each ("" when none). */
export async function bonusesOfCard(db: Executor, cardId: number) {
  return db
    .selectFrom('balance_ledger as l')
    .leftJoin('orders as o', (j) => j.onRef('o.order_no', '=', 'l.order_no').onRef('o.card_id', '=', 'l.card_id'))
    .select(['l.id', 'l.amount_fen', 'l.order_no', 'l.note', 'l.created_at', 'o.state as order_state'])
    .where('l.card_id', '=', cardId)
    .where('l.kind', '=', 'bonus')
    .orderBy('l.id', 'desc')
    .execute();
}

/** Recharge orders of the card that carry a bonus and are not settled yet (pending or paid). */
export async function unsettledBonusOrders(db: Executor, cardId: number) {
  return db
    .selectFrom('orders')
    .select(['order_no', 'bonus_fen', 'total_fen', 'state', 'created_at', 'expires_at'])
    .where('card_id', '=', cardId)
    .where('goods_type', '=', 'recharge')
    .where('bonus_fen', '>', 0)
    .where('state', 'in', ['pending', 'paid'])
    .orderBy('id', 'desc')
    .execute();
}
