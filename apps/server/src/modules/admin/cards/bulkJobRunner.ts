// The background run of bulk jobs (docs/decisions/0027). The scheduled job BULK_JOBS_JOB (the jobs
// runner of docs/decisions/0015: one run at a time across processes, under a lease) takes the
// pending items in batches; each card's result — ok (成功) or failed (失败) with the reason — is
// written by an update conditional on the item still being pending, in the same transaction as the
// card's change and its audit row, so a card is done once even when a crashed runner's batch is
// taken up again after its lease. One card's failure never undoes another's change. Suspend and
// resume go through the carrier gateway first, as the carrier is the truth of a line's state
// (asking it twice for the same state is harmless). 移至运营商账号 changes only which carrier
// account the card's line is read and controlled through (cardRecord.setCarrierAccount marks it
// for the sync engine's next round); a card moved onto the simulator account gets its simulated line.
import type { BulkKind } from '@portal/contract/admin';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/executor';
import { SIMULATOR_ACCOUNT_ID } from '../../../integrations/carrier/kinds';
import { addSimulatedLines } from '../../../integrations/carrier/simulator';
import type { JobDef } from '../../../jobs';
import { clock } from '../../../lib/clock';
import { listAccounts } from '../../carriers';
import { cardRecord } from '../../cardRecord';
import { inScope, type OperatorScope } from '../access/scope';
import { askerOf, recordCardChanged } from './bulkJobAudit';
import { subtreeOf } from '../access/sessionRepo';
import * as repo from './bulkJobRepo';
import type { JobRow } from './bulkJobRepo';
import { cardFailure, changeOf, itemCountsOf, paramsOf, type BatchTarget, type CardFacts, type Params } from './bulkRules';
import { acceptsCards, runsSimulator } from './carrierAccounts';

/** the scheduled job that does the cards of waiting bulk jobs */
export const BULK_JOBS_JOB = 'admin.bulkJobs';
/** cards taken per batch: the job's counts (the progress the console shows) are written after each */
export const BULK_BATCH = 200;
/** one run stops taking batches after this long; the next tick goes on (the lease is renewed meanwhile) */
const RUN_BUDGET_MS = 20_000;

/** What a batch reads once for all its cards: besides the rules' target, the account names, the simulator and whose cards the asker reaches. */
interface BatchFacts extends BatchTarget {
  /** carrier account id → name, for the audit rows */
  accountNames: ReadonlyMap<number, string>;
  simulator: boolean;
  /** the operator who asked, with their agents (an agent administrator's sub-agents, docs/decisions/0067) */
  scope: OperatorScope;
}

/** Rolls back a card's transaction whose item another runner settled first. */
class AlreadySettled extends Error {}

async function cardsByNumber(db: Executor, nums: string[]): Promise<Map<string, CardFacts>> {
  const out = new Map<string, CardFacts>();
  for (const r of await repo.cardFactsByNumber(db, nums)) out.set(r.custom_num, r);
  return out;
}

/** One card of a job: its change, its result and its audit row together, or only its failure. */
async function doCard(
  ctx: AppContext,
  job: JobRow,
  p: Params,
  target: BatchFacts,
  item: { id: number; custom_num: string },
  card: CardFacts | undefined,
): Promise<void> {
  const db = ctx.db.kysely;
  const kind = job.kind as BulkKind;
  const fail = (message: string, cardId: number | null) => repo.settleItem(db, item.id, { status: 'failed', message, card_id: cardId });
  const failure = cardFailure(kind, card, card !== undefined && inScope(target.scope, card.agent_id), p, target);
  if (failure || !card) return void (await fail(failure?.message ?? '卡号不存在', failure?.keepsCard && card ? card.id : null));
  try {
    if (kind === 'suspend') await ctx.carrier.suspend(card.custom_num);
    if (kind === 'resume') await ctx.carrier.resume(card.custom_num);
  } catch {
    return void (await fail('运营商接口调用失败，请稍后重试', card.id));
  }
  const c = changeOf(kind, card, p, target.accountNames);
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await repo.settleItem(trx, item.id, { status: 'ok', message: '成功', card_id: card.id }))) throw new AlreadySettled();
      if (c.set) await cardRecord.applyBulkChange(trx, card.id, c.set);
      if (kind === 'move_carrier_account') {
        await cardRecord.setCarrierAccount(trx, [card.id], p.accountId!, clock.iso());
        // the simulator answers only for the lines it knows, as a real platform would
        if (p.accountId === SIMULATOR_ACCOUNT_ID && target.simulator)
          await addSimulatedLines(trx, [card.custom_num], clock.iso().slice(0, 10));
      }
      await recordCardChanged(trx, job, card.custom_num, c);
    });
  } catch (err) {
    if (err instanceof AlreadySettled) return;
    throw err;
  }
}

