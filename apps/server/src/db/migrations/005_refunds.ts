import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../connect';

// Refunds (docs/decisions/0006 "Refunds"). A refund must take back exactly what an order
// delivered, so fulfilment now records it:
//   card_packages.order_no     the package rows an order created (null: seeded or older rows);
//   vouchers.origin_order_no   the vouchers a coupon-package order created;
//   order_deliveries           one row per delivered order: the data a refuel/superposition added
//                              to an existing package, that package's expiry before and after, the
//                              card's expiry before, and which card flags the order turned on;
//   payments.late              money that arrived when the order was no longer pending (to refund).
// refunds records every refund (refund_no is derived from the order, so a rerun after a crash
// finds the same row and the gateway sees the same refund number); sim_refunds is the payment
// sandbox's own view of the refunds it executed.
function withId<T extends string>(t: CreateTableBuilder<T, never>, dialect: DialectName) {
  return dialect === 'postgres'
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const s = db.schema;

  await s.alterTable('card_packages').addColumn('order_no', 'text').execute();
  await s.createIndex('card_packages_order').on('card_packages').column('order_no').execute();

  await s.alterTable('vouchers').addColumn('origin_order_no', 'text').execute();
  await s.createIndex('vouchers_origin_order').on('vouchers').column('origin_order_no').execute();

  await s
    .alterTable('payments')
    .addColumn('late', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Money recorded before this column existed: a payment of an order that never became paid is
  // late; of several payments of one paid order, all but the first are.
  await sql`UPDATE payments SET late = 1 WHERE order_no IN (SELECT order_no FROM orders WHERE state NOT IN ('paid', 'fulfilled', 'refunded'))`.execute(
    db,
  );
  await sql`UPDATE payments SET late = 1 WHERE id > (SELECT MIN(p2.id) FROM payments p2 WHERE p2.order_no = payments.order_no)`.execute(db);

  await withId(s.createTable('order_deliveries'), dialect)
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('card_id', 'integer', (c) => c.notNull().references('cards.id'))
    /** cards.expired_at before this order ("" when it had none) */
    .addColumn('card_expired_before', 'text', (c) => c.notNull().defaultTo(''))
    /** JSON list of the card flags this order turned from 0 to 1 */
    .addColumn('flags_set', 'text', (c) => c.notNull().defaultTo('[]'))
    /** a refuel or superposition: the package it added data to, how much, and that package's expiry */
    .addColumn('target_package_id', 'integer')
    .addColumn('add_kb', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('target_expired_before', 'text')
    .addColumn('target_expired_after', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('order_deliveries_card').on('order_deliveries').column('card_id').execute();
  await s.createIndex('order_deliveries_target').on('order_deliveries').column('target_package_id').execute();

  await withId(s.createTable('refunds'), dialect)
    .addColumn('refund_no', 'text', (c) => c.notNull().unique())
    .addColumn('order_no', 'text', (c) => c.notNull())
    /** order (an operator refunds the order) | late (money received for an order no longer pending) */
    .addColumn('kind', 'text', (c) => c.notNull())
    /** the order's pay channel: 1, 2, 4 through the gateway, 3 back to the balance */
    .addColumn('channel', 'integer', (c) => c.notNull())
    /** the gateway transaction refunded; null for balance and zero-amount refunds */
    .addColumn('transaction_id', 'text')
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    /** pending (recorded, the gateway has not confirmed) | done */
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('gateway_refund_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('done_at', 'text')
    .execute();
  await s.createIndex('refunds_order').on('refunds').column('order_no').execute();
  await s.createIndex('refunds_transaction').on('refunds').column('transaction_id').execute();

  await s
    .createTable('sim_refunds')
    .addColumn('refund_no', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('refund_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
