import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { Answer, serve } from '../../lib/endpoint';
import { authOf } from '../auth';
import { cardFlow, dailyFlow, flowStatistics, forceSync } from './service';

export async function usageRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'flow', async (req) => cardFlow(ctx, authOf(req), req.query.custom_num));
  serve(api, 'dailyFlow', async (req) => dailyFlow(ctx, authOf(req), req.query.custom_num, req.query.days));
  serve(api, 'flowStatistics', async (req) => flowStatistics(ctx, authOf(req), req.query.custom_num));
  // the message says whether the carrier was asked now or the card must wait
  serve(api, 'flowSync', async (req) => {
    const { answer, message } = await forceSync(ctx, authOf(req), req.body.custom_num);
    return new Answer(answer, message);
  });
}
