import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// Orders and money in the operator console (docs/decisions/0018):
//   balance_adjustments  one row per manual balance adjustment, unique by the console's request
//                        id: a repeated submit finds its row and adjusts nothing; it points at the
//                        one balance_ledger row the adjustment wrote;
//   change_card_applications  the replacement card's carrier and tracking number when shipped, and
//                        why an application was rejected (the console's queue);
//   indexes              the order search's keyset (state, goods type, channel, user, with id) and
//                        an order's gateway notifications.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  const t = s.createTable('balance_adjustments');
  await (
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('request_id', 'text', (c) => c.notNull().unique())
    .addColumn('card_id', 'integer', (c) => c.notNull().references('cards.id'))
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id'))
    .addColumn('ledger_id', 'integer', (c) => c.references('balance_ledger.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('balance_adjustments_card').on('balance_adjustments').columns(['card_id', 'id']).execute();
  await s.createIndex('orders_admin_state').on('orders').columns(['state', 'id']).execute();
  await s.createIndex('orders_admin_goods').on('orders').columns(['goods_type', 'id']).execute();
  await s.createIndex('orders_admin_user').on('orders').columns(['user_id', 'id']).execute();
  await s
    .alterTable('change_card_applications')
    .addColumn('carrier', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await s
    .alterTable('change_card_applications')
    .addColumn('tracking_no', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await s
    .alterTable('change_card_applications')
    .addColumn('reject_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await s
    .alterTable('change_card_applications')
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await s.createIndex('change_card_applications_status').on('change_card_applications').columns(['status', 'id']).execute();
  await s.createIndex('pay_notifications_order').on('pay_notifications').column('order_no').execute();
}
