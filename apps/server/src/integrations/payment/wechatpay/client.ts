// A WeChat Pay API v3 client for a direct merchant (直连商户): JSAPI and H5 orders, query by our
// order number, close, refund. Every request is signed with the merchant key; every successful
// answer must carry the platform's valid signature before it is believed (a forged "SUCCESS"
// would credit an order). HTTP goes through an injected transport.
import { randomBytes, type KeyObject } from 'node:crypto';
import type { HttpTransport } from '../../http/transport';
import { PaymentGatewayError } from '../gateway';
import { signedExchange } from './exchange';
import { jsapiPayParams } from './sign';
import type { PlatformKey } from './verify';

export const WECHATPAY_API = 'https://api.mch.weixin.qq.com';

export interface WechatPayClientOptions {
  mchid: string;
  appid: string;
  /** merchant API certificate serial number */
  serialNo: string;
  privateKey: KeyObject;
  platform: PlatformKey;
  transport: HttpTransport;
  baseUrl?: string;
  now?: () => number;
  nonce?: () => string;
}

/** The transaction as the gateway describes it (query answer, decrypted notification resource). */
export interface WechatTransaction {
  appid?: string;
  mchid?: string;
  out_trade_no: string;
  transaction_id?: string;
  trade_type?: string;
  /** SUCCESS REFUND NOTPAY CLOSED REVOKED USERPAYING PAYERROR */
  trade_state: string;
  trade_state_desc?: string;
  success_time?: string;
  amount?: { total?: number; payer_total?: number; currency?: string };
}

export interface OrderInput {
  outTradeNo: string;
  description: string;
  amountFen: number;
  notifyUrl: string;
  /** RFC 3339, e.g. 2026-11-24T10:15:00+08:00: after it the order can no longer be paid */
  timeExpire?: string;
}

export interface WechatRefund {
  refund_id: string;
  out_refund_no: string;
  /** SUCCESS CLOSED PROCESSING ABNORMAL */
  status: string;
}

export class WechatPayClient {
  private readonly base: string;
  private readonly now: () => number;
  private readonly nonce: () => string;

  constructor(private readonly o: WechatPayClientOptions) {
    this.base = o.baseUrl ?? WECHATPAY_API;
    this.now = o.now ?? Date.now;
    this.nonce = o.nonce ?? (() => randomBytes(16).toString('hex').toUpperCase());
  }

  get appid(): string {
    return this.o.appid;
  }

  /** JSAPI 下单: inside the messaging app, for the payer's openid; answers the bridge parameters. */
  async jsapi(input: OrderInput & { openid: string }) {
    const { data } = await this.call('POST', '/v3/pay/transactions/jsapi', {
      ...this.orderBody(input),
      payer: { openid: input.openid },
    });
    const prepayId = str((data as { prepay_id?: unknown }).prepay_id, 'prepay_id');
    return {
      prepayId,
      bridge: jsapiPayParams(this.o.appid, prepayId, this.o.privateKey, String(Math.floor(this.now() / 1000)), this.nonce()),
    };
  }

  /** H5 下单: a mobile browser outside the messaging app; answers the gateway's cashier URL. */
  async h5(input: OrderInput & { clientIp: string }): Promise<string> {
    const { data } = await this.call('POST', '/v3/pay/transactions/h5', {
      ...this.orderBody(input),
      scene_info: { payer_client_ip: input.clientIp, h5_info: { type: 'Wap' } },
    });
    return str((data as { h5_url?: unknown }).h5_url, 'h5_url');
  }

  /** 商户订单号查询订单; null when the gateway has no such order (ORDER_NOT_EXIST). */
  async query(outTradeNo: string): Promise<WechatTransaction | null> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(this.o.mchid)}`;
    const { status, data } = await this.call('GET', path, undefined, [404]);
    if (status === 404) return null;
    const t = data as WechatTransaction;
    if (!t || t.out_trade_no !== outTradeNo || typeof t.trade_state !== 'string')
      throw new PaymentGatewayError('微信支付查询结果有误', true);
    return t;
  }

  /** 关闭订单 (answers 204). */
  async close(outTradeNo: string): Promise<void> {
    await this.call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, { mchid: this.o.mchid });
  }

  /** 退款申请: the gateway refunds once per out_refund_no; asking again answers the same refund. */
  async refund(input: { transactionId: string; outRefundNo: string; refundFen: number; totalFen: number; notifyUrl?: string }) {
    const { data } = await this.call('POST', '/v3/refund/domestic/refunds', {
      transaction_id: input.transactionId,
      out_refund_no: input.outRefundNo,
      ...(input.notifyUrl ? { notify_url: input.notifyUrl } : {}),
      amount: { refund: input.refundFen, total: input.totalFen, currency: 'CNY' },
    });
    const r = data as WechatRefund;
    if (!r || typeof r.refund_id !== 'string' || typeof r.status !== 'string') throw new PaymentGatewayError('微信支付退款结果有误', true);
    return r;
  }

  private orderBody(input: OrderInput) {
    return {
      appid: this.o.appid,
      mchid: this.o.mchid,
      // the gateway takes at most 127 bytes of description
      description: truncateBytes(input.description, 127),
      out_trade_no: input.outTradeNo,
      ...(input.timeExpire ? { time_expire: input.timeExpire } : {}),
      notify_url: input.notifyUrl,
      amount: { total: input.amountFen, currency: 'CNY' },
    };
  }

  /** One signed request; the answer's signature is checked before its body is read (./exchange.ts). */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    body?: object,
    accept: number[] = [],
  ): Promise<{ status: number; data: unknown }> {
    const x = await signedExchange(this.o, { base: this.base, method, path, body, accept }, { nowMs: this.now(), nonce: this.nonce() });
    if (x.kind === 'answer') return x;
    if (x.kind === 'unreachable') throw new PaymentGatewayError('微信支付暂时无法连接', true);
    if (x.kind === 'unverified') throw new PaymentGatewayError(`微信支付应答验签失败（${x.reason}）`, true);
    const err = x.error;
    const retryable = x.status >= 500 || x.status === 429 || err?.code === 'SYSTEM_ERROR' || err?.code === 'FREQUENCY_LIMITED';
    throw new PaymentGatewayError(`微信支付：${err?.message ?? `HTTP ${x.status}`}${err?.code ? `（${err.code}）` : ''}`, retryable);
  }
}

function str(v: unknown, name: string): string {
  if (typeof v !== 'string' || !v) throw new PaymentGatewayError(`微信支付应答缺少 ${name}`, true);
  return v;
}

function truncateBytes(s: string, max: number): string {
  let out = '';
  for (const ch of s) {
    if (Buffer.byteLength(out + ch) > max) break;
    out += ch;
  }
  return out;
}
