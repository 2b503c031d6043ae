// SQL of refunds (docs/decisions/0006 "Refunds"): owns the refunds table, and reads what an order
// delivered so that a refund can take back exactly that. What it takes back is written by each
// table's owner (orders, vouchers, balance, the card record), in the refund's transaction.
import type { Insertable } from 'kysely';
import type { Executor } from '../../../db/executor';
import type { RefundsTable } from '../../../db/schema';
import { PAID_STATES } from '../orders/repo';

// ---------- refunds ----------

export async function refundByNo(db: Executor, refundNo: string) {
  return db.selectFrom('refunds').selectAll().where('refund_no', '=', refundNo).executeTakeFirst();
}

/** A partial refund by the console's id of it (docs/decisions/0045). */
export async function refundByRequest(db: Executor, requestId: string) {
  return db.selectFrom('refunds').selectAll().where('request_id', '=', requestId).executeTakeFirst();
}

/** How many partial refunds an order has had: the next one's number follows them. */
export async function partialCount(db: Executor, orderNo: string): Promise<number> {
  const r = await db
    .selectFrom('refunds')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('order_no', '=', orderNo)
    .where('kind', '=', 'partial')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** False when a refund with this number exists already (a rerun, or a second operator at once). */
export async function insertRefund(db: Executor, row: Insertable<RefundsTable>): Promise<boolean> {
  const r = await db
    .insertInto('refunds')
    .values(row)
    .onConflict((oc) => oc.column('refund_no').doNothing())
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

/** Refunds whose gateway step has not been confirmed, recorded before `beforeIso`, oldest first. */
export async function pendingRefunds(db: Executor, beforeIso: string, limit: number) {
  return db
    .selectFrom('refunds')
    .select(['refund_no', 'order_no'])
    .where('state', '=', 'pending')
    .where('created_at', '<', beforeIso)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** pending → done, with the gateway's refund id. */
export async function markRefundDone(db: Executor, refundNo: string, gatewayRefundId: string | null, nowIso: string): Promise<boolean> {
  const r = await db
    .updateTable('refunds')
    .set({ state: 'done', gateway_refund_id: gatewayRefundId, done_at: nowIso })
    .where('refund_no', '=', refundNo)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The gateway payment that paid an order (not a late one). */
export async function payingPayment(db: Executor, orderNo: string) {
  return db.selectFrom('payments').selectAll().where('order_no', '=', orderNo).where('late', '=', 0).orderBy('id').executeTakeFirst();
}

export async function paymentById(db: Executor, id: number) {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Late payments not yet refunded (a 'pending' refund still needs the gateway), oldest first. */
export async function latePayments(db: Executor) {
  return db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.order_no', 'p.order_no')
    .leftJoin('refunds as r', (j) => j.onRef('r.transaction_id', '=', 'p.transaction_id').on('r.kind', '=', 'late'))
    .select([
      'p.id',
      'p.order_no',
      'p.channel',
      'p.amount_fen',
      'p.transaction_id',
      'p.created_at',
      'o.state as order_state',
      'o.title',
      'r.state as refund_state',
    ])
    .where('p.late', '=', 1)
    .where((eb) => eb.or([eb('r.state', 'is', null), eb('r.state', '<>', 'done')]))
    .orderBy('p.id')
    .execute();
}

// ---------- what an order delivered, and what depends on it ----------

export async function packageRow(db: Executor, id: number) {
  return db
    .selectFrom('card_packages')
    .select(['id', 'name', 'total_kb', 'started_at', 'expired_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Other still-paid orders that added data to one of these package rows. */
export async function additionsOnto(db: Executor, packageIds: number[], orderNo: string): Promise<string[]> {
  if (packageIds.length === 0) return [];
  const rows = await db
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

/** Upgrades of the same package row recorded after this delivery whose orders are still paid (docs/decisions/0013). */
export async function laterUpgradesOnto(db: Executor, packageId: number, deliveryId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('order_deliveries as d')
    .innerJoin('orders as o', 'o.order_no', 'd.order_no')
    .select('d.order_no')
    .where('d.target_package_id', '=', packageId)
    .where('d.replaced_name', 'is not', null)
    .where('d.id', '>', deliveryId)
    .where('o.state', 'in', PAID_STATES)
    .execute();
  return rows.map((r) => r.order_no);
}

/** Package rows of the card's other still-paid orders. */
export async function otherOrderPackages(db: Executor, cardId: number, orderNo: string) {
  return db
    .selectFrom('card_packages as cp')
    .innerJoin('orders as o', 'o.order_no', 'cp.order_no')
    .select(['cp.started_at', 'o.order_no'])
    .where('cp.card_id', '=', cardId)
    .where('o.order_no', '<>', orderNo)
    .where('o.state', 'in', PAID_STATES)
    .execute();
}

/** Expiries of the card's packages that still stand (seeded rows, and rows of orders not refunded). */
export async function standingPackageExpiries(db: Executor, cardId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('card_packages as cp')
    .leftJoin('orders as o', 'o.order_no', 'cp.order_no')
    .select('cp.expired_at')
    .where('cp.card_id', '=', cardId)
    .where((eb) => eb.or([eb('cp.order_no', 'is', null), eb('o.state', 'is', null), eb('o.state', '<>', 'refunded')]))
    .execute();
  return rows.map((r) => r.expired_at);
}

/** The flags lists of every delivery to this card: which flags orders have turned on. */
export async function flagsSetOnCard(db: Executor, cardId: number): Promise<string[]> {
  const rows = await db.selectFrom('order_deliveries').select('flags_set').where('card_id', '=', cardId).execute();
  return rows.map((r) => r.flags_set);
}

export async function otherPaidOrders(db: Executor, cardId: number, goodsType: string, orderNo: string): Promise<number> {
  const r = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('card_id', '=', cardId)
    .where('goods_type', '=', goodsType)
    .where('order_no', '<>', orderNo)
    .where('state', 'in', PAID_STATES)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
