// The portal's endpoints of this area: route, who may call them and their schemas
// (../declaration.ts; ../routes/shop.ts is derived from them); ../endpoints.ts joins the areas
// (docs/decisions/0050-one-endpoint-registry.md).
import { declareArea } from '../declaration';
import { QrBindAnswer, QrBindRequest, QrCheckAnswer, ShopProductsAnswer, ShopProductsQuery } from '../shop';

export const shopEndpoints = declareArea({
  shopProducts: {
    route: 'GET /v2/shop/products',
    access: 'open',
    tags: ['shop'],
    summary: '代理的设备商城：在售设备（图片、频段、运营商、适用卡片、价格、库存）；品牌未开启 product_form 时为空',
    query: ShopProductsQuery,
    answer: ShopProductsAnswer,
  },
  qrBindCheck: {
    route: 'GET /v2/qr_code_login/check',
    access: 'open',
    tags: ['shop'],
    summary: '包装盒二维码：绑定凭证是否可用（免登录；失败按地址限流）',
    query: QrBindRequest,
    answer: QrCheckAnswer,
  },
  qrBind: {
    route: 'POST /v2/qr_code_login/bind',
    access: 'holder',
    tags: ['shop'],
    summary: '包装盒二维码：凭一次性绑定凭证把卡绑定到当前账号（凭证用后作废；失败按地址限流）',
    body: QrBindRequest,
    answer: QrBindAnswer,
  },
});
