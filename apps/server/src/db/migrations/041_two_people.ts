import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// No one moves money alone (docs/decisions/0056-no-one-moves-money-alone.md).
// - Two more limits in the one row of write_limits: the most one commission adjustment may move
//   (above it the adjustment waits, like a balance adjustment), and for how many days whoever changed
//   an agent's payout account or verification mobile may not approve that agent's withdrawals. The
//   row of an existing platform gets the defaults (¥1,000, 7 days).
// - operator_ties: who set an operator's credentials or role (created them, reset their password,
//   changed their role). Either of two tied operators may know the other's password, so neither
//   approves what the other filed.
// - commission_account_changes: who changed an agent's payout account or verification mobile, when —
//   they do not approve that agent's withdrawals for the window above.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('write_limits')
    .addColumn('commission_adjust_fen', 'integer', (c) => c.notNull().defaultTo(100_000))
    .execute();
  await db.schema
    .alterTable('write_limits')
    .addColumn('payout_change_days', 'integer', (c) => c.notNull().defaultTo(7))
    .execute();

  const id = (t: ReturnType<typeof db.schema.createTable>) =>
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('operator_ties'))
    .addColumn('operator_id', 'integer', (c) => c.notNull())
    /** the operator who set operator_id's password or role (and so may act as them) */
    .addColumn('tied_id', 'integer', (c) => c.notNull())
    /** created | password | role */
    .addColumn('what', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('operator_ties_operator').on('operator_ties').columns(['operator_id']).execute();
  await db.schema.createIndex('operator_ties_tied').on('operator_ties').columns(['tied_id']).execute();

  await id(db.schema.createTable('commission_account_changes'))
    .addColumn('agent_id', 'integer', (c) => c.notNull())
    /** account | mobile */
    .addColumn('what', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('commission_account_changes_agent').on('commission_account_changes').columns(['agent_id', 'at']).execute();
}
