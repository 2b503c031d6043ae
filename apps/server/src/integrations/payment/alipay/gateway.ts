// Alipay behind the PaymentGateway interface: pay channels 2 (e-wallet) and 4 (e-wallet
// instalment, 花呗分期) through the mobile-web payment (alipay.trade.wap.pay). Our order number is
// Alipay's out_trade_no (paymentId `alipay:<order_no>`). Notifications arrive as a signed form at
// POST /api/v1/pay/alipay/notify/:channel and are answered with the plain text `success`.
import { PaymentGatewayError } from '../gateway';
import type {
  CreatePaymentInput,
  CreatedPayment,
  PaymentGateway,
  PaymentStatus,
  RefundInput,
  RefundResult,
  VerifiedNotification,
} from '../gateway';
import { isRawNotification } from '../notification';
import type { AlipayAnswer, AlipayClient } from './client';
import { chinaTime, fenToYuanText, verifyNotificationParams, yuanToFen, type Params } from './sign';
import type { KeyObject } from 'node:crypto';

export const ALIPAY_PREFIX = 'alipay:';
export const ALIPAY_CHANNELS: readonly number[] = [2, 4];
/** instalments offered for channel 4 (hb_fq_num), the merchant bearing no fee (hb_fq_seller_percent 0) */
export const INSTALMENTS = '3';

export interface AlipayGatewayOptions {
  client: AlipayClient;
  alipayPublicKey: KeyObject;
  /** absolute https URL of POST /api/v1/pay/alipay/notify/:channel, without the channel */
  notifyUrl: string;
  /** the portal's public origin: Alipay's cashier sends the browser back to it */
  publicUrl: string;
  orderTtlMs: number;
  now?: () => number;
  onRefused?: (reason: string) => void;
}

export class AlipayGateway implements PaymentGateway {
  private readonly now: () => number;

  constructor(private readonly o: AlipayGatewayOptions) {
    this.now = o.now ?? Date.now;
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    if (!ALIPAY_CHANNELS.includes(input.channel)) throw new PaymentGatewayError('支付宝只支付渠道 2 和 4', false);
    const back = new URL(input.returnUrl, this.o.publicUrl).toString();
    const biz = {
      out_trade_no: input.orderNo,
      total_amount: fenToYuanText(input.amountFen),
      subject: input.subject.slice(0, 256),
      product_code: 'QUICK_WAP_WAY',
      time_expire: chinaTime(this.now() + this.o.orderTtlMs),
      quit_url: back,
      ...(input.channel === 4 ? { extend_params: { hb_fq_num: INSTALMENTS, hb_fq_seller_percent: '0' } } : {}),
    };
    return {
      paymentId: `${ALIPAY_PREFIX}${input.orderNo}`,
      cashierUrl: this.o.client.wapPayUrl(biz, { notifyUrl: `${this.o.notifyUrl}/${input.channel}`, returnUrl: back }),
    };
  }

  async queryPayment(paymentId: string): Promise<PaymentStatus | null> {
    const orderNo = orderNoOf(paymentId);
    const a = await this.o.client.call('alipay.trade.query', { out_trade_no: orderNo });
    return statusOf(paymentId, orderNo, a);
  }

  async closePayment(paymentId: string): Promise<PaymentStatus | null> {
    const orderNo = orderNoOf(paymentId);
    const a = await this.o.client.call('alipay.trade.close', { out_trade_no: orderNo });
    // a trade the payer never opened does not exist at Alipay yet; its page stops at time_expire
    if (a.code !== '10000' && a.sub_code === 'ACQ.TRADE_NOT_EXIST')
      return { paymentId, orderNo, state: 'closed', amountFen: 0, transactionId: null };
    if (a.code !== '10000' && a.sub_code !== 'ACQ.TRADE_STATUS_ERROR') throw refusal(a);
    return this.queryPayment(paymentId);
  }

