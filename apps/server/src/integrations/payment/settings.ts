// The payment gateways' settings (docs/decisions/0006, 0021), as config.ts composes them.
import { resolve } from 'node:path';
import { z } from 'zod';
import type { ProviderNeeds } from '../../lib/envKinds';

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

/** The real gateways' variables (config.ts composes them into the one schema; the sandbox's are the server's own). */
export const PAYMENT_ENV = z.object({
  // real payment and SMS providers (docs/decisions/0021): each one's variables are required once it is chosen
  PAY_PUBLIC_URL: z
    .string()
    .trim()
    .regex(/^https:\/\/[^/?#\s]+$/, { error: "must be the portal's public https origin, e.g. https://h5.example.com (no path)" })
    .optional(),
  WECHAT_PAY_GATEWAY: z.enum(['sandbox', 'wechatpay'], { error: 'must be sandbox or wechatpay' }).default('sandbox'),
  WECHATPAY_MCHID: z
    .string()
    .trim()
    .regex(/^\d{6,32}$/, { error: 'must be the merchant number (digits)' })
    .optional(),
  WECHATPAY_APPID: z.string().trim().min(1).optional(),
  WECHATPAY_CERT_SERIAL_NO: z
    .string()
    .trim()
    .regex(/^[0-9A-Fa-f]{8,64}$/, { error: 'must be the certificate serial number (hex)' })
    .optional(),
  WECHATPAY_PRIVATE_KEY_FILE: z.string().trim().min(1).optional(),
  WECHATPAY_APIV3_KEY: z
    .string()
    .refine((v) => Buffer.byteLength(v) === 32, { error: 'must be the 32-character APIv3 key set in the merchant platform' })
    .optional(),
  WECHATPAY_PLATFORM_SERIAL: z.string().trim().min(1).optional(),
  WECHATPAY_PLATFORM_KEY_FILE: z.string().trim().min(1).optional(),
  WECHATPAY_OA_SECRET: z.string().trim().min(1).optional(),
  ALIPAY_GATEWAY: z.enum(['sandbox', 'alipay'], { error: 'must be sandbox or alipay' }).default('sandbox'),
  ALIPAY_APP_ID: z
    .string()
    .trim()
    .regex(/^\d{8,32}$/, { error: 'must be the application id (digits)' })
    .optional(),
  ALIPAY_PRIVATE_KEY_FILE: z.string().trim().min(1).optional(),
  ALIPAY_PUBLIC_KEY_FILE: z.string().trim().min(1).optional(),
});
type PaymentEnv = z.output<typeof PAYMENT_ENV>;

export const WECHATPAY_NEEDS: ProviderNeeds<PaymentEnv> = {
  when: (e) => e.WECHAT_PAY_GATEWAY === 'wechatpay',
  choice: 'WECHAT_PAY_GATEWAY=wechatpay',
  needs: [
    ['PAY_PUBLIC_URL', "the portal's public https origin"],
    ['WECHATPAY_MCHID', 'the merchant number'],
    ['WECHATPAY_APPID', "the official account's AppID"],
    ['WECHATPAY_CERT_SERIAL_NO', "the merchant API certificate's serial number"],
    ['WECHATPAY_PRIVATE_KEY_FILE', 'the path of apiclient_key.pem'],
    ['WECHATPAY_APIV3_KEY', 'the APIv3 key'],
    ['WECHATPAY_PLATFORM_SERIAL', 'the platform certificate serial or public key id'],
    ['WECHATPAY_PLATFORM_KEY_FILE', 'the path of the platform public key or certificate PEM'],
  ],
};

export const ALIPAY_NEEDS: ProviderNeeds<PaymentEnv> = {
  when: (e) => e.ALIPAY_GATEWAY === 'alipay',
  choice: 'ALIPAY_GATEWAY=alipay',
  needs: [
    ['PAY_PUBLIC_URL', "the portal's public https origin"],
    ['ALIPAY_APP_ID', 'the application id'],
    ['ALIPAY_PRIVATE_KEY_FILE', 'the path of the application private key PEM'],
    ['ALIPAY_PUBLIC_KEY_FILE', 'the path of the Alipay public key PEM'],
  ],
};

export function paymentGatewaySettings(e: PaymentEnv): Pick<PaymentSettings, 'payGateways' | 'payPublicUrl' | 'wechatPay' | 'alipay'> {
  return {
    payGateways: { wechat: e.WECHAT_PAY_GATEWAY, alipay: e.ALIPAY_GATEWAY },
    payPublicUrl: e.PAY_PUBLIC_URL ?? null,
    wechatPay:
      e.WECHAT_PAY_GATEWAY === 'wechatpay'
        ? {
            mchid: e.WECHATPAY_MCHID!,
            appid: e.WECHATPAY_APPID!,
            certSerialNo: e.WECHATPAY_CERT_SERIAL_NO!.toUpperCase(),
            privateKeyFile: resolve(e.WECHATPAY_PRIVATE_KEY_FILE!),
            apiV3Key: e.WECHATPAY_APIV3_KEY!,
            platformSerial: e.WECHATPAY_PLATFORM_SERIAL!,
            platformKeyFile: resolve(e.WECHATPAY_PLATFORM_KEY_FILE!),
            oaSecret: e.WECHATPAY_OA_SECRET ?? null,
          }
        : null,
    alipay:
      e.ALIPAY_GATEWAY === 'alipay'
        ? {
            appId: e.ALIPAY_APP_ID!,
            privateKeyFile: resolve(e.ALIPAY_PRIVATE_KEY_FILE!),
            publicKeyFile: resolve(e.ALIPAY_PUBLIC_KEY_FILE!),
          }
        : null,
  };
}
