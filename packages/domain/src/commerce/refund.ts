// Refund rules (docs/decisions/0006 "Refunds"). Pure decisions over data; the server's refunds
// module does the I/O in one transaction and the gateway call after it.
import { PayChannel } from '@portal/contract/enums';
import { canTransition } from './orderState';

export const REFUND_REASON_MAX = 200;

export type RefundRefusal = { kind: 'already' } | { kind: 'not_paid'; message: string };

/** null when an order in this state may be refunded (paid | fulfilled → refunded). */
export function refundRefusal(state: string): RefundRefusal | null {
  if (state === 'refunded') return { kind: 'already' };
  if (canTransition(state, 'refunded')) return null;
  const message =
    state === 'pending'
      ? '订单尚未支付，无需退款（可关闭订单）'
      : state === 'closed'
        ? '订单已关闭，未收款，无需退款'
        : state === 'failed'
          ? '订单支付失败，未收款，无需退款'
          : '订单状态异常，无法退款';
  return { kind: 'not_paid', message };
}

/** The operator's reason is kept with the refund: required, one line, at most 200 characters. */
export function refundReasonProblem(reason: string | null | undefined): string | null {
  const r = (reason ?? '').trim();
  if (r === '') return '请填写退款原因';
  if ([...r].length > REFUND_REASON_MAX) return `退款原因不能超过${REFUND_REASON_MAX}个字`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(r)) return '退款原因不能包含换行或控制字符';
  return null;
}

/**
 * Refund numbers are derived, never random: a rerun after a crash (or a second operator) finds
 * the same refunds row, and the gateway, idempotent per refund number, pays back once.
 */
export const orderRefundNo = (orderNo: string): string => `RF${orderNo}`;
export const lateRefundNo = (orderNo: string, paymentRowId: number): string => `RF${orderNo}L${paymentRowId}`;

export type RefundRoute = 'gateway' | 'balance' | 'none';

/** Where the money goes back: the gateway it came through, the balance it came from, or nowhere (paid 0). */
export function refundRoute(order: { pay_channel: number; payable_fen: number }): RefundRoute {
  if (order.payable_fen <= 0) return 'none';
  return order.pay_channel === PayChannel.Balance ? 'balance' : 'gateway';
}

export interface LedgerCredit {
  kind: string;
  amount_fen: number;
}

/** A recharge is refunded by taking back what it credited (recharge and bonus), if the balance still covers it. */
export function rechargeTakeBack(
  entries: LedgerCredit[],
  balanceFen: number,
): { entries: LedgerCredit[]; total_fen: number; covered: boolean } {
  const credits = entries.filter((e) => (e.kind === 'recharge' || e.kind === 'bonus') && e.amount_fen > 0);
  const total = credits.reduce((a, e) => a + e.amount_fen, 0);
  return { entries: credits, total_fen: total, covered: balanceFen >= total };
}

/** A coupon package's vouchers can be revoked only when none is used or held by a pending order. */
export function voucherRevocationProblem(statuses: string[]): 'used' | 'locked' | null {
  if (statuses.includes('used')) return 'used';
  if (statuses.includes('locked')) return 'locked';
  return null;
}

/** Data a refuel or superposition added is taken back, but never below what was used of that package. */
export function takeBackKb(totalKb: number, addKb: number, usedKb: number): { total_kb: number; taken_kb: number } {
  const floor = Math.max(0, usedKb);
  const total = Math.min(totalKb, Math.max(totalKb - Math.max(0, addKb), floor));
  return { total_kb: total, taken_kb: totalKb - total };
}

/**
 * A superposition may have moved its package's expiry later. Put it back, unless something else
 * has moved it since (then the expiry is no longer this order's to undo).
 */
export function expiryAfterTakeBack(current: string, before: string | null, after: string | null): string {
  return before && after && current === after ? before : current;
}

/** The package rows an order created end now; a row queued for later becomes an empty window. Null: already over. */
export function endedSegment(
  seg: { started_at: string; expired_at: string },
  now: Date,
): { started_at: string; expired_at: string } | null {
  const nowMs = now.getTime();
  if (Date.parse(seg.expired_at) <= nowMs) return null;
  const nowIso = now.toISOString();
  return { started_at: Date.parse(seg.started_at) > nowMs ? nowIso : seg.started_at, expired_at: nowIso };
}

export type CardFlag = 'order_has_payment' | 'ordered_flag' | 'balance_order_has_payment' | 'has_first_balance_order';

/** The card flags an order of each kind turns on when delivered. */
export const FLAGS_OF_GOODS = {
  package: ['order_has_payment', 'ordered_flag'],
  recharge: ['balance_order_has_payment', 'has_first_balance_order'],
  coupon_package: [],
} as const satisfies Record<string, readonly CardFlag[]>;

export function flagsOfGoods(goodsType: string): readonly CardFlag[] {
  return (FLAGS_OF_GOODS as Record<string, readonly CardFlag[]>)[goodsType] ?? [];
}

/**
 * A card flag after a refund. A flag that an order turned on stays on only while another order of
 * the same kind is still paid (a card whose only package was refunded must buy one again); a flag
 * set otherwise (seeded, by the carrier or an operator) is not the refund's to clear.
 */
export function flagAfterRefund(current: number, setByAnOrder: boolean, otherPaidOrders: number): number {
  if (!setByAnOrder) return current;
  return otherPaidOrders > 0 ? 1 : 0;
}

/**
 * The card's expiry after a package refund: the later of its expiry before the order and the
 * packages that remain, but never later than it is now (a refund does not lengthen a card).
 */
export function cardExpiryAfterRefund(current: string, before: string, remaining: string[]): string {
  let best = Number.isNaN(Date.parse(before)) ? null : before;
  for (const r of remaining) {
    if (Number.isNaN(Date.parse(r))) continue;
    if (best === null || Date.parse(r) > Date.parse(best)) best = r;
  }
  if (best === null) return current;
  return !Number.isNaN(Date.parse(current)) && Date.parse(best) > Date.parse(current) ? current : best;
}

/**
 * Another paid order's package queued behind (starting after) this order's packages: ending this
 * order's packages now would leave a gap before it starts, so the refund is refused until the
 * later order is dealt with.
 */
export function queuedBehind(own: { started_at: string }[], others: { started_at: string; order_no: string }[], now: Date): string[] {
  if (own.length === 0) return [];
  const ownStart = Math.min(...own.map((s) => Date.parse(s.started_at)));
  const nowMs = now.getTime();
  return [
    ...new Set(others.filter((o) => Date.parse(o.started_at) > nowMs && Date.parse(o.started_at) >= ownStart).map((o) => o.order_no)),
  ];
}
