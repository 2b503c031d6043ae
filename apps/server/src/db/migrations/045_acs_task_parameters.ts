import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// A router change sent to a slow ACS (docs/decisions/0061-routers-behind-a-slow-acs.md):
//   acs_commands.parameters  what a setParameterValues task sets: a JSON list of [path, value], the
//                            value null for a wifi passphrase (it goes to the ACS only). When the NBI
//                            held the task past our HTTP timeout, the row has no task id yet; the task
//                            is then found on /tasks by device, task name and these paths, and one
//                            that ran is known by these parameters' stamps and values. '[]' for other
//                            tasks and before.
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('acs_commands')
    .addColumn('parameters', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}
