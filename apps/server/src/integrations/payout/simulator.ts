// A payout gateway that plays WeChat Pay's merchant transfer in the process (docs/decisions/0035):
// one outcome per payout number, kept for the life of the process, so a repeated transfer answers
// the first outcome and never pays twice. A payee named 模拟失败 is refused like a name mismatch,
// so the failure path can be shown by hand; the fake's reference looks like a real batch id.
import { createHash } from 'node:crypto';
import { PayoutGatewayError, type PayoutGateway, type PayoutInput, type PayoutOutcome } from './gateway';

export const SIMULATED_FAILING_PAYEE = '模拟失败';

export class PayoutSimulator implements PayoutGateway {
  readonly methods = [1, 2, 3] as const;
  readonly name = 'simulator';
  private readonly outcomes = new Map<string, { input: PayoutInput; outcome: PayoutOutcome }>();
  /** transfers that moved money, for tests: a repeated number never adds one */
  paidCount = 0;

  async transfer(input: PayoutInput): Promise<PayoutOutcome> {
    const earlier = this.outcomes.get(input.payoutNo);
    if (earlier) {
      // the same number with another amount or account is the caller's bug, as at the real gateway
      if (earlier.input.amountFen !== input.amountFen || earlier.input.account !== input.account)
        throw new PayoutGatewayError('payout number reused with different details');
      return earlier.outcome;
    }
    const outcome: PayoutOutcome =
      input.payee.trim() === SIMULATED_FAILING_PAYEE
        ? { state: 'failed', reason: '收款人姓名与账户实名不一致' }
        : { state: 'paid', reference: `SIMPAY${createHash('sha256').update(input.payoutNo).digest('hex').slice(0, 20).toUpperCase()}` };
    if (outcome.state === 'paid') this.paidCount += 1;
    this.outcomes.set(input.payoutNo, { input, outcome });
    return outcome;
  }
}
