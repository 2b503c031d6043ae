// The portal's endpoints of this area: route, who may call them and their schemas
// (../declaration.ts; ../routes/realName.ts is derived from them); ../endpoints.ts joins the areas
// (docs/decisions/0050-one-endpoint-registry.md).
import { declareArea } from '../declaration';
import {
  CardRealNameAnswer,
  CardRealNameRequest,
  ChangeCardContent,
  ChangeCardInfo,
  ChangeCardRequest,
  RealNameData,
  RealNameStart,
  RealNameStartRequest,
  RealNameStatus,
  SelectSeriesAnswer,
  SelectSeriesRequest,
  SeriesAnswer,
  UploadAnswer,
  UploadParams,
} from '../realName';
import { CardNumQuery } from '../schemas';
import { realName } from './tags';

export const realNameEndpoints = declareArea({
  realNameDataV1: {
    route: 'GET /v1/user/real_name_recharge',
    access: 'holder',
    tags: realName,
    summary: '卡的实名数据（运营商、实名方式、是否已实名）',
    query: CardNumQuery,
    answer: RealNameData,
  },
  realNameData: {
    route: 'GET /v2/real_name_recharge',
    access: 'holder',
    tags: realName,
    summary: '卡的实名数据（运营商、实名方式、是否已实名）',
    query: CardNumQuery,
    answer: RealNameData,
  },
  cardRealName: {
    route: 'POST /v1/user/card_real_name',
    access: 'holder',
    tags: realName,
    summary: '提交持卡人信息（姓名、身份证号、手机号）',
    body: CardRealNameRequest,
    answer: CardRealNameAnswer,
  },
  realNameStart: {
    route: 'POST /v1/real_name/start',
    access: 'holder',
    tags: realName,
    summary: '发起运营商实名：每次生成新的、会过期的实名链接',
    body: RealNameStartRequest,
    answer: RealNameStart,
  },
  realNameStatus: {
    route: 'GET /v1/real_name/status',
    access: 'holder',
    tags: realName,
    summary: '向运营商查询实名结果，已实名则更新卡状态',
    query: CardNumQuery,
    answer: RealNameStatus,
  },
  packageSeries: {
    route: 'GET /v1/package/series',
    access: 'holder',
    tags: ['package series'],
    summary: '卡可选的套餐系列',
    query: CardNumQuery,
    answer: SeriesAnswer,
  },
  selectSeries: {
    route: 'POST /v1/card/select_series',
    access: 'holder',
    tags: ['package series'],
    summary: '多系列卡选定一个套餐系列',
    body: SelectSeriesRequest,
    answer: SelectSeriesAnswer,
  },
  changeCardInfo: {
    route: 'GET /v1/card/change_card_info',
    access: 'holder',
    tags: ['card replacement'],
    summary: '换卡状态与申请进度',
    query: CardNumQuery,
    answer: ChangeCardInfo,
  },
  changeCardContent: {
    route: 'GET /v2/overt/change_card_content',
    access: 'holder',
    tags: ['card replacement'],
    summary: '换卡须知',
    query: CardNumQuery,
    answer: ChangeCardContent,
  },
  changeCard: {
    route: 'POST /v1/card/change_card',
    access: 'holder',
    tags: ['card replacement'],
    summary: '提交换卡申请',
    body: ChangeCardRequest,
    answer: ChangeCardInfo,
  },
  upload: {
    route: 'POST /v1/upload',
    access: 'holder',
    upload: true,
    tags: ['upload'],
    summary: '上传图片（multipart/form-data，字段 file；JPG/PNG/WEBP/GIF，≤5MB）',
    answer: UploadAnswer,
  },
  uploadedFile: { route: 'GET /v1/upload/:id', access: 'holder', tags: ['upload'], summary: '取回自己上传的图片', params: UploadParams },
});
