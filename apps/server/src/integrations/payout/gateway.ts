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
}

export type PayoutOutcome =
  /** the money has left: the gateway's reference to quote */
  | { state: 'paid'; reference: string }
  /** refused for good (wrong account, name mismatch): the amount goes back to the agent */
  | { state: 'failed'; reason: string }
  /** accepted, not finished: ask again later with the same number (the commission-payouts job does: docs/decisions/0036-wechat-payout.md) */
  | { state: 'processing'; reference: string; note?: string };

export interface PayoutGateway {
  /** which methods this gateway can pay to */
  readonly methods: readonly number[];
  /** which gateway, for the withdrawal's record ('simulator', 'wechatpay') */
  readonly name: string;
  /** asks for the transfer, or — asked again with the same number — answers how it stands now */
  transfer(input: PayoutInput): Promise<PayoutOutcome>;
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
