// Bulk actions over cards as tracked jobs, done in the background (docs/decisions/0027). The
// request checks the action, writes the job, one pending (待处理) item per card and the job's audit
// row in one transaction, and answers at once. The scheduled job BULK_JOBS_JOB (the jobs runner of
// docs/decisions/0015: one run at a time across processes, under a lease) then takes the pending
// items in batches; each card's result — ok (成功) or failed (失败) with the reason — is written
// by an update conditional on the item still being pending, in the same transaction as the card's
// change and its audit row, so a card is done once even when a crashed runner's batch is taken up
// again after its lease. One card's failure never undoes another's change. Suspend and resume go
// through the carrier gateway first, as the carrier is the truth of a line's state (asking it
// twice for the same state is harmless). 移至运营商账号 changes only which carrier account the card's
// line is read and controlled through (cardRecord.setCarrierAccount marks it for the sync engine's
// next round); a card moved onto the simulator account gets its simulated line.
import {
  BULK_ITEMS_PAGE,
  BULK_KIND_LABEL,
  BULK_MAX_CARDS,
  type AdminAnswerOf,
  type AdminBodyOf,
  type BULK_ITEM_STATUSES,
  type BulkKind,
} from '@portal/contract/admin';
import { CardState } from '@portal/contract/enums';
import type { AuditAction } from '@portal/contract/admin';
import { Code } from '@portal/contract/codes';
import type { AppContext } from '../../../context';
import type { JobDef } from '../../../jobs';
import type { Executor } from '../../../db/executor';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import { SIMULATOR_ACCOUNT_ID } from '../../../integrations/carrier/kinds';
import { addSimulatedLines } from '../../../integrations/carrier/simulator';
import { accountById, listAccounts } from '../../carriers';
import { cardRecord, type BulkCardChange } from '../../cardRecord';
import type { AdminActor } from '../access/actor';
import { agentFilter, assertInScope, inScope, type OperatorScope } from '../access/scope';
import { recordAudit, type AuditWho } from '../audit';
import { acceptsCards, runsSimulator } from './carrierAccounts';
import { seriesIdsOf } from './service';
import * as repo from './bulkJobRepo';
import { jobRowById } from './bulkJobRepo';

type Job = AdminAnswerOf<'adminBulkJobCreate'>;
type Body = AdminBodyOf<'adminBulkJobCreate'>;
/** the scheduled job that does the cards of waiting bulk jobs */
export const BULK_JOBS_JOB = 'admin.bulkJobs';
/** cards taken per batch: the job's counts (the progress the console shows) are written after each */
export const BULK_BATCH = 200;
/** one run stops taking batches after this long; the next tick goes on (the lease is renewed meanwhile) */
const RUN_BUDGET_MS = 20_000;
const SUSPEND_REASON = '管控停机';

interface CardFacts {
  id: number;
  custom_num: string;
  agent_id: number;
  state: number;
  need_change_card: number;
  package_series_ids: string;
  carrier_account_id: number;
}

/** An action's parameters, as checked when the job was asked. */
interface Params {
  seriesId?: number;
  agentId?: number;
  accountId?: number;
  /** the target account's name when the job was asked (the job's params show it) */
  accountName?: string;
}

/** What an action checks before it changes anything: null = go ahead, else why not. */
export function refusal(
  kind: BulkKind,
  card: Pick<CardFacts, 'state' | 'need_change_card' | 'agent_id' | 'package_series_ids'> & Partial<Pick<CardFacts, 'carrier_account_id'>>,
  p: Params,
): string | null {
  switch (kind) {
    case 'suspend':
      if (card.state === CardState.Stopped) return '已是停机状态';
      if (card.state === CardState.Cancelled) return '已销户，不能停机';
      return null;
    case 'resume':
      if (card.state !== CardState.Stopped) return '不是停机状态，无需复机';
      return null;
    case 'mark_replacement':
      return card.need_change_card === 1 ? '已标记换卡' : null;
    case 'set_series':
      return JSON.stringify(seriesIdsOf(card.package_series_ids)) === JSON.stringify([p.seriesId]) ? '已是该套餐系列' : null;
    case 'move_agent':
      return card.agent_id === p.agentId ? '已属于该代理' : null;
    case 'move_carrier_account':
      return card.carrier_account_id === p.accountId ? '已在该运营商账号，跳过' : null;
  }
}

