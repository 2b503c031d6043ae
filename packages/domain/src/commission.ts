// Agents' commission (docs/decisions/0035-agent-commissions.md): the pure rules the server's
// commissions module and the console share. Money is integer fen everywhere; nothing here reads
// a clock or a database.
//
// The pricing rule: an agent earns what its card holder paid for goods that have a platform cost
// price (packages and upgrades) less that cost. Member prices and vouchers are the agent's own
// programme, so they come out of the agent's share; the platform always keeps its cost, and a
// sale discounted below cost is a negative commission row (the agent pays the difference).
// Recharges are money kept on the card: the commission comes when the balance buys a package.

export type CommissionKind = 'order' | 'refund' | 'adjustment' | 'withdrawal' | 'withdrawal_return';
export const COMMISSION_KINDS: readonly CommissionKind[] = ['order', 'refund', 'adjustment', 'withdrawal', 'withdrawal_return'];

/** The goods an agent earns on: they have a platform cost price. */
export const COMMISSION_GOODS = ['package', 'upgrade'] as const;

export interface OrderForCommission {
  goods_type: string;
  total_fen: number;
  /** member price and voucher together (orders.discount_fen) */
  discount_fen: number;
}

export interface CatalogueCost {
  /** what the platform charges the agent for the package */
  cost_fen: number;
  /** the package's retail price */
  price_fen: number;
}

export interface CommissionOfOrder {
  /** retail the holder was quoted before discounts */
  retail_fen: number;
  discount_fen: number;
  cost_fen: number;
  commission_fen: number;
}

/**
 * The commission an order earns, or null when it earns none (goods without a cost price, or a
 * package missing from the catalogue). An upgrade is priced as the difference of two packages: its
 * cost is the same share of the target package's cost as its price is of the target's retail.
 */
export function commissionOfOrder(order: OrderForCommission, pkg: CatalogueCost | null): CommissionOfOrder | null {
  if (!(COMMISSION_GOODS as readonly string[]).includes(order.goods_type) || !pkg) return null;
  const retail = order.total_fen;
  const cost =
    order.goods_type === 'package' || pkg.price_fen <= 0
      ? Math.min(pkg.cost_fen, retail)
      : Math.round((retail * pkg.cost_fen) / pkg.price_fen);
  // a package sold at its full price costs its cost price; quoted cheaper (a retail below the
  // catalogue's, never expected) the platform never charges more than was sold
  return { retail_fen: retail, discount_fen: order.discount_fen, cost_fen: cost, commission_fen: retail - order.discount_fen - cost };
}

/**
 * The reversing amount of a refund: the credited commission in proportion to what was refunded
 * of what was paid (a whole refund reverses it exactly). Rounded toward the whole credit so that
 * refunds adding up to the payment reverse exactly the credit.
 */
export function reversalOf(creditedFen: number, refundedFen: number, paidFen: number, alreadyReversedFen = 0): number {
  if (creditedFen === 0) return 0;
  const left = creditedFen - alreadyReversedFen;
  if (paidFen <= 0 || refundedFen >= paidFen) return -left;
  const share = Math.round((creditedFen * refundedFen) / paidFen);
  return -(Math.abs(share) > Math.abs(left) ? left : share);
}

export const DEFAULT_HOLDING_DAYS = 7;
export const MAX_HOLDING_DAYS = 90;

/** When a credit becomes withdrawable: the holding period after it was earned (refunds in the window reverse it first). */
export function availableAtOf(createdIso: string, holdingDays: number): string {
  return new Date(Date.parse(createdIso) + holdingDays * 86_400_000).toISOString();
}

export interface LedgerEntryForBalance {
  amount_fen: number;
  available_at: string;
}

export interface CommissionBalance {
  /** Σ of every row */
  balance_fen: number;
  /** credits still in their holding period */
  pending_fen: number;
  /** what may be asked for now (never below 0) */
  withdrawable_fen: number;
}

/**
 * Balance and withdrawable amount of an agent's rows at `nowIso`. A row counts once its
 * available_at has passed: a credit after its holding period, a debit at once — except the reversal
 * of a credit still held, which carries that credit's available_at and so cancels the held amount,
 * not money already free (reversalAvailableAt).
 */
export function balanceOf(rows: readonly LedgerEntryForBalance[], nowIso: string): CommissionBalance {
  let balance = 0;
  let held = 0;
  for (const r of rows) {
    balance += r.amount_fen;
    if (r.available_at > nowIso) held += r.amount_fen;
  }
  const pending = Math.max(0, held);
  return { balance_fen: balance, pending_fen: pending, withdrawable_fen: Math.max(0, balance - pending) };
}

/** When an order's credit counts: a positive one after the holding period, a negative one (sold below cost) at once. */
export function creditAvailableAt(amountFen: number, createdIso: string, holdingDays: number): string {
  return amountFen > 0 ? availableAtOf(createdIso, holdingDays) : createdIso;
}

/** When a refund's reversal counts: with the credit it reverses while that is still held, else at once. */
export function reversalAvailableAt(creditAvailableAt: string, nowIso: string): string {
  return creditAvailableAt > nowIso ? creditAvailableAt : nowIso;
}

/** The most one withdrawal may ask for: 50,000.00 元. */
export const WITHDRAWAL_MAX_FEN = 5_000_000;
/** The least: 1.00 元 (a transfer below it costs more than it moves). */
export const WITHDRAWAL_MIN_FEN = 100;

