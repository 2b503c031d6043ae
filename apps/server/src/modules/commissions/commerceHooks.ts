// The two calls commerce makes into commissions (docs/decisions/0035-agent-commissions.md), each
// inside commerce's own transaction (the Executor passed in), so the agents' commission moves with
// the money or not at all:
//   orderFulfilled  credits the card's agent — and each agent above it — its part of what the order
//                   earns (levelShares, docs/decisions/0067-agents-in-levels.md), each held for that
//                   agent's own holding period;
//   orderRefunded   reverses each level's credit in proportion to what was refunded.
// Exactly once per level however often a payment is notified: the row is unique by (kind, ref) —
// the order number for the seller's credit, the order number @ the agent for a parent's, the refund
// number (@ the agent) for a reversal — so a repeated call writes nothing.
import { creditAvailableAt, reversalAvailableAt, reversalOf } from '@portal/domain/commission';
import { levelCosts, levelShares } from '@portal/domain/commissionLevels';
import type { Executor } from '../../db/executor';
import type { OrderRow } from '../../db/schema';
import * as repo from './repo';

/** A parent's row carries the agent after the seller's ref; the seller's is the bare number (as before levels). */
const levelRef = (base: string, agentId: number, seller: boolean) => (seller ? base : `${base}@${agentId}`);

export async function orderFulfilled(trx: Executor, order: OrderRow, nowIso: string): Promise<void> {
  if (order.package_id === null) return;
  const pkg = await repo.catalogueCost(trx, order.package_id);
  if (!pkg) return;
  const sellerId = await repo.agentOfCard(trx, order.card_id);
  if (sellerId === null) return;
  const chain = await repo.chainOf(trx, sellerId);
  if (chain.length === 0) return;
  const set = await repo.packageCostsOf(
    trx,
    chain.slice(1).map((a) => a.id),
    order.package_id,
  );
  const costs = levelCosts(
    pkg,
    chain.slice(1).map((a) => ({ cost_fen: set.get(a.id) ?? null, share_bp: a.share_bp })),
  );
  const shares = levelShares(order, pkg, costs);
  if (!shares) return;
  for (const [i, share] of shares.entries()) {
    const agent = chain[i]!;
    const seller = agent.id === sellerId;
    // a parent with nothing of this sale gets no row; the seller always does (its statement lists every sale)
    if (!seller && share.commission_fen === 0) continue;
    await repo.ensureAccount(trx, agent.id, nowIso);
    const account = (await repo.accountOf(trx, agent.id))!;
    await repo.append(trx, {
      agent_id: agent.id,
      kind: 'order',
      ref: levelRef(order.order_no, agent.id, seller),
      amount_fen: share.commission_fen,
      order_no: order.order_no,
      card_id: order.card_id,
      retail_fen: share.retail_fen,
      discount_fen: share.discount_fen,
      cost_fen: share.cost_fen,
      paid_fen: order.payable_fen,
      note: seller ? order.title : `下级销售：${order.title}`,
      available_at: creditAvailableAt(share.commission_fen, nowIso, account.holding_days),
      created_at: nowIso,
      from_agent_id: seller ? null : sellerId,
    });
  }
}

export async function orderRefunded(
  trx: Executor,
  order: OrderRow,
  refund: { refundNo: string; refundedFen: number },
  nowIso: string,
): Promise<void> {
  // the credits name their agents: a card moved to another agent since does not move the reversals
  for (const credit of await repo.creditsOfOrder(trx, order.order_no)) {
    const seller = credit.ref === order.order_no;
    const already = -(await repo.reversedOfOrder(trx, order.order_no, credit.agent_id));
    const amount = reversalOf(credit.amount_fen, refund.refundedFen, credit.paid_fen, already);
    if (amount === 0) continue;
    await repo.append(trx, {
      agent_id: credit.agent_id,
      kind: 'refund',
      ref: levelRef(refund.refundNo, credit.agent_id, seller),
      amount_fen: amount,
      order_no: order.order_no,
      card_id: order.card_id,
      paid_fen: refund.refundedFen,
      note: seller ? `退款：${order.title}` : `下级退款：${order.title}`,
      // a credit still held is cancelled where it is held; free money is taken back at once
      available_at: reversalAvailableAt(credit.available_at, nowIso),
      created_at: nowIso,
      from_agent_id: credit.from_agent_id,
    });
  }
}
