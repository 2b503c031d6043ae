// Bulk actions over cards as tracked jobs: the job and one item per card are written first (with
// the audit row of the job), then each card is processed on its own — in the request (a job holds
// at most BULK_MAX_CARDS cards, a few seconds of work) — and its item records the result: ok, or
// failed with the reason. One card's failure never undoes another's change. Each card's change
// and its audit row are written in one transaction. Suspend and resume go through the carrier
// gateway first, as the carrier is the truth of a line's state.
import { BULK_KIND_LABEL, BULK_MAX_CARDS, type AdminAnswerOf, type AdminBodyOf, type BulkKind } from '@portal/contract/admin';
import { CardState } from '@portal/contract/enums';
import { Code } from '@portal/contract/codes';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/executor';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import type { AdminActor } from '../access/actor';
import { agentFilter, assertInScope, inScope } from '../access/scope';
import { recordAudit } from '../audit';
import { seriesIdsOf } from './service';

type Job = AdminAnswerOf<'adminBulkJobCreate'>;
type Body = AdminBodyOf<'adminBulkJobCreate'>;
const CHUNK = 400;
const SUSPEND_REASON = '管控停机';

interface CardFacts {
  id: number;
  custom_num: string;
  agent_id: number;
  state: number;
  need_change_card: number;
  package_series_ids: string;
}

/** The result of one card: null = ok, else why it failed. */
type Outcome = string | null;

/** What an action checks before it changes anything: null = go ahead, else why not. */
export function refusal(
  kind: BulkKind,
  card: Pick<CardFacts, 'state' | 'need_change_card' | 'agent_id' | 'package_series_ids'>,
  p: { seriesId?: number; agentId?: number },
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
  for (let i = 0; i < nums.length; i += CHUNK) {
    const rows = await db
      .selectFrom('cards')
      .select(['id', 'custom_num', 'agent_id', 'state', 'need_change_card', 'package_series_ids'])
      .where('custom_num', 'in', nums.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) out.set(r.custom_num, r);
  }
  return out;
}

async function checkParams(db: Executor, op: AdminActor, body: Body): Promise<{ seriesId?: number; agentId?: number }> {
  if (body.kind === 'move_agent') {
    // an agent administrator's cards stay with their agent
    if (agentFilter(op) !== null) throw new AppError(Code.FORBIDDEN, '代理管理员不能把卡转移到其他代理');
    const agent = await db.selectFrom('agents').select('id').where('id', '=', body.agent_id!).executeTakeFirst();
    if (!agent) throw new AppError(Code.BAD_REQUEST, '目标代理不存在');
    return { agentId: agent.id };
  }
  if (body.kind === 'set_series') {
    const series = await db.selectFrom('package_series').select(['id', 'agent_id']).where('id', '=', body.series_id!).executeTakeFirst();
    if (!series || !inScope(op, series.agent_id)) throw new AppError(Code.BAD_REQUEST, '套餐系列不存在');
    return { seriesId: series.id };
  }
  return {};
}

async function apply(
  ctx: AppContext,
  op: AdminActor,
  job: { id: number; kind: BulkKind; reason: string },
  p: { seriesId?: number; agentId?: number },
  itemId: number,
  card: CardFacts | undefined,
): Promise<Outcome> {
  // a card of another agent answers as if it did not exist (agent scope)
  if (!card || !inScope(op, card.agent_id)) return '卡号不存在';
  const why = refusal(job.kind, card, p);
  if (why) return why;
  if (job.kind === 'set_series') {
    const series = await ctx.db.kysely.selectFrom('package_series').select('agent_id').where('id', '=', p.seriesId!).executeTakeFirst();
    if (series?.agent_id !== card.agent_id) return '套餐系列不属于该卡的代理';
  }
  try {
    if (job.kind === 'suspend') await ctx.carrier.suspend(card.custom_num);
    if (job.kind === 'resume') await ctx.carrier.resume(card.custom_num);
  } catch {
    return '运营商接口调用失败，请稍后重试';
  }
  const now = clock.iso();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    let action: string;
    let before: Record<string, unknown>;
    let after: Record<string, unknown>;
    const q = trx.updateTable('cards').where('id', '=', card.id);
    switch (job.kind) {
      case 'suspend':
        action = 'card.suspended';
        before = { state: card.state };
        after = { state: CardState.Stopped, stop_reason: SUSPEND_REASON };
        await q.set({ state: CardState.Stopped, stop_reason: SUSPEND_REASON }).execute();
        break;
      case 'resume':
        action = 'card.resumed';
        before = { state: card.state };
        after = { state: CardState.Activated };
        await q.set({ state: CardState.Activated, stop_reason: '' }).execute();
        break;
      case 'mark_replacement':
        action = 'card.marked_replacement';
        before = { need_change_card: card.need_change_card };
        after = { need_change_card: 1 };
        await q.set({ need_change_card: 1 }).execute();
        break;
      case 'set_series':
        action = 'card.series_set';
        before = { package_series_ids: seriesIdsOf(card.package_series_ids) };
        after = { package_series_ids: [p.seriesId] };
        await q.set({ package_series_ids: JSON.stringify([p.seriesId]) }).execute();
        break;
      case 'move_agent':
        action = 'card.agent_moved';
        before = { agent_id: card.agent_id };
        after = { agent_id: p.agentId };
        await q.set({ agent_id: p.agentId! }).execute();
        break;
    }
    await trx
      .updateTable('bulk_job_items')
      .set({ card_id: card.id, status: 'ok', message: '成功', updated_at: now })
      .where('id', '=', itemId)
      .execute();
    await recordAudit(trx, op, {
      action,
      target: { type: 'card', id: card.custom_num },
      reason: job.reason,
      before: { ...before, bulk_job_id: job.id },
      after,
    });
  });
  return null;
}

