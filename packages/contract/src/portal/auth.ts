// The portal's endpoints of ../routes/auth.ts bound to who may call them and their schemas
// (../declaration.ts); ../endpoints.ts joins the areas (docs/decisions/0050-one-endpoint-registry.md).
import { z } from 'zod';
import { bindRoutes } from '../declaration';
import * as ROUTES from '../routes/auth';
import { LoginAnswer, LoginRequest, SessionInfo, SmsCodeAnswer, SmsCodeRequest } from '../schemas';
import { account } from './tags';

export const authEndpoints = bindRoutes(ROUTES, {
  sendSmsCode: {
    access: 'open',
    tags: account,
    summary: '发送短信验证码（6位，5分钟有效，60秒内不可重发）',
    body: SmsCodeRequest,
    answer: SmsCodeAnswer,
  },
  login: {
    access: 'open',
    tags: account,
    summary: '登录：手机号+验证码 / 账号+密码 / 卡号+卡密码',
    body: LoginRequest,
    answer: LoginAnswer,
  },
  logout: { access: 'holder', tags: account, summary: '退出登录（注销当前会话）', answer: z.null() },
  session: { access: 'holder', tags: account, summary: '当前登录信息', answer: SessionInfo },
});
