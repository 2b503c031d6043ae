import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { authRoutes } from './auth/routes';
import { cardPasswordRoutes } from './cardPassword/routes';
import { brandingRoutes } from './branding/routes';
import { payRoutes } from './pay/routes';
import { cardsRoutes } from './cards/routes';
import { usageRoutes } from './usage/routes';
import { realNameRoutes } from './realName/routes';
import { seriesRoutes } from './series/routes';
import { replacementRoutes } from './replacement/routes';
import { uploadRoutes } from './upload/routes';
import { catalogueRoutes } from './catalogue/routes';
import { voucherRoutes } from './vouchers/routes';
import { orderRoutes } from './orders/routes';
import { balanceRoutes } from './balance/routes';
import { paymentRoutes } from './payments/routes';
import { quickPayRoutes } from './quickPay/routes';

/** Every API module registers under /api here. */
export async function registerModules(api: FastifyInstance, ctx: AppContext): Promise<void> {
  await authRoutes(api, ctx);
  await cardPasswordRoutes(api, ctx);
  await brandingRoutes(api, ctx);
  await payRoutes(api, ctx);
  await cardsRoutes(api, ctx);
  await usageRoutes(api, ctx);
  // real-name, series choice, card replacement (issue 3)
  await realNameRoutes(api, ctx);
  await seriesRoutes(api, ctx);
  await replacementRoutes(api, ctx);
  await uploadRoutes(api, ctx);
  // commerce (issue 4)
  await catalogueRoutes(api, ctx);
  await voucherRoutes(api, ctx);
  await orderRoutes(api, ctx);
  await balanceRoutes(api, ctx);
  await paymentRoutes(api, ctx);
  await quickPayRoutes(api, ctx);
}
