import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { serve } from '../../../lib/endpoint';
import { authOf } from '../../auth';
import { afterSalesOf, requestInvoice, requestRefund } from './service';

export async function afterSalesRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'orderAfterSales', async (req) => afterSalesOf(ctx, authOf(req), req.query.order_no));
  serve(api, 'orderRefundRequest', async (req) => requestRefund(ctx, authOf(req), req.body));
  serve(api, 'orderInvoiceRequest', async (req) => requestInvoice(ctx, authOf(req), req.body));
}
