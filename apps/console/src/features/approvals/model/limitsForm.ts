// 限额设置's form: money limits typed in yuan, sent in fen; days as they are.
import type { AdminInputOf } from '@portal/contract/admin';
import type { WriteLimits } from '../api/approvals';

export interface LimitsFields {
  voucher_amount: number;
  voucher_valid_days: number;
  voucher_batch_total: number;
  balance_adjust: number;
  retail_price: number;
  commission_adjust: number;
  payout_change_days: number;
  refund: number;
  reason: string;
}

const toFen = (yuan: number) => Math.round(yuan * 100);

export const limitsInitial = (l: WriteLimits): Omit<LimitsFields, 'reason'> => ({
  voucher_amount: l.voucher_amount_fen / 100,
  voucher_valid_days: l.voucher_valid_days,
  voucher_batch_total: l.voucher_batch_total_fen / 100,
  balance_adjust: l.balance_adjust_fen / 100,
  retail_price: l.retail_price_fen / 100,
  commission_adjust: l.commission_adjust_fen / 100,
  payout_change_days: l.payout_change_days,
  refund: l.refund_fen / 100,
});

export const limitsBody = (v: LimitsFields): AdminInputOf<'adminWriteLimitsSave'> => ({
  voucher_amount_fen: toFen(v.voucher_amount),
  voucher_valid_days: v.voucher_valid_days,
  voucher_batch_total_fen: toFen(v.voucher_batch_total),
  balance_adjust_fen: toFen(v.balance_adjust),
  retail_price_fen: toFen(v.retail_price),
  commission_adjust_fen: toFen(v.commission_adjust),
  payout_change_days: v.payout_change_days,
  refund_fen: toFen(v.refund),
  reason: v.reason.trim(),
});
