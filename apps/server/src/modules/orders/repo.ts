// SQL of orders, payments and the package rows an order creates. Every state change is a
// conditional UPDATE … WHERE state = <from>: of two racing writers exactly one sees a row change.
import type { Insertable, Transaction } from 'kysely';
import type { Db } from '../../db/connect';
import type { Database, OrdersTable } from '../../db/schema';

type Q = Db['kysely'] | Transaction<Database>;
export const PAGE_SIZE = 10;

export async function insertOrder(trx: Transaction<Database>, row: Insertable<OrdersTable>) {
  return trx.insertInto('orders').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function orderByNo(q: Q, orderNo: string) {
  return q.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
}

export async function orderByRequest(q: Q, cardId: number, requestId: string) {
  return q.selectFrom('orders').selectAll().where('card_id', '=', cardId).where('request_id', '=', requestId).executeTakeFirst();
}

export async function ordersOfCard(db: Db, cardId: number, page: number) {
  const rows = await db.kysely
    .selectFrom('orders')
    .selectAll()
    .where('card_id', '=', cardId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)
    .execute();
  const total = await db.kysely
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('card_id', '=', cardId)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

export async function setPayment(db: Db, orderNo: string, paymentId: string, payUrl: string): Promise<void> {
  await db.kysely.updateTable('orders').set({ payment_id: paymentId, pay_url: payUrl }).where('order_no', '=', orderNo).execute();
}

/** pending → paid; true only for the one writer that made the change. */
export async function markPaid(q: Q, orderNo: string, nowIso: string): Promise<boolean> {
  const r = await q.updateTable('orders').set({ state: 'paid', paid_at: nowIso }).where('order_no', '=', orderNo).where('state', '=', 'pending').executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function markFulfilled(q: Q, orderNo: string, nowIso: string): Promise<boolean> {
  const r = await q.updateTable('orders').set({ state: 'fulfilled', fulfilled_at: nowIso }).where('order_no', '=', orderNo).where('state', '=', 'paid').executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** pending → closed | failed. */
export async function markUnpaid(q: Q, orderNo: string, state: 'closed' | 'failed', nowIso: string): Promise<boolean> {
  const r = await q.updateTable('orders').set({ state, closed_at: nowIso }).where('order_no', '=', orderNo).where('state', '=', 'pending').executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Claim the right to ask the gateway about a pending order (at most once per `minGapMs`, across processes). */
export async function claimQuery(db: Db, orderNo: string, nowIso: string, notAfterIso: string): Promise<boolean> {
  const r = await db.kysely
    .updateTable('orders')
    .set({ last_query_at: nowIso })
    .where('order_no', '=', orderNo)
    .where('state', '=', 'pending')
    .where((eb) => eb.or([eb('last_query_at', 'is', null), eb('last_query_at', '<', notAfterIso)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Record money received. Answers false when this transaction id was already recorded. */
export async function insertPayment(
  trx: Transaction<Database>,
  p: { orderNo: string; channel: number; transactionId: string; amountFen: number; source: 'notify' | 'query'; nowIso: string },
): Promise<boolean> {
  const row = await trx
    .insertInto('payments')
    .values({ order_no: p.orderNo, channel: p.channel, transaction_id: p.transactionId, amount_fen: p.amountFen, source: p.source, created_at: p.nowIso })
    .onConflict((oc) => oc.column('transaction_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function pendingOrders(db: Db, createdBeforeIso: string, limit: number) {
  return db.kysely
    .selectFrom('orders')
    .selectAll()
    .where('state', '=', 'pending')
    .where('created_at', '<', createdBeforeIso)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

// ---------- the card side of fulfilment ----------
export async function cardForUpdate(trx: Transaction<Database>, cardId: number) {
  return trx.selectFrom('cards').select(['id', 'expired_at', 'has_first_balance_order']).where('id', '=', cardId).executeTakeFirstOrThrow();
}

export async function livePackages(trx: Transaction<Database>, cardId: number, nowIso: string) {
  return trx
    .selectFrom('card_packages')
    .select(['id', 'package_type', 'started_at', 'expired_at'])
    .where('card_id', '=', cardId)
    .where('expired_at', '>', nowIso)
    .execute();
}
