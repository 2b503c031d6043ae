// Which stand-ins for outside systems a configuration mounts (docs/decisions/0016, 0021, 0030, 0032).
import type { DeviceSettings } from './device/settings';
import type { PaymentGateway } from './payment/gateway';
import { sandboxIn } from './payment/router';
import type { PaymentSettings } from './payment/settings';
import type { SmsProvider } from './sms/provider';
import type { SmsSettings } from './sms/settings';
import { SimulatorSms } from './sms/simulatorSms';

/**
 * The stand-ins for outside systems that the server mounts today, each with its hosted /sim pages:
 * the carrier (real-name and usage pages), the wifi devices (device panel), the payment sandbox
 * (cashier) and the SMS provider that writes codes to the log. A production deployment names the
 * ones it accepts in ALLOW_SIMULATORS (a staging set-up); otherwise the server refuses to start.
 */
export const SIMULATORS = ['carrier', 'devices', 'payments', 'sms'] as const;
export type Simulator = (typeof SIMULATORS)[number];

export interface SimulatorSettings {
  /** NODE_ENV=production: the start-up refuses development secrets, simulators not allowed, demo data, test controls */
  production: boolean;
  /** the simulators a production (staging) deployment accepts explicitly; ignored outside production */
  allowSimulators: Simulator[];
  /** carrier accounts declared at start-up (CARRIER_ACCOUNTS_FILE); null = none */
  carrierAccountsFile: string | null;
}

/**
 * The carrier simulator (account 1, docs/decisions/0030) is mounted unless a production deployment
 * declares its real carrier accounts (CARRIER_ACCOUNTS_FILE) and does not also allow the simulator.
 */
export function carrierSimulatorMounted(
  config: Pick<SimulatorSettings, 'production' | 'carrierAccountsFile' | 'allowSimulators'>,
): boolean {
  return !(config.production && config.carrierAccountsFile && !config.allowSimulators.includes('carrier'));
}

/**
 * The device simulator is mounted unless a production deployment names its auto-configuration
 * servers (ACS_URL or ACS_FILE) and does not also allow the simulator (docs/decisions/0032).
 */
export function deviceSimulatorMounted(
  config: Pick<SimulatorSettings, 'production' | 'allowSimulators'> & Pick<DeviceSettings, 'acs'>,
): boolean {
  return !(config.production && (config.acs.url || config.acs.file) && !config.allowSimulators.includes('devices'));
}

/**
 * The simulators this configuration mounts: the carrier (see carrierSimulatorMounted) and the
 * devices (see deviceSimulatorMounted); the payment sandbox unless both WeChat Pay and Alipay are
 * real; the SMS log unless a real SMS provider is chosen.
 */
export function mountedSimulators(
  config: SimulatorSettings & Pick<DeviceSettings, 'acs'> & Pick<PaymentSettings, 'payGateways'> & Pick<SmsSettings, 'smsProvider'>,
): Simulator[] {
  const out: Simulator[] = carrierSimulatorMounted(config) ? ['carrier'] : [];
  if (deviceSimulatorMounted(config)) out.push('devices');
  if (config.payGateways.wechat === 'sandbox' || config.payGateways.alipay === 'sandbox') out.push('payments');
  if (config.smsProvider === 'log') out.push('sms');
  return out;
}

/**
 * Which simulators this app mounts, worked out once: production mounts a simulator (and its /sim
 * pages) only when ALLOW_SIMULATORS names it (docs/decisions/0016). An injected carrier or device
 * gateway (tests) replaces its simulator.
 */
export function simulatorsOfGateways(
  config: SimulatorSettings & Pick<DeviceSettings, 'acs'>,
  injected: { carrier?: unknown; devices?: unknown },
): Simulator[] {
  const out: Simulator[] = [];
  if (!injected.carrier && carrierSimulatorMounted(config)) out.push('carrier');
  if (!injected.devices && deviceSimulatorMounted(config)) out.push('devices');
  return out;
}

/**
 * The simulators judged on the configuration alone, before anything is built, so a refused start
 * builds nothing: the payment sandbox and the SMS log unless injected (docs/decisions/0021).
 */
export function simulatorsConfigured(
  config: Pick<PaymentSettings, 'payGateways'> & Pick<SmsSettings, 'smsProvider'>,
  gateways: readonly Simulator[],
  injected: { payments?: unknown; sms?: unknown },
): Simulator[] {
  const out = [...gateways];
  if (!injected.payments && (config.payGateways.wechat === 'sandbox' || config.payGateways.alipay === 'sandbox')) out.push('payments');
  if (!injected.sms && config.smsProvider === 'log') out.push('sms');
  return out;
}

/** What is really mounted, injected or not: the sandbox or the SMS log counts only when it is in use. */
export function simulatorsInUse(gateways: readonly Simulator[], payments: PaymentGateway, sms: SmsProvider): Simulator[] {
  return [...gateways, ...(sandboxIn(payments) ? (['payments'] as const) : []), ...(sms instanceof SimulatorSms ? (['sms'] as const) : [])];
}
