// The outside systems chosen by configuration (docs/decisions/0021): the payment gateway per pay
// channel (the sandbox, WeChat Pay, Alipay) and the SMS provider (the log simulator, Alibaba
// Cloud SMS). Keys are read from their files once, here; a missing or unreadable key stops the
// start with a ConfigError naming its variable, before the database is opened (main.ts).
import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError } from '../lib/configError';
import type { Db } from '../db/connect';
import { clock } from '../lib/clock';
import { fetchTransport, type HttpTransport } from './http/transport';
import { AlipayClient } from './payment/alipay/client';
import { ALIPAY_CHANNELS, ALIPAY_PREFIX, AlipayGateway } from './payment/alipay/gateway';
import type { PaymentGateway } from './payment/gateway';
import { ChannelRouter, type Route } from './payment/router';
import { SandboxGateway } from './payment/sandbox';
import { WechatPayClient } from './payment/wechatpay/client';
import { WECHATPAY_CHANNEL, WECHATPAY_PREFIX, WechatPayGateway } from './payment/wechatpay/gateway';
import type { PlatformKey } from './payment/wechatpay/verify';
import { AliyunSms } from './sms/aliyun/provider';
import type { SmsProvider } from './sms/provider';
import { SimulatorSms } from './sms/simulatorSms';
import { WechatMpClient } from './messaging/wechatMp/client';
import { DbTokenStore } from './messaging/wechatMp/tokenStore';
import type { MessagingAppSettings } from './messaging/wechatMp/settings';
import type { PaymentSettings } from './payment/settings';
import type { SimulatorSettings } from './simulators';
import type { SmsSettings } from './sms/settings';

/** Where the real gateways send their notifications (packages/contract: payNotifyWechat, payNotifyAlipay). */
export const WECHATPAY_NOTIFY_PATH = '/api/v1/pay/wechatpay/notify';
export const ALIPAY_NOTIFY_PATH = '/api/v1/pay/alipay/notify';

interface Keys {
  wechat: { privateKey: KeyObject; platform: PlatformKey } | null;
  alipay: { privateKey: KeyObject; publicKey: KeyObject } | null;
}

/** A PEM file, or the bare base64 body the Alipay console shows (wrapped as PKCS#8 / SPKI). */
function pemOf(text: string, label: 'PRIVATE KEY' | 'PUBLIC KEY'): string {
  const t = text.trim();
  if (t.includes('-----BEGIN')) return t;
  return `-----BEGIN ${label}-----\n${t.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n')}\n-----END ${label}-----\n`;
}

/** Reads every configured key; throws one ConfigError naming each variable whose file is wrong. */
export function loadProviderKeys(config: Pick<PaymentSettings, 'wechatPay' | 'alipay'>): Keys {
  const problems: string[] = [];
  const read = <T>(variable: string, file: string, parse: (text: string) => T): T | null => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      problems.push(`${variable}: cannot read ${file}`);
      return null;
    }
    try {
      return parse(text);
    } catch (err) {
      problems.push(
        `${variable}: ${file} ${(err as Error).message.startsWith('serial') ? (err as Error).message : 'does not hold the expected key'}`,
      );
      return null;
    }
  };
  const privateKey = (text: string) => {
    const k = createPrivateKey(pemOf(text, 'PRIVATE KEY'));
    if (k.asymmetricKeyType !== 'rsa') throw new Error('not RSA');
    return k;
  };
  const publicKey = (text: string) => createPublicKey(pemOf(text, 'PUBLIC KEY'));
  let wechat: Keys['wechat'] = null;
  if (config.wechatPay) {
    const w = config.wechatPay;
    const pk = read('WECHATPAY_PRIVATE_KEY_FILE', w.privateKeyFile, privateKey);
    const platform = read('WECHATPAY_PLATFORM_KEY_FILE', w.platformKeyFile, (text) => {
      if (!text.includes('BEGIN CERTIFICATE')) return publicKey(text);
      const cert = new X509Certificate(text);
      // a certificate names its serial: it must be the one configured
      if (cert.serialNumber.toUpperCase() !== w.platformSerial.toUpperCase())
        throw new Error(`serial ${cert.serialNumber} is not WECHATPAY_PLATFORM_SERIAL`);
      return cert.publicKey;
    });
    if (pk && platform) wechat = { privateKey: pk, platform: { serial: w.platformSerial, publicKey: platform } };
  }
  let alipay: Keys['alipay'] = null;
  if (config.alipay) {
    const pk = read('ALIPAY_PRIVATE_KEY_FILE', config.alipay.privateKeyFile, privateKey);
    const pub = read('ALIPAY_PUBLIC_KEY_FILE', config.alipay.publicKeyFile, publicKey);
    if (pk && pub) alipay = { privateKey: pk, publicKey: pub };
  }
  if (problems.length) throw new ConfigError(problems);
  return { wechat, alipay };
}

