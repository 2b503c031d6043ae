// The payout interface (docs/decisions/0035-agent-commissions.md): money from the platform's
// merchant account to an agent, e.g. WeChat Pay's merchant transfer (商家转账到零钱), whose batch
// number makes a transfer idempotent. A transfer is asked for under our withdrawal's own number,
// so asking twice (a double click, a retry after a timeout) moves the money once and answers the
// same outcome. The simulator (./simulator.ts) is the development default; a real adapter plugs in
// behind the same interface.

export interface PayoutInput {
  /** our withdrawal's number: the gateway's idempotency key (out_batch_no) */
  payoutNo: string;
  amountFen: number;
  /** 1 bank card, 2 Alipay, 3 WeChat change (PAYOUT_METHODS) */
  method: number;
  payee: string;
  account: string;
  /**
   * the payee's confirmation page needs the bill's package, which WeChat Pay gives only in the
   * answer to 发起转账 (the query leaves it out): asked again under the same number, that answer
   * repeats it (docs/decisions/0039-payee-confirms-transfer.md)
   */
  wantPackage?: boolean;
}

/** What a transfer waiting for its payee carries: what the confirmation page hands WeChat, and until when. */
export interface PayeeWait {
  /** the gateway's package_info, for requestMerchantTransfer; absent when this answer did not carry it */
  packageInfo?: string;
  /** when the gateway closes the bill unconfirmed (ISO) */
  expiresAt: string;
}

export type PayoutOutcome =
  /** the money has left: the gateway's reference to quote */
  | { state: 'paid'; reference: string }
  /** refused for good (wrong account, name mismatch): the amount goes back to the agent */
  | { state: 'failed'; reason: string }
  /** accepted, not finished: ask again later with the same number (the commission-payouts job does: docs/decisions/0036-wechat-payout.md) */
  | {
      state: 'processing';
      reference: string;
      note?: string;
      /** the gateway's own state word (WAIT_USER_CONFIRM, TRANSFERING, …), for finance's screen and the payee's page */
      billState?: string;
      /** set while the payee must confirm the transfer in WeChat (WAIT_USER_CONFIRM) */
      payeeWait?: PayeeWait;
    };

/** What a request to withdraw a transfer (撤销转账) got: accepted (CANCELING) or already done (CANCELLED). */
export type CancelOutcome = { state: 'canceling' | 'cancelled' };

export interface PayoutGateway {
  /** which methods this gateway can pay to */
  readonly methods: readonly number[];
  /** which gateway, for the withdrawal's record ('simulator', 'wechatpay') */
  readonly name: string;
  /** the merchant and app a payee's WeChat confirms the transfer against (requestMerchantTransfer's mchId, appId) */
  readonly merchant?: { mchId: string; appId: string };
  /** asks for the transfer, or — asked again with the same number — answers how it stands now */
  transfer(input: PayoutInput): Promise<PayoutOutcome>;
  /**
   * asks the gateway to withdraw a transfer its payee has not confirmed yet (撤销转账); the outcome
   * is final only when a later transfer() answers it failed. Absent: the gateway cannot.
   */
  cancel?(payoutNo: string): Promise<CancelOutcome>;
}

/**
 * The gateway could not be reached, answered nonsense, or refused the request: nothing is known to
 * have moved, nothing is recorded. `shown`: the gateway's own words for finance when it refused
 * (e.g. the merchant's balance is short), never a secret. `nothingCreated`: the gateway refused to
 * create the transfer, so none exists under this number (an unreachable gateway, or a refused
 * query, tells nothing of the kind).
 */
export class PayoutGatewayError extends Error {
  constructor(
    message: string,
    readonly shown?: string,
    readonly nothingCreated = false,
  ) {
    super(message);
    this.name = 'PayoutGatewayError';
  }
}
