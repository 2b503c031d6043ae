import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CardNumQuery, ChangeCardContent, ChangeCardInfo, ChangeCardRequest, envelope } from '@portal/contract';
import type { AppContext } from '../../context';
import { authOf, requireAuth } from '../auth';
import { ok } from '../../lib/envelope';
import { applyChangeCard, changeCardContent, changeCardInfo } from './service';

export async function replacementRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const tags = ['card replacement'];
  r.get(
    '/v1/card/change_card_info',
    { preHandler: requireAuth(ctx), schema: { tags, summary: '换卡状态与申请进度', querystring: CardNumQuery, response: { 200: envelope(ChangeCardInfo) } } },
    async (req) => ok(await changeCardInfo(ctx, authOf(req), req.query.custom_num)),
  );
  r.get(
    '/v2/overt/change_card_content',
    { preHandler: requireAuth(ctx), schema: { tags, summary: '换卡须知', querystring: CardNumQuery, response: { 200: envelope(ChangeCardContent) } } },
    async (req) => ok(await changeCardContent(ctx, authOf(req), req.query.custom_num)),
  );
  r.post(
    '/v1/card/change_card',
    { preHandler: requireAuth(ctx), schema: { tags, summary: '提交换卡申请', body: ChangeCardRequest, response: { 200: envelope(ChangeCardInfo) } } },
    async (req) => ok(await applyChangeCard(ctx, authOf(req), req.body)),
  );
}
