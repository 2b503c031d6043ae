import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CardNumQuery,
  envelope,
  Order,
  PackageListAnswer,
  QuickCardCheck,
  QuickOrderAnswer,
  QuickOrderQuery,
  QuickOrderRequest,
  QuickQuoteRequest,
  QuickRepayRequest,
  Quote,
  QuickVoucherQuery,
  VoucherListAnswer,
  CreateOrderAnswer,
} from '@portal/contract';
import type { AppContext } from '../../../context';
import { ok } from '../../../lib/envelope';
import { cardCheck, quickOrder, quickOrderDetail, quickPackages, quickQuote, quickRepay, quickVouchers, throttleQuick } from './service';

export async function quickPayRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const tags = ['commerce'];
  // no login; every call counts against the client address
  const preHandler = async (req: FastifyRequest) => throttleQuick(ctx, req.ip);
  r.get(
    '/v1/quick/card_check',
    { preHandler, schema: { tags, summary: '免登录支付：卡号校验', querystring: CardNumQuery, response: { 200: envelope(QuickCardCheck) } } },
    async (req) => ok(await cardCheck(ctx, req.query.custom_num)),
  );
  r.get(
    '/v1/quick/packages',
    { preHandler, schema: { tags, summary: '免登录支付：可购买套餐', querystring: CardNumQuery, response: { 200: envelope(PackageListAnswer) } } },
    async (req) => ok(await quickPackages(ctx, req.query.custom_num)),
  );
  r.get(
    '/v1/quick/vouchers',
    { preHandler, schema: { tags, summary: '免登录支付：该卡可用于该套餐的优惠券', querystring: QuickVoucherQuery, response: { 200: envelope(VoucherListAnswer) } } },
    async (req) => ok(await quickVouchers(ctx, req.query.custom_num, req.query.package_id)),
  );
  r.post(
    '/v1/quick/quote',
    { preHandler, schema: { tags, summary: '免登录支付：报价与可用支付方式（不含余额支付）', body: QuickQuoteRequest, response: { 200: envelope(Quote) } } },
    async (req) => ok(await quickQuote(ctx, req.body)),
  );
  r.post(
    '/v1/quick/repay',
    { preHandler, schema: { tags, summary: '免登录支付：凭访问凭证继续支付待支付订单', body: QuickRepayRequest, response: { 200: envelope(CreateOrderAnswer) } } },
    async (req) => ok(await quickRepay(ctx, req.body.order_no, req.body.access_key)),
  );
  r.post(
    '/v1/quick/order',
    { preHandler, schema: { tags, summary: '免登录支付：下单（返回订单访问凭证）', body: QuickOrderRequest, response: { 200: envelope(QuickOrderAnswer) } } },
    async (req) => ok(await quickOrder(ctx, req.body)),
  );
  r.get(
    '/v1/quick/order',
    { preHandler, schema: { tags, summary: '免登录支付：凭访问凭证查询订单', querystring: QuickOrderQuery, response: { 200: envelope(Order) } } },
    async (req) => ok(await quickOrderDetail(ctx, req.query.order_no, req.query.access_key)),
  );
}