/** Creates the job, processes every card, and answers the finished job. */
export async function runJob(ctx: AppContext, op: AdminActor, body: Body): Promise<Job> {
  const db = ctx.db.kysely;
  const p = await checkParams(db, op, body);
  // the same number twice is one card
  const nums = [...new Set(body.custom_nums.map((n) => n.trim()).filter(Boolean))];
  if (nums.length === 0) throw new AppError(Code.BAD_REQUEST, '请至少选择一张卡');
  if (nums.length > BULK_MAX_CARDS) throw new AppError(Code.BAD_REQUEST, `一次最多 ${BULK_MAX_CARDS} 张卡`);
  const now = clock.iso();
  const jobId = await db.transaction().execute(async (trx) => {
    const job = await trx
      .insertInto('bulk_jobs')
      .values({
        kind: body.kind,
        params: JSON.stringify({ ...(p.seriesId ? { series_id: p.seriesId } : {}), ...(p.agentId ? { agent_id: p.agentId } : {}) }),
        reason: body.reason,
        operator_id: op.id,
        operator_username: op.username,
        agent_id: op.agentId,
        status: 'running',
        total: nums.length,
        ok_count: 0,
        failed_count: 0,
        created_at: now,
        finished_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < nums.length; i += CHUNK)
      await trx
        .insertInto('bulk_job_items')
        .values(
          nums
            .slice(i, i + CHUNK)
            .map((n) => ({ job_id: job.id, custom_num: n, card_id: null, status: 'pending', message: '', updated_at: now })),
        )
        .execute();
    await recordAudit(trx, op, {
      action: 'bulk_job.created',
      target: { type: 'bulk_job', id: job.id },
      reason: body.reason,
      after: { kind: body.kind, cards: nums.length, ...p },
    });
    return job.id;
  });

  const cards = await cardsByNumber(db, nums);
  const items = await db.selectFrom('bulk_job_items').select(['id', 'custom_num']).where('job_id', '=', jobId).orderBy('id').execute();
  let ok = 0;
  let failed = 0;
  for (const item of items) {
    let outcome: Outcome;
    try {
      outcome = await apply(ctx, op, { id: jobId, kind: body.kind, reason: body.reason }, p, item.id, cards.get(item.custom_num));
    } catch {
      outcome = '处理失败，请稍后重试';
    }
    if (outcome === null) ok++;
    else {
      failed++;
      await db
        .updateTable('bulk_job_items')
        .set({ status: 'failed', message: outcome, updated_at: clock.iso() })
        .where('id', '=', item.id)
        .execute();
    }
  }
  await db
    .updateTable('bulk_jobs')
    .set({ status: 'done', ok_count: ok, failed_count: failed, finished_at: clock.iso() })
    .where('id', '=', jobId)
    .execute();
  return jobOf(await db.selectFrom('bulk_jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow());
}

export async function listJobs(db: Executor, op: AdminActor, beforeId: number | undefined) {
  const agent = agentFilter(op);
  const limit = 50;
  let q = db.selectFrom('bulk_jobs').selectAll();
  if (agent !== null) q = q.where('agent_id', '=', agent);
  if (beforeId) q = q.where('id', '<', beforeId);
  const rows = await q
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const items = rows.slice(0, limit).map(jobOf);
  return { items, next_before_id: rows.length > limit ? items[items.length - 1]!.id : null };
}

export async function jobDetail(db: Executor, op: AdminActor, id: number) {
  const row = await db.selectFrom('bulk_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  // a platform admin's job has no agent: only roles seeing every agent see it
  if (!row) throw new AppError(Code.NOT_FOUND, '记录不存在');
  if (agentFilter(op) !== null) assertInScope(op, row.agent_id);
  const items = await db
    .selectFrom('bulk_job_items')
    .select(['id', 'custom_num', 'status', 'message', 'updated_at'])
    .where('job_id', '=', id)
    .orderBy('id')
    .execute();
  return { job: jobOf(row), items };
}
