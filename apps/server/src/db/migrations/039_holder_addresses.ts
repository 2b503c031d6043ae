import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connect';

// Addresses (docs/decisions/0046-addresses.md):
//   change_card_applications.district  the district chosen in the picker for a replacement
//                     (province → city → district, all from the same dataset); sealed like the
//                     rest of the address; '' on applications filed before it was asked.
//   holder_addresses  a holder's saved addresses (地址管理): receiver, mobile, province, city,
//                     district and street, all sealed at rest (lib/personalData) like the
//                     replacement address; at most one default per user (holder_addresses_one_default).
//                     Belongs to a user (card-number logins have none).
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('change_card_applications')
    .addColumn('district', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('holder_addresses')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('receiver', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('province', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('district', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('holder_addresses_user').on('holder_addresses').columns(['user_id', 'id']).execute();
  await sql`create unique index holder_addresses_one_default on holder_addresses (user_id) where is_default = 1`.execute(db);
}
