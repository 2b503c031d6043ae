import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerPayCashier } from './payCashier';
import { registerCarrierRealName } from './carrierRealName';
import { registerDevicePanel } from './devicePanel';
import { registerCarrierUsage } from './carrierUsage';
import { registerTestControls } from './testControls';
import { registerPayoutConfirm } from './payoutConfirm';

/**
 * The simulators' hosted pages (a carrier's real-name page, a payment gateway's cashier): plain
 * server-rendered HTML outside /api, under /sim/, standing in for pages a real carrier or
 * gateway would host on its own domain. Each simulator registers its pages here.
 */
export async function registerSimulatorPages(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerPayCashier(app, ctx);
  await registerCarrierRealName(app, ctx);
  await registerDevicePanel(app, ctx);
  await registerCarrierUsage(app, ctx);
  await registerTestControls(app, ctx);
  await registerPayoutConfirm(app, ctx);
}
