import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// Error reports cannot be flooded (docs/decisions/0057):
//   error_reports.source  who created the group: a keyed hash of the client address (never the
//                         address itself), so that pruning keeps every source's share and one
//                         address cannot push out the others' groups; '' for groups created before.
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('error_reports')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
