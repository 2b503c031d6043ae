import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoint';
import { authOf } from '../auth';
import { applyChangeCard, changeCardContent, changeCardInfo } from './service';

export async function replacementRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'changeCardInfo', async (req) => changeCardInfo(ctx, authOf(req), req.query.custom_num));
  serve(api, 'changeCardContent', async (req) => changeCardContent(ctx, authOf(req), req.query.custom_num));
  serve(api, 'changeCard', async (req) => applyChangeCard(ctx, authOf(req), req.body));
}
