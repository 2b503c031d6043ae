// WeChat Pay's merchant transfer bill (商家转账, API v3: POST /v3/fund-app/mch-transfer/transfer-bills
// and GET …/transfer-bills/out-bill-no/{out_bill_no}; docs/decisions/0036-wechat-payout.md) in our
// words. Pure tables: which of the gateway's states are final, and what a failure code tells finance.
import type { PayoutOutcome } from '../gateway';

/** The transfer bill as the gateway describes it (the create answer has the first five fields). */
export interface TransferBill {
  out_bill_no: string;
  transfer_bill_no: string;
  state: string;
  create_time?: string;
  fail_reason?: string;
  /** create answer, WAIT_USER_CONFIRM: what the payee's confirmation page needs */
  package_info?: string;
  mch_id?: string;
  appid?: string;
  transfer_amount?: number;
  openid?: string;
  update_time?: string;
}

/**
 * Every state the gateway documents, and what it means for our withdrawal: paid, failed (the money
 * never left, the amount goes back to the agent) or still on its way (ask again later, same number).
 * CANCELING is on its way too: a cancel asked for is final only when the bill says CANCELLED.
 */
export const BILL_STATES: Record<string, 'paid' | 'failed' | 'processing'> = {
  ACCEPTED: 'processing',
  PROCESSING: 'processing',
  WAIT_USER_CONFIRM: 'processing',
  TRANSFERING: 'processing',
  CANCELING: 'processing',
  SUCCESS: 'paid',
  FAIL: 'failed',
  CANCELLED: 'failed',
};

/**
 * How long a payee has to confirm (用户收款的时效是24小时; the merchant FAQ, 4013778940): then the
 * gateway closes the bill and the money goes back to the merchant. Closing may come later than
 * that (the query keeps answering WAIT_USER_CONFIRM for a while); only the bill's own final state
 * settles the withdrawal.
 */
export const CONFIRM_WINDOW_MS = 24 * 3600_000;

/** When a bill created at `createTime` (RFC 3339) stops taking the payee's confirmation; null when unreadable. */
export function confirmDeadline(createTime: string | undefined): string | null {
  const t = createTime ? Date.parse(createTime) : NaN;
  return Number.isFinite(t) ? new Date(t + CONFIRM_WINDOW_MS).toISOString() : null;
}

/** What a processing bill waits for, for finance's screen. */
const WAITING_FOR: Record<string, string> = {
  ACCEPTED: '微信已受理转账',
  PROCESSING: '微信转账处理中（如久未完成，请检查商户号运营账户余额）',
  WAIT_USER_CONFIRM: '待收款人在微信中确认收款',
  TRANSFERING: '转账中，结果尚未明确',
  CANCELING: '转账撤销中',
};

/** The failure codes a payee or finance can act on; any other is shown with its code. */
const FAIL_REASONS: Record<string, string> = {
  ACCOUNT_FROZEN: '收款人微信账户已冻结',
  REAL_NAME_CHECK_FAIL: '收款人未完成微信实名认证',
  NAME_NOT_CORRECT: '收款人姓名与微信实名不一致',
  OPENID_INVALID: '收款人 openid 无效（须为本商户 AppID 下的 openid）',
  TRANSFER_QUOTA_EXCEED: '超出收款人单日收款额度',
  DAY_RECEIVED_QUOTA_EXCEED: '超出收款人单日收款额度',
  MONTH_RECEIVED_QUOTA_EXCEED: '超出收款人单月收款额度',
  DAY_RECEIVED_COUNT_EXCEED: '超出收款人单日收款次数',
  ID_CARD_NOT_CORRECT: '收款人身份证号与微信实名不一致',
  ACCOUNT_NOT_EXIST: '收款人微信账户不存在',
  TRANSFER_RISK: '该笔转账可能存在风险，已被微信拦截',
  OTHER_FAIL_REASON_TYPE: '微信转账失败（其他原因）',
  REALNAME_ACCOUNT_RECEIVED_QUOTA_EXCEED: '收款人实名账户收款额度已满',
  RECEIVE_ACCOUNT_NOT_PERMMIT: '收款人账户不支持收款',
  PAYER_ACCOUNT_ABNORMAL: '商户付款账户异常',
  PAYEE_ACCOUNT_ABNORMAL: '收款人账户异常',
};

export function failureText(code: string | undefined): string {
  if (!code) return '微信转账失败';
  return FAIL_REASONS[code] ?? `微信转账失败（${code}）`;
}

/**
 * The bill as a payout outcome; null for a state the gateway has not documented (nothing is
 * recorded on a guess: the withdrawal stays as it is and the next query asks again).
 */
export function outcomeOfBill(bill: TransferBill): PayoutOutcome | null {
  const kind = BILL_STATES[bill.state];
  if (kind === 'paid') return { state: 'paid', reference: bill.transfer_bill_no };
  if (kind === 'failed')
    return {
      state: 'failed',
      reason: bill.state === 'CANCELLED' ? '微信转账已撤销（收款人未在期限内确认收款或商户撤销）' : failureText(bill.fail_reason),
    };
  if (kind === 'processing') {
    const deadline = bill.state === 'WAIT_USER_CONFIRM' ? confirmDeadline(bill.create_time) : null;
    return {
      state: 'processing',
      reference: bill.transfer_bill_no,
      note: WAITING_FOR[bill.state]!,
      billState: bill.state,
      ...(deadline ? { payeeWait: { expiresAt: deadline, ...(bill.package_info ? { packageInfo: bill.package_info } : {}) } } : {}),
    };
  }
  return null;
}
