// Agents' payouts' settings (docs/decisions/0035-agent-commissions.md, 0036-wechat-payout.md), as config.ts composes them.

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
