import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoint';
import { authOf } from '../auth';
import { brandingByMark, brandingOfCard } from './service';

export async function brandingRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'customerUrl', async (req) => brandingByMark(ctx, req.query.mark));
  serve(api, 'applicationInfo', async (req) => brandingOfCard(ctx, authOf(req), req.query.custom_num));
}
