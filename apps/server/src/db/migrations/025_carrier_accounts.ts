import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connect';

// Real carriers (docs/decisions/0030-carrier-accounts-and-sync.md):
//   carrier_accounts        the reseller's accounts on the carriers' IoT platforms. Account 1 is the
//                           simulator, so every card (and the demo) keeps working as before.
//                           credentials: JSON of the account's fields, sealed with the personal-data
//                           key; the health columns are the sync engine's (failures in a row, the
//                           circuit, the last round, calls made and failed).
//   cards.carrier_account_id  the account the card's line belongs to (default: the simulator);
//   cards.carrier_raw_state   the platform's own status code as last read ('' never read): a code
//                           we have no row for shows as 状态未知 with the code, never guessed;
//   cards.sync_wanted_at    a page found the card's figures old, the holder tapped 刷新, a payment or
//                           a suspend/resume changed the line (ISO, '' none): the engine's next round
//                           takes these cards first;
//   real_name_tickets.carrier_reference  the platform's reference for the verification the ticket
//                           opened (OneLink busiSeq): platforms take no return URL, our ticket is the
//                           way back and the reference is what support quotes to the carrier.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  await s
    .createTable('carrier_accounts')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('base_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('credentials', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('console'))
    .addColumn('calls_per_second', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('circuit_open_until', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_round_at', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_round_cards', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('calls_ok', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('calls_failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  const now = new Date().toISOString();
  await db
    .insertInto('carrier_accounts')
    .values({ id: 1, name: 'simulator', carrier: 'simulator', source: 'builtin', created_at: now, updated_at: now })
    .execute();
  // an explicit id does not move a serial's sequence: the next account would be given 1 again
  if (dialect === 'postgres') await sql`select setval(pg_get_serial_sequence('carrier_accounts', 'id'), 1)`.execute(db);
  await s
    .alterTable('cards')
    .addColumn('carrier_account_id', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await s
    .alterTable('cards')
    .addColumn('carrier_raw_state', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await s
    .alterTable('cards')
    .addColumn('sync_wanted_at', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // the engine's round: an account's cards, oldest figures first
  await s.createIndex('cards_carrier_sync').on('cards').columns(['carrier_account_id', 'flow_synced_at']).execute();
  await s
    .alterTable('real_name_tickets')
    .addColumn('carrier_reference', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await s.createIndex('cards_sync_wanted').on('cards').columns(['sync_wanted_at']).execute();
}
