import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/connect';
import type { CarrierGateway } from './integrations/carrier/gateway';
import type { DeviceGateway } from './integrations/device/gateway';
import type { SmsProvider } from './integrations/sms/provider';
import type { PaymentGateway } from './integrations/payment/gateway';
import type { PayoutGateway } from './integrations/payout/gateway';
import type { WechatMpClient } from './integrations/messaging/wechatMp/client';

/** What services need from the outside world; built once in buildApp, passed to every module. */
export interface AppContext {
  db: Db;
  config: Config;
  carrier: CarrierGateway;
  sms: SmsProvider;
  /** payment gateway (buildApp gives the sandbox unless a real one is passed); optional so tools
   *  that build a context without commerce (CLI) need not construct one */
  payments?: PaymentGateway;
  /** the wifi devices' cloud (buildApp gives the simulator unless a real one is passed); optional
   *  like payments, for tools that build a context without devices (CLI) */
  devices?: DeviceGateway;
  /** pays agents' withdrawals (integrations/payout/choose): the simulator beside the payment sandbox,
   *  WeChat Pay's merchant transfer when configured, else none (finance pays by hand); optional like payments */
  payouts?: PayoutGateway | null;
  /** the official account that carries alerts into the messaging app (docs/decisions/0038); null or
   *  absent = the channel is not configured and not offered */
  messagingApp?: WechatMpClient | null;
  log: FastifyBaseLogger;
}
