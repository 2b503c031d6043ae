// Reads of orders and money for the console (docs/decisions/0018). Read-only: every write goes through the
// owning modules' services (refunds, the balance ledger). Each query is limited to an agent's
// cards when the operator is an agent administrator (agent !== null).
import type { Executor } from '../../../db/executor';

export interface OrderFilter {
  orderNo?: string;
  card?: string;
  mobile?: string;
  state?: string;
  goodsType?: string;
  channel?: number;
  from?: string;
  to?: string;
  beforeId?: number;
}

function orderBase(db: Executor, agent: readonly number[] | null) {
  return db
    .selectFrom('orders as o')
    .innerJoin('cards as c', 'c.id', 'o.card_id')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .select([
      'o.id',
      'o.order_no',
      'c.custom_num',
      'c.agent_id',
      'u.mobile as user_mobile',
      'o.goods_type',
      'o.title',
      'o.total_fen',
      'o.discount_fen',
      'o.payable_fen',
      'o.pay_channel',
      'o.state',
      'o.created_at',
      'o.paid_at',
      'o.closed_at',
      'o.fulfilled_at',
      'o.expires_at',
      'o.voucher_id',
      'o.refunded_fen',
    ])
    .$call((q) => (agent === null ? q : q.where('c.agent_id', 'in', agent)));
}

/** Newest first, keyset on the order id (ids grow with time): no OFFSET over a big table. */
export async function searchOrders(db: Executor, agent: readonly number[] | null, f: OrderFilter, limit: number) {
  let q = orderBase(db, agent);
  if (f.orderNo) q = q.where('o.order_no', '=', f.orderNo);
  if (f.card) {
    const card = f.card;
    q = q.where((eb) => eb.or([eb('c.custom_num', '=', card), eb('c.iccid', '=', card)]));
  }
  if (f.mobile) q = q.where('u.mobile', '=', f.mobile);
  if (f.state) q = q.where('o.state', '=', f.state);
  if (f.goodsType) q = q.where('o.goods_type', '=', f.goodsType);
  if (f.channel !== undefined) q = q.where('o.pay_channel', '=', f.channel);
  if (f.from) q = q.where('o.created_at', '>=', f.from);
  if (f.to) q = q.where('o.created_at', '<', f.to);
  if (f.beforeId) q = q.where('o.id', '<', f.beforeId);
  return q.orderBy('o.id', 'desc').limit(limit).execute();
}

export async function orderForAdmin(db: Executor, orderNo: string) {
  return orderBase(db, null).where('o.order_no', '=', orderNo).executeTakeFirst();
}

export async function paymentsOf(db: Executor, orderNo: string) {
  return db.selectFrom('payments').selectAll().where('order_no', '=', orderNo).orderBy('id').execute();
}

export async function notificationsOf(db: Executor, orderNo: string) {
  return db.selectFrom('pay_notifications').selectAll().where('order_no', '=', orderNo).orderBy('id').execute();
}

export async function refundsOf(db: Executor, orderNo: string) {
  return db.selectFrom('refunds').selectAll().where('order_no', '=', orderNo).orderBy('id').execute();
}

/** Money that arrived for an order no longer pending, not yet refunded (as refunds' latePayments), with the card. */
export async function latePayments(db: Executor, agent: readonly number[] | null) {
  return db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.order_no', 'p.order_no')
    .innerJoin('cards as c', 'c.id', 'o.card_id')
    .leftJoin('refunds as r', (j) => j.onRef('r.transaction_id', '=', 'p.transaction_id').on('r.kind', '=', 'late'))
    .select([
      'p.id',
      'p.order_no',
      'p.channel',
      'p.amount_fen',
      'p.created_at',
      'o.state as order_state',
      'o.title',
      'c.custom_num',
      'r.state as refund_state',
    ])
    .where('p.late', '=', 1)
    .where((eb) => eb.or([eb('r.state', 'is', null), eb('r.state', '<>', 'done')]))
    .$call((q) => (agent === null ? q : q.where('c.agent_id', 'in', agent)))
    .orderBy('p.id')
    .limit(500)
    .execute();
}

export async function cardByNumber(db: Executor, card: string) {
  return db
    .selectFrom('cards')
    .select(['id', 'custom_num', 'iccid', 'agent_id', 'balance_fen'])
    .where((eb) => eb.or([eb('custom_num', '=', card), eb('iccid', '=', card)]))
    .executeTakeFirst();
}

export async function ledgerPage(db: Executor, cardId: number, beforeId: number | undefined, limit: number) {
  return db
    .selectFrom('balance_ledger')
    .selectAll()
    .where('card_id', '=', cardId)
    .$call((q) => (beforeId === undefined ? q : q.where('id', '<', beforeId)))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function ledgerSum(db: Executor, cardId: number): Promise<number> {
  const r = await db
    .selectFrom('balance_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), eb.lit(0)).as('s'))
    .where('card_id', '=', cardId)
    .executeTakeFirstOrThrow();
  return Number(r.s);
}
