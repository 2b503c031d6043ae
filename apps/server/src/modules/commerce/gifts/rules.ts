// Which gifts a card has and in what state: pure, from the rows the server keeps (./repo.ts and
// the vouchers). A gift is either balance (a bonus in the ledger, or the bonus a first-recharge
// order will bring once paid) or a voucher (from a promotion, a coupon package, a new-user pack).
import type { Gift } from '@portal/contract';
import { fenToYuan, voucherStatus } from '@portal/domain';

export interface BonusRow {
  id: number;
  amount_fen: number;
  order_no: string;
  note: string;
  created_at: string;
  /** the state of the order that earned it; null when it came without an order */
  order_state: string | null;
}

export interface BonusOrderRow {
  order_no: string;
  bonus_fen: number;
  total_fen: number;
  /** pending | paid */
  state: string;
  created_at: string;
  expires_at: string;
}

export interface VoucherGiftRow {
  id: number;
  name: string;
  amount_fen: number;
  min_spend_fen: number;
  /** usable | locked | used | revoked */
  status: string;
  expires_at: string;
  source: string;
  created_at: string;
}

export interface GiftFacts {
  bonuses: BonusRow[];
  bonusOrders: BonusOrderRow[];
  vouchers: VoucherGiftRow[];
  /** the card already had its first recharge: an unpaid order no longer brings the bonus */
  firstRechargeDone: boolean;
}

const yuanText = (fen: number) => `${fenToYuan(fen)}元`;

function bonusGift(b: BonusRow): Gift {
  const fromOrder = b.order_no !== '';
  return {
    key: `balance-${b.id}`,
    kind: 'balance',
    title: '赠送余额',
    amount: fenToYuan(b.amount_fen),
    // a refund of the recharge takes its bonus back (refunds/service.ts)
    state: b.order_state === 'refunded' ? 'revoked' : 'granted',
    source: fromOrder ? '首充优惠' : b.note || '代理赠送',
    detail:
      b.order_state === 'refunded'
        ? '充值已退款，赠送余额随之收回'
        : fromOrder
          ? `充值订单 ${b.order_no} 到账时赠送，已存入余额`
          : '已存入余额',
    at: b.created_at,
    expires_at: '',
  };
}

function pendingBonusGift(o: BonusOrderRow, now: Date): Gift | null {
  // an unpaid order past its payment window will close: it brings nothing
  if (o.state === 'pending' && Date.parse(o.expires_at) <= now.getTime()) return null;
  return {
    key: `order-${o.order_no}`,
    kind: 'balance',
    title: '赠送余额',
    amount: fenToYuan(o.bonus_fen),
    state: 'pending',
    source: '首充优惠',
    detail:
      o.state === 'paid' ? `充值 ${yuanText(o.total_fen)}已支付，赠送余额即将到账` : `充值 ${yuanText(o.total_fen)}待支付，支付成功后到账`,
    at: o.created_at,
    expires_at: '',
  };
}

function voucherGift(v: VoucherGiftRow, now: Date): Gift {
  const base = {
    key: `voucher-${v.id}`,
    kind: 'voucher' as const,
    title: v.name,
    amount: fenToYuan(v.amount_fen),
    source: v.source || '活动赠送',
    at: v.created_at,
    expires_at: v.expires_at,
  };
  // a refunded coupon package takes back its unused vouchers (status revoked, expiry brought to then)
  if (v.status === 'revoked') return { ...base, state: 'revoked', detail: '券包已退款，优惠券随之收回' };
  const status = voucherStatus(v, now);
  if (status === 'expired') return { ...base, state: 'expired', detail: '已过期，未使用' };
  const terms = v.min_spend_fen > 0 ? `满${yuanText(v.min_spend_fen)}可用` : '无门槛';
  const detail = status === 'used' ? '已使用' : status === 'locked' ? `${terms}，待支付订单占用中` : `${terms}，可在订购套餐时使用`;
  return { ...base, state: 'granted', detail };
}

/** The card's gifts, newest first. */
export function giftsOf(facts: GiftFacts, now: Date): Gift[] {
  const pending = facts.firstRechargeDone
    ? []
    : facts.bonusOrders.map((o) => pendingBonusGift(o, now)).filter((g): g is Gift => g !== null);
  const all = [...pending, ...facts.bonuses.map(bonusGift), ...facts.vouchers.map((v) => voucherGift(v, now))];
  return all.sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || a.key.localeCompare(b.key));
}