function jobOf(r: {
  id: number;
  kind: string;
  params: string;
  reason: string;
  operator_username: string;
  status: string;
  total: number;
  ok_count: number;
  failed_count: number;
  created_at: string;
  finished_at: string | null;
}): Job {
  const kind = r.kind as BulkKind;
  return {
    id: r.id,
    kind,
    kind_label: BULK_KIND_LABEL[kind] ?? r.kind,
    params: JSON.parse(r.params) as Job['params'],
    reason: r.reason,
    operator_username: r.operator_username,
    status: r.status,
    total: r.total,
    ok_count: r.ok_count,
    failed_count: r.failed_count,
    created_at: r.created_at,
    finished_at: r.finished_at ?? null,
  };
}

async function cardsByNumber(db: Executor, nums: string[]): Promise<Map<string, CardFacts>> {
  const out = new Map<string, CardFacts>();
  for (const r of await repo.cardFactsByNumber(db, nums)) out.set(r.custom_num, r);
  return out;
}

async function checkParams(ctx: AppContext, op: AdminActor, body: Body): Promise<Params> {
  const db = ctx.db.kysely;
  if (body.kind === 'move_carrier_account') {
    // the carrier accounts are the platform's contracts: as moving cards between agents, the platform's call
    if (agentFilter(op) !== null) throw new AppError(Code.FORBIDDEN, '代理管理员不能更改卡的运营商账号');
    const account = await accountById(db, body.carrier_account_id!);
    if (!account) throw new AppError(Code.BAD_REQUEST, '运营商账号不存在');
    if (!acceptsCards(account, runsSimulator(ctx))) throw new AppError(Code.BAD_REQUEST, `运营商账号 ${account.name} 已停用或不可用`);
    return { accountId: account.id, accountName: account.name };
  }
  if (body.kind === 'move_agent') {
    // an agent administrator's cards stay with their agent
    if (agentFilter(op) !== null) throw new AppError(Code.FORBIDDEN, '代理管理员不能把卡转移到其他代理');
    const agent = await repo.agentExists(db, body.agent_id!);
    if (!agent) throw new AppError(Code.BAD_REQUEST, '目标代理不存在');
    return { agentId: agent.id };
  }
  if (body.kind === 'set_series') {
    const series = await repo.seriesById(db, body.series_id!);
    if (!series || !inScope(op, series.agent_id)) throw new AppError(Code.BAD_REQUEST, '套餐系列不存在');
    return { seriesId: series.id };
  }
  return {};
}

type JobRow = Awaited<ReturnType<typeof jobRowById>>;

/** The operator who asked, as the job recorded them: whose cards the runner may touch and whom the audit names. */
function askerOf(job: JobRow): OperatorScope & AuditWho {
  // jobs of before 021 carry no role: only platform and agent administrators may create one
  const role = (job.operator_role || (job.agent_id !== null ? 'agent_admin' : 'platform_admin')) as AdminActor['role'];
  return { id: job.operator_id, username: job.operator_username, role, agentId: job.agent_id, requestId: job.request_id, ip: job.ip };
}

/** The change of the card's row and what its audit row says before and after. */
export function changeOf(
  kind: BulkKind,
  card: CardFacts,
  p: Params,
  accountNames: ReadonlyMap<number, string>,
): { action: AuditAction; set: BulkCardChange | null; before: Record<string, unknown>; after: Record<string, unknown> } {
  switch (kind) {
    case 'suspend':
      return {
        action: 'card.suspended',
        set: { state: CardState.Stopped, stop_reason: SUSPEND_REASON },
        before: { state: card.state },
        after: { state: CardState.Stopped, stop_reason: SUSPEND_REASON },
      };
    case 'resume':
      return {
        action: 'card.resumed',
        set: { state: CardState.Activated, stop_reason: '' },
        before: { state: card.state },
        after: { state: CardState.Activated },
      };
    case 'mark_replacement':
      return {
        action: 'card.marked_replacement',
        set: { need_change_card: 1 },
        before: { need_change_card: card.need_change_card },
        after: { need_change_card: 1 },
      };
    case 'set_series':
      return {
        action: 'card.series_set',
        set: { package_series_ids: JSON.stringify([p.seriesId]) },
        before: { package_series_ids: seriesIdsOf(card.package_series_ids) },
        after: { package_series_ids: [p.seriesId] },
      };
    case 'move_agent':
      return {
        action: 'card.agent_moved',
        set: { agent_id: p.agentId! },
        before: { agent_id: card.agent_id },
        after: { agent_id: p.agentId },
      };
    case 'move_carrier_account':
      // not a column of BulkCardChange: cardRecord.setCarrierAccount also marks the card for the sync engine
      return {
        action: 'card.carrier_account_moved',
        set: null,
        before: { carrier_account_id: card.carrier_account_id, carrier_account: accountNames.get(card.carrier_account_id) ?? '' },
        after: { carrier_account_id: p.accountId, carrier_account: accountNames.get(p.accountId!) ?? '' },
      };
  }
}

