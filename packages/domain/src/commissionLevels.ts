// Agents in levels (docs/decisions/0067-agents-in-levels.md): the pure arithmetic of who earns
// what of one order when the card's agent has parents. Integer fen everywhere; no clock, no SQL.
//
// The chain runs from the top agent (总代理, the platform's own customer, who pays the platform's
// cost price) down to the seller (the card's agent). Each sub-agent pays its parent a cost per
// package that the parent set — an amount, or a share of the parent's own margin — never below the
// parent's own cost. So each level earns the difference between what it is paid and what it pays:
//   an ancestor:  its child's cost − its own cost   (never negative: costs only rise downwards)
//   the seller:   retail − discounts − its own cost (member prices and vouchers are its own
//                                                    programme, as in decision 0035: may be negative)
// The shares telescope: their sum is retail − discounts − the platform's cost, the order's margin
// (commissionOfOrder), to the fen.
import { commissionOfOrder, reversalOf, type CatalogueCost, type OrderForCommission } from './commission';

/** At most three levels: 总代理 → 代理 → 分销. Deeper networks are multi-level selling that Chinese law and the messaging app forbid. */
export const MAX_AGENT_LEVELS = 3;
export const LEVEL_NAMES: Record<number, string> = { 1: '总代理', 2: '代理', 3: '分销' };

/** A share of a margin in basis points (10000 = all of it). */
export const FULL_SHARE_BP = 10_000;

/** What a parent set for one sub-agent: a cost for this package, else the share of its own margin the sub-agent keeps. */
export interface LevelTerms {
  /** the cost the parent set for this package; null: follow the share */
  cost_fen: number | null;
  /** the share of the parent's margin (retail − the parent's cost) the sub-agent keeps, 0–10000 */
  share_bp: number;
}

/**
 * What each level pays for a package at its catalogue price, top first: the top agent the platform's
 * cost, each sub-agent what its parent set — clamped to [the parent's cost, the retail price] (a cost
 * above retail would make every full-price sale a loss; below the parent's, the parent would pay to sell).
 */
export function levelCosts(pkg: CatalogueCost, below: readonly LevelTerms[]): number[] {
  const costs = [pkg.cost_fen];
  for (const t of below) {
    const parent = costs[costs.length - 1]!;
    const ceiling = Math.max(parent, pkg.price_fen);
    const share = Math.min(FULL_SHARE_BP, Math.max(0, Math.round(t.share_bp)));
    const wanted =
      t.cost_fen !== null ? t.cost_fen : parent + Math.round(((pkg.price_fen - parent) * (FULL_SHARE_BP - share)) / FULL_SHARE_BP);
    costs.push(Math.min(ceiling, Math.max(parent, wanted)));
  }
  return costs;
}

export interface LevelShare {
  /** 0 = the top agent */
  index: number;
  /** what this level was paid for the goods: its child's cost, or for the seller the retail quoted */
  retail_fen: number;
  /** discounts borne (the seller's only) */
  discount_fen: number;
  /** what this level paid for the goods */
  cost_fen: number;
  commission_fen: number;
}

/**
 * Each level's part of an order's margin, top first (the last is the seller), or null when the
 * order earns none (commissionOfOrder). `costs` are levelCosts' catalogue figures; an upgrade costs
 * each level the same share of its package cost as the upgrade's price is of the target's retail.
 */
export function levelShares(order: OrderForCommission, pkg: CatalogueCost | null, costs: readonly number[]): LevelShare[] | null {
  const whole = commissionOfOrder(order, pkg);
  if (!whole || !pkg || costs.length === 0) return null;
  const retail = order.total_fen;
  // the same scaling commissionOfOrder applies to the platform's cost, so the sum telescopes to it;
  // rounding is monotone, so costs still only rise downwards
  const scaled = costs.map((c) =>
    order.goods_type === 'package' || pkg.price_fen <= 0 ? Math.min(c, retail) : Math.round((retail * c) / pkg.price_fen),
  );
  scaled[0] = whole.cost_fen;
  for (let i = 1; i < scaled.length; i++) scaled[i] = Math.max(scaled[i - 1]!, scaled[i]!);
  const last = scaled.length - 1;
  return scaled.map((cost, i) =>
    i < last
      ? { index: i, retail_fen: scaled[i + 1]!, discount_fen: 0, cost_fen: cost, commission_fen: scaled[i + 1]! - cost }
      : {
          index: i,
          retail_fen: retail,
          discount_fen: order.discount_fen,
          cost_fen: cost,
          commission_fen: retail - order.discount_fen - cost,
        },
  );
}

/**
 * What a refund takes back from each level: each level's credit in proportion to what went back of
 * what was paid (reversalOf), never more than is left of it; the refund that brings the refunded total
 * to the payment takes back exactly what is left, so every level ends at zero.
 */
export function levelReversals(
  credits: readonly number[],
  refundedFen: number,
  paidFen: number,
  alreadyReversed: readonly number[] = [],
): number[] {
  return credits.map((c, i) => reversalOf(c, refundedFen, paidFen, alreadyReversed[i] ?? 0) || 0);
}

/** Why a parent may not set this cost for a sub-agent, in Chinese; null when it may. */
export function subAgentCostProblem(costFen: number, parentCostFen: number, priceFen: number): string | null {
  if (!Number.isInteger(costFen) || costFen < 0) return '成本价须为不小于 0 的金额，最多两位小数';
  if (costFen < parentCostFen) return `下级成本价不能低于本级成本价 ${(parentCostFen / 100).toFixed(2)} 元`;
  if (costFen > Math.max(priceFen, parentCostFen)) return `下级成本价不能高于零售价 ${(priceFen / 100).toFixed(2)} 元`;
  return null;
}

/** Why a share cannot be set, in Chinese; null when it can. */
export function shareProblem(shareBp: number): string | null {
  if (!Number.isInteger(shareBp) || shareBp < 0 || shareBp > FULL_SHARE_BP) return '分成比例须为 0%–100%，最多两位小数';
  return null;
}

/** Why an agent cannot take a sub-agent at this depth (1 = top), in Chinese; null when it can. */
export function subAgentDepthProblem(parentLevel: number): string | null {
  if (parentLevel >= MAX_AGENT_LEVELS)
    return `代理最多 ${MAX_AGENT_LEVELS} 级（总代理 → 代理 → 分销），${LEVEL_NAMES[parentLevel] ?? '该级'}不能再发展下级`;
  return null;
}

/** 70.00% from 7000 basis points. */
export const sharePercent = (bp: number) => `${(bp / 100).toFixed(2)}%`;
