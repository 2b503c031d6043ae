// Bulk actions over cards as tracked jobs, done in the background (docs/decisions/0027): the
// request. It checks the action and its parameters (the rules: bulkRules.ts), writes the job, one
// pending (待处理) item per card and the job's audit row in one transaction, and answers at once;
// bulkJobRunner.ts then does the cards. Also the console's reads of jobs: the list, one job with
// its counts and a page of its cards (each in the operator's scope).
import {
  BULK_ITEMS_PAGE,
  BULK_KIND_LABEL,
  type AdminAnswerOf,
  type AdminBodyOf,
  type BULK_ITEM_STATUSES,
  type BulkKind,
} from '@portal/contract/admin';
import { Code } from '@portal/contract/codes';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/executor';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import { carrierKind } from '../../../integrations/carrier/kinds';
import { accountById } from '../../carriers';
import type { AdminActor } from '../access/actor';
import { agentFilter, assertInScope, inScope } from '../access/scope';
import { recordJobCreated } from './bulkJobAudit';
import * as repo from './bulkJobRepo';
import {
  cardCountProblem,
  cardNumbersOf,
  crossCarrierCards,
  crossCarrierProblem,
  itemCountsOf,
  paramsJson,
  type Params,
} from './bulkRules';
import { acceptsCards, runsSimulator } from './carrierAccounts';

type Job = AdminAnswerOf<'adminBulkJobCreate'>;
type Body = AdminBodyOf<'adminBulkJobCreate'>;

function jobOf(r: repo.JobRow): Job {
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

/** The action's parameters, checked against what exists and the operator's scope. */
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

/**
 * 移至运营商账号: cards whose ICCID another carrier issued than the target account's are refused
 * (400, naming them) unless the operator confirmed the move; confirmed, the job keeps how many.
 * A card on another carrier's platform is unknown there: its figures stop and 停机 cannot reach it.
 */
async function checkCrossCarrier(ctx: AppContext, body: Body, p: Params, nums: string[]): Promise<Params> {
  if (body.kind !== 'move_carrier_account') return p;
  const account = await accountById(ctx.db.kysely, p.accountId!);
  const network = (account && carrierKind(account.carrier)?.network) ?? null;
  if (!account || network === null) return p;
  const crossed = crossCarrierCards(await repo.iccidsByNumber(ctx.db.kysely, nums), { id: account.id, network });
  if (crossed.length === 0) return p;
  if (!body.confirm_cross_carrier)
    throw new AppError(Code.CROSS_CARRIER_NEEDS_CONFIRM, crossCarrierProblem(crossed, { name: account.name, network })!);
  return { ...p, crossCarrierCards: crossed.length };
}

/** Checks the action, records the job and its pending cards with the job's audit row, and answers at once. */
export async function createJob(ctx: AppContext, op: AdminActor, body: Body): Promise<Job> {
  const db = ctx.db.kysely;
  const asked = await checkParams(ctx, op, body);
  const nums = cardNumbersOf(body.custom_nums);
  const problem = cardCountProblem(nums);
  if (problem) throw new AppError(Code.BAD_REQUEST, problem);
  const p = await checkCrossCarrier(ctx, body, asked, nums);
  const now = clock.iso();
  const jobId = await db.transaction().execute(async (trx) => {
    const id = await repo.insertJob(
      trx,
      {
        kind: body.kind,
        params: paramsJson(p),
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
    );
    await recordJobCreated(trx, op, { id, kind: body.kind, reason: body.reason, cards: nums.length, params: p });
    return id;
  });
  return jobOf(await repo.jobRowById(db, jobId));
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
  const counts = itemCountsOf(await repo.itemCounts(db, q.id));
  const page = await jobItemsPage(db, q.id, { status: q.status, afterId: q.after_id, limit: BULK_ITEMS_PAGE + 1 });
  const items = page.slice(0, BULK_ITEMS_PAGE);
  return { job, counts, items, next_after_id: page.length > BULK_ITEMS_PAGE ? items[items.length - 1]!.id : null };
}
