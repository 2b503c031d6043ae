// An agent's withdrawals: the request, and finance's decisions on it (docs/decisions/0035-agent-commissions.md).
import { Code } from '@portal/contract/codes';
import { nextWithdrawalState, returnsAmount, withdrawalProblem, type WithdrawalState } from '@portal/domain/commission';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/executor';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { agentMustExist, bad, notFound, type Recorder } from './changes';
import * as repo from './repo';
import { inFlight, payoutNoOf, withdrawalView, type WithdrawalRow } from './withdrawalView';

/**
 * An agent asks for money up to what is withdrawable, to the account on file. The same request id
 * again answers the first request (a double submit asks once); two requests at once queue on the
 * agent's row, and the second sees what the first took.
 */
export async function requestWithdrawal(
  ctx: AppContext,
  input: { agentId: number; amountFen: number; requestId: string; operatorId: number },
  record: Recorder,
): Promise<{ applied: boolean; withdrawal: WithdrawalRow }> {
  await agentMustExist(ctx.db.kysely, input.agentId);
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const now = clock.iso();
    await repo.lockAccount(trx, input.agentId, now);
    const earlier = await repo.withdrawalByRequest(trx, input.requestId);
    if (earlier) {
      if (earlier.agent_id !== input.agentId || earlier.amount_fen !== input.amountFen)
        throw new AppError(Code.REQUEST_ID_REUSED, '该请求编号已用于另一笔提现，请刷新后重试');
      return { applied: false, withdrawal: earlier };
    }
    const account = (await repo.accountOf(trx, input.agentId))!;
    if (account.payout_method === 0 || !account.payout_account) throw bad('请先设置收款账户');
    const s = await repo.sums(trx, input.agentId, now);
    const problem = withdrawalProblem(input.amountFen, Math.max(0, s.total - Math.max(0, s.pending)));
    if (problem) throw bad(problem);
    const id = await repo.insertWithdrawal(trx, {
      agent_id: input.agentId,
      request_id: input.requestId,
      amount_fen: input.amountFen,
      payout_method: account.payout_method,
      payee: account.payee,
      payout_account: account.payout_account,
      requested_by: input.operatorId,
      requested_at: now,
    });
    await repo.append(trx, {
      agent_id: input.agentId,
      kind: 'withdrawal',
      ref: String(id),
      amount_fen: -input.amountFen,
      note: `提现申请 ${payoutNoOf(id)}`,
      operator_id: input.operatorId,
      available_at: now,
      created_at: now,
    });
    const w = (await repo.withdrawalById(trx, id))!;
    await record(trx, {
      action: 'commission.withdrawal_requested',
      target: { type: 'commission_withdrawal', id },
      after: withdrawalView(w),
    });
    return { applied: true, withdrawal: w };
  });
}

export type Decision =
  | { action: 'approve' }
  | { action: 'reject'; reason: string }
  | { action: 'paid'; reference: string; channel: 'manual' | 'gateway' }
  | { action: 'failed'; reason: string };

export const STATE_LABEL: Record<string, string> = {
  requested: '待审核',
  approved: '待打款',
  paid: '已打款',
  rejected: '已驳回',
  failed: '打款失败',
};

/**
 * Moves a withdrawal by finance's decision. The move is conditional on the state it was read in,
 * so of two clicks exactly one moves it; the other, with the same request id, answers the result
 * (applied: false). A rejection or a failed payout returns the amount in the same transaction.
 */
export async function decideWithdrawal(
  ctx: AppContext,
  input: {
    id: number;
    agentScope: readonly number[] | null;
    requestId: string;
    /** null: the payouts job, recording the gateway's outcome */
    operatorId: number | null;
    decision: Decision;
    /** the gateway's own outcome (payThroughGateway, the payouts job), not finance's hand */
    byGateway?: boolean;
    /**
     * Asked before an approval moves it, inside the transaction: throws when this operator may not
     * approve it (the requester, whoever changed the payout account lately: docs/decisions/0056).
     */
    mayApprove?: (trx: Executor, w: WithdrawalRow) => Promise<void>;
  },
  record: Recorder,
): Promise<{ applied: boolean; withdrawal: WithdrawalRow }> {
  const first = await repo.withdrawalById(ctx.db.kysely, input.id);
  if (!first || (input.agentScope !== null && !input.agentScope.includes(first.agent_id))) throw notFound();
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const now = clock.iso();
    await repo.lockAccount(trx, first.agent_id, now);
    const w = (await repo.withdrawalById(trx, input.id))!;
    const d = input.decision;
    // in flight at the gateway: only its outcome settles it (a payment by hand could pay twice, a
    // failure by hand would return money that is on its way)
    if (inFlight(w) && !input.byGateway && (d.action === 'paid' || d.action === 'failed'))
      throw bad('该提现已提交打款接口，结果未明，请等待系统查询结果（或在微信支付商户平台撤销转账）');
    const next = nextWithdrawalState(w.state as WithdrawalState, d.action);
    if (!next) {
      if (w.decision_request_id === input.requestId) return { applied: false, withdrawal: w };
      throw bad(
        `该提现${STATE_LABEL[w.state] ?? w.state}，不能${{ approve: '审核通过', reject: '驳回', paid: '登记打款', failed: '登记打款失败' }[d.action]}`,
      );
    }
    if (d.action === 'approve') await input.mayApprove?.(trx, w);
    const moved = await repo.moveWithdrawal(trx, w.id, w.state, {
      state: next,
      decision_request_id: input.requestId,
      updated_at: now,
      ...(d.action === 'approve' || d.action === 'reject' ? { decided_by: input.operatorId, decided_at: now } : {}),
      ...(d.action === 'reject' ? { reject_reason: d.reason } : {}),
      ...(d.action === 'paid' ? { payout_channel: d.channel, payout_reference: d.reference, paid_by: input.operatorId, paid_at: now } : {}),
      ...(d.action === 'failed' ? { failure_reason: d.reason, paid_by: input.operatorId } : {}),
      // settled: nothing is left for the payee to confirm
      ...(d.action === 'paid' || d.action === 'failed' ? { package_info: '' } : {}),
    });
    if (!moved) throw bad('该提现刚被他人处理，请刷新后查看');
    if (returnsAmount(next)) {
      await repo.append(trx, {
        agent_id: w.agent_id,
        kind: 'withdrawal_return',
        ref: String(w.id),
        amount_fen: w.amount_fen,
        note: `${next === 'rejected' ? '提现驳回' : '打款失败'}退回 ${payoutNoOf(w.id)}`,
        operator_id: input.operatorId,
        available_at: now,
        created_at: now,
      });
    }
    const after = (await repo.withdrawalById(trx, w.id))!;
    await record(trx, {
      action: `commission.withdrawal_${next}`,
      target: { type: 'commission_withdrawal', id: w.id },
      reason: d.action === 'reject' || d.action === 'failed' ? d.reason : '',
      before: withdrawalView(w),
      after: withdrawalView(after),
    });
    return { applied: true, withdrawal: after };
  });
}
