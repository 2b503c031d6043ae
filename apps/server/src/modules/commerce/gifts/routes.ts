import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { serve } from '../../../lib/endpoint';
import { authOf } from '../../auth';
import { cardGifts } from './service';

export async function giftRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'cardGifts', async (req) => cardGifts(ctx, authOf(req), req.query.custom_num));
}
