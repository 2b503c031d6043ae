import { describe, expect, it } from 'vitest';
import { limitsBody, limitsInitial } from './limitsForm';

describe('限额设置 form', () => {
  it('shows fen as yuan and sends yuan back as whole fen', () => {
    const l = {
      voucher_amount_fen: 10_000,
      voucher_valid_days: 365,
      voucher_batch_total_fen: 1_000_000,
      balance_adjust_fen: 100_000,
      retail_price_fen: 99_990,
      commission_adjust_fen: 100_000,
      payout_change_days: 7,
      refund_fen: 100_000,
    };
    const shown = limitsInitial(l);
    expect(shown).toEqual({
      voucher_amount: 100,
      voucher_valid_days: 365,
      voucher_batch_total: 10_000,
      balance_adjust: 1000,
      retail_price: 999.9,
      commission_adjust: 1000,
      payout_change_days: 7,
      refund: 1000,
    });
    expect(limitsBody({ ...shown, retail_price: 0.29 + 0.01, reason: ' 收紧 ' })).toMatchObject({ retail_price_fen: 30, reason: '收紧' });
    expect(limitsBody({ ...shown, reason: '不变' })).toEqual({ ...l, reason: '不变' });
  });
});
