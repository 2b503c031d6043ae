import type { Kysely } from 'kysely';

// Refunds above a limit wait for another person (docs/decisions/0059-refunds-and-second-factors-held.md):
// one more limit in the one row of write_limits, the most one refund may give back. The row of an
// existing platform gets the default (¥1,000, like a balance adjustment's).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('write_limits')
    .addColumn('refund_fen', 'integer', (c) => c.notNull().defaultTo(100_000))
    .execute();
}
