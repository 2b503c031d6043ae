// A payout gateway that plays WeChat Pay's merchant transfer in the process (docs/decisions/0035):
// one outcome per payout number, kept for the life of the process, so a repeated transfer answers
// the first outcome and never pays twice. A payee named 模拟失败 is refused like a name mismatch,
// so the failure path can be shown by hand; the fake's reference looks like a real batch id.
//
// WeChat change (method 3) is paid as WeChat's 商家转账 pays it, in the payee-confirms mode
// (docs/decisions/0039-payee-confirms-transfer.md): the transfer waits (WAIT_USER_CONFIRM, with a
// package for requestMerchantTransfer) until its own payee confirms it (confirmByPayee, played on a
// developer's machine and in browser journeys by /sim/payouts/confirm), is withdrawn (cancel), or
// is closed unconfirmed 24 hours after it was made (by the server's clock). Bank cards and Alipay
// are paid at once.
import { createHash, randomBytes } from 'node:crypto';
import { clock } from '../../lib/clock';
import { PayoutGatewayError, type CancelOutcome, type PayoutGateway, type PayoutInput, type PayoutOutcome } from './gateway';
import { CONFIRM_WINDOW_MS } from './wechat/bill';

export const SIMULATED_FAILING_PAYEE = '模拟失败';
const WECHAT_CHANGE = 3;

interface Kept {
  input: PayoutInput;
  outcome: PayoutOutcome;
  /** WeChat change waiting for its payee: since when */
  waiting?: { createdMs: number };
  /** the package WeChat change's transfer was issued with (kept after it settles, as WeChat knows its bills) */
  packageInfo?: string;
}

export class PayoutSimulator implements PayoutGateway {
  readonly methods = [1, 2, 3] as const;
  readonly name = 'simulator';
  /** the simulator's own stand-ins for a merchant number and an AppID */
  readonly merchant = { mchId: '1900000000', appId: 'wx0000000000000000' };
  private readonly outcomes = new Map<string, Kept>();
  /** transfers that moved money, for tests: a repeated number never adds one */
  paidCount = 0;

  async transfer(input: PayoutInput): Promise<PayoutOutcome> {
    const earlier = this.outcomes.get(input.payoutNo);
    if (earlier) {
      // the same number with another amount or account is the caller's bug, as at the real gateway
      if (earlier.input.amountFen !== input.amountFen || earlier.input.account !== input.account)
        throw new PayoutGatewayError('payout number reused with different details');
      this.closeIfDue(earlier);
      return earlier.outcome;
    }
    const reference = `SIMPAY${createHash('sha256').update(input.payoutNo).digest('hex').slice(0, 20).toUpperCase()}`;
    let kept: Kept;
    if (input.payee.trim() === SIMULATED_FAILING_PAYEE)
      kept = { input, outcome: { state: 'failed', reason: '收款人姓名与账户实名不一致' } };
    else if (input.method === WECHAT_CHANGE) {
      const createdMs = clock.now().getTime();
      const packageInfo = `SIMPKG${randomBytes(24).toString('base64url')}`;
      kept = {
        input,
        waiting: { createdMs },
        packageInfo,
        outcome: {
          state: 'processing',
          reference,
          note: '待收款人在微信中确认收款',
          billState: 'WAIT_USER_CONFIRM',
          payeeWait: { packageInfo, expiresAt: new Date(createdMs + CONFIRM_WINDOW_MS).toISOString() },
        },
      };
    } else {
      kept = { input, outcome: { state: 'paid', reference } };
      this.paidCount += 1;
    }
    this.outcomes.set(input.payoutNo, kept);
    return kept.outcome;
  }

  async cancel(payoutNo: string): Promise<CancelOutcome> {
    const kept = this.outcomes.get(payoutNo);
    if (!kept) throw new PayoutGatewayError('no such transfer', '微信支付：记录不存在（NOT_FOUND）');
    this.closeIfDue(kept);
    if (kept.waiting) this.close(kept, '微信转账已撤销（收款人未在期限内确认收款或商户撤销）');
    else if (kept.outcome.state === 'paid')
      throw new PayoutGatewayError('already paid', '微信支付：当前转账单状态不支持撤销（INVALID_REQUEST）');
    return { state: 'cancelled' };
  }

  /**
   * The payee confirms in WeChat, as the bridge's page would let them: only the transfer's own
   * openid, only while it waits. 'ok', or what WeChat would tell the user.
   */
  confirmByPayee(packageInfo: string, openid: string): 'ok' | string {
    const kept = [...this.outcomes.values()].find((k) => k.packageInfo === packageInfo);
    if (!kept) return '转账单号错误，请返回商家重新发起收款';
    this.closeIfDue(kept);
    if (!kept.waiting) return kept.outcome.state === 'paid' ? '你已收款' : '该笔转账已失效';
    if (kept.input.account !== openid) return '你的微信号与商家指定的微信号不一致';
    const reference = (kept.outcome as { reference: string }).reference;
    kept.outcome = { state: 'paid', reference };
    delete kept.waiting;
    this.paidCount += 1;
    return 'ok';
  }

  private closeIfDue(kept: Kept): void {
    if (kept.waiting && clock.now().getTime() >= kept.waiting.createdMs + CONFIRM_WINDOW_MS)
      this.close(kept, '微信转账已撤销（收款人未在期限内确认收款或商户撤销）');
  }

  private close(kept: Kept, reason: string): void {
    kept.outcome = { state: 'failed', reason };
    delete kept.waiting;
  }
}
