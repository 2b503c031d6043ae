// Pricing and voucher rules (docs/decisions/0006). Integer fen in, integer fen out: the server
// prices every order with these; the client only shows what the server answers.

export interface VoucherTerms {
  amount_fen: number;
  min_spend_fen: number;
  /** package types it applies to; empty = any */
  package_types: number[];
  expires_at: string;
  /** usable | locked | used */
  status: string;
}

export interface Goods {
  total_fen: number;
  /** the package's type; null for a recharge or a coupon package */
  package_type: number | null;
  /** the package lets a voucher be used (a recharge or a coupon package never does) */
  voucher_allowed: boolean;
}

export type VoucherProblem = 'not_allowed' | 'unusable' | 'expired' | 'min_spend' | 'package_type' | 'too_large';

/** Why this voucher cannot pay towards these goods now; null when it can. Checked in this order. */
export function voucherProblem(v: VoucherTerms, goods: Goods, now: Date): VoucherProblem | null {
  if (!goods.voucher_allowed || goods.package_type === null) return 'not_allowed';
  if (v.status !== 'usable') return 'unusable';
  if (Date.parse(v.expires_at) <= now.getTime()) return 'expired';
  if (goods.total_fen < v.min_spend_fen) return 'min_spend';
  if (v.package_types.length > 0 && !v.package_types.includes(goods.package_type)) return 'package_type';
  // A voucher larger than the price would be partly lost; the user keeps it for a bigger order.
  if (v.amount_fen > goods.total_fen) return 'too_large';
  return null;
}

export interface Price {
  total_fen: number;
  discount_fen: number;
  payable_fen: number;
}

/**
 * At most one voucher per order. The discount never exceeds the total, so the payable is never
 * negative; a voucher that covers the whole price gives payable 0 (settled without a payment).
 * Any other payable is at least 1 fen (0.01 yuan) by construction: fen are integers.
 */
export function priceOf(totalFen: number, voucherAmountFen: number | null): Price {
  if (!Number.isInteger(totalFen) || totalFen < 0) throw new RangeError('total must be a non-negative integer of fen');
  const discount = voucherAmountFen === null ? 0 : Math.max(0, Math.min(voucherAmountFen, totalFen));
  return { total_fen: totalFen, discount_fen: discount, payable_fen: totalFen - discount };
}

/** Best first: the largest discount, then the one that expires soonest, then the oldest id. */
export function rankVouchers<T extends VoucherTerms & { id: number }>(list: T[]): T[] {
  return [...list].sort((a, b) => b.amount_fen - a.amount_fen || Date.parse(a.expires_at) - Date.parse(b.expires_at) || a.id - b.id);
}

/** The status a voucher shows: a usable or locked voucher past its expiry is expired. */
export function voucherStatus(v: Pick<VoucherTerms, 'status' | 'expires_at'>, now: Date): 'usable' | 'locked' | 'used' | 'expired' {
  if (v.status === 'used') return 'used';
  if (Date.parse(v.expires_at) <= now.getTime()) return 'expired';
  return v.status === 'locked' ? 'locked' : 'usable';
}

export const RECHARGE_MIN_FEN = 100;
export const RECHARGE_MAX_FEN = 500_000;

/** A recharge amount in whole yuan 1..5000 (docs/spec/portal-spec.md §5) as fen; null when it is not one. */
export function rechargeAmountFen(yuan: unknown): number | null {
  if (typeof yuan !== 'number' || !Number.isInteger(yuan)) return null;
  const fen = yuan * 100;
  return fen >= RECHARGE_MIN_FEN && fen <= RECHARGE_MAX_FEN ? fen : null;
}

export interface FirstRechargeTerms {
  amount_fen: number;
  bonus_fen: number;
}

/** The first-recharge bonus: only before the card's first balance order, and from the offer's amount up. */
export function firstRechargeBonus(amountFen: number, hasFirstBalanceOrder: boolean, offer: FirstRechargeTerms | null): number {
  if (hasFirstBalanceOrder || !offer) return 0;
  return amountFen >= offer.amount_fen ? offer.bonus_fen : 0;
}
