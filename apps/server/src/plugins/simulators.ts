import { carrierSimulatorMounted, deviceSimulatorMounted, type Config, type Simulator } from '../config';
import type { PaymentGateway } from '../integrations/payment/gateway';
import { sandboxIn } from '../integrations/payment/router';
import type { SmsProvider } from '../integrations/sms/provider';
import { SimulatorSms } from '../integrations/sms/simulatorSms';

/**
 * Which simulators this app mounts, worked out once: production mounts a simulator (and its /sim
 * pages) only when ALLOW_SIMULATORS names it (docs/decisions/0016). An injected carrier or device
 * gateway (tests) replaces its simulator.
 */
export function simulatorsOfGateways(config: Config, injected: { carrier?: unknown; devices?: unknown }): Simulator[] {
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
  config: Config,
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
