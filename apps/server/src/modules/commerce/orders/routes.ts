import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CloseOrderRequest, CreateOrderAnswer, CreateOrderRequest, envelope, Order, OrderListAnswer, OrderListQuery, OrderNoQuery, Quote, QuoteRequest, RepayOrderRequest } from '@portal/contract';
import type { AppContext } from '../../../context';
import { authOf, requireAuth } from '../../auth';
import { ok } from '../../../lib/envelope';
import { closeOrder, createOrder, orderDetail, orderList, quote, repayOrder } from './service';

export async function orderRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireAuth(ctx);
  const tags = ['commerce'];
  r.post(
    '/v1/order/quote',
    { preHandler, schema: { tags, summary: '订单报价：总价、优惠、应付与可用支付方式（服务端计价）', body: QuoteRequest, response: { 200: envelope(Quote) } } },
    async (req) => ok(await quote(ctx, authOf(req), req.body)),
  );
  r.post(
    '/v1/order/create',
    {
      preHandler,
      schema: { tags, summary: '创建订单并发起支付（相同 request_id 返回同一订单）', body: CreateOrderRequest, response: { 200: envelope(CreateOrderAnswer) } },
    },
    async (req) => ok(await createOrder(ctx, authOf(req), req.body)),
  );
  r.get(
    '/v1/order/detail',
    { preHandler, schema: { tags, summary: '订单详情（待支付时向支付网关查询结果）', querystring: OrderNoQuery, response: { 200: envelope(Order) } } },
    async (req) => ok(await orderDetail(ctx, authOf(req), req.query.order_no)),
  );
  r.get(
    '/v1/order/list',
    { preHandler, schema: { tags, summary: '卡的订单记录', querystring: OrderListQuery, response: { 200: envelope(OrderListAnswer) } } },
    async (req) => ok(await orderList(ctx, authOf(req), req.query.custom_num, req.query.page)),
  );
  r.post(
    '/v1/order/repay',
    {
      preHandler,
      schema: { tags, summary: '继续支付待支付订单（先向网关核实，仍待支付时回到原收银台）', body: RepayOrderRequest, response: { 200: envelope(CreateOrderAnswer) } },
    },
    async (req) => ok(await repayOrder(ctx, authOf(req), req.body.order_no)),
  );
  r.post(
    '/v1/order/close',
    { preHandler, schema: { tags, summary: '关闭待支付订单（退回优惠券）', body: CloseOrderRequest, response: { 200: envelope(Order) } } },
    async (req) => ok(await closeOrder(ctx, authOf(req), req.body.order_no)),
  );
}
