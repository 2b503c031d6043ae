import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// Issue 3: the card holder's personal information (/collect), the carrier real-name sessions
// (fresh, expiring, single-use links), and card replacement applications.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  const pk = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  // One row per card; the ID number is kept as entered (the carrier needs it) and only ever
  // answered masked.
  await db.schema
    .createTable('card_personal_info')
    .addColumn('card_id', 'integer', (c) => c.primaryKey().references('cards.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('id_number', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('real_name_tickets')
    .addColumn('id', id, pk)
    .addColumn('ticket', 'text', (c) => c.notNull().unique())
    .addColumn('card_id', 'integer', (c) => c.notNull().references('cards.id'))
    .addColumn('mode', 'integer', (c) => c.notNull())
    .addColumn('return_path', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('change_card_applications')
    .addColumn('id', id, pk)
    .addColumn('card_id', 'integer', (c) => c.notNull().references('cards.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('receiver_name', 'text', (c) => c.notNull())
    .addColumn('receiver_mobile', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('new_custom_num', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('change_card_applications_card').on('change_card_applications').column('card_id').execute();
}
