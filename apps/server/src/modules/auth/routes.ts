import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LoginAnswer,
  LoginRequest,
  SessionInfo,
  SmsCodeAnswer,
  SmsCodeRequest,
  UserPasswordAnswer,
  UserPasswordRequest,
  envelope,
} from '@portal/contract';
import type { AppContext } from '../../context';
import { authOf, requireAuth } from './session';
import { ok } from '../../lib/envelope';
import { changePassword, login, logout, requestSmsCode, sessionInfo } from './service';

export async function authRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/v1/sms/code',
    {
      schema: {
        tags: ['auth'],
        summary: '发送短信验证码（6位，5分钟有效，60秒内不可重发）',
        body: SmsCodeRequest,
        response: { 200: envelope(SmsCodeAnswer) },
      },
    },
    async (req) => ok(await requestSmsCode(ctx, req.body, req.ip)),
  );

  r.post(
    '/v1/login',
    {
      schema: {
        tags: ['auth'],
        summary: '登录：手机号+验证码 / 账号+密码 / 卡号+卡密码',
        body: LoginRequest,
        response: { 200: envelope(LoginAnswer) },
      },
    },
    async (req) => ok(await login(ctx, req.body, req.ip)),
  );

  r.post(
    '/v1/logout',
    {
      preHandler: requireAuth(ctx),
      schema: { tags: ['auth'], summary: '退出登录（注销当前会话）', response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await logout(ctx, authOf(req));
      return ok(null);
    },
  );

  r.get(
    '/v1/session',
    {
      preHandler: requireAuth(ctx),
      schema: { tags: ['auth'], summary: '当前登录信息', response: { 200: envelope(SessionInfo) } },
    },
    async (req) => ok(await sessionInfo(ctx, authOf(req))),
  );

  r.post(
    '/v1/user/password',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags: ['auth'],
        summary: '修改账号登录密码（其他设备上的登录随之失效）',
        body: UserPasswordRequest,
        response: { 200: envelope(UserPasswordAnswer) },
      },
    },
    async (req) => ok(await changePassword(ctx, authOf(req), req.body, req.ip)),
  );
}
