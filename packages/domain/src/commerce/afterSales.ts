// After-sales rules (docs/decisions/0045-partial-refunds-and-requests.md): an operator's partial
// refund, a holder's refund request and a holder's invoice request. Pure decisions over data; the
// server's refunds, refundRequests and invoices modules do the I/O.
import { PayChannel } from '@portal/contract/enums';

/** A partial refund: a whole number of fen, more than 0, at most what the order has left to give back. */
export function partialRefundProblem(amountFen: number, payableFen: number, refundedFen: number): string | null {
  if (!Number.isInteger(amountFen) || amountFen <= 0) return '退款金额须大于 0，最多两位小数';
  const left = Math.max(0, payableFen - refundedFen);
  if (left === 0) return '该订单已无可退金额';
  if (amountFen > left) return `退款金额不能超过可退金额 ${(left / 100).toFixed(2)} 元`;
  return null;
}

/** A partial refund's number: derived from the order and its place among the order's partial refunds. */
export const partialRefundNo = (orderNo: string, seq: number): string => `RF${orderNo}P${seq}`;

/** How many days after payment a holder may ask for a refund, when the agent sets nothing else. */
export const DEFAULT_REFUND_REQUEST_DAYS = 7;
export const REFUND_REQUEST_DAYS_MAX = 90;

export interface RefundRequestFacts {
  goods_type: string;
  state: string;
  paid_at: string | null;
  /** the agent's window in days (0: holders cannot ask) */
  window_days: number;
  /** the package rows the order created, with the data used on the card since each started */
  packages: { started_at: string; expired_at: string; used_kb: number }[];
  /** a refuel / superposition added data to another package instead of creating its own */
  added_to_other: boolean;
  /** a request of this order is waiting for the console */
  open_request: boolean;
}

export type RefundRequestVerdict = { ok: true; until: string } | { ok: false; why: string };

const DAY_MS = 86_400_000;

/**
 * Whether a holder may ask for a refund of an order now: a paid package order, within the agent's
 * window after payment, whose package has not started or has not used any data — what was bought
 * is still whole, so the refund takes it back entirely. Anything else goes through support.
 */
export function refundRequestVerdict(f: RefundRequestFacts, now: Date): RefundRequestVerdict {
  if (f.open_request) return { ok: false, why: '退款申请审核中' };
  if (f.state === 'refunded') return { ok: false, why: '订单已退款' };
  if (f.state !== 'paid' && f.state !== 'fulfilled') return { ok: false, why: '订单未支付，无需退款' };
  if (f.goods_type !== 'package') return { ok: false, why: '仅未使用的套餐订单可在线申请退款，其他订单请联系客服' };
  if (f.window_days <= 0 || !f.paid_at) return { ok: false, why: '该订单不支持在线申请退款，如有疑问请联系客服' };
  const until = new Date(Date.parse(f.paid_at) + f.window_days * DAY_MS);
  if (now.getTime() > until.getTime()) return { ok: false, why: `已超过支付后 ${f.window_days} 天的退款申请期限，如有疑问请联系客服` };
  if (f.added_to_other || f.packages.length === 0) return { ok: false, why: '该套餐已叠加到其他套餐中，请联系客服处理退款' };
  const nowMs = now.getTime();
  for (const p of f.packages) {
    if (Date.parse(p.expired_at) <= nowMs) return { ok: false, why: '套餐已结束，无法申请退款' };
    if (Date.parse(p.started_at) <= nowMs && p.used_kb > 0) return { ok: false, why: '套餐已开始使用，无法申请退款' };
  }
  return { ok: true, until: until.toISOString() };
}

/** A holder's words with a refund request: optional, one line, at most 200 characters. */
export function requestNoteProblem(text: string): string | null {
  const t = text.trim();
  if ([...t].length > 200) return '说明最多 200 个字';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(t)) return '说明不能包含换行或控制字符';
  return null;
}

// ---------- invoices ----------

export const INVOICE_TITLE_TYPES = ['personal', 'company'] as const;
export type InvoiceTitleType = (typeof INVOICE_TITLE_TYPES)[number];
export const INVOICE_TITLE_TYPE_LABEL: Record<InvoiceTitleType, string> = { personal: '个人', company: '单位' };

/** The characters of a unified social credit code (GB 32100-2015): digits and capitals without I, O, S, V, Z. */
const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character of the first 17 characters of a unified social credit code, or null when one is not allowed. */
export function usccCheckChar(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = USCC_CHARS.indexOf(first17[i] ?? '');
    if (v < 0) return null;
    sum += v * USCC_WEIGHTS[i]!;
  }
  const c = (31 - (sum % 31)) % 31;
  return USCC_CHARS[c]!;
}

/** Spaces removed and letters in capitals: how a taxpayer number is kept and compared. */
export const normalizeTaxNo = (s: string): string => s.replace(/\s+/g, '').toUpperCase();

