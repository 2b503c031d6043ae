import { sql, type Kysely } from 'kysely';

// An order keeps the part of its discount that was the card owner's member price
// (docs/decisions/0019), so its detail can show 会员优惠 beside the voucher: `discount_fen` is the
// sum of both. Orders placed before: a package order without a voucher had no other discount, so
// all of it was the member price; with a voucher, its face value came off after the member price,
// which leaves the rest as the member price (the voucher's part can only be smaller when it made
// the order free; then the member price shown is a lower bound).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('member_discount_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE orders SET member_discount_fen = discount_fen
    WHERE goods_type = 'package' AND voucher_id IS NULL AND discount_fen > 0`.execute(db);
  await sql`UPDATE orders SET member_discount_fen = discount_fen - (SELECT v.amount_fen FROM vouchers v WHERE v.id = orders.voucher_id)
    WHERE goods_type = 'package' AND voucher_id IS NOT NULL
      AND discount_fen > (SELECT v.amount_fen FROM vouchers v WHERE v.id = orders.voucher_id)`.execute(db);
}
