// The portal's endpoints of ../routes/cardPassword.ts bound to who may call them and their schemas
// (../declaration.ts); ../endpoints.ts joins the areas (docs/decisions/0050-one-endpoint-registry.md).
import { bindRoutes } from '../declaration';
import * as ROUTES from '../routes/cardPassword';
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

export const cardPasswordEndpoints = bindRoutes(ROUTES, {
  hasPassword: { access: 'holder', tags: cardPassword, summary: '卡是否已设置登录密码', query: CardNumQuery, answer: HasPasswordAnswer },
  bindCheck: {
    access: 'holder',
    tags: cardPassword,
    summary: '绑卡前查询：绑定需要的凭证（对未知卡号与他人的卡回答相同）',
    query: CardNumQuery,
    answer: BindCheckAnswer,
  },
  cardPasswordSms: {
    access: 'open',
    tags: cardPassword,
    summary: '向卡绑定的手机号发送设置/重置卡密码的验证码（无需登录）',
    body: CardPasswordSmsRequest,
    answer: CardPasswordSmsAnswer,
  },
  cardPasswordReset: {
    access: 'open',
    tags: cardPassword,
    summary: '凭短信验证码设置/重置卡登录密码（无需登录）',
    body: CardPasswordResetRequest,
    answer: CardPasswordResetAnswer,
  },
});
