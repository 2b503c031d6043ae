import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CardNumQuery, CardRealNameAnswer, CardRealNameRequest, RealNameData, RealNameStart, RealNameStartRequest, RealNameStatus, envelope } from '@portal/contract';
import type { AppContext } from '../../context';
import { authOf, requireAuth } from '../auth';
import { ok } from '../../lib/envelope';
import { realNameData, realNameStatus, saveCardRealName, startRealName } from './service';

export async function realNameRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const auth = requireAuth(ctx);
  const tags = ['real-name'];

  for (const path of ['/v1/user/real_name_recharge', '/v2/real_name_recharge']) {
    r.get(
      path,
      { preHandler: auth, schema: { tags, summary: '卡的实名数据（运营商、实名方式、是否已实名）', querystring: CardNumQuery, response: { 200: envelope(RealNameData) } } },
      async (req) => ok(await realNameData(ctx, authOf(req), req.query.custom_num)),
    );
  }

  r.post(
    '/v1/user/card_real_name',
    { preHandler: auth, schema: { tags, summary: '提交持卡人信息（姓名、身份证号、手机号）', body: CardRealNameRequest, response: { 200: envelope(CardRealNameAnswer) } } },
    async (req) => ok(await saveCardRealName(ctx, authOf(req), req.body)),
  );

  r.post(
    '/v1/real_name/start',
    { preHandler: auth, schema: { tags, summary: '发起运营商实名：每次生成新的、会过期的实名链接', body: RealNameStartRequest, response: { 200: envelope(RealNameStart) } } },
    async (req) => ok(await startRealName(ctx, authOf(req), req.body.custom_num, req.body.return_path)),
  );

  r.get(
    '/v1/real_name/status',
    { preHandler: auth, schema: { tags, summary: '向运营商查询实名结果，已实名则更新卡状态', querystring: CardNumQuery, response: { 200: envelope(RealNameStatus) } } },
    async (req) => ok(await realNameStatus(ctx, authOf(req), req.query.custom_num)),
  );
}
