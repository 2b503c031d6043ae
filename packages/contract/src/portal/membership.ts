// The portal's endpoints of this area: route, who may call them and their schemas
// (../declaration.ts; ../routes/membership.ts is derived from them); ../endpoints.ts joins the areas
// (docs/decisions/0050-one-endpoint-registry.md).
import { declareArea } from '../declaration';
import {
  InviteCheckAnswer,
  InviteCheckQuery,
  InviteMineAnswer,
  InviteRecordsAnswer,
  MemberAnswer,
  PopularizeAnswer,
  PopularizeQuery,
  RegisterAnswer,
  RegisterRequest,
} from '../membership';

export const membershipEndpoints = declareArea({
  memberInfo: {
    route: 'GET /v2/member',
    access: 'holder',
    tags: ['membership'],
    summary: '我的会员：成长值、等级、距下一等级还差多少、各等级权益（套餐折扣）与最近的成长值变动（仅本人；卡号登录不是会员）',
    answer: MemberAnswer,
  },
  inviteMine: {
    route: 'GET /v2/member/invite',
    access: 'holder',
    tags: ['membership'],
    summary: '我的邀请码与邀请统计（邀请链接与二维码由页面生成）',
    answer: InviteMineAnswer,
  },
  inviteRecords: {
    route: 'GET /v2/member/invite_records',
    access: 'holder',
    tags: ['membership'],
    summary: '我的邀请记录：被邀请人（手机号打码）的进度：注册 → 绑卡 → 首单 → 奖励，失效时附原因（只含本人邀请的）',
    answer: InviteRecordsAnswer,
  },
  inviteCheck: {
    route: 'GET /v2/invite_code',
    access: 'open',
    tags: ['membership'],
    summary: '邀请码是否有效、邀请人（手机号打码）（免登录）',
    query: InviteCheckQuery,
    answer: InviteCheckAnswer,
  },
  registerUser: {
    route: 'POST /v2/bind_user',
    access: 'open',
    tags: ['membership'],
    summary: '新用户注册：手机号 + 短信验证码（purpose=register）+ 密码，可同时绑卡，邀请码记给邀请人；成功即登录（按手机号与地址限频）',
    body: RegisterRequest,
    answer: RegisterAnswer,
  },
  popularize: {
    route: 'GET /v2/popularize',
    access: 'open',
    tags: ['membership'],
    summary: '推广页：代理品牌、热门套餐（按系列），链接中的邀请码与邀请人（免登录）',
    query: PopularizeQuery,
    answer: PopularizeAnswer,
  },
});
