// SQL of vouchers. A voucher moves usable → locked (held by a pending order) → used, or back to
// usable when that order closes or fails; every move is a conditional update on the old state.
import type { Transaction } from 'kysely';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';

type Q = Db['kysely'] | Transaction<Database>;

export async function vouchersOfCard(db: Db, cardId: number) {
  return db.kysely.selectFrom('vouchers').selectAll().where('card_id', '=', cardId).orderBy('expires_at').orderBy('id').execute();
}

export async function voucherById(q: Q, id: number) {
  return q.selectFrom('vouchers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Hold a usable, unexpired voucher of this card for an order; false when someone got there first. */
export async function lock(q: Q, id: number, cardId: number, orderNo: string, nowIso: string): Promise<boolean> {
  const r = await q
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
export async function release(q: Q, id: number, orderNo: string): Promise<void> {
  await q.updateTable('vouchers').set({ status: 'usable', order_no: null }).where('id', '=', id).where('status', '=', 'locked').where('order_no', '=', orderNo).execute();
}

export async function markUsed(q: Q, id: number, orderNo: string, nowIso: string): Promise<void> {
  await q.updateTable('vouchers').set({ status: 'used', used_at: nowIso }).where('id', '=', id).where('order_no', '=', orderNo).where('status', '=', 'locked').execute();
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

export async function insertVouchers(q: Q, list: NewVoucher[]): Promise<void> {
  if (list.length === 0) return;
  await q
    .insertInto('vouchers')
    .values(list.map((v) => ({ ...v, package_types: JSON.stringify(v.package_types), status: 'usable', order_no: null, used_at: null })))
    .execute();
}
