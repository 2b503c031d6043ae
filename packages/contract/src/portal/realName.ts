// The portal's endpoints of ../routes/realName.ts bound to who may call them and their schemas
// (../declaration.ts); ../endpoints.ts joins the areas (docs/decisions/0050-one-endpoint-registry.md).
import { bindRoutes } from '../declaration';
import * as ROUTES from '../routes/realName';
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

export const realNameEndpoints = bindRoutes(ROUTES, {
  realNameDataV1: {
    access: 'holder',
    tags: realName,
    summary: '卡的实名数据（运营商、实名方式、是否已实名）',
    query: CardNumQuery,
    answer: RealNameData,
  },
  realNameData: {
    access: 'holder',
    tags: realName,
    summary: '卡的实名数据（运营商、实名方式、是否已实名）',
    query: CardNumQuery,
    answer: RealNameData,
  },
  cardRealName: {
    access: 'holder',
    tags: realName,
    summary: '提交持卡人信息（姓名、身份证号、手机号）',
    body: CardRealNameRequest,
    answer: CardRealNameAnswer,
  },
  realNameStart: {
    access: 'holder',
    tags: realName,
    summary: '发起运营商实名：每次生成新的、会过期的实名链接',
    body: RealNameStartRequest,
    answer: RealNameStart,
  },
  realNameStatus: {
    access: 'holder',
    tags: realName,
    summary: '向运营商查询实名结果，已实名则更新卡状态',
    query: CardNumQuery,
    answer: RealNameStatus,
  },
  packageSeries: { access: 'holder', tags: ['package series'], summary: '卡可选的套餐系列', query: CardNumQuery, answer: SeriesAnswer },
  selectSeries: {
    access: 'holder',
    tags: ['package series'],
    summary: '多系列卡选定一个套餐系列',
    body: SelectSeriesRequest,
    answer: SelectSeriesAnswer,
  },
  changeCardInfo: {
    access: 'holder',
    tags: ['card replacement'],
    summary: '换卡状态与申请进度',
    query: CardNumQuery,
    answer: ChangeCardInfo,
  },
  changeCardContent: { access: 'holder', tags: ['card replacement'], summary: '换卡须知', query: CardNumQuery, answer: ChangeCardContent },
  changeCard: { access: 'holder', tags: ['card replacement'], summary: '提交换卡申请', body: ChangeCardRequest, answer: ChangeCardInfo },
  upload: {
    access: 'holder',
    upload: true,
    tags: ['upload'],
    summary: '上传图片（multipart/form-data，字段 file；JPG/PNG/WEBP/GIF，≤5MB）',
    answer: UploadAnswer,
  },
  uploadedFile: { access: 'holder', tags: ['upload'], summary: '取回自己上传的图片', params: UploadParams },
});
