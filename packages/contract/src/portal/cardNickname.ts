// The portal's endpoints of this area: route, who may call them and their schemas
// (../declaration.ts; ../routes/cardNickname.ts is derived from them); ../endpoints.ts joins the areas
// (docs/decisions/0050-one-endpoint-registry.md).
import { declareArea } from '../declaration';
import { CardNicknameAnswer, CardNicknameRequest } from '../schemas';
import { cards } from './tags';

export const cardNicknameEndpoints = declareArea({
  cardNickname: {
    route: 'POST /v1/card/nickname',
    access: 'holder',
    tags: cards,
    summary: '设置、修改或清除卡片备注名（仅自己可见）',
    body: CardNicknameRequest,
    answer: CardNicknameAnswer,
  },
});
