// Vouchers issued in bulk by the console (docs/decisions/0018): to an agent's cards, a list or one
// card, held for approval above the write limits, listed by batch and revoked by batch. Apart from
// ./service.ts (series, packages, prices, coupon packages, offers) because it is its own flow.
import type { AdminBodyOf, AdminQueryOf } from '@portal/contract/admin';
import { Code } from '@portal/contract/codes';
import { fenToYuan } from '@portal/domain';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/executor';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import { seriesIdsOf } from '../../cardRecord';
import { batchVoucherCounts, insertBatchVouchers, revokeBatchVouchers, type BatchVoucherCounts } from '../../commerce';
import type { AdminActor } from '../access/actor';
import { agentFilter } from '../access/scope';
import { heldAbove, type ApprovedBy } from '../approvals/service';
import { recordAudit } from '../audit';
import * as repo from './repo';
import { approvalNote, scopedAgent, scopedSeries } from './service';

const yuanText = (fen: number) => `¥${fenToYuan(fen).toFixed(2)}`;

const DAY_MS = 24 * 60 * 60 * 1000;
/** cards one bulk issue may reach: bigger campaigns go in several batches */
export const MAX_BATCH_CARDS = 10_000;

type BatchRow = NonNullable<Awaited<ReturnType<typeof repo.batchByRequest>>>;
const NO_VOUCHERS: BatchVoucherCounts = { usable: 0, used: 0, locked: 0, revoked: 0, expired: 0 };

function batchOut(r: BatchRow, vouchers: BatchVoucherCounts = NO_VOUCHERS) {
  return {
    id: r.id,
    agent_id: r.agent_id,
    name: r.name,
    amount_fen: r.amount_fen,
    min_spend_fen: r.min_spend_fen,
    valid_days: r.valid_days,
    target: r.target,
    card_count: r.card_count,
    reason: r.reason,
    operator_username: r.operator_username,
    created_at: r.created_at,
    vouchers,
  };
}

async function batchesOut(db: Executor, rows: BatchRow[]) {
  const counts = await batchVoucherCounts(
    db,
    rows.map((r) => r.id),
    clock.iso(),
  );
  return rows.map((r) => batchOut(r, counts.get(r.id)));
}

/** The cards a target names, every one in the operator's scope; an unknown or foreign card refuses the whole issue. */
async function targetCards(db: Executor, op: AdminActor, t: AdminBodyOf<'adminVoucherIssue'>['target']) {
  if (t.kind === 'cards') {
    const nums = [...new Set(t.custom_nums)];
    const found = await repo.cardsByNumbers(db, nums);
    const own = agentFilter(op);
    const known = new Set(found.filter((c) => own === null || own.includes(c.agent_id)).map((c) => c.custom_num));
    const missing = nums.filter((n) => !known.has(n));
    if (missing.length > 0)
      throw new AppError(
        Code.BAD_REQUEST,
        `以下卡号不存在或不属于本代理：${missing.slice(0, 10).join('、')}${missing.length > 10 ? ` 等 ${missing.length} 张` : ''}`,
      );
    const agents = [...new Set(found.map((c) => c.agent_id))];
    return { ids: found.map((c) => c.id), agent: agents.length === 1 ? agents[0]! : null, label: `卡号 ${nums.length} 张` };
  }
  if (t.kind === 'series') {
    const s = await scopedSeries(db, op, t.series_id);
    const cards = await repo.cardsOfAgent(db, s.agent_id, Number.MAX_SAFE_INTEGER);
    return {
      ids: cards.filter((c) => seriesIdsOf(c.package_series_ids).includes(s.id)).map((c) => c.id),
      agent: s.agent_id,
      label: `系列「${s.name}」的卡`,
    };
  }
  await scopedAgent(db, op, t.agent_id);
  const cards = await repo.cardsOfAgent(db, t.agent_id, MAX_BATCH_CARDS + 1);
  return { ids: cards.map((c) => c.id), agent: t.agent_id, label: `代理 ${t.agent_id} 的全部卡` };
}

function repeatedBatch(op: AdminActor, done: BatchRow) {
  // request ids are random per form: another operator's is not theirs to read
  if (done.operator_id !== op.id) throw new AppError(Code.BAD_REQUEST, '请求编号重复，请刷新页面后重新提交');
  return { batch: batchOut(done, { ...NO_VOUCHERS, usable: done.card_count }), repeated: true };
}

export async function issueVouchers(ctx: AppContext, op: AdminActor, b: AdminBodyOf<'adminVoucherIssue'>) {
  const db = ctx.db.kysely;
  const done = await repo.batchByRequest(db, b.request_id);
  // a repeated submission (double click, retry after a timeout) answers the batch it already made
  if (done) return repeatedBatch(op, done);
  try {
    return await db.transaction().execute((trx) => issueIn(trx, op, b, null));
  } catch (err) {
    // the same request id committed by a concurrent submission: that one stands
    if (err instanceof AppError) throw err;
    const again = await repo.batchByRequest(db, b.request_id);
    if (again) return repeatedBatch(op, again);
    throw err;
  }
}

