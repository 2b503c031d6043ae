import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// docs/decisions/0010. agents.service_hours: when the agent's 客服 answers, shown next to its hotline on
// /customer ("" = not configured, nothing shown). change_card_applications.province / city: the
// replacement address as the picker chose it, above the street address (sealed like it; "" on
// applications filed before).
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('agents')
    .addColumn('service_hours', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('change_card_applications')
    .addColumn('province', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('change_card_applications')
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
