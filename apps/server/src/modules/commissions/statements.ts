// Statements of an agent's ledger, and the terms each level of a chain pays
// (docs/decisions/0035-agent-commissions.md, 0067-agents-in-levels.md).
import { chinaMonthRange, statementTotals, type CatalogueCost } from '@portal/domain/commission';
import { levelCosts } from '@portal/domain/commissionLevels';
import type { Executor } from '../../db/executor';
import { agentMustExist, bad } from './changes';
import * as repo from './repo';

/** A China-time month of an agent's ledger: totals, the rows, opening and closing balance. */
export async function statementOf(db: Executor, agentId: number, month: string) {
  const range = chinaMonthRange(month);
  if (!range) throw bad('月份格式应为 YYYY-MM');
  await agentMustExist(db, agentId);
  const [opening, rows, agent] = await Promise.all([
    repo.sumBefore(db, agentId, range.from),
    repo.entriesBetween(db, agentId, range.from, range.to),
    repo.agentNameOf(db, agentId),
  ]);
  const totals = statementTotals(
    opening,
    rows.map((r) => ({ kind: r.kind as never, amount_fen: r.amount_fen, created_at: r.created_at })),
  );
  return {
    agent: { id: agentId, nickname: agent.nickname, mark: agent.mark },
    month,
    from: range.from,
    to: range.to,
    totals,
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind as 'order' | 'refund' | 'adjustment' | 'withdrawal' | 'withdrawal_return',
      amount_fen: r.amount_fen,
      order_no: r.order_no,
      retail_fen: r.retail_fen,
      discount_fen: r.discount_fen,
      cost_fen: r.cost_fen,
      note: r.note,
      available_at: r.available_at,
      created_at: r.created_at,
    })),
  };
}

/**
 * An agent's chain (top first) and what each level of it pays for a package: what the console shows
 * a parent setting its sub-agent's terms, by the same rule (levelCosts) the crediting applies.
 */
export async function commissionTermsOf(db: Executor, agentId: number) {
  const chain = await repo.chainOf(db, agentId);
  const set = new Map(
    (
      await repo.costsOfAgents(
        db,
        chain.map((a) => a.id),
      )
    ).map((c) => [`${c.agent_id}:${c.package_id}`, c.cost_fen]),
  );
  const setCost = (agent: number, packageId: number) => set.get(`${agent}:${packageId}`) ?? null;
  return {
    chain,
    setCost,
    costsFor: (pkg: CatalogueCost, packageId: number) =>
      levelCosts(
        pkg,
        chain.slice(1).map((a) => ({ cost_fen: setCost(a.id, packageId), share_bp: a.share_bp })),
      ),
  };
}

/** A parent sets (null: removes) a sub-agent's cost for a package, in the caller's transaction. */
export const setPackageCostIn = repo.setPackageCost;