/** The issue in the caller's transaction; `approved`: a second operator let it past the limits. */
export async function issueIn(trx: Executor, op: AdminActor, b: AdminBodyOf<'adminVoucherIssue'>, approved: ApprovedBy | null) {
  const cards = await targetCards(trx, op, b.target);
  if (cards.ids.length === 0) throw new AppError(Code.BAD_REQUEST, '所选范围内没有卡，未发放');
  if (cards.ids.length > MAX_BATCH_CARDS) throw new AppError(Code.BAD_REQUEST, `一次最多发放 ${MAX_BATCH_CARDS} 张卡，请缩小范围分批发放`);
  if (!approved) {
    const held = await heldAbove(trx, op, {
      kind: 'voucher_issue',
      agentId: cards.agent,
      payload: b,
      summary: `${cards.label}：「${b.name}」面额 ${yuanText(b.amount_fen)}，满 ${yuanText(b.min_spend_fen)} 可用，${b.valid_days} 天有效，共 ${cards.ids.length} 张`,
      reason: b.reason,
      write: { kind: 'voucher_issue', amount_fen: b.amount_fen, valid_days: b.valid_days, card_count: cards.ids.length },
    });
    if (held) return held;
  }
  const now = clock.now();
  const batchId = await repo.insertBatch(trx, {
    request_id: b.request_id,
    agent_id: cards.agent,
    name: b.name,
    amount_fen: b.amount_fen,
    min_spend_fen: b.min_spend_fen,
    valid_days: b.valid_days,
    target: cards.label,
    card_count: cards.ids.length,
    reason: b.reason,
    // who issued it is who asked: an approver only let it past the limits
    operator_id: approved?.requestedById ?? op.id,
    operator_username: approved?.requestedBy ?? op.username,
    created_at: now.toISOString(),
  });
  const expires = new Date(now.getTime() + b.valid_days * DAY_MS).toISOString();
  await insertBatchVouchers(
    trx,
    batchId,
    cards.ids.map((card_id) => ({
      card_id,
      name: b.name,
      amount_fen: b.amount_fen,
      min_spend_fen: b.min_spend_fen,
      package_types: b.package_types,
      expires_at: expires,
      source: '平台发放',
      created_at: now.toISOString(),
    })),
  );
  const batch = (await repo.batchByRequest(trx, b.request_id))!;
  await recordAudit(trx, op, {
    action: 'vouchers.issued',
    target: { type: 'voucher_batch', id: batchId },
    reason: b.reason,
    after: {
      ...batchOut(batch),
      package_types: b.package_types,
      target: b.target.kind === 'cards' ? { kind: 'cards', count: b.target.custom_nums.length } : b.target,
      ...approvalNote(approved, op),
    },
  });
  return { batch: batchOut(batch, { ...NO_VOUCHERS, usable: batch.card_count }), repeated: false };
}

export async function listBatches(ctx: AppContext, op: AdminActor, q: AdminQueryOf<'adminVoucherBatches'>) {
  const rows = await repo.batches(ctx.db.kysely, agentFilter(op), q.before_id, q.limit + 1);
  const more = rows.length > q.limit;
  const items = await batchesOut(ctx.db.kysely, rows.slice(0, q.limit));
  return { items, next_before_id: more ? items[items.length - 1]!.id : null };
}

/**
 * 撤销未使用: a batch issued by mistake (a wrong amount, the wrong cards) is taken back where it is
 * not used yet; what holders have used, or are paying with now, stays theirs. Revoking again revokes
 * nothing more, and is not audited twice.
 */
export async function revokeBatch(ctx: AppContext, op: AdminActor, b: AdminBodyOf<'adminVoucherBatchRevoke'>) {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const batch = await repo.batchById(trx, b.id);
    if (!batch) throw new AppError(Code.NOT_FOUND, '发放批次不存在');
    // a batch to cards of several agents has no agent: the platform's only
    if (op.agentId !== null && batch.agent_id !== op.agentId) throw new AppError(Code.NOT_FOUND, '发放批次不存在');
    const [before] = await batchesOut(trx, [batch]);
    const revoked = await revokeBatchVouchers(trx, batch.id, clock.iso());
    const [after] = await batchesOut(trx, [batch]);
    if (revoked > 0)
      await recordAudit(trx, op, {
        action: 'vouchers.batch_revoked',
        target: { type: 'voucher_batch', id: batch.id },
        reason: b.reason,
        before: before!.vouchers,
        after: { ...after!.vouchers, revoked_now: revoked },
      });
    return { batch: after!, revoked };
  });
}
