// Agents' payouts' settings (docs/decisions/0035-agent-commissions.md, 0036-wechat-payout.md), as config.ts composes them.
import { resolve } from 'node:path';
import { z } from 'zod';
import { number, type ProviderNeeds } from '../../lib/envKinds';
import type { PAYMENT_ENV } from '../payment/settings';

/** The merchant's API credentials (the WECHATPAY_* of the payment adapter) and the transfer scene. */
export interface WechatPayoutConfig {
  mchid: string;
  /** the AppID the agents' openids belong to */
  appid: string;
  certSerialNo: string;
  privateKeyFile: string;
  platformSerial: string;
  platformKeyFile: string;
  /** transfer_scene_id granted to the merchant (佣金报酬 1005) */
  sceneId: string;
}

export interface PayoutSettings {
  /** who pays withdrawals through 接口打款: the simulator (only beside the payment sandbox) or WeChat Pay's merchant transfer */
  payoutGateway: 'sandbox' | 'wechatpay';
  /** WeChat Pay merchant transfer (商家转账); null unless PAYOUT_GATEWAY=wechatpay */
  wechatPayout: WechatPayoutConfig | null;
  /** how often the payouts job asks the gateway about transfers still processing; 0 = only when asked (tests) */
  payoutQueryIntervalMs: number;
}

/** The payouts' variables; WeChat Pay's merchant transfer also reads the merchant's WECHATPAY_* (../payment/settings.ts). */
export const PAYOUT_ENV = z.object({
  // agents' payouts (docs/decisions/0036-wechat-payout.md): WeChat Pay's merchant transfer uses the merchant's WECHATPAY_* credentials
  PAYOUT_GATEWAY: z.enum(['sandbox', 'wechatpay'], { error: 'must be sandbox or wechatpay' }).default('sandbox'),
  WECHATPAY_TRANSFER_SCENE_ID: z
    .string()
    .trim()
    .regex(/^\d{4}$/, { error: 'must be the transfer scene id granted to the merchant (4 digits, e.g. 1005)' })
    .default('1005'),
  PAYOUT_QUERY_INTERVAL_SECONDS: number(300),
});
type PayoutEnv = z.output<typeof PAYOUT_ENV> & z.output<typeof PAYMENT_ENV>;

export const PAYOUT_NEEDS: ProviderNeeds<PayoutEnv> = {
  when: (e) => e.PAYOUT_GATEWAY === 'wechatpay',
  choice: 'PAYOUT_GATEWAY=wechatpay',
  needs: [
    ['WECHATPAY_MCHID', 'the merchant number'],
    ['WECHATPAY_APPID', "the AppID the agents' openids belong to"],
    ['WECHATPAY_CERT_SERIAL_NO', "the merchant API certificate's serial number"],
    ['WECHATPAY_PRIVATE_KEY_FILE', 'the path of apiclient_key.pem'],
    ['WECHATPAY_PLATFORM_SERIAL', 'the platform certificate serial or public key id'],
    ['WECHATPAY_PLATFORM_KEY_FILE', 'the path of the platform public key or certificate PEM'],
  ],
};

export function payoutSettings(e: PayoutEnv): PayoutSettings {
  return {
    payoutGateway: e.PAYOUT_GATEWAY,
    wechatPayout:
      e.PAYOUT_GATEWAY === 'wechatpay'
        ? {
            mchid: e.WECHATPAY_MCHID!,
            appid: e.WECHATPAY_APPID!,
            certSerialNo: e.WECHATPAY_CERT_SERIAL_NO!.toUpperCase(),
            privateKeyFile: resolve(e.WECHATPAY_PRIVATE_KEY_FILE!),
            platformSerial: e.WECHATPAY_PLATFORM_SERIAL!,
            platformKeyFile: resolve(e.WECHATPAY_PLATFORM_KEY_FILE!),
            sceneId: e.WECHATPAY_TRANSFER_SCENE_ID,
          }
        : null,
    payoutQueryIntervalMs: e.PAYOUT_QUERY_INTERVAL_SECONDS * 1000,
  };
}
