import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CardNumQuery,
  CardPasswordResetAnswer,
  CardPasswordResetRequest,
  CardPasswordSmsAnswer,
  CardPasswordSmsRequest,
  HasPasswordAnswer,
  envelope,
} from '@portal/contract';
import type { AppContext } from '../../context';
import { authOf, requireAuth } from '../auth';
import { ok } from '../../lib/envelope';
import { hasPassword, resetCardPassword, sendCardPasswordCode } from './service';

export async function cardPasswordRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/card/has_password',
    {
      preHandler: requireAuth(ctx),
      schema: { tags: ['card password'], summary: '卡是否已设置登录密码', querystring: CardNumQuery, response: { 200: envelope(HasPasswordAnswer) } },
    },
    async (req) => ok(await hasPassword(ctx, authOf(req), req.query.custom_num)),
  );

  r.post(
    '/v1/card/password/sms',
    {
      schema: {
        tags: ['card password'],
        summary: '向卡绑定的手机号发送设置/重置卡密码的验证码（无需登录）',
        body: CardPasswordSmsRequest,
        response: { 200: envelope(CardPasswordSmsAnswer) },
      },
    },
    async (req) => ok(await sendCardPasswordCode(ctx, req.body.custom_num, req.ip)),
  );

  r.post(
    '/v1/card/password/reset',
    {
      schema: {
        tags: ['card password'],
        summary: '凭短信验证码设置/重置卡登录密码（无需登录）',
        body: CardPasswordResetRequest,
        response: { 200: envelope(CardPasswordResetAnswer) },
      },
    },
    async (req) => ok(await resetCardPassword(ctx, req.body, req.ip)),
  );
}
