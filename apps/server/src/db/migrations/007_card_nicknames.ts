import type { Kysely } from 'kysely';

// A nickname the user gives one of their cards (家里路由器, 车载…). It lives on the binding, not
// on the card: the binding row goes when the card is unbound, so another user who binds the same
// card later never sees it. (remark stays the legacy agent-side field of the bind list.)
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('card_bindings')
    .addColumn('nickname', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
