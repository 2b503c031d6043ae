// The portal's endpoints of ../routes/gifts.ts bound to who may call them and their schemas
// (../declaration.ts); ../endpoints.ts joins the areas (docs/decisions/0050-one-endpoint-registry.md).
import { bindRoutes } from '../declaration';
import * as ROUTES from '../routes/gifts';
import { GiftsAnswer } from '../gifts';
import { CardNumQuery } from '../schemas';
import { commerce } from './tags';

export const giftsEndpoints = bindRoutes(ROUTES, {
  cardGifts: {
    access: 'holder',
    tags: commerce,
    summary: '卡收到的礼品：首充等赠送余额、活动与券包赠送的优惠券，及其状态（待发放 / 已发放 / 已过期 / 已收回）与来源',
    query: CardNumQuery,
    answer: GiftsAnswer,
  },
});
