// WeChat Pay's merchant transfer (商家转账, API v3) behind the PayoutGateway interface
// (docs/decisions/0036-wechat-payout.md): money from the merchant's balance to the agent's WeChat
// change, to the openid on file (payout method 3). Our payout number is the bill's out_bill_no, so
// a transfer asked for again — a second click, a retry after a timeout, the payouts job — finds the
// same bill: the adapter first asks for the bill by that number and creates it only when the
// gateway has none. Requests are signed with the merchant key and every answer must carry the
// platform's valid signature (the signing and verification of the payment adapter, reused:
// integrations/payment/wechatpay/sign.ts, verify.ts) before it is believed: a forged SUCCESS would
// mark a withdrawal paid that nobody paid.
import { randomBytes, type KeyObject } from 'node:crypto';
import type { HttpTransport } from '../../http/transport';
import { signedExchange } from '../../payment/wechatpay/exchange';
import type { PlatformKey } from '../../payment/wechatpay/verify';
import { PayoutGatewayError, type PayoutGateway, type PayoutInput, type PayoutOutcome } from '../gateway';
import { outcomeOfBill, type TransferBill } from './bill';
import { encryptSensitive } from './sensitive';

export const WECHATPAY_API = 'https://api.mch.weixin.qq.com';
export const TRANSFER_PATH = '/v3/fund-app/mch-transfer/transfer-bills';
export const billPath = (outBillNo: string) => `${TRANSFER_PATH}/out-bill-no/${encodeURIComponent(outBillNo)}`;

/** WeChat change (PAYOUT_METHODS in @portal/domain/commission) */
export const WECHAT_CHANGE = 3;
/** 佣金报酬: the transfer scene for paying commission to those who sell for the merchant */
export const COMMISSION_SCENE = '1005';
/** the gateway requires the payee's real name from 2,000.00 元 up; we send it always (see below) */
export const NAME_REQUIRED_FROM_FEN = 200_000;

export interface WechatTransferOptions {
  mchid: string;
  /** the AppID the agents' openids belong to (the official account the portal runs in) */
  appid: string;
  /** serial number of the merchant API certificate whose private key signs our requests */
  serialNo: string;
  privateKey: KeyObject;
  /** verifies answers, and encrypts the payee's name */
  platform: PlatformKey;
  /** transfer_scene_id the merchant was granted (佣金报酬 1005 by default) */
  sceneId: string;
  transport: HttpTransport;
  baseUrl?: string;
  now?: () => number;
  nonce?: () => string;
}

export class WechatTransferGateway implements PayoutGateway {
  readonly methods = [WECHAT_CHANGE] as const;
  readonly name = 'wechatpay';
  private readonly base: string;
  private readonly now: () => number;
  private readonly nonce: () => string;

  readonly merchant: { mchId: string; appId: string };

  constructor(private readonly o: WechatTransferOptions) {
    this.merchant = { mchId: o.mchid, appId: o.appid };
    this.base = o.baseUrl ?? WECHATPAY_API;
    this.now = o.now ?? Date.now;
    this.nonce = o.nonce ?? (() => randomBytes(16).toString('hex').toUpperCase());
  }

  async transfer(input: PayoutInput): Promise<PayoutOutcome> {
    if (input.method !== WECHAT_CHANGE) throw new PayoutGatewayError('WeChat transfers pay WeChat change only');
    const existing = await this.bill(input.payoutNo);
    if (existing) {
      // the same number must be the same transfer: another amount or payee is our bug, never a second payment
      if (existing.transfer_amount !== undefined && existing.transfer_amount !== input.amountFen)
        throw new PayoutGatewayError(`bill ${input.payoutNo} exists with another amount`);
      if (existing.openid !== undefined && existing.openid !== input.account)
        throw new PayoutGatewayError(`bill ${input.payoutNo} exists for another payee`);
      // the query leaves package_info out; 发起转账 again under the same number answers the same
      // bill with it (and creates nothing): only when the payee's page needs it
      if (existing.state === 'WAIT_USER_CONFIRM' && input.wantPackage) {
        const { data } = await this.call('POST', TRANSFER_PATH, this.body(input));
        const again = data as TransferBill;
        if (again?.transfer_bill_no !== existing.transfer_bill_no)
          throw new PayoutGatewayError(`bill ${input.payoutNo} answered another bill`);
        return this.outcome({ ...existing, ...again }, input.payoutNo);
      }
      return this.outcome(existing, input.payoutNo);
    }
    const { data } = await this.call('POST', TRANSFER_PATH, this.body(input), [], true);
    return this.outcome(data as TransferBill, input.payoutNo);
  }

