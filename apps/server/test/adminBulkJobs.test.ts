// Bulk jobs in the background (docs/decisions/0027): the request answers at once with the job and
// its cards pending; the scheduled runner does them in batches, each card's result recorded
// (成功 / 失败 + reason), the job's counts showing the progress; a job of 3,000 cards with failing
// cards completes with a result per card; two runners at once (a lapsed lease) never do a card
// twice; a crashed runner's claim is taken over after its lease. SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { BULK_ITEMS_PAGE } from '@portal/contract/admin';
import type { AppContext } from '../src/context';
import { CarrierSimulator } from '../src/integrations/carrier/simulator';
import { ensureJob } from '../src/jobs/repo';
import { clock } from '../src/lib/clock';
import { BULK_BATCH, BULK_JOBS_JOB, runBulkJobs } from '../src/modules/admin/cards/bulkJobRunner';
import { luhnDigit } from '../src/modules/admin/cards/importRules';
import { adminGet, adminPost, loginAs } from './adminHelpers';
import { drainBulkJobs } from './bulkJobHelpers';
import { ctxOf } from './commerceHelpers';
import { databases, useTestApp, type TestApp } from './harness';

const HEADER = '卡号,ICCID,MSISDN,运营商,套餐系列ID,代理标识';

function iccid(n: number): string {
  const body = `8986022${String(n).padStart(12, '0')}`;
  return body + luhnDigit(body);
}

/** Imports `count` new cards of the demo agent (series 1) through the console; answers their numbers. */
async function importCards(t: TestApp, admin: string, first: number, count: number): Promise<string[]> {
  const nums = Array.from({ length: count }, (_, i) => String(first + i));
  const lines = nums.map((n, i) => `${n},${iccid(first + i)},,2,1,demo`);
  const file = { file_name: 'cards.csv', content_base64: Buffer.from(`${[HEADER, ...lines].join('\r\n')}\r\n`).toString('base64') };
  const res = await adminPost(t, '/api/admin/card-imports', { ...file, reason: '批量任务测试' }, admin);
  expect(res.statusCode, res.body).toBe(200);
  return nums;
}

function contextOf(t: TestApp): AppContext {
  return { ...ctxOf(t), carrier: new CarrierSimulator(t.db) } as AppContext;
}

async function itemsOf(t: TestApp, jobId: number) {
  return t.db.kysely.selectFrom('bulk_job_items').selectAll().where('job_id', '=', jobId).orderBy('id').execute();
}

/** How many audit rows each card of the job got: every card at most one. */
async function auditsPerCard(t: TestApp, action: string, jobId: number): Promise<Map<string, number>> {
  const rows = await t.db.kysely.selectFrom('audit_log').select(['target_id', 'before']).where('action', '=', action).execute();
  const out = new Map<string, number>();
  for (const r of rows) if (JSON.parse(r.before).bulk_job_id === jobId) out.set(r.target_id, (out.get(r.target_id) ?? 0) + 1);
  return out;
}

