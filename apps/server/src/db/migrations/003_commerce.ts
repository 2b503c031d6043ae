import type { CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../connect';

// Commerce: the catalogue, vouchers, orders, payments, the balance ledger, the gateway
// notification log and the payment sandbox's own state. Money is INTEGER fen everywhere.
// The uniqueness constraints are the exactly-once design (docs/decisions/0006):
//   orders.order_no, orders (card_id, request_id)  — one order per client request;
//   payments.transaction_id                        — one credit per gateway transaction;
//   vouchers.order_no (locked/used by at most one order at a time, by conditional updates).
function withId<T extends string>(t: CreateTableBuilder<T, never>, dialect: DialectName) {
  return dialect === 'postgres'
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const s = db.schema;

  // Packages of a series. A series belongs to one agent, so a package's price is that agent's price.
  await withId(s.createTable('packages'), dialect)
    .addColumn('series_id', 'integer', (c) => c.notNull().references('package_series.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('package_type', 'integer', (c) => c.notNull())
    .addColumn('period', 'integer', (c) => c.notNull())
    .addColumn('period_count', 'integer', (c) => c.notNull())
    .addColumn('flow_mb', 'integer', (c) => c.notNull())
    .addColumn('price_fen', 'integer', (c) => c.notNull())
    .addColumn('original_price_fen', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('voucher_allowed', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('recommended', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('packages_series').on('packages').column('series_id').execute();

  // Coupon packages: buy once, receive the vouchers of the template (JSON list).
  await withId(s.createTable('coupon_packages'), dialect)
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_fen', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    /** JSON [{ amount_fen, min_spend_fen, valid_days, package_types }] */
    .addColumn('vouchers', 'text', (c) => c.notNull())
    .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // An agent's first-recharge offer: recharging at least amount_fen the first time adds bonus_fen.
  await withId(s.createTable('recharge_offers'), dialect)
    .addColumn('agent_id', 'integer', (c) => c.notNull().unique().references('agents.id'))
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('bonus_fen', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await withId(s.createTable('vouchers'), dialect)
    .addColumn('card_id', 'integer', (c) => c.notNull().references('cards.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('min_spend_fen', 'integer', (c) => c.notNull().defaultTo(0))
    /** JSON number[]; [] = any package type */
    .addColumn('package_types', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    /** usable | locked | used ("expired" is derived from expires_at) */
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('usable'))
    /** the order holding (locked) or having used it */
    .addColumn('order_no', 'text')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('vouchers_card').on('vouchers').columns(['card_id', 'status']).execute();

  await withId(s.createTable('orders'), dialect)
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('card_id', 'integer', (c) => c.notNull().references('cards.id'))
    /** the user who ordered (0 for a card-number login or a quick payment) */
    .addColumn('user_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('goods_type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('package_id', 'integer')
    .addColumn('coupon_package_id', 'integer')
    .addColumn('total_fen', 'integer', (c) => c.notNull())
    .addColumn('discount_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payable_fen', 'integer', (c) => c.notNull())
    /** recharge: what the balance receives (amount + first-recharge bonus) */
    .addColumn('credit_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bonus_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('voucher_id', 'integer')
    .addColumn('pay_channel', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    /** client idempotency key, unique per card */
    .addColumn('request_id', 'text', (c) => c.notNull())
    /** what the request asked for; a reused request_id with another body is refused */
    .addColumn('request_fingerprint', 'text', (c) => c.notNull())
    /** the gateway's payment (cashier) id; null for balance and fully covered orders */
    .addColumn('payment_id', 'text')
    /** where the browser pays (the gateway's cashier); null when nothing is left to pay */
    .addColumn('pay_url', 'text')
    /** sha256 of a quick order's access key; "" for logged-in orders */
    .addColumn('access_key_hash', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('fulfilled_at', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('last_query_at', 'text')
    .addUniqueConstraint('orders_card_request', ['card_id', 'request_id'])
    .execute();
  await s.createIndex('orders_card').on('orders').columns(['card_id', 'created_at']).execute();
  await s.createIndex('orders_state').on('orders').columns(['state', 'created_at']).execute();

  // Money received from a gateway. The unique transaction id is what makes a credit happen once.
  await withId(s.createTable('payments'), dialect)
    .addColumn('order_no', 'text', (c) => c.notNull())
    .addColumn('channel', 'integer', (c) => c.notNull())
    .addColumn('transaction_id', 'text', (c) => c.notNull().unique())
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    /** notify | query */
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('payments_order').on('payments').column('order_no').execute();

  // Every change of a balance. cards.balance_fen is kept equal to the sum, in the same transaction.
  await withId(s.createTable('balance_ledger'), dialect)
    .addColumn('card_id', 'integer', (c) => c.notNull().references('cards.id'))
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    /** recharge | bonus | purchase | refund */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('order_no', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('balance_after_fen', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('balance_ledger_card').on('balance_ledger').columns(['card_id', 'id']).execute();

  // Audit log of gateway notifications, including the refused ones (an operator's first stop).
  await withId(s.createTable('pay_notifications'), dialect)
    .addColumn('channel', 'integer', (c) => c.notNull())
    .addColumn('order_no', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('transaction_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('amount_fen', 'integer', (c) => c.notNull().defaultTo(0))
    /** credited | failed | duplicate | unknown_order | wrong_amount | bad_signature | late */
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // The payment sandbox's own view of its payments (what a gateway's console would show).
  await s
    .createTable('sim_payments')
    .addColumn('payment_id', 'text', (c) => c.primaryKey())
    .addColumn('order_no', 'text', (c) => c.notNull())
    .addColumn('channel', 'integer', (c) => c.notNull())
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('merchant', 'text', (c) => c.notNull())
    .addColumn('return_url', 'text', (c) => c.notNull())
    /** created | paid | failed | closed */
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
}
