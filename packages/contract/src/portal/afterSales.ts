// The portal's endpoints of this area: route, who may call them and their schemas
// (../declaration.ts; ../routes/afterSales.ts is derived from them); ../endpoints.ts joins the areas
// (docs/decisions/0050-one-endpoint-registry.md).
import { declareArea } from '../declaration';
import { AfterSales, AfterSalesQuery, InvoiceRequestBody, RefundRequestBody } from '../afterSales';
import { commerce } from './tags';

export const afterSalesEndpoints = declareArea({
  orderAfterSales: {
    route: 'GET /v1/order/after_sales',
    access: 'holder',
    tags: commerce,
    summary: '订单的退款申请与发票申请：能否申请、为何不能、申请的状态与处理结果',
    query: AfterSalesQuery,
    answer: AfterSales,
  },
  orderRefundRequest: {
    route: 'POST /v1/order/refund_request',
    access: 'holder',
    tags: commerce,
    summary: '申请退款（未使用的套餐订单，代理规定的天数内；每个订单同时只有一个待审核申请）',
    body: RefundRequestBody,
    answer: AfterSales,
  },
  orderInvoiceRequest: {
    route: 'POST /v1/order/invoice_request',
    access: 'holder',
    tags: commerce,
    summary: '申请电子发票（抬头、单位税号、接收邮箱；每个订单一张，被驳回后可重新申请）',
    body: InvoiceRequestBody,
    answer: AfterSales,
  },
});
