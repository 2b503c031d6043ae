// The console's bulk jobs run in the background (docs/decisions/0027): tests create a job, then run
// the scheduled runner until no job waits, and read the job as the console would.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { BULK_JOBS_JOB } from '../src/modules/admin/cards/bulkJobRunner';
import { adminGet } from './adminHelpers';
import type { TestApp } from './harness';

/** Runs the bulk jobs runner until every job is done (the app's own timer may hold a run meanwhile: then it waits a moment). */
export async function drainBulkJobs(t: TestApp): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const run = await t.app.jobs.runNow(BULK_JOBS_JOB);
    const left = await t.db.kysely.selectFrom('bulk_jobs').select('id').where('status', '!=', 'done').executeTakeFirst();
    if (!left) return;
    if (!run.ran) await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the bulk jobs did not finish');
}

/** A job just created answers at once, pending; after the runner it is done: its detail's job. */
export async function finishedJob(t: TestApp, cookie: string, created: LightMyRequestResponse) {
  expect(created.statusCode, created.body).toBe(200);
  const job = created.json().data as { id: number; status: string; ok_count: number; failed_count: number };
  expect(job).toMatchObject({ status: 'pending', ok_count: 0, failed_count: 0 });
  await drainBulkJobs(t);
  const detail = await adminGet(t, `/api/admin/bulk-jobs/detail?id=${job.id}`, cookie);
  expect(detail.statusCode, detail.body).toBe(200);
  return detail.json().data.job as {
    id: number;
    status: string;
    total: number;
    ok_count: number;
    failed_count: number;
    finished_at: string;
  };
}