/**
 * A company's taxpayer identification number (纳税人识别号), as China's invoices accept it:
 *   18 characters — the unified social credit code, its check character verified;
 *   15 characters — the old tax registration number: a 6-digit region code and the 9-character
 *                   organisation code;
 *   20 characters — the old number of an individual business: a 6-digit region code and 14 more
 *                   digits or capitals (an ID number and a sequence).
 */
export function taxNoProblem(input: string): string | null {
  const s = normalizeTaxNo(input);
  if (s === '') return '请填写单位的纳税人识别号';
  if (!/^[0-9A-Z]+$/.test(s)) return '纳税人识别号只能包含数字和大写字母';
  if (s.length === 18) {
    if (!/^[0-9A-HJ-NP-RTUW-Y]{18}$/.test(s)) return '统一社会信用代码不能包含 I、O、S、V、Z';
    return usccCheckChar(s.slice(0, 17)) === s[17] ? null : '统一社会信用代码校验位不正确，请核对';
  }
  if (s.length === 15) return /^\d{6}[0-9A-Z]{8}[0-9X]$/.test(s) ? null : '15 位纳税人识别号应为 6 位地区码加 9 位组织机构代码';
  if (s.length === 20) return /^\d{6}[0-9A-Z]{14}$/.test(s) ? null : '20 位纳税人识别号应以 6 位地区码开头';
  return '纳税人识别号应为 15、18 或 20 位';
}

const EMAIL =
  /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

export function emailProblem(input: string): string | null {
  const s = input.trim();
  if (s === '') return '请填写接收发票的邮箱';
  if (s.length > 100 || !EMAIL.test(s)) return '邮箱格式不正确';
  return null;
}

export interface InvoiceForm {
  title_type: string;
  title: string;
  tax_no: string;
  email: string;
}

/** Every problem of an invoice form, by field (empty: none). */
export function invoiceFormProblems(f: InvoiceForm): Partial<Record<keyof InvoiceForm, string>> {
  const out: Partial<Record<keyof InvoiceForm, string>> = {};
  if (f.title_type !== 'personal' && f.title_type !== 'company') out.title_type = '请选择抬头类型';
  const title = f.title.trim();
  if (title === '') out.title = f.title_type === 'company' ? '请填写单位名称' : '请填写个人姓名或抬头';
  else if ([...title].length > 100) out.title = '抬头最多 100 个字';
  // eslint-disable-next-line no-control-regex
  else if (/[\u0000-\u001f\u007f]/.test(title)) out.title = '抬头不能包含换行或控制字符';
  if (f.title_type === 'company') {
    const p = taxNoProblem(f.tax_no);
    if (p) out.tax_no = p;
  } else if (normalizeTaxNo(f.tax_no) !== '') {
    const p = taxNoProblem(f.tax_no);
    if (p) out.tax_no = p;
  }
  const e = emailProblem(f.email);
  if (e) out.email = e;
  return out;
}

export interface InvoiceFacts {
  state: string;
  pay_channel: number;
  payable_fen: number;
  refunded_fen: number;
  /** an invoice request of this order that was not rejected */
  live_request: boolean;
}

/**
 * Whether an invoice may be asked for: money paid through a payment channel and not all given
 * back. A purchase paid from the balance is not invoiced again: the recharge that put the money
 * there is the invoiced payment.
 */
export function invoiceVerdict(f: InvoiceFacts): { ok: true; amount_fen: number } | { ok: false; why: string } {
  if (f.live_request) return { ok: false, why: '该订单已申请发票' };
  if (f.state !== 'paid' && f.state !== 'fulfilled')
    return { ok: false, why: f.state === 'refunded' ? '订单已退款，无法开票' : '订单未支付，无法开票' };
  if (f.pay_channel === PayChannel.Balance) return { ok: false, why: '余额支付的订单不单独开票，请为充值订单申请发票' };
  const amount = f.payable_fen - f.refunded_fen;
  if (amount <= 0) return { ok: false, why: '订单实付金额为 0，无需开票' };
  return { ok: true, amount_fen: amount };
}

/**
 * An invoice request still open when part of the order's money goes back: it asks for what the
 * holder keeps paid, never below 0 (a whole refund closes it instead).
 */
export function invoiceAfterPartialRefund(amountFen: number, refundFen: number): number {
  return Math.max(0, amountFen - Math.max(0, refundFen));
}

/** What the order page says about it. */
export const invoiceLoweredNote = (refundFen: number, nowFen: number) =>
  `订单已部分退款 ¥${(refundFen / 100).toFixed(2)}，发票金额已调整为 ¥${(nowFen / 100).toFixed(2)}`;

/** The invoice number an operator enters: 8 to 20 digits (a paper invoice's 8, a fully digital one's 20). */
export function invoiceNoProblem(input: string): string | null {
  const s = input.trim();
  if (s === '') return '请填写发票号码';
  return /^\d{8,20}$/.test(s) ? null : '发票号码应为 8–20 位数字';
}
