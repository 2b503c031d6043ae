import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { authRoutes } from './auth/routes';
import { cardPasswordRoutes } from './cardPassword/routes';
import { brandingRoutes } from './branding/routes';
import { payRoutes } from './pay/routes';
import { cardsRoutes } from './cards/routes';
import { usageRoutes } from './usage/routes';

/** Every API module registers under /api here. */
export async function registerModules(api: FastifyInstance, ctx: AppContext): Promise<void> {
  await authRoutes(api, ctx);
  await cardPasswordRoutes(api, ctx);
  await brandingRoutes(api, ctx);
  await payRoutes(api, ctx);
  await cardsRoutes(api, ctx);
  await usageRoutes(api, ctx);
}