describe.each(databases())('bulk jobs in the background on %s', (kind) => {
  // no timer of its own: the test runs the runner when it wants to
  const t = useTestApp(kind, { bulkJobsIntervalMs: 0 });

  it('a job of 3,000 cards with failing cards: answered at once, done in batches with progress, a result per card', async () => {
    const admin = await loginAs(t, 'admin');
    const agent = await loginAs(t, 'agent');
    const mine = await importCards(t, admin, 5_100_000_000, 2_990);
    // failing: unknown numbers, another agent's card (as if unknown), a card already suspended
    const unknown = Array.from({ length: 8 }, (_, i) => String(5_199_999_990 + i));
    const nums = [...mine.slice(0, 1500), ...unknown, '1000000014', '1000000021', ...mine.slice(1500)];
    expect(nums).toHaveLength(3000);

    const started = Date.now();
    const res = await adminPost(t, '/api/admin/bulk-jobs', { kind: 'suspend', custom_nums: nums, reason: '欠费风控' }, agent);
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json().data;
    expect(job).toMatchObject({ status: 'pending', total: 3000, ok_count: 0, failed_count: 0, finished_at: null });
    // nothing done yet: every card waits
    expect(Date.now() - started).toBeLessThan(10_000);
    const pending = await itemsOf(t, job.id);
    expect(pending).toHaveLength(3000);
    expect(pending.every((i) => i.status === 'pending')).toBe(true);
    expect((await t.db.kysely.selectFrom('cards').select('state').where('custom_num', '=', mine[0]!).executeTakeFirstOrThrow()).state).toBe(
      0,
    );

    // one batch: the progress shows in the job's counts
    const ctx = contextOf(t);
    expect(await runBulkJobs(ctx, { maxBatches: 1 })).toEqual({ jobs: 1, batches: 1 });
    const partway = (await adminGet(t, '/api/admin/bulk-jobs', agent)).json().data.items.find((j: { id: number }) => j.id === job.id);
    expect(partway).toMatchObject({ status: 'running', ok_count: BULK_BATCH, failed_count: 0, finished_at: null });

    await drainBulkJobs(t);
    const detail = (await adminGet(t, `/api/admin/bulk-jobs/detail?id=${job.id}`, agent)).json().data;
    expect(detail.job).toMatchObject({ status: 'done', total: 3000, ok_count: 2990, failed_count: 10 });
    expect(detail.job.finished_at).toBeTruthy();
    expect(detail.counts).toEqual({ ok: 2990, failed: 10, pending: 0 });
    // the cards come a page at a time (a 20,000-card job was 1.5 MB whole): walked, they are every card once, in order
    type Item = { id: number; custom_num: string; status: string; message: string };
    expect(detail.items).toHaveLength(BULK_ITEMS_PAGE);
    const all: Item[] = [];
    for (let page = detail; ; ) {
      all.push(...(page.items as Item[]));
      if (page.next_after_id === null) break;
      page = (await adminGet(t, `/api/admin/bulk-jobs/detail?id=${job.id}&after_id=${page.next_after_id}`, agent)).json().data;
    }
    expect(all).toHaveLength(3000);
    expect(new Set(all.map((i) => i.custom_num)).size).toBe(3000);
    expect(all.map((i) => i.id)).toEqual([...all.map((i) => i.id)].sort((a, b) => a - b));
    // the failed ones, asked for alone (one page)
    const failedPage = (await adminGet(t, `/api/admin/bulk-jobs/detail?id=${job.id}&status=failed`, agent)).json().data;
    expect(failedPage.next_after_id).toBeNull();
    const failed = failedPage.items as Item[];
    expect(Object.fromEntries(failed.map((i) => [i.custom_num, i.message]))).toEqual({
      ...Object.fromEntries(unknown.map((n) => [n, '卡号不存在'])),
      '1000000014': '卡号不存在',
      '1000000021': '已是停机状态',
    });
    expect(all.filter((i) => i.status === 'ok' && i.message === '成功')).toHaveLength(2990);
    // the CSV still holds every card (walked page by page on the server), header first
    const csv = await adminGet(t, `/api/admin/exports/bulk-job-items?id=${job.id}`, agent);
    expect(csv.statusCode, csv.body.slice(0, 300)).toBe(200);
    expect(csv.body.trim().split(/\r?\n/)).toHaveLength(3001);
    // a filter or page the contract does not know is refused
    expect((await adminGet(t, `/api/admin/bulk-jobs/detail?id=${job.id}&status=lost`, agent)).statusCode).toBe(400);
    expect((await adminGet(t, `/api/admin/bulk-jobs/detail?id=${job.id}&after_id=-1`, agent)).statusCode).toBe(400);
    const stopped = await t.db.kysely
      .selectFrom('cards')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('custom_num', 'in', mine)
      .where('state', '=', 3)
      .executeTakeFirstOrThrow();
    expect(Number(stopped.n)).toBe(2990);
    const audits = await auditsPerCard(t, 'card.suspended', job.id);
    expect(audits.size).toBe(2990);
    expect([...audits.values()].every((n) => n === 1)).toBe(true);
    // the card's audit row names the operator who asked, not the runner
    const one = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'card.suspended')
      .where('target_id', '=', mine[0]!)
      .executeTakeFirstOrThrow();
    expect(one).toMatchObject({ operator_username: 'agent', operator_role: 'agent_admin', reason: '欠费风控' });
    // another agent's card was not touched
    expect(
      (await t.db.kysely.selectFrom('cards').select('state').where('custom_num', '=', '1000000014').executeTakeFirstOrThrow()).state,
    ).toBe(1);
  }, 180_000);

  it('two runners at once never do a card twice', async () => {
    const admin = await loginAs(t, 'admin');
    const nums = await importCards(t, admin, 5_200_000_000, 700);
    const res = await adminPost(t, '/api/admin/bulk-jobs', { kind: 'mark_replacement', custom_nums: nums, reason: '卡损坏' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    const jobId = res.json().data.id as number;
    // as two processes whose leases overlapped: both take the same pending cards. Each with time
    // to finish (a run's own budget is not what this proves: on a busy machine two runs once
    // stopped at 307 of 700 and left the rest to the next tick)
    const run = () => runBulkJobs(contextOf(t), { batchSize: 50, budgetMs: 100_000 });
    const [a, b] = await Promise.all([run(), run()]);
    expect(a.batches).toBeGreaterThan(0);
    expect(b.batches).toBeGreaterThan(0);
    const job = (await adminGet(t, `/api/admin/bulk-jobs/detail?id=${jobId}`, admin)).json().data.job;
    expect(job).toMatchObject({ status: 'done', total: 700, ok_count: 700, failed_count: 0 });
    const audits = await auditsPerCard(t, 'card.marked_replacement', jobId);
    expect(audits.size).toBe(700);
    expect([...audits.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    expect((await itemsOf(t, jobId)).every((i) => i.status === 'ok' && i.card_id !== null)).toBe(true);
  }, 120_000);

  it("a crashed runner's claim is taken over once its lease lapses, and the job finishes", async () => {
    const admin = await loginAs(t, 'admin');
    const nums = await importCards(t, admin, 5_300_000_000, 300);
    const res = await adminPost(t, '/api/admin/bulk-jobs', { kind: 'mark_replacement', custom_nums: nums, reason: '卡损坏' }, admin);
    const jobId = res.json().data.id as number;
    // a runner did one batch, then its process died holding the job's claim
    await runBulkJobs(contextOf(t), { maxBatches: 1, batchSize: 100 });
    const now = clock.now();
    await ensureJob(t.db.kysely, BULK_JOBS_JOB);
    await t.db.kysely
      .updateTable('scheduled_jobs')
      .set({ finished_at: null, runner: 'dead', lease_until: new Date(now.getTime() + 60_000).toISOString() })
      .where('name', '=', BULK_JOBS_JOB)
      .execute();
    expect(await t.app.jobs.runNow(BULK_JOBS_JOB)).toEqual({ ran: false });
    expect((await adminGet(t, `/api/admin/bulk-jobs/detail?id=${jobId}`, admin)).json().data.job).toMatchObject({
      status: 'running',
      ok_count: 100,
    });
    // the lease lapses: the next run takes over and finishes the cards, none twice
    clock.advance(61_000);
    try {
      const run = await t.app.jobs.runNow(BULK_JOBS_JOB);
      expect(run.ran).toBe(true);
    } finally {
      clock.reset();
    }
    expect((await adminGet(t, `/api/admin/bulk-jobs/detail?id=${jobId}`, admin)).json().data.job).toMatchObject({
      status: 'done',
      ok_count: 300,
    });
    const audits = await auditsPerCard(t, 'card.marked_replacement', jobId);
    expect(audits.size).toBe(300);
    expect([...audits.values()].every((n) => n === 1)).toBe(true);
  }, 120_000);
});
