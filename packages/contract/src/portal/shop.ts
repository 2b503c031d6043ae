// The portal's endpoints of ../routes/shop.ts bound to who may call them and their schemas
// (../declaration.ts); ../endpoints.ts joins the areas (docs/decisions/0050-one-endpoint-registry.md).
import { bindRoutes } from '../declaration';
import * as ROUTES from '../routes/shop';
import { QrBindAnswer, QrBindRequest, QrCheckAnswer, ShopProductsAnswer, ShopProductsQuery } from '../shop';

export const shopEndpoints = bindRoutes(ROUTES, {
  shopProducts: {
    access: 'open',
    tags: ['shop'],
    summary: '代理的设备商城：在售设备（图片、频段、运营商、适用卡片、价格、库存）；品牌未开启 product_form 时为空',
    query: ShopProductsQuery,
    answer: ShopProductsAnswer,
  },
  qrBindCheck: {
    access: 'open',
    tags: ['shop'],
    summary: '包装盒二维码：绑定凭证是否可用（免登录；失败按地址限流）',
    query: QrBindRequest,
    answer: QrCheckAnswer,
  },
  qrBind: {
    access: 'holder',
    tags: ['shop'],
    summary: '包装盒二维码：凭一次性绑定凭证把卡绑定到当前账号（凭证用后作废；失败按地址限流）',
    body: QrBindRequest,
    answer: QrBindAnswer,
  },
});
