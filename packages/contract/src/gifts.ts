// A card's gifts (/gift, spec §2): what the card has been given — balance bonuses (first
// recharge, opening gifts), vouchers from promotions and coupon packages — with their state and
// where each came from. Read from the ledger and the vouchers the server already keeps.
import { z } from 'zod';
import { DateTime, Yuan } from './schemas';

/** balance: money added to the card's balance; voucher: a voucher for a later purchase */
export const GIFT_KINDS = ['balance', 'voucher'] as const;
/** pending 待发放 (arrives when its order is paid), granted 已发放, expired 已过期,
 *  revoked 已收回 (taken back by a refund) */
export const GIFT_STATES = ['pending', 'granted', 'expired', 'revoked'] as const;

export const Gift = z.object({
  /** unique within the answer: "balance-<ledger id>", "order-<order no>", "voucher-<id>" */
  key: z.string(),
  kind: z.enum(GIFT_KINDS),
  /** what the gift is, e.g. 首充赠送余额 / 5元满减券 */
  title: z.string(),
  amount: Yuan,
  state: z.enum(GIFT_STATES),
  /** where it came from, e.g. 首充优惠 / 券包：超值券包 / 活动赠送 */
  source: z.string(),
  /** one line more about it (已使用 / 满20元可用 / 支付后到账 …), "" when nothing to add */
  detail: z.string(),
  /** when it was granted (or, pending, when it was ordered) */
  at: DateTime,
  /** a voucher's expiry, "" for a balance gift (it does not expire) */
  expires_at: DateTime,
});
export type Gift = z.infer<typeof Gift>;

export const GiftsAnswer = z.object({
  /** newest first */
  list: z.array(Gift),
});
export type GiftsAnswer = z.infer<typeof GiftsAnswer>;
