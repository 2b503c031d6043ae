import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Branding, BrandingFull, CardNumQuery, CustomerUrlQuery, envelope } from '@portal/contract';
import type { AppContext } from '../../context';
import { authOf, requireAuth } from '../auth';
import { ok } from '../../lib/envelope';
import { brandingByMark, brandingOfCard } from './service';

export async function brandingRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/application/customer_url',
    {
      schema: {
        tags: ['branding'],
        summary: '按代理标识取品牌配置（无需登录；不传 mark 为默认品牌）',
        querystring: CustomerUrlQuery,
        response: { 200: envelope(Branding) },
      },
    },
    async (req) => ok(await brandingByMark(ctx, req.query.mark)),
  );

  r.get(
    '/v2/application/info',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags: ['branding'],
        summary: '卡所属代理的完整品牌配置',
        querystring: CardNumQuery,
        response: { 200: envelope(BrandingFull) },
      },
    },
    async (req) => ok(await brandingOfCard(ctx, authOf(req), req.query.custom_num)),
  );
}