  /**
   * 撤销转账 (POST …/out-bill-no/{out_bill_no}/cancel, doc 4012716458): only before the payee
   * confirms; the answer says CANCELING (accepted, the bill closes later) or CANCELLED. Final only
   * when the bill says so: the next transfer() settles the withdrawal.
   */
  async cancel(payoutNo: string): Promise<{ state: 'canceling' | 'cancelled' }> {
    const { data } = await this.call('POST', `${billPath(payoutNo)}/cancel`, {});
    const a = data as { out_bill_no?: string; state?: string } | null;
    if (a?.out_bill_no !== payoutNo || (a.state !== 'CANCELING' && a.state !== 'CANCELLED'))
      throw new PayoutGatewayError('WeChat cancel answer has the wrong shape');
    return { state: a.state === 'CANCELLED' ? 'cancelled' : 'canceling' };
  }

  /** 商户单号查询转账单; null when the gateway has no bill of that number (NOT_FOUND). */
  async bill(outBillNo: string): Promise<TransferBill | null> {
    const { status, data } = await this.call('GET', billPath(outBillNo), undefined, [404]);
    return status === 404 ? null : (data as TransferBill);
  }

  /** The 发起转账 body, exactly as sent (tests read it). */
  body(input: PayoutInput): Record<string, unknown> {
    return {
      appid: this.o.appid,
      out_bill_no: input.payoutNo,
      transfer_scene_id: this.o.sceneId,
      openid: input.account,
      // required from 2,000.00 元; sent always, so the gateway checks the payee's real name against
      // the name on file and a wrong openid pays nobody else
      user_name: encryptSensitive(input.payee.trim(), this.o.platform.publicKey),
      transfer_amount: input.amountFen,
      // at most 32 characters, shown to the payee
      transfer_remark: `佣金提现 ${input.payoutNo}`,
      user_recv_perception: '劳务报酬',
      // the 佣金报酬 scene's report (转账场景报备信息): both entries, with these types
      transfer_scene_report_infos: [
        { info_type: '岗位类型', info_content: '代理商' },
        { info_type: '报酬说明', info_content: `代理佣金提现 ${(input.amountFen / 100).toFixed(2)}元` },
      ],
    };
  }

  private outcome(bill: TransferBill, payoutNo: string): PayoutOutcome {
    if (!bill || bill.out_bill_no !== payoutNo || typeof bill.state !== 'string' || typeof bill.transfer_bill_no !== 'string')
      throw new PayoutGatewayError('WeChat transfer answer has the wrong shape');
    const o = outcomeOfBill(bill);
    if (!o) throw new PayoutGatewayError(`WeChat transfer state ${bill.state} is not documented`);
    return o;
  }

  /** One signed request; the answer's signature is checked before its body is read (the payment client's exchange). */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    body?: object,
    accept: number[] = [],
    /** the first 发起转账 of a number: its refusal means no bill exists */
    creates = false,
  ): Promise<{ status: number; data: unknown }> {
    // a body with the payee's name names the key it was encrypted with
    const headers = body !== undefined && 'user_name' in body ? { 'wechatpay-serial': this.o.platform.serial } : undefined;
    const x = await signedExchange(
      this.o,
      { base: this.base, method, path, body, accept, ...(headers ? { headers } : {}) },
      { nowMs: this.now(), nonce: this.nonce() },
    );
    if (x.kind === 'answer') return x;
    if (x.kind === 'unreachable') throw new PayoutGatewayError('WeChat Pay unreachable');
    if (x.kind === 'unverified') throw new PayoutGatewayError(`WeChat Pay answer refused (${x.reason})`);
    const err = x.error;
    const refused = x.status >= 400 && x.status < 500 && x.status !== 429;
    // a refusal of the request itself (a scene not granted, the balance short, a bad parameter):
    // finance reads the gateway's words; a refused 发起转账 created no bill
    throw new PayoutGatewayError(
      `WeChat Pay HTTP ${x.status}${err?.code ? ` ${err.code}` : ''}`,
      refused && err?.message ? `微信支付：${err.message}${err.code ? `（${err.code}）` : ''}` : undefined,
      refused && creates,
    );
  }
}