/** The job's counts from its items (idempotent: a repeated batch counts nothing twice); done when none is pending. */
async function recount(db: Executor, jobId: number): Promise<boolean> {
  const counts = itemCountsOf(await repo.itemCounts(db, jobId));
  const done = counts.pending === 0;
  await repo.setJobCounts(db, jobId, { ok: counts.ok, failed: counts.failed, done });
  return done;
}

async function batchFacts(ctx: AppContext, job: JobRow, p: Params): Promise<BatchFacts> {
  const db = ctx.db.kysely;
  const kind = job.kind as BulkKind;
  const simulator = runsSimulator(ctx);
  // an agent administrator's job reaches its sub-agents' cards too, as its session did
  const asker = askerOf(job);
  const scope = asker.role === 'agent_admin' && asker.agentId !== null ? { ...asker, subtree: await subtreeOf(db, asker.agentId) } : asker;
  const seriesAgent = kind === 'set_series' ? ((await repo.seriesById(db, p.seriesId!))?.agent_id ?? null) : null;
  const parentOf = kind === 'set_series' ? await repo.parentsOfAgents(db) : undefined;
  if (kind !== 'move_carrier_account') return { seriesAgent, parentOf, accountOpen: false, accountNames: new Map(), simulator, scope };
  const accounts = await listAccounts(db);
  const target = accounts.find((a) => a.id === p.accountId);
  return {
    seriesAgent,
    accountOpen: target !== undefined && acceptsCards(target, simulator),
    accountNames: new Map(accounts.map((a) => [a.id, a.name])),
    simulator,
    scope,
  };
}

/** One batch of the job's pending cards; false when it had none left. */
async function runBatch(ctx: AppContext, job: JobRow, size: number): Promise<boolean> {
  const db = ctx.db.kysely;
  const items = await repo.pendingItems(db, job.id, size);
  if (items.length > 0) {
    const p = paramsOf(job.params);
    const target = await batchFacts(ctx, job, p);
    const cards = await cardsByNumber(
      db,
      items.map((i) => i.custom_num),
    );
    for (const item of items) {
      try {
        await doCard(ctx, job, p, target, item, cards.get(item.custom_num));
      } catch (err) {
        ctx.log.warn({ err, job: job.id, item: item.id }, 'bulk job card failed');
        await repo.settleItem(db, item.id, { status: 'failed', message: '处理失败，请稍后重试', card_id: null });
      }
      // SQLite answers synchronously: without a turn of the event loop between cards a batch would
      // hold every request of this process until it ends
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return !(await recount(db, job.id));
}

export interface BulkRunSummary {
  jobs: number;
  batches: number;
}

/**
 * What the scheduled job runs: the waiting jobs, oldest first, batch by batch, until none is left
 * or the run has used its time (the next tick goes on).
 */
export async function runBulkJobs(
  ctx: AppContext,
  opts: { batchSize?: number; budgetMs?: number; maxBatches?: number } = {},
): Promise<BulkRunSummary> {
  const db = ctx.db.kysely;
  const started = Date.now();
  const size = opts.batchSize ?? BULK_BATCH;
  const budget = opts.budgetMs ?? RUN_BUDGET_MS;
  const seen = new Set<number>();
  let batches = 0;
  for (;;) {
    if (Date.now() - started > budget || (opts.maxBatches !== undefined && batches >= opts.maxBatches)) break;
    const next = await repo.nextJobId(db);
    if (next === undefined) break;
    const job = await repo.jobRowById(db, next);
    seen.add(job.id);
    batches++;
    await runBatch(ctx, job, size);
  }
  return { jobs: seen.size, batches };
}

/** The scheduled job (docs/decisions/0015): one run at a time across processes, a crashed run taken up after its lease. */
export function bulkJobsJob(ctx: AppContext, intervalMs: number): JobDef {
  return { name: BULK_JOBS_JOB, intervalMs, run: () => runBulkJobs(ctx) };
}