export interface ProviderDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** how the real adapters reach their providers (tests pass a fake) */
  transport?: HttpTransport;
}

const now = () => clock.now().getTime();

/**
 * The payment gateway of this configuration: the sandbox alone (development), a real gateway per
 * channel with the sandbox playing the rest (staging), or only real gateways.
 */
export function paymentGatewayFor(config: PaymentSettings, deps: ProviderDeps): PaymentGateway {
  const sandbox = () =>
    new SandboxGateway(
      deps.db,
      {
        secret: config.paySandboxSecret,
        notifyDelayMs: config.paySandboxNotifyDelayMs,
        notifyCopies: config.paySandboxNotifyCopies,
        dropNotifications: config.paySandboxDropNotify,
      },
      deps.log,
    );
  if (!config.wechatPay && !config.alipay) return sandbox();
  const keys = loadProviderKeys(config);
  const transport = deps.transport ?? fetchTransport();
  const publicUrl = config.payPublicUrl!;
  const refused = (gateway: string) => (reason: string) => deps.log.warn({ gateway, reason }, 'payment notification refused');
  const routes: Route[] = [];
  if (config.wechatPay && keys.wechat) {
    const w = config.wechatPay;
    const client = new WechatPayClient({
      mchid: w.mchid,
      appid: w.appid,
      serialNo: w.certSerialNo,
      privateKey: keys.wechat.privateKey,
      platform: keys.wechat.platform,
      transport,
      now,
    });
    routes.push({
      channels: [WECHATPAY_CHANNEL],
      prefix: WECHATPAY_PREFIX,
      gateway: new WechatPayGateway({
        client,
        mchid: w.mchid,
        appid: w.appid,
        platform: keys.wechat.platform,
        apiV3Key: w.apiV3Key,
        notifyUrl: `${publicUrl}${WECHATPAY_NOTIFY_PATH}`,
        publicUrl,
        orderTtlMs: config.payOrderTtlMs,
        now,
        onRefused: refused('wechatpay'),
        oaSecret: w.oaSecret,
        transport,
      }),
    });
  }
  if (config.alipay && keys.alipay) {
    const client = new AlipayClient({
      appId: config.alipay.appId,
      privateKey: keys.alipay.privateKey,
      alipayPublicKey: keys.alipay.publicKey,
      transport,
      now,
    });
    routes.push({
      channels: ALIPAY_CHANNELS,
      prefix: ALIPAY_PREFIX,
      gateway: new AlipayGateway({
        client,
        alipayPublicKey: keys.alipay.publicKey,
        notifyUrl: `${publicUrl}${ALIPAY_NOTIFY_PATH}`,
        publicUrl,
        orderTtlMs: config.payOrderTtlMs,
        now,
        onRefused: refused('alipay'),
      }),
    });
  }
  const both = config.payGateways.wechat !== 'sandbox' && config.payGateways.alipay !== 'sandbox';
  return new ChannelRouter(routes, both ? null : sandbox());
}

export function smsProviderFor(config: SmsSettings & Pick<SimulatorSettings, 'production'>, deps: ProviderDeps): SmsProvider {
  if (!config.aliyunSms) return new SimulatorSms(deps.db, deps.log, { toTerminal: config.smsToTerminal, production: config.production });
  return new AliyunSms({ ...config.aliyunSms, transport: deps.transport ?? fetchTransport(), now });
}

/**
 * The official account's AppSecret (docs/decisions/0038-alerts-in-the-messaging-app.md), from
 * WECHAT_MP_SECRET or the file WECHAT_MP_SECRET_FILE names; null without the channel. A file that
 * cannot be read or is empty stops the start naming the variable (main.ts calls it before the
 * database is opened).
 */
export function loadMessagingAppSecret(config: MessagingAppSettings): string | null {
  const mp = config.wechatMp;
  if (!mp) return null;
  if (mp.secret) return mp.secret;
  let text: string;
  try {
    text = readFileSync(mp.secretFile!, 'utf8').trim();
  } catch {
    throw new ConfigError([`WECHAT_MP_SECRET_FILE: cannot read ${mp.secretFile}`]);
  }
  if (!text) throw new ConfigError([`WECHAT_MP_SECRET_FILE: ${mp.secretFile} is empty (it must hold the AppSecret)`]);
  return text;
}

/** The official account's client when the channel is configured; null = the channel is absent. */
export function messagingAppFor(config: MessagingAppSettings, deps: ProviderDeps): WechatMpClient | null {
  const mp = config.wechatMp;
  if (!mp) return null;
  return new WechatMpClient({
    appid: mp.appid,
    secret: loadMessagingAppSecret(config)!,
    transport: deps.transport ?? fetchTransport(),
    tokens: new DbTokenStore(deps.db.kysely),
    now,
    apiBase: mp.apiBase,
  });
}