const settleItem = repo.settleItem;

/** Rolls back a card's transaction whose item another runner settled first. */
class AlreadySettled extends Error {}

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
  const asker = askerOf(job);
  const kind = job.kind as BulkKind;
  const fail = (message: string, cardId = card?.id ?? null) => settleItem(db, item.id, { status: 'failed', message, card_id: cardId });
  // a card of another agent answers as if it did not exist (agent scope): its id is not kept either
  if (!card || !inScope(asker, card.agent_id)) return void (await fail('卡号不存在', null));
  const why = refusal(kind, card, p);
  if (why) return void (await fail(why));
  if (kind === 'set_series' && target.seriesAgent !== card.agent_id) return void (await fail('套餐系列不属于该卡的代理'));
  // disabled (or gone) since the job was asked: its cards stay where they are
  if (kind === 'move_carrier_account' && !target.accountOpen) return void (await fail('目标运营商账号已停用或不可用'));
  try {
    if (kind === 'suspend') await ctx.carrier.suspend(card.custom_num);
    if (kind === 'resume') await ctx.carrier.resume(card.custom_num);
  } catch {
    return void (await fail('运营商接口调用失败，请稍后重试'));
  }
  const c = changeOf(kind, card, p, target.accountNames);
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await settleItem(trx, item.id, { status: 'ok', message: '成功', card_id: card.id }))) throw new AlreadySettled();
      if (c.set) await cardRecord.applyBulkChange(trx, card.id, c.set);
      if (kind === 'move_carrier_account') {
        await cardRecord.setCarrierAccount(trx, [card.id], p.accountId!, clock.iso());
        // the simulator answers only for the lines it knows, as a real platform would
        if (p.accountId === SIMULATOR_ACCOUNT_ID && target.simulator)
          await addSimulatedLines(trx, [card.custom_num], clock.iso().slice(0, 10));
      }
      await recordAudit(trx, asker, {
        action: c.action,
        target: { type: 'card', id: card.custom_num },
        reason: job.reason,
        before: { ...c.before, bulk_job_id: job.id },
        after: c.after,
      });
    });
  } catch (err) {
    if (err instanceof AlreadySettled) return;
    throw err;
  }
}

/** The job's counts from its items (idempotent: a repeated batch counts nothing twice); done when none is pending. */
async function recount(db: Executor, jobId: number): Promise<boolean> {
  const rows = await repo.itemCounts(db, jobId);
  const n = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  const done = n('pending') === 0;
  await repo.setJobCounts(db, jobId, { ok: n('ok'), failed: n('failed'), done });
  return done;
}

/** What a batch reads once for all its cards: the series' agent, the target account as it is now. */
interface BatchFacts {
  seriesAgent: number | null;
  /** the target carrier account takes cards now (enabled; the simulator only where it runs) */
  accountOpen: boolean;
  /** carrier account id → name, for the audit rows */
  accountNames: ReadonlyMap<number, string>;
  simulator: boolean;
}

async function batchFacts(ctx: AppContext, kind: BulkKind, p: Params): Promise<BatchFacts> {
  const db = ctx.db.kysely;
  const simulator = runsSimulator(ctx);
  const seriesAgent = kind === 'set_series' ? ((await repo.seriesById(db, p.seriesId!))?.agent_id ?? null) : null;
  if (kind !== 'move_carrier_account') return { seriesAgent, accountOpen: false, accountNames: new Map(), simulator };
  const accounts = await listAccounts(db);
  const target = accounts.find((a) => a.id === p.accountId);
  return {
    seriesAgent,
    accountOpen: target !== undefined && acceptsCards(target, simulator),
    accountNames: new Map(accounts.map((a) => [a.id, a.name])),
    simulator,
  };
}

