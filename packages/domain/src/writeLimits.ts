// Limits on the console's riskiest writes (docs/decisions/0048-limits-and-a-second-approver.md): a
// voucher's face value, validity and the whole batch's worth, one manual balance adjustment, a
// retail price. A write above a limit is not refused: it waits for a second operator's approval.
// These rules say which limits a write passes and in what words; the platform administrator sets the
// figures. Pure, shared by the server (which decides) and the console (which says it before sending).

export interface WriteLimits {
  /** the most one voucher may be worth, fen */
  voucher_amount_fen: number;
  /** the longest a voucher may stay valid, days */
  voucher_valid_days: number;
  /** the most a whole issue may be worth (face value × cards), fen */
  voucher_batch_total_fen: number;
  /** the most one manual balance adjustment may move, either way, fen */
  balance_adjust_fen: number;
  /** the highest retail price of a package, fen */
  retail_price_fen: number;
  /** the most one manual commission adjustment of an agent may move, either way, fen (docs/decisions/0056) */
  commission_adjust_fen: number;
  /**
   * for how many days whoever changed an agent's payout account or verification mobile may not
   * approve that agent's withdrawals (docs/decisions/0056); longer is stricter
   */
  payout_change_days: number;
  /**
   * the most one refund (a whole order's, a partial one, a holder's request approved) may give back,
   * fen; above it the refund waits for another person (docs/decisions/0059-refunds-and-second-factors-held.md)
   */
  refund_fen: number;
}

export type WriteLimitKey = keyof WriteLimits;

/** What a platform starts with: generous for everyday work, far below a typo's worth. */
export const DEFAULT_WRITE_LIMITS: WriteLimits = {
  voucher_amount_fen: 10_000,
  voucher_valid_days: 365,
  voucher_batch_total_fen: 1_000_000,
  balance_adjust_fen: 100_000,
  retail_price_fen: 100_000,
  commission_adjust_fen: 100_000,
  payout_change_days: 7,
  refund_fen: 100_000,
};

/** What each limit is called, for the settings form and the breach messages. */
export const WRITE_LIMIT_LABEL: Record<WriteLimitKey, string> = {
  voucher_amount_fen: '单张券面额上限',
  voucher_valid_days: '券有效天数上限',
  voucher_batch_total_fen: '单批发放总额上限',
  balance_adjust_fen: '单次余额调整上限',
  retail_price_fen: '套餐零售价上限',
  commission_adjust_fen: '单次佣金调整上限',
  payout_change_days: '改收款账户或验证手机后不得审核该代理提现的天数',
  refund_fen: '单笔退款上限',
};

/** A limited write, by what the limits look at. */
export type LimitedWrite =
  | { kind: 'voucher_issue'; amount_fen: number; valid_days: number; card_count: number }
  | { kind: 'balance_adjust'; amount_fen: number }
  | { kind: 'commission_adjust'; amount_fen: number }
  /** what one refund gives back */
  | { kind: 'refund'; amount_fen: number }
  | { kind: 'price'; retail_fen: number }
  /**
   * A coupon package's voucher templates: each buyer is issued them all, so each is held to a
   * voucher's limits and their sum to a batch's — as if issued to one card.
   */
  | { kind: 'coupon_package'; vouchers: readonly { amount_fen: number; valid_days: number }[] };

export interface LimitBreach {
  limit: WriteLimitKey;
  value: number;
  max: number;
  /** e.g. 单张券面额 ¥100000.00 超过上限 ¥100.00 */
  message: string;
}

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

function breach(limit: WriteLimitKey, what: string, value: number, max: number, show: (n: number) => string): LimitBreach | null {
  return value > max ? { limit, value, max, message: `${what} ${show(value)} 超过上限 ${show(max)}` } : null;
}

/** The limits a write goes past; empty: it may be carried out at once. */
export function limitBreaches(limits: WriteLimits, w: LimitedWrite): LimitBreach[] {
  const days = (n: number) => `${n} 天`;
  if (w.kind === 'coupon_package') {
    const most = (f: (v: { amount_fen: number; valid_days: number }) => number) => Math.max(0, ...w.vouchers.map(f));
    return [
      breach(
        'voucher_amount_fen',
        '券包内单张券面额',
        most((v) => v.amount_fen),
        limits.voucher_amount_fen,
        yuan,
      ),
      breach(
        'voucher_valid_days',
        '券包内券有效天数',
        most((v) => v.valid_days),
        limits.voucher_valid_days,
        days,
      ),
      breach(
        'voucher_batch_total_fen',
        '券包内券总额',
        w.vouchers.reduce((sum, v) => sum + v.amount_fen, 0),
        limits.voucher_batch_total_fen,
        yuan,
      ),
    ].filter((b): b is LimitBreach => b !== null);
  }
  const found =
    w.kind === 'voucher_issue'
      ? [
          breach('voucher_amount_fen', '单张券面额', w.amount_fen, limits.voucher_amount_fen, yuan),
          breach('voucher_valid_days', '有效天数', w.valid_days, limits.voucher_valid_days, days),
          breach('voucher_batch_total_fen', '本批总额', w.amount_fen * w.card_count, limits.voucher_batch_total_fen, yuan),
        ]
      : w.kind === 'balance_adjust'
        ? [breach('balance_adjust_fen', '调整金额', Math.abs(w.amount_fen), limits.balance_adjust_fen, yuan)]
        : w.kind === 'commission_adjust'
          ? [breach('commission_adjust_fen', '佣金调整金额', Math.abs(w.amount_fen), limits.commission_adjust_fen, yuan)]
          : w.kind === 'refund'
            ? [breach('refund_fen', '退款金额', w.amount_fen, limits.refund_fen, yuan)]
            : [breach('retail_price_fen', '零售价', w.retail_fen, limits.retail_price_fen, yuan)];
  return found.filter((b): b is LimitBreach => b !== null);
}

/** One sentence for an operator: why the write waits for approval. */
export function breachSentence(breaches: readonly LimitBreach[]): string {
  return `${breaches.map((b) => b.message).join('；')}，需另一位管理员审批后生效`;
}

/** The limits where a stricter figure is the smaller one; payout_change_days is stricter the longer. */
const LONGER_IS_STRICTER: readonly WriteLimitKey[] = ['payout_change_days'];

export interface LimitChange {
  limit: WriteLimitKey;
  before: number;
  after: number;
  /** lets more through than before: a second platform administrator must agree */
  loosens: boolean;
  /** e.g. 单次余额调整上限 ¥1000.00 → ¥5000.00 */
  message: string;
}

/**
 * What a save of the limits changes, each with whether it loosens (docs/decisions/0056): tightening
 * is safe for one person; loosening is the first step of taking money alone, so it waits.
 */
export function limitChanges(before: WriteLimits, after: WriteLimits): LimitChange[] {
  return (Object.keys(WRITE_LIMIT_LABEL) as WriteLimitKey[])
    .filter((k) => before[k] !== after[k])
    .map((k) => {
      const show = k === 'voucher_valid_days' || k === 'payout_change_days' ? (n: number) => `${n} 天` : yuan;
      const loosens = LONGER_IS_STRICTER.includes(k) ? after[k] < before[k] : after[k] > before[k];
      return {
        limit: k,
        before: before[k],
        after: after[k],
        loosens,
        message: `${WRITE_LIMIT_LABEL[k]} ${show(before[k])} → ${show(after[k])}`,
      };
    });
}
