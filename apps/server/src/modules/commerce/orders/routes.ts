import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { serve } from '../../../lib/endpoint';
import { authOf } from '../../auth';
import { quote } from './pricing';
import { closeOrder, createOrder, orderDetail, orderList, repayOrder } from './service';

export async function orderRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'orderQuote', async (req) => quote(ctx, authOf(req), req.body));
  serve(api, 'orderCreate', async (req) => createOrder(ctx, authOf(req), { ...req.body, client_ip: req.ip }));
  serve(api, 'orderDetail', async (req) => orderDetail(ctx, authOf(req), req.query.order_no));
  serve(api, 'orderList', async (req) => orderList(ctx, authOf(req), req.query));
  serve(api, 'orderRepay', async (req) => repayOrder(ctx, authOf(req), req.body.order_no));
  serve(api, 'orderClose', async (req) => closeOrder(ctx, authOf(req), req.body.order_no));
}
