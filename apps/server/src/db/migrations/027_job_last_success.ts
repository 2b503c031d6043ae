import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// scheduled_jobs.succeeded_at: when the job's last successful run ended (ISO; '' = never). The row
// keeps only the latest run, so after a failure its finished_at no longer says when the job last
// worked — the figure an operator alerts on ("has not succeeded for three intervals", across every
// process: docs/decisions/0033-metrics-overload-backups.md).
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('scheduled_jobs')
    .addColumn('succeeded_at', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
