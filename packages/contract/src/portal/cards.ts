// The portal's endpoints of ../routes/cards.ts bound to who may call them and their schemas
// (../declaration.ts); ../endpoints.ts joins the areas (docs/decisions/0050-one-endpoint-registry.md).
import { bindRoutes } from '../declaration';
import * as ROUTES from '../routes/cards';
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

export const cardsEndpoints = bindRoutes(ROUTES, {
  bindList: { access: 'holder', tags: cards, summary: '已绑定的卡', answer: BindListAnswer },
  bindCard: {
    access: 'holder',
    tags: cards,
    summary: '绑定卡片：须提供卡密码以证明持有该卡（失败按卡、账号、地址限次）',
    body: BindCardRequest,
    answer: BindCardAnswer,
  },
  unbindCard: { access: 'holder', tags: cards, summary: '解绑卡片', body: CardNumBody, answer: UnbindCardAnswer },
  cardInfo: { access: 'holder', tags: cards, summary: '卡片信息', query: CardNumQuery, answer: CardInfoAnswer },
  clew: { access: 'holder', tags: cards, summary: '卡片提示', query: CardNumQuery, answer: ClewAnswer },
});