/** One batch of the job's pending cards; false when it had none left. */
async function runBatch(ctx: AppContext, job: JobRow, size: number): Promise<boolean> {
  const db = ctx.db.kysely;
  const items = await repo.pendingItems(db, job.id, size);
  if (items.length > 0) {
    const params = JSON.parse(job.params) as { series_id?: number; agent_id?: number; carrier_account_id?: number };
    const p: Params = { seriesId: params.series_id, agentId: params.agent_id, accountId: params.carrier_account_id };
    const target = await batchFacts(ctx, job.kind as BulkKind, p);
    const cards = await cardsByNumber(
      db,
      items.map((i) => i.custom_num),
    );
    for (const item of items) {
      try {
        await doCard(ctx, job, p, target, item, cards.get(item.custom_num));
      } catch (err) {
        ctx.log.warn({ err, job: job.id, item: item.id }, 'bulk job card failed');
        await settleItem(db, item.id, { status: 'failed', message: '处理失败，请稍后重试', card_id: null });
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
    const job = await jobRowById(db, next);
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

/** Checks the action, records the job and its pending cards with the job's audit row, and answers at once. */
export async function createJob(ctx: AppContext, op: AdminActor, body: Body): Promise<Job> {
  const db = ctx.db.kysely;
  const p = await checkParams(ctx, op, body);
  // the same number twice is one card
  const nums = [...new Set(body.custom_nums.map((n) => n.trim()).filter(Boolean))];
  if (nums.length === 0) throw new AppError(Code.BAD_REQUEST, '请至少选择一张卡');
  if (nums.length > BULK_MAX_CARDS) throw new AppError(Code.BAD_REQUEST, `一次最多 ${BULK_MAX_CARDS} 张卡`);
  const now = clock.iso();
  const jobId = await db.transaction().execute(async (trx) => {
    const job = {
      id: await repo.insertJob(
        trx,
        {
          kind: body.kind,
          params: JSON.stringify({
            ...(p.seriesId ? { series_id: p.seriesId } : {}),
            ...(p.agentId ? { agent_id: p.agentId } : {}),
            ...(p.accountId ? { carrier_account_id: p.accountId, carrier_account_name: p.accountName } : {}),
          }),
          reason: body.reason,
          operator_id: op.id,
          operator_username: op.username,
          operator_role: op.role,
          request_id: op.requestId,
          ip: op.ip,
          agent_id: op.agentId,
          status: 'pending',
          total: nums.length,
          ok_count: 0,
          failed_count: 0,
          created_at: now,
          finished_at: null,
        },
        nums,
      ),
    };
    await recordAudit(trx, op, {
      action: 'bulk_job.created',
      target: { type: 'bulk_job', id: job.id },
      reason: body.reason,
      after: { kind: body.kind, cards: nums.length, ...p },
    });
    return job.id;
  });
  return jobOf(await jobRowById(db, jobId));
}

export async function listJobs(db: Executor, op: AdminActor, beforeId: number | undefined) {
  const agent = agentFilter(op);
  const limit = 50;
  const rows = await repo.jobsNewestFirst(db, agent, beforeId, limit + 1);
  const items = rows.slice(0, limit).map(jobOf);
  return { items, next_before_id: rows.length > limit ? items[items.length - 1]!.id : null };
}

type ItemStatus = (typeof BULK_ITEM_STATUSES)[number];

/** The job, if this operator may see it: a platform admin's job has no agent, so only roles seeing every agent see it. */
export async function jobInScope(db: Executor, op: AdminActor, id: number) {
  const row = await repo.jobRowIfAny(db, id);
  if (!row) throw new AppError(Code.NOT_FOUND, '记录不存在');
  if (agentFilter(op) !== null) assertInScope(op, row.agent_id);
  return jobOf(row);
}

/** One keyset page of a job's cards in order, of one result or all (index job_id, status, id). */
export function jobItemsPage(db: Executor, jobId: number, p: { status?: ItemStatus; afterId?: number; limit: number }) {
  return repo.jobItemsPage(db, jobId, p);
}

/** A job, its counts per result and one page of its cards: a big job is never sent whole. */
export async function jobDetail(db: Executor, op: AdminActor, q: { id: number; status?: ItemStatus; after_id?: number }) {
  const job = await jobInScope(db, op, q.id);
  const byStatus = await repo.itemCounts(db, q.id);
  const counts = { ok: 0, failed: 0, pending: 0 };
  for (const c of byStatus) if (c.status in counts) counts[c.status as ItemStatus] = Number(c.n);
  const page = await jobItemsPage(db, q.id, { status: q.status, afterId: q.after_id, limit: BULK_ITEMS_PAGE + 1 });
  const items = page.slice(0, BULK_ITEMS_PAGE);
  return { job, counts, items, next_after_id: page.length > BULK_ITEMS_PAGE ? items[items.length - 1]!.id : null };
}
