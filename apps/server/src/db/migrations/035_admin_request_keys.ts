import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// Console writes made once (docs/decisions/0041-console-writes-once.md): every
// console write carries an Idempotency-Key; the first request with a key takes its row, a second
// one with the same key (a double click that got through, a retry after a timeout, another tab)
// waits for the first and is answered what the first was answered. Rows are kept a day.
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('admin_request_keys')
    .addColumn('operator_id', 'integer', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    /** the endpoint's name: a key is for one endpoint */
    .addColumn('endpoint', 'text', (c) => c.notNull())
    /** sha-256 of the request body: a key is for one content */
    .addColumn('body_hash', 'text', (c) => c.notNull())
    /** 'pending' while the first request runs, then 'done' */
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull().defaultTo(0))
    /** the first request's answer (the envelope's data), JSON */
    .addColumn('answer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('admin_request_keys_pk', ['operator_id', 'key'])
    .execute();
  await db.schema.createIndex('admin_request_keys_created').on('admin_request_keys').columns(['created_at']).execute();
}
