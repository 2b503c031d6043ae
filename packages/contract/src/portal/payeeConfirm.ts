// The portal's endpoints of this area: route, who may call them and their schemas
// (../declaration.ts; ../routes/payeeConfirm.ts is derived from them); ../endpoints.ts joins the areas
// (docs/decisions/0050-one-endpoint-registry.md).
import { declareArea } from '../declaration';
import { PayeeConfirmAnswer, PayeeConfirmQuery } from '../payeeConfirm';

export const payeeConfirmEndpoints = declareArea({
  payeeConfirmShow: {
    route: 'GET /v2/payee_confirm',
    access: 'open',
    tags: ['agent'],
    summary: '代理收款人确认收款页：金额、代理、收款人（打码）与调起微信确认收款所需参数（免登录，凭收款链接；按地址限流）',
    query: PayeeConfirmQuery,
    answer: PayeeConfirmAnswer,
  },
  payeeConfirmCheck: {
    route: 'POST /v2/payee_confirm/check',
    access: 'open',
    tags: ['agent'],
    summary: '收款人在微信中确认后：服务器向微信支付查询转账单并记录结果（免登录，凭收款链接；按地址与链接限流）',
    body: PayeeConfirmQuery,
    answer: PayeeConfirmAnswer,
  },
});
