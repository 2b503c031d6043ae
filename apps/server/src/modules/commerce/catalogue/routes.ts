import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { serve } from '../../../lib/endpoint';
import { authOf } from '../../auth';
import { couponPackageList, packageDetail, packageList, rechargeOptions } from './service';

export async function catalogueRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'packageList', async (req) => packageList(ctx, authOf(req), req.query.custom_num));
  serve(api, 'packageDetail', async (req) => packageDetail(ctx, authOf(req), req.query.custom_num, req.query.package_id));
  serve(api, 'couponPackageList', async (req) => couponPackageList(ctx, authOf(req), req.query.custom_num));
  serve(api, 'rechargeOptions', async (req) => rechargeOptions(ctx, authOf(req), req.query.custom_num));
}
