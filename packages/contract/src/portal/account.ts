// The portal's endpoints of this area: route, who may call them and their schemas
// (../declaration.ts; ../routes/account.ts is derived from them); ../endpoints.ts joins the areas
// (docs/decisions/0050-one-endpoint-registry.md).
import { declareArea } from '../declaration';
import {
  ChangeMobileAnswer,
  ChangeMobileRequest,
  MobileCodeAnswer,
  MobileCodeRequest,
  UserPasswordResetAnswer,
  UserPasswordResetRequest,
} from '../account';
import { UserPasswordAnswer, UserPasswordRequest } from '../schemas';
import { account } from './tags';

export const accountEndpoints = declareArea({
  changeUserPassword: {
    route: 'POST /v1/user/password',
    access: 'holder',
    tags: account,
    summary: '修改账号登录密码（其他设备上的登录随之失效）',
    body: UserPasswordRequest,
    answer: UserPasswordAnswer,
  },
  resetUserPassword: {
    route: 'POST /v1/user/password/reset',
    access: 'open',
    tags: account,
    summary: '忘记账号密码：凭发到账号手机号的验证码（用途 user_password）设置新密码，该账号的登录全部失效',
    body: UserPasswordResetRequest,
    answer: UserPasswordResetAnswer,
  },
  mobileChangeCode: {
    route: 'POST /v1/user/mobile/code',
    access: 'holder',
    tags: account,
    summary: '更换手机号：向原手机号或新手机号发送验证码（与登录验证码同样限频）',
    body: MobileCodeRequest,
    answer: MobileCodeAnswer,
  },
  changeMobile: {
    route: 'POST /v1/user/mobile',
    access: 'holder',
    tags: account,
    summary: '更换手机号：原手机号与新手机号的验证码都正确后生效，其他设备上的登录随之失效',
    body: ChangeMobileRequest,
    answer: ChangeMobileAnswer,
  },
});
