// SQL of orders: owns orders, payments (the money that paid them), order_deliveries (what a
// delivery changed, so a refund can take exactly that back) and card_packages (the packages
// orders deliver). Every state change is a conditional UPDATE … WHERE state = <from>: of two
// racing writers exactly one sees a row change. Functions that settle run in the caller's
// transaction (Executor).
import { sql, type Insertable } from 'kysely';
import type { Executor } from '../../../db/executor';
import type { CardPackagesTable, OrderDeliveriesTable, OrdersTable } from '../../../db/schema';

export const PAGE_SIZE = 10;
/** Orders whose money was received (and not refunded). */
export const PAID_STATES = ['paid', 'fulfilled'];

// ---------- orders ----------

export async function insertOrder(db: Executor, row: Insertable<OrdersTable>) {
  return db.insertInto('orders').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function orderByNo(db: Executor, orderNo: string) {
  return db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
}

export async function orderByRequest(db: Executor, cardId: number, requestId: string) {
  return db.selectFrom('orders').selectAll().where('card_id', '=', cardId).where('request_id', '=', requestId).executeTakeFirst();
}

/** The order list's tabs: 全部 / 待支付 / 已完成 / 已退款 (closed and failed orders only under 全部). */
const GROUP_STATES: Record<Exclude<OrderGroup, 'all'>, string[]> = { pending: ['pending'], done: PAID_STATES, refunded: ['refunded'] };
export type OrderGroup = 'all' | 'pending' | 'done' | 'refunded';

/**
 * A page of orders, newest first, with each order's card number: of one card, or of every card
 * bound to a user now (card_bindings belongs to modules/cards; read here, never written).
 */
export async function ordersOf(db: Executor, of: { cardId: number } | { userId: number }, group: OrderGroup, page: number) {
  const base = db
    .selectFrom('orders')
    .innerJoin('cards', 'cards.id', 'orders.card_id')
    .$call((q) =>
      'cardId' in of
        ? q.where('orders.card_id', '=', of.cardId)
        : q.where('orders.card_id', 'in', db.selectFrom('card_bindings').select('card_id').where('user_id', '=', of.userId)),
    )
    .$call((q) => (group === 'all' ? q : q.where('orders.state', 'in', GROUP_STATES[group])));
  const rows = await base
    .selectAll('orders')
    .select('cards.custom_num')
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)
    .execute();
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

export async function pendingOrders(db: Executor, createdBeforeIso: string, limit: number) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('state', '=', 'pending')
    .where('created_at', '<', createdBeforeIso)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

export async function setPayment(db: Executor, orderNo: string, paymentId: string, payUrl: string): Promise<void> {
  await db.updateTable('orders').set({ payment_id: paymentId, pay_url: payUrl }).where('order_no', '=', orderNo).execute();
}

/** pending → paid; true only for the one writer that made the change. */
export async function markPaid(db: Executor, orderNo: string, nowIso: string): Promise<boolean> {
  const r = await db
    .updateTable('orders')
    .set({ state: 'paid', paid_at: nowIso })
    .where('order_no', '=', orderNo)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function markFulfilled(db: Executor, orderNo: string, nowIso: string): Promise<boolean> {
  const r = await db
    .updateTable('orders')
    .set({ state: 'fulfilled', fulfilled_at: nowIso })
    .where('order_no', '=', orderNo)
    .where('state', '=', 'paid')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** pending → closed | failed. */
export async function markUnpaid(db: Executor, orderNo: string, state: 'closed' | 'failed', nowIso: string): Promise<boolean> {
  const r = await db
    .updateTable('orders')
    .set({ state, closed_at: nowIso })
    .where('order_no', '=', orderNo)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** paid | fulfilled → refunded; true only for the one refund that made the change. */
export async function markRefunded(db: Executor, orderNo: string): Promise<boolean> {
  const r = await db
    .updateTable('orders')
    .set({ state: 'refunded' })
    .where('order_no', '=', orderNo)
    .where('state', 'in', PAID_STATES)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * A partial refund's share of the order (docs/decisions/0045): only while it is paid and only up to
 * what was paid — one conditional update, so two partial refunds at once never give back more.
 */
export async function addRefunded(db: Executor, orderNo: string, amountFen: number): Promise<boolean> {
  const r = await db
    .updateTable('orders')
    .set((eb) => ({ refunded_fen: eb('refunded_fen', '+', amountFen) }))
    .where('order_no', '=', orderNo)
    .where('state', 'in', PAID_STATES)
    .where((eb) => eb(eb('refunded_fen', '+', amountFen), '<=', eb.ref('payable_fen')))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Take the order's row lock (a no-op update; SQLite transactions are serial already): what follows in the transaction sees the order settled. */
export async function lockOrder(db: Executor, orderNo: string): Promise<void> {
  await db
    .updateTable('orders')
    .set((eb) => ({ state: eb.ref('state') }))
    .where('order_no', '=', orderNo)
    .execute();
}

/** Claim the right to ask the gateway about a pending order (at most once per `minGapMs`, across processes). */
export async function claimQuery(db: Executor, orderNo: string, nowIso: string, notAfterIso: string): Promise<boolean> {
  const r = await db
    .updateTable('orders')
    .set({ last_query_at: nowIso })
    .where('order_no', '=', orderNo)
    .where('state', '=', 'pending')
    .where((eb) => eb.or([eb('last_query_at', 'is', null), eb('last_query_at', '<', notAfterIso)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// ---------- payments: money received for an order ----------

/** Record money received. Answers false when this transaction id was already recorded. */
export async function insertPayment(
  db: Executor,
  p: { orderNo: string; channel: number; transactionId: string; amountFen: number; source: 'notify' | 'query'; nowIso: string },
): Promise<boolean> {
  const row = await db
    .insertInto('payments')
    .values({
      order_no: p.orderNo,
      channel: p.channel,
      transaction_id: p.transactionId,
      amount_fen: p.amountFen,
      source: p.source,
      created_at: p.nowIso,
    })
    .onConflict((oc) => oc.column('transaction_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Money that arrived for an order no longer pending: kept apart so that it is refunded, not forgotten. */
export async function markPaymentLate(db: Executor, transactionId: string): Promise<void> {
  await db.updateTable('payments').set({ late: 1 }).where('transaction_id', '=', transactionId).execute();
}

// ---------- what an order delivered ----------

export async function recordDelivery(db: Executor, row: Insertable<OrderDeliveriesTable>): Promise<void> {
  await db.insertInto('order_deliveries').values(row).execute();
}

/** The card's packages not yet expired (what a new package stacks on or queues behind). */
export async function livePackages(db: Executor, cardId: number, nowIso: string) {
  return db
    .selectFrom('card_packages')
    .select(['id', 'package_type', 'started_at', 'expired_at'])
    .where('card_id', '=', cardId)
    .where('expired_at', '>', nowIso)
    .execute();
}

export async function insertPackages(db: Executor, rows: Insertable<CardPackagesTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('card_packages').values(rows).execute();
}

/** Data added to a package in force, with its new expiry (refuel and superposition packages). */
export async function addToPackage(db: Executor, id: number, addKb: number, expiredAt: string): Promise<void> {
  await db
    .updateTable('card_packages')
    .set({ total_kb: sql<number>`total_kb + ${addKb}`, expired_at: expiredAt })
    .where('id', '=', id)
    .execute();
}

/** End a package row now (conditional on the expiry read, so a concurrent change is noticed). */
export async function endSegment(
  db: Executor,
  id: number,
  oldExpiredAt: string,
  next: { started_at: string; expired_at: string },
): Promise<boolean> {
  const r = await db.updateTable('card_packages').set(next).where('id', '=', id).where('expired_at', '=', oldExpiredAt).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Change a package's data and expiry, conditional on the values read. */
export async function setPackage(
  db: Executor,
  id: number,
  old: { total_kb: number; expired_at: string },
  next: { total_kb: number; expired_at: string },
): Promise<boolean> {
  const r = await db
    .updateTable('card_packages')
    .set(next)
    .where('id', '=', id)
    .where('total_kb', '=', old.total_kb)
    .where('expired_at', '=', old.expired_at)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** What a fulfilled order delivered: the package rows it created, or the package it was added to. */
export async function deliveryOf(db: Executor, orderNo: string) {
  return db.selectFrom('order_deliveries').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
}

export async function segmentsOf(db: Executor, orderNo: string) {
  return db
    .selectFrom('card_packages')
    .select(['id', 'name', 'started_at', 'expired_at'])
    .where('order_no', '=', orderNo)
    .orderBy('id')
    .execute();
}

/**
 * An upgrade (docs/decisions/0013): the row becomes the bigger package — name, type, catalogue
 * package and data — conditional on the values read, so a concurrent change is noticed.
 */
export async function replacePackage(
  db: Executor,
  id: number,
  old: { name: string; total_kb: number },
  next: { name: string; package_type: number; package_id: number | null; total_kb: number },
): Promise<boolean> {
  const r = await db
    .updateTable('card_packages')
    .set(next)
    .where('id', '=', id)
    .where('name', '=', old.name)
    .where('total_kb', '=', old.total_kb)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A refunded upgrade: the row is again the package it replaced (its data is restored by setPackage). */
export async function restoreReplacedPackage(
  db: Executor,
  id: number,
  upgradedName: string,
  back: { name: string; package_type: number; package_id: number | null },
): Promise<boolean> {
  const r = await db.updateTable('card_packages').set(back).where('id', '=', id).where('name', '=', upgradedName).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
