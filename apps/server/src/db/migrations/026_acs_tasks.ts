import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// Real routers through a GenieACS auto-configuration server (docs/decisions/0032-routers-through-genieacs.md):
//   acs_commands  every change sent to an ACS as a task, and what became of it. GenieACS forgets a
//                 task once the device ran it and forgets one we deleted just the same; this row is
//                 how "applied" and "cancelled" stay apart. Never the task's values: a wifi password
//                 goes to the ACS and nowhere else.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('acs_commands')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('serial', 'text', (c) => c.notNull())
    .addColumn('acs', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('task_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('fault_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .execute();
  await db.schema.createIndex('acs_commands_serial').on('acs_commands').columns(['serial', 'state']).execute();
}
