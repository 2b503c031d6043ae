import type { CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../connect';

// The card holder's personal information (/collect), uploaded images (ID card photos),
// the carrier real-name sessions (fresh, expiring, single-use links), and card replacement
// applications.
function withId<T extends string>(t: CreateTableBuilder<T, never>, dialect: DialectName) {
  return dialect === 'postgres'
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // One row per card; the ID number is kept as entered (the carrier needs it) and only ever
  // answered masked.
  await db.schema
    .createTable('card_personal_info')
    .addColumn('card_id', 'integer', (c) => c.primaryKey().references('cards.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('id_number', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    // upload ids of the ID card's two sides, where the carrier asks for them (Telecom, CME)
    .addColumn('id_photo_front', 'text')
    .addColumn('id_photo_back', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // Uploaded images live in the database, not on disk: several server processes share one
  // PostgreSQL database, and a backup of it then holds everything. They are small (≤ 5 MB).
  // The owner is the session's user, or the card of a card-number login (user_id 0).
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_user_id', 'integer', (c) => c.notNull())
    .addColumn('owner_custom_num', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('real_name_tickets'), dialect)
    .addColumn('ticket', 'text', (c) => c.notNull().unique())
    .addColumn('card_id', 'integer', (c) => c.notNull().references('cards.id'))
    .addColumn('mode', 'integer', (c) => c.notNull())
    .addColumn('return_path', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await withId(db.schema.createTable('change_card_applications'), dialect)
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
