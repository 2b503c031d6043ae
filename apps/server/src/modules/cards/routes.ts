import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BindCardAnswer,
  BindCardRequest,
  BindListAnswer,
  CardInfoAnswer,
  CardNumBody,
  CardNumQuery,
  ClewAnswer,
  envelope,
  UnbindCardAnswer,
} from '@portal/contract';
import type { AppContext } from '../../context';
import { authOf, requireAuth } from '../auth';
import { ok } from '../../lib/envelope';
import { bindCard, bindList, cardInfo, clew, unbindCard } from './service';

export async function cardsRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireAuth(ctx);

  r.get(
    '/v1/card/bind_list',
    { preHandler, schema: { tags: ['cards'], summary: '已绑定的卡', response: { 200: envelope(BindListAnswer) } } },
    async (req) => ok({ list: await bindList(ctx, authOf(req)) }),
  );

  r.post(
    '/v1/card/bind',
    {
      preHandler,
      schema: {
        tags: ['cards'],
        summary: '绑定卡片（卡设有卡密码时需提供）',
        body: BindCardRequest,
        response: { 200: envelope(BindCardAnswer) },
      },
    },
    async (req) => ok(await bindCard(ctx, authOf(req), req.body.custom_num, req.body.password)),
  );

  r.post(
    '/v1/card/unbind',
    {
      preHandler,
      schema: { tags: ['cards'], summary: '解绑卡片', body: CardNumBody, response: { 200: envelope(UnbindCardAnswer) } },
    },
    async (req) => ok(await unbindCard(ctx, authOf(req), req.body.custom_num)),
  );

  r.get(
    '/v2/card/info',
    {
      preHandler,
      schema: { tags: ['cards'], summary: '卡片信息', querystring: CardNumQuery, response: { 200: envelope(CardInfoAnswer) } },
    },
    async (req) => ok(await cardInfo(ctx, authOf(req), req.query.custom_num)),
  );

  r.get(
    '/v1/card/clew',
    {
      preHandler,
      schema: { tags: ['cards'], summary: '卡片提示', querystring: CardNumQuery, response: { 200: envelope(ClewAnswer) } },
    },
    async (req) => ok(await clew(ctx, authOf(req), req.query.custom_num)),
  );
}