  async refundPayment(input: RefundInput): Promise<RefundResult> {
    if (!Number.isInteger(input.amountFen) || input.amountFen <= 0) throw new PaymentGatewayError('退款金额无效', false);
    const st = await this.queryPayment(input.paymentId);
    if (!st || st.orderNo !== input.orderNo || (st.state !== 'paid' && st.state !== 'closed' && st.state !== 'refunded'))
      throw new PaymentGatewayError('支付单未支付，无法退款', false);
    if (st.transactionId !== input.transactionId) throw new PaymentGatewayError('交易号与支付单不符', false);
    // out_request_no makes the refund idempotent: asking again answers the same refund (fund_change N)
    const a = await this.o.client.call('alipay.trade.refund', {
      out_trade_no: input.orderNo,
      refund_amount: fenToYuanText(input.amountFen),
      out_request_no: input.refundNo,
    });
    if (a.code !== '10000') throw refusal(a);
    return { refundId: `${String(a.trade_no ?? input.transactionId)}#${input.refundNo}`, state: 'refunded' };
  }

  verifyNotification(channel: number, body: unknown): VerifiedNotification | null {
    const r = this.readNotification(channel, body);
    if (!r.ok) {
      this.o.onRefused?.(r.reason);
      return null;
    }
    return r.notification;
  }

  readNotification(channel: number, body: unknown): { ok: true; notification: VerifiedNotification } | { ok: false; reason: string } {
    if (!ALIPAY_CHANNELS.includes(channel) || !isRawNotification(body)) return { ok: false, reason: 'not_alipay' };
    const params = formParams(body.body);
    if (!params) return { ok: false, reason: 'bad_shape' };
    if (!verifyNotificationParams(params, this.o.alipayPublicKey)) return { ok: false, reason: 'bad_signature' };
    if (params.app_id !== this.o.client.appId) return { ok: false, reason: 'other_app' };
    const amount = yuanToFen(params.total_amount);
    if (!params.out_trade_no || !params.trade_no || amount === null) return { ok: false, reason: 'bad_shape' };
    const s = params.trade_status;
    if (s !== 'TRADE_SUCCESS' && s !== 'TRADE_FINISHED' && s !== 'TRADE_CLOSED') return { ok: false, reason: 'not_final' };
    return {
      ok: true,
      notification: {
        paymentId: `${ALIPAY_PREFIX}${params.out_trade_no}`,
        orderNo: params.out_trade_no,
        transactionId: params.trade_no,
        amountFen: amount,
        status: s === 'TRADE_CLOSED' ? 'fail' : 'success',
      },
    };
  }
}

/** The decoded fields of a notification form; null for a repeated field (never in a genuine one). */
export function formParams(body: string): Params | null {
  const out: Params = {};
  for (const [k, v] of new URLSearchParams(body)) {
    if (k in out) return null;
    out[k] = v;
  }
  return out;
}

function orderNoOf(paymentId: string): string {
  if (!paymentId.startsWith(ALIPAY_PREFIX)) throw new PaymentGatewayError('不是支付宝的支付单', false);
  return paymentId.slice(ALIPAY_PREFIX.length);
}

function refusal(a: AlipayAnswer): PaymentGatewayError {
  // 20000: the service is unavailable for a moment; ACQ.SYSTEM_ERROR likewise
  const retryable = a.code === '20000' || a.sub_code === 'ACQ.SYSTEM_ERROR' || a.sub_code === 'ISP.UNKNOW-ERROR';
  return new PaymentGatewayError(`支付宝：${a.sub_msg ?? a.msg ?? a.code}${a.sub_code ? `（${a.sub_code}）` : ''}`, retryable);
}

export function statusOf(paymentId: string, orderNo: string, a: AlipayAnswer): PaymentStatus {
  if (a.code !== '10000') {
    // the payer has not opened the cashier yet: nothing paid
    if (a.sub_code === 'ACQ.TRADE_NOT_EXIST') return { paymentId, orderNo, state: 'pending', amountFen: 0, transactionId: null };
    throw refusal(a);
  }
  const s = a.trade_status;
  const state: PaymentStatus['state'] =
    s === 'TRADE_SUCCESS' || s === 'TRADE_FINISHED' ? 'paid' : s === 'TRADE_CLOSED' ? 'closed' : 'pending';
  return {
    paymentId,
    orderNo,
    state,
    amountFen: yuanToFen(a.total_amount) ?? 0,
    transactionId: typeof a.trade_no === 'string' && state !== 'pending' ? a.trade_no : null,
  };
}
