// Finance's adjustments of an agent's balance (docs/decisions/0035-agent-commissions.md).
import { Code } from '@portal/contract/codes';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/executor';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { agentMustExist, type Recorder } from './changes';
import * as repo from './repo';

/**
 * Finance moves an agent's balance with a reason; the request id makes a repeated submit adjust once.
 * `hold`, asked after the agent's row is taken and the request id found new: the admin's limit
 * (docs/decisions/0056) — a non-null answer is given instead of adjusting.
 */
export async function adjust<H>(
  ctx: AppContext,
  input: AdjustInput,
  record: Recorder,
  hold: (trx: Executor) => Promise<H | null> = async () => null,
): Promise<{ applied: boolean; balance_fen: number } | H> {
  await agentMustExist(ctx.db.kysely, input.agentId);
  return ctx.db.kysely.transaction().execute((trx) => adjustIn(trx, input, record, hold));
}

export interface AdjustInput {
  agentId: number;
  amountFen: number;
  reason: string;
  requestId: string;
  operatorId: number;
  /** recorded on the audit row once a second operator approved it */
  approvedNote?: Record<string, unknown>;
}

export async function adjustIn<H>(
  trx: Executor,
  input: AdjustInput,
  record: Recorder,
  hold: (trx: Executor) => Promise<H | null> = async () => null,
): Promise<{ applied: boolean; balance_fen: number } | H> {
  await agentMustExist(trx, input.agentId);
  const now = clock.iso();
  await repo.lockAccount(trx, input.agentId, now);
  const earlier = await repo.entryOf(trx, 'adjustment', input.requestId);
  if (earlier) {
    if (earlier.agent_id !== input.agentId || earlier.amount_fen !== input.amountFen)
      throw new AppError(Code.REQUEST_ID_REUSED, '该请求编号已用于另一笔调整，请刷新后重试');
    return { applied: false, balance_fen: (await repo.accountOf(trx, input.agentId))!.balance_fen };
  }
  const held = await hold(trx);
  if (held !== null) return held;
  const before = (await repo.accountOf(trx, input.agentId))!.balance_fen;
  await repo.append(trx, {
    agent_id: input.agentId,
    kind: 'adjustment',
    ref: input.requestId,
    amount_fen: input.amountFen,
    note: `财务调整：${input.reason}`,
    operator_id: input.operatorId,
    available_at: now,
    created_at: now,
  });
  const after = (await repo.accountOf(trx, input.agentId))!.balance_fen;
  await record(trx, {
    action: 'commission.adjusted',
    target: { type: 'agent', id: input.agentId },
    reason: input.reason,
    before: { balance_fen: before },
    after: { balance_fen: after, amount_fen: input.amountFen, ...input.approvedNote },
  });
  return { applied: true, balance_fen: after };
}
