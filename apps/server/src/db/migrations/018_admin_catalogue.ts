import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// The console's agents and catalogue (docs/decisions/0018):
//   packages.cost_fen  what the platform charges the agent for a package; the retail price stays
//                      packages.price_fen, the one price the portal quotes (no second pricing path);
//   branding_images    an agent's logo and QR codes, uploaded in the console and shown to anyone
//                      (the login page brands itself before a login), so stored apart from uploads,
//                      which are served to their owner only;
//   voucher_batches    vouchers issued in bulk: one row per issue, unique by the client's request
//                      id so a double click issues once; each voucher names its batch (vouchers.batch_id).
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  await s
    .alterTable('packages')
    .addColumn('cost_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await s
    .createTable('branding_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'))
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  const batches = s.createTable('voucher_batches');
  await (
    dialect === 'postgres'
      ? batches.addColumn('id', 'serial', (c) => c.primaryKey())
      : batches.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('request_id', 'text', (c) => c.notNull().unique())
    /** the agent whose cards received them; NULL: cards of several agents (platform only) */
    .addColumn('agent_id', 'integer')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('min_spend_fen', 'integer', (c) => c.notNull())
    .addColumn('valid_days', 'integer', (c) => c.notNull())
    /** JSON: how the cards were chosen ({ custom_nums } | { series_id } | { agent_id }) */
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('card_count', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'integer', (c) => c.notNull())
    .addColumn('operator_username', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  /** the batch that issued a voucher; NULL for the portal's own (gifts, coupon packages) */
  await s.alterTable('vouchers').addColumn('batch_id', 'integer').execute();
  await s.createIndex('vouchers_batch').on('vouchers').column('batch_id').execute();
  await s.createIndex('voucher_batches_agent').on('voucher_batches').columns(['agent_id', 'id']).execute();
}
