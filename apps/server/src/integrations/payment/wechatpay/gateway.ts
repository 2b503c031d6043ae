// WeChat Pay (API v3) behind the PaymentGateway interface: pay channel 1 (messaging-app pay).
// Our order number is the gateway's out_trade_no, so a payment is found again by it alone
// (paymentId `wxpay:<order_no>`). Notifications arrive at POST /api/v1/pay/wechatpay/notify and
// are believed only when their platform signature, serial and timestamp check out and the
// resource decrypts with the APIv3 key (AES-256-GCM authenticates it).
import { PaymentGatewayError } from '../gateway';
import type {
  CreatePaymentInput,
  CreatedPayment,
  HostedCheckout,
  PaymentGateway,
  PaymentStatus,
  RefundInput,
  RefundResult,
  VerifiedNotification,
} from '../gateway';
import { isRawNotification } from '../notification';
import type { HttpTransport } from '../../http/transport';
import type { WechatPayClient, WechatTransaction } from './client';
import { bridgePage, oauthUrl, openidFor, openTicket, sealTicket } from './jsapi';
import { decryptResource, type EncryptedResource } from './sign';
import { verifySigned, type PlatformKey, type Verdict } from './verify';

export const WECHATPAY_PREFIX = 'wxpay:';
export const WECHATPAY_CHANNEL = 1;

export interface WechatPayGatewayOptions {
  client: WechatPayClient;
  mchid: string;
  appid: string;
  platform: PlatformKey;
  apiV3Key: string;
  /** absolute https URL of POST /api/v1/pay/wechatpay/notify */
  notifyUrl: string;
  /** the portal's public origin: the H5 cashier sends the browser back to it */
  publicUrl: string;
  /** how long an order may be paid (the portal closes it after PAY_ORDER_TTL_MINUTES) */
  orderTtlMs: number;
  now?: () => number;
  /** a refused notification's reason (never the body: it is the payer's transaction) */
  onRefused?: (reason: string) => void;
  /** JSAPI inside the messaging app: the official account's AppSecret (OAuth code → openid); null = H5 only */
  oaSecret?: string | null;
  /** for the OAuth exchange (the client has its own) */
  transport?: HttpTransport;
}

/** our hosted JSAPI checkout and its script (packages/contract: payWechatJsapi, payWechatBridge) */
export const JSAPI_PATH = '/api/v1/pay/wechatpay/jsapi';
export const BRIDGE_PATH = '/api/v1/pay/wechatpay/bridge.js';

export class WechatPayGateway implements PaymentGateway {
  private readonly now: () => number;

  constructor(private readonly o: WechatPayGatewayOptions) {
    this.now = o.now ?? Date.now;
  }

