// The portal's endpoints of ../routes/cardNickname.ts bound to who may call them and their schemas
// (../declaration.ts); ../endpoints.ts joins the areas (docs/decisions/0050-one-endpoint-registry.md).
import { bindRoutes } from '../declaration';
import * as ROUTES from '../routes/cardNickname';
import { CardNicknameAnswer, CardNicknameRequest } from '../schemas';
import { cards } from './tags';

export const cardNicknameEndpoints = bindRoutes(ROUTES, {
  cardNickname: {
    access: 'holder',
    tags: cards,
    summary: '设置、修改或清除卡片备注名（仅自己可见）',
    body: CardNicknameRequest,
    answer: CardNicknameAnswer,
  },
});
