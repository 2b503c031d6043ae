import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoint';
import { authOf } from '../auth';
import { cardSeries, selectSeries } from './service';

export async function seriesRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'packageSeries', async (req) => cardSeries(ctx, authOf(req), req.query.custom_num));
  serve(api, 'selectSeries', async (req) => selectSeries(ctx, authOf(req), req.body.custom_num, req.body.series_id));
}
