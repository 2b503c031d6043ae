// The portal's endpoints of this area: route, who may call them and their schemas
// (../declaration.ts; ../routes/cards.ts is derived from them); ../endpoints.ts joins the areas
// (docs/decisions/0050-one-endpoint-registry.md).
import { declareArea } from '../declaration';
import {
  BindCardAnswer,
  BindCardRequest,
  BindListAnswer,
  CardInfoAnswer,
  CardNumBody,
  CardNumQuery,
  ClewAnswer,
  UnbindCardAnswer,
} from '../schemas';
import { cards } from './tags';

export const cardsEndpoints = declareArea({
  bindList: { route: 'GET /v1/card/bind_list', access: 'holder', tags: cards, summary: '已绑定的卡', answer: BindListAnswer },
  bindCard: {
    route: 'POST /v1/card/bind',
    access: 'holder',
    tags: cards,
    summary: '绑定卡片：须提供卡密码以证明持有该卡（失败按卡、账号、地址限次）',
    body: BindCardRequest,
    answer: BindCardAnswer,
  },
  unbindCard: {
    route: 'POST /v1/card/unbind',
    access: 'holder',
    tags: cards,
    summary: '解绑卡片',
    body: CardNumBody,
    answer: UnbindCardAnswer,
  },
  cardInfo: { route: 'GET /v2/card/info', access: 'holder', tags: cards, summary: '卡片信息', query: CardNumQuery, answer: CardInfoAnswer },
  clew: { route: 'GET /v1/card/clew', access: 'holder', tags: cards, summary: '卡片提示', query: CardNumQuery, answer: ClewAnswer },
});
