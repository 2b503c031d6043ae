// The two calls commerce makes into commissions (docs/decisions/0035-agent-commissions.md), each
// inside commerce's own transaction (the Executor passed in), so the agent's commission moves with
// the money or not at all:
//   orderFulfilled  credits the card's agent what the order earns (commissionOfOrder), held for
//                   the agent's holding period;
//   orderRefunded   reverses the credit in proportion to what was refunded.
// Exactly once however often a payment is notified: the row is unique by (kind, ref) — the order
// number for a credit, the refund number for a reversal — so a repeated call writes nothing.
import { commissionOfOrder, creditAvailableAt, reversalAvailableAt, reversalOf } from '@portal/domain/commission';
import type { Executor } from '../../db/executor';
import type { OrderRow } from '../../db/schema';
import * as repo from './repo';

export async function orderFulfilled(trx: Executor, order: OrderRow, nowIso: string): Promise<void> {
  if (order.package_id === null) return;
  const pkg = await repo.catalogueCost(trx, order.package_id);
  const earned = commissionOfOrder(order, pkg ?? null);
  if (!earned) return;
  const agentId = await repo.agentOfCard(trx, order.card_id);
  if (agentId === null) return;
  await repo.ensureAccount(trx, agentId, nowIso);
  const account = (await repo.accountOf(trx, agentId))!;
  await repo.append(trx, {
    agent_id: agentId,
    kind: 'order',
    ref: order.order_no,
    amount_fen: earned.commission_fen,
    order_no: order.order_no,
    card_id: order.card_id,
    retail_fen: earned.retail_fen,
    discount_fen: earned.discount_fen,
    cost_fen: earned.cost_fen,
    paid_fen: order.payable_fen,
    note: order.title,
    available_at: creditAvailableAt(earned.commission_fen, nowIso, account.holding_days),
    created_at: nowIso,
  });
}

export async function orderRefunded(
  trx: Executor,
  order: OrderRow,
  refund: { refundNo: string; refundedFen: number },
  nowIso: string,
): Promise<void> {
  // the credit names its agent: a card moved to another agent since does not move the reversal
  const credit = await repo.entryOf(trx, 'order', order.order_no);
  if (!credit) return;
  const already = -(await repo.reversedOfOrder(trx, order.order_no));
  const amount = reversalOf(credit.amount_fen, refund.refundedFen, credit.paid_fen, already);
  if (amount === 0) return;
  await repo.append(trx, {
    agent_id: credit.agent_id,
    kind: 'refund',
    ref: refund.refundNo,
    amount_fen: amount,
    order_no: order.order_no,
    card_id: order.card_id,
    paid_fen: refund.refundedFen,
    note: `退款：${order.title}`,
    // a credit still held is cancelled where it is held; free money is taken back at once
    available_at: reversalAvailableAt(credit.available_at, nowIso),
    created_at: nowIso,
  });
}
