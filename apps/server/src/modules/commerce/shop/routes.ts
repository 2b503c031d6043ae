import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { serve } from '../../../lib/endpoint';
import { shopProducts } from './service';

export async function shopRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'shopProducts', async (req) => shopProducts(ctx, req.query.mark));
}
