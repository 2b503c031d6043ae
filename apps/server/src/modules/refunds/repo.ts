// SQL of refunds, and of what fulfilment records so that a refund can take back exactly what an
// order delivered (docs/decisions/0006 "Refunds"). Every state change is conditional on the state
// it leaves, inside the caller's transaction.
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/connect';
import type { Database, OrderDeliveriesTable, RefundsTable } from '../../db/schema';
import type { Insertable } from 'kysely';
import type { NewVoucher } from '../vouchers/repo';
import { sumUsage } from '../usage/repo';

type Trx = Transaction<Database>;
type Q = Db['kysely'] | Trx;
const PAID_STATES = ['paid', 'fulfilled'];

// ---------- recorded at fulfilment (orders/fulfil.ts) ----------

/** The card as it was before a delivery: its expiry and the flags an order may turn on. */
export async function cardBeforeDelivery(trx: Trx, cardId: number) {
  return trx
    .selectFrom('cards')
    .select(['expired_at', 'order_has_payment', 'ordered_flag', 'balance_order_has_payment', 'has_first_balance_order'])
    .where('id', '=', cardId)
    .executeTakeFirstOrThrow();
}

export async function recordDelivery(trx: Trx, row: Insertable<OrderDeliveriesTable>): Promise<void> {
  await trx.insertInto('order_deliveries').values(row).execute();
}

/** A coupon package's vouchers, marked with the order that created them (a refund revokes exactly these). */
export async function insertOrderVouchers(trx: Trx, orderNo: string, list: NewVoucher[]): Promise<void> {
  if (list.length === 0) return;
  await trx
    .insertInto('vouchers')
    .values(list.map((v) => ({ ...v, package_types: JSON.stringify(v.package_types), status: 'usable', order_no: null, used_at: null, origin_order_no: orderNo })))
    .execute();
}

/** Money that arrived for an order no longer pending: kept apart so that it is refunded, not forgotten. */
export async function markPaymentLate(trx: Trx, transactionId: string): Promise<void> {
  await trx.updateTable('payments').set({ late: 1 }).where('transaction_id', '=', transactionId).execute();
}

// ---------- refunds ----------

export async function refundByNo(q: Q, refundNo: string) {
  return q.selectFrom('refunds').selectAll().where('refund_no', '=', refundNo).executeTakeFirst();
}

