// SQL of vouchers: owns the vouchers table. A voucher moves usable → locked (held by a pending
// order) → used, or back to usable when that order closes or fails; a refund gives a used one back
// or revokes a coupon package's. Every move is a conditional update on the old state, in the
// caller's transaction when it passes one.
import { sql } from 'kysely';
import type { Executor } from '../../../db/executor';

export async function vouchersOfCard(db: Executor, cardId: number) {
  return db.selectFrom('vouchers').selectAll().where('card_id', '=', cardId).orderBy('expires_at').orderBy('id').execute();
}

export async function voucherById(db: Executor, id: number) {
  return db.selectFrom('vouchers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Names and amounts of these vouchers (an order list shows them). */
export async function voucherLabels(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('vouchers').select(['id', 'name', 'amount_fen']).where('id', 'in', ids).execute();
}

/** Hold a usable, unexpired voucher of this card for an order; false when someone got there first. */
export async function lock(db: Executor, id: number, cardId: number, orderNo: string, nowIso: string): Promise<boolean> {
  const r = await db
    .updateTable('vouchers')
    .set({ status: 'locked', order_no: orderNo })
    .where('id', '=', id)
    .where('card_id', '=', cardId)
    .where('status', '=', 'usable')
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Give the voucher back when its order closes or fails (only if this order still holds it). */
export async function release(db: Executor, id: number, orderNo: string): Promise<void> {
  await db
    .updateTable('vouchers')
    .set({ status: 'usable', order_no: null })
    .where('id', '=', id)
    .where('status', '=', 'locked')
    .where('order_no', '=', orderNo)
    .execute();
}

export async function markUsed(db: Executor, id: number, orderNo: string, nowIso: string): Promise<void> {
  await db
    .updateTable('vouchers')
    .set({ status: 'used', used_at: nowIso })
    .where('id', '=', id)
    .where('order_no', '=', orderNo)
    .where('status', '=', 'locked')
    .execute();
}

export interface NewVoucher {
  card_id: number;
  name: string;
  amount_fen: number;
  min_spend_fen: number;
  package_types: number[];
  expires_at: string;
  source: string;
  created_at: string;
}

/** A coupon package's vouchers, marked with the order that created them (a refund revokes exactly these). */
export async function insertOrderVouchers(db: Executor, orderNo: string, list: NewVoucher[]): Promise<void> {
  if (list.length === 0) return;
  await db
    .insertInto('vouchers')
    .values(
      list.map((v) => ({
        ...v,
        package_types: JSON.stringify(v.package_types),
        status: 'usable',
        order_no: null,
        used_at: null,
        origin_order_no: orderNo,
      })),
    )
    .execute();
}

/** The vouchers a coupon-package order created. */
export async function vouchersOfOrder(db: Executor, orderNo: string) {
  return db.selectFrom('vouchers').select(['id', 'name', 'status']).where('origin_order_no', '=', orderNo).orderBy('id').execute();
}

/**
 * Revoke a coupon package's vouchers: only usable ones (conditional), and their expiry is brought
 * to now, so that everything that derives a voucher's status from its expiry (the lists, the
 * order checks) sees it as no longer usable. Answers how many were revoked.
 */
export async function revokeOrderVouchers(db: Executor, orderNo: string, nowIso: string): Promise<number> {
  const r = await db
    .updateTable('vouchers')
    .set({ status: 'revoked', expires_at: sql<string>`case when expires_at > ${nowIso} then ${nowIso} else expires_at end` })
    .where('origin_order_no', '=', orderNo)
    .where('status', '=', 'usable')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** The voucher a refunded order used comes back (only if that order used it). */
export async function restoreVoucher(db: Executor, voucherId: number, orderNo: string): Promise<boolean> {
  const r = await db
    .updateTable('vouchers')
    .set({ status: 'usable', order_no: null, used_at: null })
    .where('id', '=', voucherId)
    .where('order_no', '=', orderNo)
    .where('status', '=', 'used')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Vouchers issued in bulk from the console (018): usable at once, marked with their batch. */
export async function insertBatchVouchers(db: Executor, batchId: number, list: NewVoucher[]): Promise<void> {
  // in slices: one statement stays well under both databases' parameter limits
  for (let i = 0; i < list.length; i += 500) {
    await db
      .insertInto('vouchers')
      .values(
        list.slice(i, i + 500).map((v) => ({
          ...v,
          package_types: JSON.stringify(v.package_types),
          status: 'usable',
          order_no: null,
          used_at: null,
          origin_order_no: null,
          batch_id: batchId,
        })),
      )
      .execute();
  }
}

/**
 * Revoke what is left of a console batch: its usable vouchers only (conditional, so a voucher a
 * holder is using right now — locked by a pending order — or has used stays as it is); their expiry
 * is brought to now, as for a coupon package's. Answers how many were revoked.
 */
export async function revokeBatchVouchers(db: Executor, batchId: number, nowIso: string): Promise<number> {
  const r = await db
    .updateTable('vouchers')
    .set({ status: 'revoked', expires_at: sql<string>`case when expires_at > ${nowIso} then ${nowIso} else expires_at end` })
    .where('batch_id', '=', batchId)
    .where('status', '=', 'usable')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export interface BatchVoucherCounts {
  /** usable and not expired */
  usable: number;
  used: number;
  /** held by an order being paid */
  locked: number;
  revoked: number;
  expired: number;
}

/** Where each listed batch's vouchers are now, in one grouped read. */
export async function batchVoucherCounts(db: Executor, batchIds: number[], nowIso: string): Promise<Map<number, BatchVoucherCounts>> {
  const out = new Map<number, BatchVoucherCounts>();
  if (batchIds.length === 0) return out;
  // grouped by status only: an expression with a parameter cannot be both selected and grouped on
  // PostgreSQL (two parameters are two expressions), so the still-valid ones are summed instead
  const rows = await db
    .selectFrom('vouchers')
    .select([
      'batch_id',
      'status',
      (eb) => eb.fn.countAll<number>().as('n'),
      sql<number>`sum(case when expires_at > ${nowIso} then 1 else 0 end)`.as('live'),
    ])
    .where('batch_id', 'in', batchIds)
    .groupBy(['batch_id', 'status'])
    .execute();
  for (const r of rows) {
    const c = out.get(r.batch_id!) ?? { usable: 0, used: 0, locked: 0, revoked: 0, expired: 0 };
    const n = Number(r.n);
    if (r.status === 'usable') {
      c.usable += Number(r.live);
      c.expired += n - Number(r.live);
    } else if (r.status === 'used' || r.status === 'locked' || r.status === 'revoked') c[r.status] += n;
    out.set(r.batch_id!, c);
  }
  return out;
}
