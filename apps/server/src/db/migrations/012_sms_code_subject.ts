import type { Kysely } from 'kysely';

// What an SMS code was sent for beyond its purpose: for a card password, the card. A code sent to
// reset one card's password must not reset another card of the same holder (same mobile): the
// holder was told "尾号0013" in the message and approved exactly that. '' for login codes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sms_codes')
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