/** False when a refund with this number exists already (a rerun, or a second operator at once). */
export async function insertRefund(q: Q, row: Insertable<RefundsTable>): Promise<boolean> {
  const r = await q
    .insertInto('refunds')
    .values(row)
    .onConflict((oc) => oc.column('refund_no').doNothing())
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

/** Refunds whose gateway step has not been confirmed, recorded before `beforeIso`, oldest first. */
export async function pendingRefunds(db: Db, beforeIso: string, limit: number) {
  return db.kysely
    .selectFrom('refunds')
    .select(['refund_no', 'order_no'])
    .where('state', '=', 'pending')
    .where('created_at', '<', beforeIso)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** pending → done, with the gateway's refund id. */
export async function markRefundDone(q: Q, refundNo: string, gatewayRefundId: string | null, nowIso: string): Promise<boolean> {
  const r = await q
    .updateTable('refunds')
    .set({ state: 'done', gateway_refund_id: gatewayRefundId, done_at: nowIso })
    .where('refund_no', '=', refundNo)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** paid | fulfilled → refunded; true only for the one refund that made the change. */
export async function markOrderRefunded(trx: Trx, orderNo: string): Promise<boolean> {
  const r = await trx.updateTable('orders').set({ state: 'refunded' }).where('order_no', '=', orderNo).where('state', 'in', PAID_STATES).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The gateway payment that paid an order (not a late one). */
export async function payingPayment(q: Q, orderNo: string) {
  return q.selectFrom('payments').selectAll().where('order_no', '=', orderNo).where('late', '=', 0).orderBy('id').executeTakeFirst();
}

export async function paymentById(q: Q, id: number) {
  return q.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Late payments not yet refunded (a 'pending' refund still needs the gateway), oldest first. */
export async function latePayments(db: Db) {
  return db.kysely
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.order_no', 'p.order_no')
    .leftJoin('refunds as r', (j) => j.onRef('r.transaction_id', '=', 'p.transaction_id').on('r.kind', '=', 'late'))
    .select(['p.id', 'p.order_no', 'p.channel', 'p.amount_fen', 'p.transaction_id', 'p.created_at', 'o.state as order_state', 'o.title', 'r.state as refund_state'])
    .where('p.late', '=', 1)
    .where((eb) => eb.or([eb('r.state', 'is', null), eb('r.state', '<>', 'done')]))
    .orderBy('p.id')
    .execute();
}

// ---------- what an order delivered, and taking it back ----------

export async function deliveryOf(q: Q, orderNo: string) {
  return q.selectFrom('order_deliveries').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
}

/** The order's credits to the balance (recharge and first-recharge bonus). */
export async function ledgerOfOrder(trx: Trx, cardId: number, orderNo: string) {
  return trx.selectFrom('balance_ledger').select(['kind', 'amount_fen']).where('card_id', '=', cardId).where('order_no', '=', orderNo).orderBy('id').execute();
}

export async function balanceOf(trx: Trx, cardId: number): Promise<number> {
  return (await trx.selectFrom('cards').select('balance_fen').where('id', '=', cardId).executeTakeFirstOrThrow()).balance_fen;
}

export async function vouchersOfOrder(trx: Trx, orderNo: string) {
  return trx.selectFrom('vouchers').select(['id', 'name', 'status']).where('origin_order_no', '=', orderNo).orderBy('id').execute();
}

/**
 * Revoke a coupon package's vouchers: only usable ones (conditional), and their expiry is brought
 * to now, so that everything that derives a voucher's status from its expiry (the lists, the
 * order checks) sees it as no longer usable. Answers how many were revoked.
 */
export async function revokeVouchers(trx: Trx, orderNo: string, nowIso: string): Promise<number> {
  const r = await trx
    .updateTable('vouchers')
    .set({ status: 'revoked', expires_at: sql<string>`case when expires_at > ${nowIso} then ${nowIso} else expires_at end` })
    .where('origin_order_no', '=', orderNo)
    .where('status', '=', 'usable')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** The voucher a refunded order used comes back (only if that order used it). */
export async function restoreVoucher(trx: Trx, voucherId: number, orderNo: string): Promise<boolean> {
  const r = await trx
    .updateTable('vouchers')
    .set({ status: 'usable', order_no: null, used_at: null })
    .where('id', '=', voucherId)
    .where('order_no', '=', orderNo)
    .where('status', '=', 'used')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function segmentsOf(trx: Trx, orderNo: string) {
  return trx.selectFrom('card_packages').select(['id', 'name', 'started_at', 'expired_at']).where('order_no', '=', orderNo).orderBy('id').execute();
}

/** End a package row now (conditional on the expiry read, so a concurrent change is noticed). */
export async function endSegment(trx: Trx, id: number, oldExpiredAt: string, next: { started_at: string; expired_at: string }): Promise<boolean> {
  const r = await trx.updateTable('card_packages').set(next).where('id', '=', id).where('expired_at', '=', oldExpiredAt).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function packageRow(trx: Trx, id: number) {
  return trx.selectFrom('card_packages').select(['id', 'name', 'total_kb', 'started_at', 'expired_at']).where('id', '=', id).executeTakeFirst();
}

/** Change a package's data and expiry, conditional on the values read. */
export async function setPackage(trx: Trx, id: number, old: { total_kb: number; expired_at: string }, next: { total_kb: number; expired_at: string }): Promise<boolean> {
  const r = await trx
    .updateTable('card_packages')
    .set(next)
    .where('id', '=', id)
    .where('total_kb', '=', old.total_kb)
    .where('expired_at', '=', old.expired_at)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** KB used on the card over the inclusive China-time days [fromDay, toDay]. */
export function usedKb(trx: Trx, cardId: number, fromDay: string, toDay: string): Promise<number> {
  return sumUsage({ kysely: trx }, cardId, fromDay, toDay);
}

/** Other still-paid orders that added data to one of these package rows. */
export async function additionsOnto(trx: Trx, packageIds: number[], orderNo: string): Promise<string[]> {
  if (packageIds.length === 0) return [];
  const rows = await trx
    .selectFrom('order_deliveries as d')
    .innerJoin('orders as o', 'o.order_no', 'd.order_no')
    .select('d.order_no')
    .where('d.target_package_id', 'in', packageIds)
    .where('d.add_kb', '>', 0)
    .where('d.order_no', '<>', orderNo)
    .where('o.state', 'in', PAID_STATES)
    .execute();
  return rows.map((r) => r.order_no);
}

/** Package rows of the card's other still-paid orders. */
export async function otherOrderPackages(trx: Trx, cardId: number, orderNo: string) {
  return trx
    .selectFrom('card_packages as cp')
    .innerJoin('orders as o', 'o.order_no', 'cp.order_no')
    .select(['cp.started_at', 'o.order_no'])
    .where('cp.card_id', '=', cardId)
    .where('o.order_no', '<>', orderNo)
    .where('o.state', 'in', PAID_STATES)
    .execute();
}

/** Expiries of the card's packages that still stand (seeded rows, and rows of orders not refunded). */
export async function standingPackageExpiries(trx: Trx, cardId: number): Promise<string[]> {
  const rows = await trx
    .selectFrom('card_packages as cp')
    .leftJoin('orders as o', 'o.order_no', 'cp.order_no')
    .select('cp.expired_at')
    .where('cp.card_id', '=', cardId)
    .where((eb) => eb.or([eb('cp.order_no', 'is', null), eb('o.state', 'is', null), eb('o.state', '<>', 'refunded')]))
    .execute();
  return rows.map((r) => r.expired_at);
}

/** The flags lists of every delivery to this card: which flags orders have turned on. */
export async function flagsSetOnCard(trx: Trx, cardId: number): Promise<string[]> {
  const rows = await trx.selectFrom('order_deliveries').select('flags_set').where('card_id', '=', cardId).execute();
  return rows.map((r) => r.flags_set);
}

export async function otherPaidOrders(trx: Trx, cardId: number, goodsType: string, orderNo: string): Promise<number> {
  const r = await trx
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('card_id', '=', cardId)
    .where('goods_type', '=', goodsType)
    .where('order_no', '<>', orderNo)
    .where('state', 'in', PAID_STATES)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function cardFlagsAndExpiry(trx: Trx, cardId: number) {
  return cardBeforeDelivery(trx, cardId);
}

export async function updateCard(
  trx: Trx,
  cardId: number,
  patch: Partial<Record<'order_has_payment' | 'ordered_flag' | 'balance_order_has_payment' | 'has_first_balance_order', number>> & { expired_at?: string },
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await trx.updateTable('cards').set(patch).where('id', '=', cardId).execute();
}
