// The portal's endpoints of this area: route, who may call them and their schemas
// (../declaration.ts; ../routes/auth.ts is derived from them); ../endpoints.ts joins the areas
// (docs/decisions/0050-one-endpoint-registry.md).
import { z } from 'zod';
import { declareArea } from '../declaration';
import { LoginAnswer, LoginRequest, SessionInfo, SmsCodeAnswer, SmsCodeRequest } from '../schemas';
import { account } from './tags';

export const authEndpoints = declareArea({
  sendSmsCode: {
    route: 'POST /v1/sms/code',
    access: 'open',
    tags: account,
    summary: '发送短信验证码（6位，5分钟有效，60秒内不可重发）',
    body: SmsCodeRequest,
    answer: SmsCodeAnswer,
  },
  login: {
    route: 'POST /v1/login',
    access: 'open',
    tags: account,
    summary: '登录：手机号+验证码 / 账号+密码 / 卡号+卡密码',
    body: LoginRequest,
    answer: LoginAnswer,
  },
  logout: { route: 'POST /v1/logout', access: 'holder', tags: account, summary: '退出登录（注销当前会话）', answer: z.null() },
  session: { route: 'GET /v1/session', access: 'holder', tags: account, summary: '当前登录信息', answer: SessionInfo },
});
