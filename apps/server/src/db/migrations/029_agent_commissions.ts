import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connect';

// Agents' commission (docs/decisions/0035-agent-commissions.md):
//   commission_accounts     one row per agent that ever earned or was configured: the balance kept
//                           beside its ledger (changed by one conditional update with each row, so
//                           balance = Σ ledger, and the row is what concurrent withdrawals queue on),
//                           the holding period, the account on file for payouts and the mobile
//                           whose SMS code a change of that account needs;
//   commission_ledger       append-only (triggers refuse UPDATE and DELETE): a row per order's credit,
//                           refund's reversal, finance adjustment, withdrawal and returned
//                           withdrawal, unique by (kind, ref) — the order number, refund number,
//                           request id or withdrawal id — so a repeated notification writes nothing;
//                           available_at: when a credit leaves its holding period;
//   commission_withdrawals  an agent's request, finance's decision and the payout's reference;
//                           unique by the console's request id, so a double submit asks once.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  const serialId = (table: string) => {
    const t = s.createTable(table);
    return dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };

  await s
    .createTable('commission_accounts')
    .addColumn('agent_id', 'integer', (c) => c.primaryKey().references('agents.id'))
    .addColumn('balance_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('holding_days', 'integer', (c) => c.notNull().defaultTo(7))
    .addColumn('payout_method', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payee', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('payout_account', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('verify_mobile', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await serialId('commission_ledger')
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('order_no', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('card_id', 'integer')
    .addColumn('retail_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('discount_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cost_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('operator_id', 'integer')
    .addColumn('available_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('commission_ledger_kind_ref', ['kind', 'ref'])
    .execute();
  await s.createIndex('commission_ledger_agent').on('commission_ledger').columns(['agent_id', 'id']).execute();
  await s.createIndex('commission_ledger_agent_time').on('commission_ledger').columns(['agent_id', 'created_at']).execute();
  await s.createIndex('commission_ledger_order').on('commission_ledger').columns(['order_no']).execute();

  await serialId('commission_withdrawals')
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'))
    .addColumn('request_id', 'text', (c) => c.notNull().unique())
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('payout_method', 'integer', (c) => c.notNull())
    .addColumn('payee', 'text', (c) => c.notNull())
    .addColumn('payout_account', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'integer', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', 'text')
    .addColumn('decision_request_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reject_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('payout_channel', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('payout_reference', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('paid_by', 'integer')
    .addColumn('paid_at', 'text')
    .addColumn('failure_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('commission_withdrawals_state').on('commission_withdrawals').columns(['state', 'id']).execute();
  await s.createIndex('commission_withdrawals_agent').on('commission_withdrawals').columns(['agent_id', 'id']).execute();

  if (dialect === 'postgres') {
    await sql`create function commission_ledger_append_only() returns trigger language plpgsql as $$
      begin raise exception 'commission_ledger is append-only'; end $$`.execute(db);
    await sql`create trigger commission_ledger_no_change before update or delete on commission_ledger
      for each row execute function commission_ledger_append_only()`.execute(db);
    await sql`create trigger commission_ledger_no_truncate before truncate on commission_ledger
      for each statement execute function commission_ledger_append_only()`.execute(db);
  } else {
    await sql`create trigger commission_ledger_no_update before update on commission_ledger
      begin select raise(abort, 'commission_ledger is append-only'); end`.execute(db);
    await sql`create trigger commission_ledger_no_delete before delete on commission_ledger
      begin select raise(abort, 'commission_ledger is append-only'); end`.execute(db);
  }
}
