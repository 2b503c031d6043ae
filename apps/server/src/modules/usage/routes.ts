import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoint';
import { authOf } from '../auth';
import { dailyFlow, flowStatistics } from './service';

export async function usageRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  // flow and flowSync answer the line's read model: modules/line serves them
  serve(api, 'dailyFlow', async (req) => dailyFlow(ctx, authOf(req), req.query.custom_num, req.query.days));
  serve(api, 'flowStatistics', async (req) => flowStatistics(ctx, authOf(req), req.query.custom_num));
}
