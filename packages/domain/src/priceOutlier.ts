// A price far from its series' others (the console's guardrail on 套餐 prices): a mistyped
// ¥99,999 for 30 GB, or ¥0.30 for it, is said before it is saved. Compared by price per GB with the
// series' other packages of the same type (a refuel is dearer per GB than a monthly plan, and that
// is not a mistake); the middle of them (the median) is the yardstick, so one odd sibling does not
// move it. Packages without data (a time-only plan) are not compared. Pure.

/** How many times dearer or cheaper per GB than the series' middle a price may be without a word. */
export const PRICE_OUTLIER_FACTOR = 5;

export interface PricedPackage {
  id?: number;
  package_type: number;
  flow_mb: number;
  retail_fen: number;
}

export interface PriceOutlier {
  /** the package's price per GB, fen */
  per_gb_fen: number;
  /** the series' middle price per GB for this type, fen */
  median_per_gb_fen: number;
  /** how many times the middle (≥ 1 either way) */
  times: number;
  dearer: boolean;
  message: string;
}

const perGb = (p: PricedPackage) => (p.retail_fen * 1024) / p.flow_mb;
const yuan = (fen: number) => (fen / 100).toFixed(2);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Whether `p` is priced far from its siblings (the series' packages; `p` itself among them is ignored). */
export function priceOutlier(p: PricedPackage, siblings: readonly PricedPackage[]): PriceOutlier | null {
  if (p.flow_mb <= 0) return null;
  const others = siblings.filter(
    (s) => s.package_type === p.package_type && s.flow_mb > 0 && s.retail_fen > 0 && (p.id === undefined || s.id !== p.id),
  );
  if (others.length === 0) return null;
  const mid = median(others.map(perGb));
  const mine = perGb(p);
  const dearer = mine >= mid;
  const times = mine === 0 ? Infinity : dearer ? mine / mid : mid / mine;
  if (times < PRICE_OUTLIER_FACTOR) return null;
  const shown = Number.isFinite(times) ? `${times >= 10 ? Math.round(times) : times.toFixed(1)} 倍` : '远低于';
  return {
    per_gb_fen: Math.round(mine),
    median_per_gb_fen: Math.round(mid),
    times: Number.isFinite(times) ? Math.round(times * 10) / 10 : 0,
    dearer,
    message: dearer
      ? `该套餐每 GB ${yuan(mine)} 元，是同系列同类套餐（每 GB 约 ${yuan(mid)} 元）的 ${shown}，请核对价格`
      : `该套餐每 GB ${yuan(mine)} 元，${Number.isFinite(times) ? `仅为同系列同类套餐（每 GB 约 ${yuan(mid)} 元）的 1/${shown.replace(' 倍', '')}` : `远低于同系列同类套餐（每 GB 约 ${yuan(mid)} 元）`}，请核对价格`,
  };
}
