// The portal's endpoints of this area: route, who may call them and their schemas
// (../declaration.ts; ../routes/cardPassword.ts is derived from them); ../endpoints.ts joins the areas
// (docs/decisions/0050-one-endpoint-registry.md).
import { declareArea } from '../declaration';
import {
  BindCheckAnswer,
  CardNumQuery,
  CardPasswordResetAnswer,
  CardPasswordResetRequest,
  CardPasswordSmsAnswer,
  CardPasswordSmsRequest,
  HasPasswordAnswer,
} from '../schemas';
import { cardPassword } from './tags';

export const cardPasswordEndpoints = declareArea({
  hasPassword: {
    route: 'GET /v1/card/has_password',
    access: 'holder',
    tags: cardPassword,
    summary: '卡是否已设置登录密码',
    query: CardNumQuery,
    answer: HasPasswordAnswer,
  },
  bindCheck: {
    route: 'GET /v1/card/bind_check',
    access: 'holder',
    tags: cardPassword,
    summary: '绑卡前查询：绑定需要的凭证（对未知卡号与他人的卡回答相同）',
    query: CardNumQuery,
    answer: BindCheckAnswer,
  },
  cardPasswordSms: {
    route: 'POST /v1/card/password/sms',
    access: 'open',
    tags: cardPassword,
    summary: '向卡绑定的手机号发送设置/重置卡密码的验证码（无需登录）',
    body: CardPasswordSmsRequest,
    answer: CardPasswordSmsAnswer,
  },
  cardPasswordReset: {
    route: 'POST /v1/card/password/reset',
    access: 'open',
    tags: cardPassword,
    summary: '凭短信验证码设置/重置卡登录密码（无需登录）',
    body: CardPasswordResetRequest,
    answer: CardPasswordResetAnswer,
  },
});
