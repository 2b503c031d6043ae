import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CardNumQuery, PaySetting, envelope } from '@portal/contract';
import type { AppContext } from '../../../context';
import { authOf, requireAuth } from '../../auth';
import { ok } from '../../../lib/envelope';
import { paySettingFor } from './service';

export async function payRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v1/pay/setting',
    {
      preHandler: requireAuth(ctx),
      schema: { tags: ['pay'], summary: '卡所属代理的支付设置', querystring: CardNumQuery, response: { 200: envelope(PaySetting) } },
    },
    async (req) => ok(await paySettingFor(ctx, authOf(req), req.query.custom_num)),
  );
}
