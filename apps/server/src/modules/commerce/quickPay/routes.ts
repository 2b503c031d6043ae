import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context';
import { serve } from '../../../lib/endpoint';
import {
  cardCheck,
  quickOrder,
  quickOrderDetail,
  quickPackages,
  quickQuote,
  quickRechargeOptions,
  quickRepay,
  throttleQuick,
} from './service';

export async function quickPayRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  // no login; every call counts against the client address
  const opts = { preHandler: async (req: FastifyRequest) => throttleQuick(ctx, req.ip) };
  serve(api, 'quickCardCheck', async (req) => cardCheck(ctx, req.query.custom_num), opts);
  serve(api, 'quickPackages', async (req) => quickPackages(ctx, req.query.custom_num), opts);
  serve(api, 'quickRechargeOptions', async (req) => quickRechargeOptions(ctx, req.query.custom_num), opts);
  serve(api, 'quickQuote', async (req) => quickQuote(ctx, req.body), opts);
  serve(api, 'quickRepay', async (req) => quickRepay(ctx, req.body.order_no, req.body.access_key), opts);
  serve(api, 'quickOrder', async (req) => quickOrder(ctx, { ...req.body, client_ip: req.ip }), opts);
  serve(api, 'quickOrderDetail', async (req) => quickOrderDetail(ctx, req.query.order_no, req.query.access_key), opts);
}
