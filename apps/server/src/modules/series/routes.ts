import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CardNumQuery, SelectSeriesAnswer, SelectSeriesRequest, SeriesAnswer, envelope } from '@portal/contract';
import type { AppContext } from '../../context';
import { authOf, requireAuth } from '../auth';
import { ok } from '../../lib/envelope';
import { cardSeries, selectSeries } from './service';

export async function seriesRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const tags = ['package series'];
  r.get(
    '/v1/package/series',
    { preHandler: requireAuth(ctx), schema: { tags, summary: '卡可选的套餐系列', querystring: CardNumQuery, response: { 200: envelope(SeriesAnswer) } } },
    async (req) => ok(await cardSeries(ctx, authOf(req), req.query.custom_num)),
  );
  r.post(
    '/v1/card/select_series',
    { preHandler: requireAuth(ctx), schema: { tags, summary: '多系列卡选定一个套餐系列', body: SelectSeriesRequest, response: { 200: envelope(SelectSeriesAnswer) } } },
    async (req) => ok(await selectSeries(ctx, authOf(req), req.body.custom_num, req.body.series_id)),
  );
}
