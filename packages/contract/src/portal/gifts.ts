// The portal's endpoints of this area: route, who may call them and their schemas
// (../declaration.ts; ../routes/gifts.ts is derived from them); ../endpoints.ts joins the areas
// (docs/decisions/0050-one-endpoint-registry.md).
import { declareArea } from '../declaration';
import { GiftsAnswer } from '../gifts';
import { CardNumQuery } from '../schemas';
import { commerce } from './tags';

export const giftsEndpoints = declareArea({
  cardGifts: {
    route: 'GET /v1/card/gifts',
    access: 'holder',
    tags: commerce,
    summary: '卡收到的礼品：首充等赠送余额、活动与券包赠送的优惠券，及其状态（待发放 / 已发放 / 已过期 / 已收回）与来源',
    query: CardNumQuery,
    answer: GiftsAnswer,
  },
});
