// Pure rules of membership growth (table-tested in rules.test.ts; docs/decisions/0019).

export interface LevelDef {
  level: number;
  name: string;
  min_growth: number;
  /** percent of a package's price a member of this level pays (100 = full price) */
  package_price_pct: number;
}

/** ¥1 paid = 1 growth; fen below a whole yuan earn nothing. */
export function growthOfPayment(payableFen: number): number {
  return payableFen > 0 ? Math.floor(payableFen / 100) : 0;
}

/** A ledger can go below zero for a moment (a refund after a reward); shown and ranked from 0. */
export const shownGrowth = (ledgerSum: number) => Math.max(0, ledgerSum);

export interface Standing<L extends LevelDef> {
  current: L | null;
  next: L | null;
  /** growth still needed for the next level (0 at the top) */
  needed: number;
  /** progress from the current level's threshold to the next one, 0-100 */
  percent: number;
}

/** The level a growth reaches (the highest threshold at or below it), the next one, and what is still needed. */
export function standingOf<L extends LevelDef>(growth: number, levels: readonly L[]): Standing<L> {
  const sorted = [...levels].sort((a, b) => a.min_growth - b.min_growth || a.level - b.level);
  const g = shownGrowth(growth);
  let current: L | null = null;
  let next: L | null = null;
  for (const l of sorted) {
    if (l.min_growth <= g) current = l;
    else {
      next = l;
      break;
    }
  }
  if (!next) return { current, next: null, needed: 0, percent: current ? 100 : 0 };
  const from = current?.min_growth ?? 0;
  const span = next.min_growth - from;
  return { current, next, needed: next.min_growth - g, percent: span > 0 ? Math.floor(((g - from) * 100) / span) : 0 };
}

/** What a level takes off a package's price, in whole fen (a part of a fen is not taken off). */
export function memberDiscountFen(totalFen: number, pricePct: number): number {
  if (totalFen <= 0 || pricePct >= 100 || pricePct <= 0) return 0;
  return Math.floor((totalFen * (100 - pricePct)) / 100);
}

/** 95 → "9.5折", 90 → "9折", 100 → "" (no discount). */
export function discountLabel(pricePct: number): string {
  if (pricePct >= 100 || pricePct <= 0) return '';
  const tenths = pricePct / 10;
  return `${Number.isInteger(tenths) ? tenths : tenths.toFixed(1)}折`;
}