  /**
   * Inside the messaging app (with the official account's secret configured): our JSAPI checkout
   * page, which learns the payer's openid and places the JSAPI order (./jsapi.ts). Elsewhere H5:
   * the browser goes to the gateway's h5_url, which returns it to the order's result page.
   */
  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    if (input.channel !== WECHATPAY_CHANNEL) throw new PaymentGatewayError('微信支付只支付渠道 1', false);
    const paymentId = `${WECHATPAY_PREFIX}${input.orderNo}`;
    if (input.inMessagingApp && this.o.oaSecret) {
      const ticket = sealTicket(
        {
          o: input.orderNo,
          a: input.amountFen,
          d: `${input.merchant}-${input.subject}`,
          r: new URL(input.returnUrl, this.o.publicUrl).toString(),
          e: this.now() + this.o.orderTtlMs,
        },
        this.o.apiV3Key,
      );
      return { paymentId, cashierUrl: `${this.o.publicUrl}${JSAPI_PATH}?t=${ticket}` };
    }
    const h5Url = await this.o.client.h5({
      outTradeNo: input.orderNo,
      description: `${input.merchant}-${input.subject}`,
      amountFen: input.amountFen,
      notifyUrl: this.o.notifyUrl,
      timeExpire: rfc3339China(this.now() + this.o.orderTtlMs),
      clientIp: input.clientIp ?? '',
    });
    const back = new URL(input.returnUrl, this.o.publicUrl).toString();
    return { paymentId, cashierUrl: `${h5Url}&redirect_url=${encodeURIComponent(back)}` };
  }

  /** The JSAPI checkout: first to the silent OAuth page, then (with its code) the page that pays. */
  async hostedCheckout(query: { t?: string | undefined; code?: string | undefined }): Promise<HostedCheckout> {
    const t = query.t ? openTicket(query.t, this.o.apiV3Key, this.now()) : null;
    if (!t || !this.o.oaSecret || !this.o.transport) throw new PaymentGatewayError('支付链接无效或已过期，请回到订单重新支付', false);
    const self = `${this.o.publicUrl}${JSAPI_PATH}?t=${query.t}`;
    if (!query.code) return { kind: 'redirect', url: oauthUrl(this.o.appid, self, 'pay') };
    const openid = await openidFor(this.o.transport, this.o.appid, this.o.oaSecret, query.code);
    const { bridge } = await this.o.client.jsapi({
      outTradeNo: t.o,
      description: t.d,
      amountFen: t.a,
      notifyUrl: this.o.notifyUrl,
      timeExpire: rfc3339China(t.e),
      openid,
    });
    return { kind: 'page', html: bridgePage(bridge, t.r, BRIDGE_PATH) };
  }

  async queryPayment(paymentId: string): Promise<PaymentStatus | null> {
    const orderNo = orderNoOf(paymentId);
    const t = await this.o.client.query(orderNo);
    if (!t) return { paymentId, orderNo, state: 'pending', amountFen: 0, transactionId: null };
    return statusOf(paymentId, t);
  }

  async closePayment(paymentId: string): Promise<PaymentStatus | null> {
    const orderNo = orderNoOf(paymentId);
    const before = await this.o.client.query(orderNo);
    // a JSAPI order whose payer never opened the checkout does not exist at the gateway: nothing to
    // close there (the checkout's ticket expires with the order)
    if (!before) return { paymentId, orderNo, state: 'closed', amountFen: 0, transactionId: null };
    if (before.trade_state !== 'NOTPAY' && before.trade_state !== 'USERPAYING') return this.closedView(statusOf(paymentId, before));
    await this.o.client.close(orderNo);
    const after = await this.o.client.query(orderNo);
    if (!after) return { paymentId, orderNo, state: 'closed', amountFen: 0, transactionId: null };
    return this.closedView(statusOf(paymentId, after));
  }

  /** The money was paid when the gateway says so; a payer still paying keeps the order open. */
  private closedView(st: PaymentStatus): PaymentStatus {
    return st.state === 'paying' ? { ...st, state: 'pending' } : st;
  }

  async refundPayment(input: RefundInput): Promise<RefundResult> {
    if (!Number.isInteger(input.amountFen) || input.amountFen <= 0) throw new PaymentGatewayError('退款金额无效', false);
    const t = await this.o.client.query(orderNoOf(input.paymentId));
    if (!t || t.out_trade_no !== input.orderNo) throw new PaymentGatewayError('支付单不存在', false);
    if (t.transaction_id !== input.transactionId) throw new PaymentGatewayError('交易号与支付单不符', false);
    const total = t.amount?.total;
    if (!Number.isInteger(total)) throw new PaymentGatewayError('微信支付查询结果缺少订单金额', true);
    const r = await this.o.client.refund({
      transactionId: input.transactionId,
      outRefundNo: input.refundNo,
      refundFen: input.amountFen,
      totalFen: total!,
    });
    if (r.status === 'CLOSED' || r.status === 'ABNORMAL')
      throw new PaymentGatewayError(`微信支付退款${r.status === 'CLOSED' ? '已关闭' : '异常'}`, false);
    // SUCCESS, or PROCESSING: accepted under this refund number, the money is on its way
    return { refundId: r.refund_id, state: 'refunded' };
  }

  verifyNotification(channel: number, body: unknown): VerifiedNotification | null {
    const r = this.readNotification(channel, body);
    if (!r.ok) {
      this.o.onRefused?.(r.reason);
      return null;
    }
    return r.notification;
  }

  /** The checks in order, each failure named (for the log and the tests). */
  readNotification(channel: number, body: unknown): { ok: true; notification: VerifiedNotification } | { ok: false; reason: string } {
    if (channel !== WECHATPAY_CHANNEL || !isRawNotification(body)) return { ok: false, reason: 'not_wechatpay' };
    const v: Verdict = verifySigned(body.headers, body.body, this.o.platform, this.now());
    if (!v.ok) return { ok: false, reason: v.reason };
    const n = parseJson(body.body) as { event_type?: unknown; resource_type?: unknown; resource?: EncryptedResource } | null;
    if (
      !n ||
      n.resource_type !== 'encrypt-resource' ||
      !n.resource ||
      typeof n.resource.ciphertext !== 'string' ||
      typeof n.resource.nonce !== 'string'
    )
      return { ok: false, reason: 'bad_shape' };
    const plain = decryptResource(n.resource, this.o.apiV3Key);
    if (plain === null) return { ok: false, reason: 'undecryptable' };
    const t = parseJson(plain) as WechatTransaction | null;
    if (!t || typeof t.out_trade_no !== 'string' || typeof t.trade_state !== 'string') return { ok: false, reason: 'bad_resource' };
    if (t.mchid !== this.o.mchid || t.appid !== this.o.appid) return { ok: false, reason: 'other_merchant' };
    const total = t.amount?.total;
    if (!Number.isInteger(total)) return { ok: false, reason: 'bad_resource' };
    const paid = n.event_type === 'TRANSACTION.SUCCESS' && t.trade_state === 'SUCCESS';
    if (paid && typeof t.transaction_id !== 'string') return { ok: false, reason: 'bad_resource' };
    return {
      ok: true,
      notification: {
        paymentId: `${WECHATPAY_PREFIX}${t.out_trade_no}`,
        orderNo: t.out_trade_no,
        transactionId: t.transaction_id ?? '',
        amountFen: total!,
        status: paid ? 'success' : 'fail',
      },
    };
  }
}

export function orderNoOf(paymentId: string): string {
  if (!paymentId.startsWith(WECHATPAY_PREFIX)) throw new PaymentGatewayError('不是微信支付的支付单', false);
  return paymentId.slice(WECHATPAY_PREFIX.length);
}

/** The gateway's trade_state in our words (docs/decisions/0006: USERPAYING is not "nothing paid"). */
export function statusOf(paymentId: string, t: WechatTransaction): PaymentStatus {
  const state: PaymentStatus['state'] =
    t.trade_state === 'SUCCESS'
      ? 'paid'
      : t.trade_state === 'REFUND'
        ? 'refunded'
        : t.trade_state === 'USERPAYING'
          ? 'paying'
          : t.trade_state === 'CLOSED' || t.trade_state === 'REVOKED'
            ? 'closed'
            : t.trade_state === 'PAYERROR'
              ? 'failed'
              : 'pending';
  const paid = state === 'paid' || state === 'refunded';
  return {
    paymentId,
    orderNo: t.out_trade_no,
    state,
    amountFen: t.amount?.total ?? 0,
    transactionId: paid ? (t.transaction_id ?? null) : null,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** 2026-11-24T10:15:00+08:00: the gateway's time_expire, in China time. */
export function rfc3339China(ms: number): string {
  return `${new Date(ms + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}
