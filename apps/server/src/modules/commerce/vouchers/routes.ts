import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { serve } from '../../../lib/endpoint';
import { authOf } from '../../auth';
import { usableVouchers, voucherList } from './service';

export async function voucherRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'voucherList', async (req) => voucherList(ctx, authOf(req), req.query.custom_num, req.query.status));
  serve(api, 'usableVouchers', async (req) => usableVouchers(ctx, authOf(req), req.query.custom_num, req.query.package_id));
}
