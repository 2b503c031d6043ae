import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CardNumBody,
  CardNumQuery,
  DailyFlowAnswer,
  DailyFlowQuery,
  envelope,
  FlowAnswer,
  FlowStatisticsAnswer,
  FlowSyncAnswer,
} from '@portal/contract';
import type { AppContext } from '../../context';
import { authOf, requireAuth } from '../auth';
import { ok } from '../../lib/envelope';
import { cardFlow, dailyFlow, flowStatistics, forceSync } from './service';

export async function usageRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireAuth(ctx);

  r.get(
    '/v2/card/flow',
    {
      preHandler,
      schema: {
        tags: ['usage'],
        summary: '流量概览：今日、本月、当前套餐已用与剩余',
        querystring: CardNumQuery,
        response: { 200: envelope(FlowAnswer) },
      },
    },
    async (req) => ok(await cardFlow(ctx, authOf(req), req.query.custom_num)),
  );

  r.get(
    '/v2/card_flow',
    {
      preHandler,
      schema: {
        tags: ['usage'],
        summary: '每日流量（最近 days 天，含用量为 0 的日期）',
        querystring: DailyFlowQuery,
        response: { 200: envelope(DailyFlowAnswer) },
      },
    },
    async (req) => ok(await dailyFlow(ctx, authOf(req), req.query.custom_num, req.query.days)),
  );

  r.get(
    '/v1/card/flow_statistics',
    {
      preHandler,
      schema: {
        tags: ['usage'],
        summary: '流量统计：累计与每月用量',
        querystring: CardNumQuery,
        response: { 200: envelope(FlowStatisticsAnswer) },
      },
    },
    async (req) => ok(await flowStatistics(ctx, authOf(req), req.query.custom_num)),
  );

  r.post(
    '/v2/card/flow/sync',
    {
      preHandler,
      schema: {
        tags: ['usage'],
        summary: '立即从运营商同步流量（每张卡 30 秒一次）',
        body: CardNumBody,
        response: { 200: envelope(FlowSyncAnswer) },
      },
    },
    async (req) => {
      const { answer, message } = await forceSync(ctx, authOf(req), req.body.custom_num);
      return { code: 0, message, data: answer };
    },
  );
}
