import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// Limits on the riskiest console writes and a second approver above them
// (docs/decisions/0048-limits-and-a-second-approver.md). One row of limits (id 1), set by the platform
// administrator; an absent row means the defaults (@portal/domain DEFAULT_WRITE_LIMITS). A write
// above a limit waits in approval_requests: its body as sent, who asked, and — once decided — who
// decided, why, and what it did. The state changes pending → approved | rejected once, by a
// conditional update, so two approvals at once carry the write out once.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('write_limits')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('voucher_amount_fen', 'integer', (c) => c.notNull())
    .addColumn('voucher_valid_days', 'integer', (c) => c.notNull())
    .addColumn('voucher_batch_total_fen', 'integer', (c) => c.notNull())
    .addColumn('balance_adjust_fen', 'integer', (c) => c.notNull())
    .addColumn('retail_price_fen', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  const t = db.schema.createTable('approval_requests');
  await (
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('kind', 'text', (c) => c.notNull())
    /** the agent whose cards or prices it touches (an agent administrator sees its own); null: several or none */
    .addColumn('agent_id', 'integer')
    /** the write's body as the requester sent it, JSON */
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    /** the limits it goes past, JSON array of sentences */
    .addColumn('breaches', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('requested_by_id', 'integer', (c) => c.notNull())
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('decided_by_id', 'integer')
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('decision_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('outcome', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('approval_requests_state').on('approval_requests').columns(['state', 'id']).execute();
}
