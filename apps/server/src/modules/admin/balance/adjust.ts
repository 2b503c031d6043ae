// 调整余额 from the console: one manual adjustment of a card's balance, with a reason, once per
// request id, audited in its transaction. Above the platform's limit it is kept for a second
// operator's approval instead (docs/decisions/0048-limits-and-a-second-approver.md); approved, it is
// carried out here by the approver, the audit row naming who asked.
import type { AdminAnswerOf, AdminBodyOf } from '@portal/contract/admin';
import { Code } from '@portal/contract/codes';
import { fenToYuan } from '@portal/domain';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/executor';
import { AppError } from '../../../lib/errors';
import { adjustBalanceIn } from '../../commerce';
import type { AdminActor } from '../access/actor';
import { assertInScope } from '../access/scope';
import { heldAbove, type ApprovedBy } from '../approvals/service';
import { recordAudit } from '../audit';
import { cardByNumber } from '../orders/repo';

type Body = AdminBodyOf<'adminBalanceAdjust'>;
type Answer = AdminAnswerOf<'adminBalanceAdjust'>;

export async function adjustCardBalance(ctx: AppContext, op: AdminActor, b: Body): Promise<Answer> {
  return ctx.db.kysely.transaction().execute((trx) => adjustIn(trx, op, b, null));
}

/** The adjustment inside the caller's transaction; `approved`: a second operator let it past the limit. */
export async function adjustIn(trx: Executor, op: AdminActor, b: Body, approved: ApprovedBy | null): Promise<Answer> {
  const card = await cardByNumber(trx, b.card);
  assertInScope(op, card?.agent_id);
  const c = card!;
  if (!approved) {
    // a debit the balance cannot bear is refused now, not after an approver's time
    if (c.balance_fen + b.amount_fen < 0)
      throw new AppError(Code.BALANCE_INSUFFICIENT, `余额仅 ${fenToYuan(c.balance_fen)} 元，扣减后不能小于 0`);
    const held = await heldAbove(trx, op, {
      kind: 'balance_adjust',
      agentId: c.agent_id,
      payload: b,
      summary: `卡号 ${c.custom_num}：${b.amount_fen > 0 ? '增加' : '扣减'}余额 ¥${fenToYuan(Math.abs(b.amount_fen)).toFixed(2)}`,
      reason: b.reason,
      write: { kind: 'balance_adjust', amount_fen: b.amount_fen },
    });
    if (held) return held;
  }
  const r = await adjustBalanceIn(
    trx,
    { cardId: c.id, amountFen: b.amount_fen, reason: b.reason, requestId: b.request_id, operatorId: approved?.requestedById ?? op.id },
    async (t, done) => {
      await recordAudit(t, op, {
        action: 'balance.adjust',
        target: { type: 'card', id: c.custom_num },
        reason: b.reason,
        before: { balance_fen: done.beforeFen },
        after: {
          balance_fen: done.balanceFen,
          amount_fen: b.amount_fen,
          ledger_id: done.ledgerId,
          request_id: b.request_id,
          ...(approved ? { approval_id: approved.approvalId, requested_by: approved.requestedBy, approved_by: op.username } : {}),
        },
      });
    },
  );
  return { applied: r.applied, ledger_id: r.ledgerId, balance_fen: r.balanceFen };
}