/** Why an amount cannot be withdrawn now, in Chinese; null when it can. */
export function withdrawalProblem(amountFen: number, withdrawableFen: number): string | null {
  if (!Number.isInteger(amountFen)) return '金额最多两位小数';
  if (amountFen <= 0) return '提现金额必须大于 0';
  if (amountFen < WITHDRAWAL_MIN_FEN) return '单次提现不少于 1.00 元';
  if (amountFen > WITHDRAWAL_MAX_FEN) return '单次提现不能超过 50000.00 元';
  if (amountFen > withdrawableFen) return `可提现金额仅 ${(Math.max(0, withdrawableFen) / 100).toFixed(2)} 元`;
  return null;
}

/** How an agent is paid. */
export const PAYOUT_METHODS = { 1: '银行卡', 2: '支付宝', 3: '微信零钱' } as const;
export type PayoutMethod = keyof typeof PAYOUT_METHODS;

export interface PayoutAccount {
  method: number;
  payee: string;
  account: string;
}

/** Why an account on file cannot be paid to, in Chinese; null when it can. */
export function payoutAccountProblem(a: PayoutAccount): string | null {
  if (!(a.method in PAYOUT_METHODS)) return '请选择收款方式';
  const payee = a.payee.trim();
  if (payee.length < 2 || payee.length > 40) return '收款人姓名须为 2–40 个字';
  const account = a.account.trim();
  if (!account) return '请填写收款账号';
  if (a.method === 1 && !/^\d{12,19}$/.test(account)) return '银行卡号须为 12–19 位数字';
  if (a.method === 2 && !/^(1\d{10}|[^@\s]+@[^@\s]+\.[^@\s]+)$/.test(account)) return '支付宝账号须为手机号或邮箱';
  if (a.method === 3 && !/^[A-Za-z0-9_-]{6,64}$/.test(account)) return '微信收款账号（openid）格式有误';
  return null;
}

/** 6222 **** **** 1234 style: the account as lists and statements show it. */
export function maskAccount(account: string): string {
  const a = account.trim();
  if (a.length <= 4) return a ? '****' : '';
  if (a.includes('@')) {
    const [name, host] = a.split('@');
    return `${name!.slice(0, 1)}***@${host}`;
  }
  return `${a.slice(0, Math.min(3, a.length - 4))}****${a.slice(-4)}`;
}

export interface StatementEntry {
  kind: CommissionKind;
  amount_fen: number;
  created_at: string;
}

export interface StatementTotals {
  opening_fen: number;
  orders_fen: number;
  order_count: number;
  refunds_fen: number;
  refund_count: number;
  adjustments_fen: number;
  withdrawals_fen: number;
  closing_fen: number;
}

/**
 * A month's totals from the rows before it (the opening balance) and its own rows. Withdrawals are
 * net of amounts returned by a rejection or a failed payout. closing = opening + Σ of the month.
 */
export function statementTotals(openingFen: number, rows: readonly StatementEntry[]): StatementTotals {
  const t: StatementTotals = {
    opening_fen: openingFen,
    orders_fen: 0,
    order_count: 0,
    refunds_fen: 0,
    refund_count: 0,
    adjustments_fen: 0,
    withdrawals_fen: 0,
    closing_fen: openingFen,
  };
  for (const r of rows) {
    t.closing_fen += r.amount_fen;
    if (r.kind === 'order') {
      t.orders_fen += r.amount_fen;
      t.order_count += 1;
    } else if (r.kind === 'refund') {
      t.refunds_fen += r.amount_fen;
      t.refund_count += 1;
    } else if (r.kind === 'adjustment') t.adjustments_fen += r.amount_fen;
    else t.withdrawals_fen += r.amount_fen;
  }
  return t;
}

const SHANGHAI_OFFSET_MS = 8 * 3600_000;

/** A statement month "YYYY-MM" in China time as the UTC instants [from, to); null when malformed. */
export function chinaMonthRange(month: string): { from: string; to: string } | null {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  if (y < 2000 || y > 2100) return null;
  return {
    from: new Date(Date.UTC(y, mo - 1, 1) - SHANGHAI_OFFSET_MS).toISOString(),
    to: new Date(Date.UTC(y, mo, 1) - SHANGHAI_OFFSET_MS).toISOString(),
  };
}

/** The China-time month "YYYY-MM" of an instant. */
export function chinaMonthOf(d: Date): string {
  const t = new Date(d.getTime() + SHANGHAI_OFFSET_MS);
  return `${t.getUTCFullYear()}-${String(t.getUTCMonth() + 1).padStart(2, '0')}`;
}

export type WithdrawalState = 'requested' | 'approved' | 'paid' | 'rejected' | 'failed';
export const WITHDRAWAL_STATES: readonly WithdrawalState[] = ['requested', 'approved', 'paid', 'rejected', 'failed'];

/** Which decisions a withdrawal in a state accepts: the state machine, one place. */
export function nextWithdrawalState(state: WithdrawalState, action: 'approve' | 'reject' | 'paid' | 'failed'): WithdrawalState | null {
  if (state === 'requested' && action === 'approve') return 'approved';
  if (state === 'requested' && action === 'reject') return 'rejected';
  if (state === 'approved' && action === 'paid') return 'paid';
  if (state === 'approved' && action === 'failed') return 'failed';
  return null;
}

/** Whether leaving into `state` gives the amount back to the agent's balance. */
export function returnsAmount(state: WithdrawalState): boolean {
  return state === 'rejected' || state === 'failed';
}
