// Agents' money under the same rule as a card's (docs/decisions/0056-no-one-moves-money-alone.md): a
// commission adjustment above the platform's limit and any change of an agent's verification mobile
// wait in 超限审批 for a second operator; a withdrawal is approved by another person than its
// requester, and than whoever changed that agent's payout account or verification mobile lately.
// The commissions module keeps the ledger and the rows; here the console's rules are put to it.
import type { AdminBodyOf } from '@portal/contract/admin';
import { fenToYuan } from '@portal/domain';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/executor';
import * as commissions from '../../commissions';
import type { AdminActor } from '../access/actor';
import {
  approvedNote,
  assertAnotherPerson,
  heldAbove,
  hold,
  payoutChangeWindowStart,
  type ApprovedBy,
  type Pending,
} from '../approvals/service';
import { recordAudit } from '../audit';

const recorder =
  (op: AdminActor): commissions.Recorder =>
  (trx, r) =>
    recordAudit(trx, op, r);

const yuan = (fen: number) => `¥${fenToYuan(Math.abs(fen)).toFixed(2)}`;

type AdjustBody = AdminBodyOf<'adminCommissionAdjust'>;

export async function adjustCommission(ctx: AppContext, op: AdminActor, b: AdjustBody) {
  return ctx.db.kysely.transaction().execute((trx) => adjustCommissionIn(trx, op, b, null));
}

/** The adjustment inside the caller's transaction; `approved`: a second operator let it past the limit. */
export async function adjustCommissionIn(trx: Executor, op: AdminActor, b: AdjustBody, approved: ApprovedBy | null) {
  const input = {
    agentId: b.agent_id,
    amountFen: b.amount_fen,
    reason: b.reason,
    requestId: b.request_id,
    // the ledger's operator is who asked; the audit row names both
    operatorId: approved?.requestedById ?? op.id,
    approvedNote: approvedNote(approved, op),
  };
  return commissions.adjustIn<Pending>(trx, input, recorder(op), async (t) => {
    if (approved) return null;
    const before = (await commissions.figuresOf(t, b.agent_id)).balance_fen;
    return heldAbove(t, op, {
      kind: 'commission_adjust',
      agentId: b.agent_id,
      payload: b,
      summary: `代理佣金${b.amount_fen > 0 ? '增加' : '扣减'} ${yuan(b.amount_fen)}：余额 ${yuan(before)} → ${before + b.amount_fen < 0 ? '-' : ''}${yuan(before + b.amount_fen)}`,
      reason: b.reason,
      write: { kind: 'commission_adjust', amount_fen: b.amount_fen },
    });
  });
}

type SettingsBody = AdminBodyOf<'adminCommissionSettings'>;

export async function saveCommissionSettings(ctx: AppContext, op: AdminActor, b: SettingsBody) {
  return commissions.saveSettings<Pending>(ctx, settingsInput(op, b, null), recorder(op), (trx, change) =>
    hold(trx, op, {
      kind: 'commission_settings',
      agentId: b.agent_id,
      payload: b,
      summary: `代理收款账户验证手机：${change.before || '未登记'} → ${change.after}（冻结期 ${b.holding_days} 天）`,
      reason: b.reason,
      why: ['验证手机收取修改收款账户的验证码，修改需另一位平台管理员审批'],
    }),
  );
}

export async function saveCommissionSettingsIn(trx: Executor, op: AdminActor, b: SettingsBody, approved: ApprovedBy) {
  await commissions.saveSettingsIn(trx, settingsInput(op, b, approved), recorder(op));
  return commissions.figuresOf(trx, b.agent_id);
}

function settingsInput(op: AdminActor, b: SettingsBody, approved: ApprovedBy | null): commissions.SettingsInput {
  return {
    agentId: b.agent_id,
    holdingDays: b.holding_days,
    verifyMobile: b.verify_mobile,
    reason: b.reason,
    operatorId: op.id,
    ...(approved ? { requestedById: approved.requestedById } : {}),
    approvedNote: approvedNote(approved, op),
  };
}

/** The check an approval of a withdrawal runs in its transaction: another person, who has not lately changed where the money goes. */
export const mayApproveWithdrawal =
  (op: AdminActor) =>
  async (trx: Executor, w: commissions.WithdrawalRow): Promise<void> =>
    assertAnotherPerson(trx, op, {
      requestedById: w.requested_by,
      requestedAt: w.requested_at,
      recentPayoutChangers: await commissions.recentAccountChangers(trx, w.agent_id, await payoutChangeWindowStart(trx)),
    });
