import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// The console's bulk jobs run in the background (docs/decisions/0027): the request records the job
// and its cards (pending), the scheduled runner does the cards later, as the operator who asked.
//   bulk_jobs            who asked, in full — the role, the request id and the address the audit
//                        row of every card names, as if the request had done it;
//   indexes              a job's pending cards in order (the runner's next batch), and the jobs
//                        not done yet (the runner's question every tick).
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  const s = db.schema;
  await s
    .alterTable('bulk_jobs')
    .addColumn('operator_role', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await s
    .alterTable('bulk_jobs')
    .addColumn('request_id', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await s
    .alterTable('bulk_jobs')
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await s.createIndex('bulk_job_items_job_status').on('bulk_job_items').columns(['job_id', 'status', 'id']).execute();
  await s.createIndex('bulk_jobs_status').on('bulk_jobs').columns(['status', 'id']).execute();
}
