import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../connect';

// Partial refunds, holders' refund requests and invoice requests
// (docs/decisions/0045-partial-refunds-and-requests.md):
//   orders.refunded_fen          money given back so far by partial refunds; a partial refund is a
//                                conditional `refunded_fen + x <= payable_fen` on the order's row,
//                                so two at once can never give back more than was paid;
//   refunds.request_id           the console's id of one partial refund (unique: a repeated submit
//                                finds its refund); null for whole-order and late refunds;
//   refunds.operator_username    who refunded ('' = the command line);
//   agents.refund_request_days   how many days after payment a holder may ask for a refund (0: never);
//   refund_requests              a holder's request, at most one open per order;
//   invoice_requests             a holder's invoice request, at most one not rejected per order.
function withId<T extends string>(t: CreateTableBuilder<T, never>, dialect: DialectName) {
  return dialect === 'postgres'
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  await s
    .alterTable('orders')
    .addColumn('refunded_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.alterTable('refunds').addColumn('request_id', 'text').execute();
  await s
    .alterTable('refunds')
    .addColumn('operator_username', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await s.createIndex('refunds_request_id').unique().on('refunds').column('request_id').execute();
  await s
    .alterTable('agents')
    .addColumn('refund_request_days', 'integer', (c) => c.notNull().defaultTo(7))
    .execute();

  await withId(s.createTable('refund_requests'), dialect)
    .addColumn('order_no', 'text', (c) => c.notNull())
    .addColumn('card_id', 'integer', (c) => c.notNull().references('cards.id'))
    /** the holder's words (may be empty) */
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    /** open | approved | rejected */
    .addColumn('status', 'text', (c) => c.notNull())
    /** the operator's reason for a rejection (or a note with an approval) */
    .addColumn('answer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('refund_no', 'text')
    .addColumn('operator_username', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .execute();
  await s.createIndex('refund_requests_order').on('refund_requests').column('order_no').execute();
  await s.createIndex('refund_requests_status').on('refund_requests').columns(['status', 'id']).execute();
  // one open request per order, whoever asks at once
  await s
    .createIndex('refund_requests_one_open')
    .unique()
    .on('refund_requests')
    .column('order_no')
    .where(sql.ref('status'), '=', 'open')
    .execute();

  await withId(s.createTable('invoice_requests'), dialect)
    .addColumn('order_no', 'text', (c) => c.notNull())
    .addColumn('card_id', 'integer', (c) => c.notNull().references('cards.id'))
    /** personal (个人) | company (单位) */
    .addColumn('title_type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    /** the company's taxpayer number ('' for a person) */
    .addColumn('tax_no', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull())
    /** what the invoice is for: the order's payment less its refunds, when asked */
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    /** open | issued | rejected */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('invoice_no', 'text', (c) => c.notNull().defaultTo(''))
    /** the issued invoice's PDF in uploads (optional) */
    .addColumn('pdf_upload_id', 'integer')
    .addColumn('answer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('operator_username', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .execute();
  await s.createIndex('invoice_requests_order').on('invoice_requests').column('order_no').execute();
  await s.createIndex('invoice_requests_status').on('invoice_requests').columns(['status', 'id']).execute();
  // one invoice per order unless it was rejected
  await s
    .createIndex('invoice_requests_one_live')
    .unique()
    .on('invoice_requests')
    .column('order_no')
    .where(sql.ref('status'), '<>', 'rejected')
    .execute();
}
