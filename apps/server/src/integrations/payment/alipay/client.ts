// An Alipay open-platform client (openapi gateway.do, RSA2): the mobile-web payment page
// (alipay.trade.wap.pay, a signed URL the browser opens), query, close and refund (signed POSTs
// whose answers must carry Alipay's valid signature before they are believed). HTTP goes through
// an injected transport.
import type { KeyObject } from 'node:crypto';
import type { HttpTransport } from '../../http/transport';
import { TransportError } from '../../http/transport';
import { PaymentGatewayError } from '../gateway';
import { chinaTime, responseMember, rsa2Verify, signRequest, type Params } from './sign';

export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';

export interface AlipayClientOptions {
  appId: string;
  /** the application's private key (RSA2) */
  privateKey: KeyObject;
  /** Alipay's public key (支付宝公钥) */
  alipayPublicKey: KeyObject;
  transport: HttpTransport;
  gatewayUrl?: string;
  now?: () => number;
}

/** The biz fields of an answer (code 10000 = done). */
export interface AlipayAnswer {
  code: string;
  msg?: string;
  sub_code?: string;
  sub_msg?: string;
  [k: string]: unknown;
}

export class AlipayClient {
  private readonly gateway: string;
  private readonly now: () => number;

  constructor(private readonly o: AlipayClientOptions) {
    this.gateway = o.gatewayUrl ?? ALIPAY_GATEWAY;
    this.now = o.now ?? Date.now;
  }

  get appId(): string {
    return this.o.appId;
  }

  /** The signed parameters of a call (common parameters + biz_content). */
  params(method: string, biz: object, extra: Params = {}): Params {
    return signRequest(
      {
        app_id: this.o.appId,
        method,
        format: 'JSON',
        charset: 'utf-8',
        sign_type: 'RSA2',
        timestamp: chinaTime(this.now()),
        version: '1.0',
        ...extra,
        biz_content: JSON.stringify(biz),
      },
      this.o.privateKey,
    );
  }

  /** alipay.trade.wap.pay: the URL of Alipay's cashier for this order (GET; the browser opens it). */
  wapPayUrl(biz: object, urls: { notifyUrl: string; returnUrl: string }): string {
    const p = this.params('alipay.trade.wap.pay', biz, { notify_url: urls.notifyUrl, return_url: urls.returnUrl });
    return `${this.gateway}?${new URLSearchParams(p).toString()}`;
  }

  /** A server-to-server call; answers the verified `<method>_response` member. */
  async call(method: string, biz: object): Promise<AlipayAnswer> {
    const body = new URLSearchParams(this.params(method, biz)).toString();
    let res;
    try {
      res = await this.o.transport({
        method: 'POST',
        url: `${this.gateway}?charset=utf-8`,
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
        body,
      });
    } catch (err) {
      if (err instanceof TransportError) throw new PaymentGatewayError('支付宝暂时无法连接', true);
      throw err;
    }
    if (res.status >= 500) throw new PaymentGatewayError(`支付宝暂时不可用（HTTP ${res.status}）`, true);
    const member = `${method.replace(/\./g, '_')}_response`;
    const raw = responseMember(res.body, member);
    let parsed: { sign?: unknown } & Record<string, unknown>;
    try {
      parsed = JSON.parse(res.body);
    } catch {
      throw new PaymentGatewayError('支付宝应答无法解析', true);
    }
    if (raw === null) {
      const e = parsed.error_response as AlipayAnswer | undefined;
      throw new PaymentGatewayError(`支付宝：${e?.sub_msg ?? e?.msg ?? '应答有误'}`, false);
    }
    const answer = JSON.parse(raw) as AlipayAnswer;
    // every answer about a trade is signed; a missing or wrong signature is never believed
    if (typeof parsed.sign !== 'string' || !rsa2Verify(raw, parsed.sign, this.o.alipayPublicKey))
      throw new PaymentGatewayError('支付宝应答验签失败', true);
    return answer;
  }
}
