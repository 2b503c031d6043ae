// The payment gateways' settings (docs/decisions/0006, 0021), as config.ts composes them.

export interface WechatPayConfig {
  mchid: string;
  appid: string;
  /** serial number of the merchant API certificate whose private key signs our requests */
  certSerialNo: string;
  /** PEM file of that private key (apiclient_key.pem) */
  privateKeyFile: string;
  /** the APIv3 key (32 characters) that decrypts notification resources */
  apiV3Key: string;
  /** serial (certificate serial or PUB_KEY_ID_…) the gateway names in Wechatpay-Serial */
  platformSerial: string;
  /** PEM file of the platform's public key or certificate */
  platformKeyFile: string;
  /** the official account's AppSecret: JSAPI inside the messaging app (OAuth → openid); null = H5 only */
  oaSecret: string | null;
}

export interface AlipayConfig {
  appId: string;
  /** PEM file of the application's private key (RSA2) */
  privateKeyFile: string;
  /** PEM file of Alipay's public key (支付宝公钥) */
  publicKeyFile: string;
}

export interface PaymentSettings {
  /** HMAC-SHA256 secret of the payment sandbox's notifications (PAY_SANDBOX_SECRET) */
  paySandboxSecret: string;
  /** sandbox: delay before a notification, and how many copies it sends; drop them all */
  paySandboxNotifyDelayMs: number;
  paySandboxNotifyCopies: number;
  paySandboxDropNotify: boolean;
  /** an unpaid order closes (voucher released) this long after creation */
  payOrderTtlMs: number;
  /** the reconciler asks the gateway about orders pending longer than this */
  payQueryAfterMs: number;
  /** how often the reconciler runs; 0 = never on its own (tests call it) */
  payReconcileIntervalMs: number;
  /** which gateway plays pay channel 1 (messaging-app pay) and channels 2 and 4 (e-wallet, instalment) */
  payGateways: { wechat: 'sandbox' | 'wechatpay'; alipay: 'sandbox' | 'alipay' };
  /** the portal's public https origin: where gateways send notifications and browsers come back; null = not set */
  payPublicUrl: string | null;
  /** WeChat Pay API v3 (direct merchant); null unless WECHAT_PAY_GATEWAY=wechatpay */
  wechatPay: WechatPayConfig | null;
  /** Alipay open platform (RSA2); null unless ALIPAY_GATEWAY=alipay */
  alipay: AlipayConfig | null;
}
