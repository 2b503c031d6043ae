import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CardNumQuery,
  CouponPackageListAnswer,
  envelope,
  Package,
  PackageDetailQuery,
  PackageListAnswer,
  RechargeOptions,
} from '@portal/contract';
import type { AppContext } from '../../../context';
import { authOf, requireAuth } from '../../auth';
import { ok } from '../../../lib/envelope';
import { couponPackageList, packageDetail, packageList, rechargeOptions } from './service';

export async function catalogueRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireAuth(ctx);
  const tags = ['commerce'];

  r.get(
    '/v1/package/list',
    { preHandler, schema: { tags, summary: '卡可购买的套餐（卡的套餐系列，按代理定价）', querystring: CardNumQuery, response: { 200: envelope(PackageListAnswer) } } },
    async (req) => ok(await packageList(ctx, authOf(req), req.query.custom_num)),
  );
  r.get(
    '/v1/package/detail',
    { preHandler, schema: { tags, summary: '套餐详情', querystring: PackageDetailQuery, response: { 200: envelope(Package) } } },
    async (req) => ok(await packageDetail(ctx, authOf(req), req.query.custom_num, req.query.package_id)),
  );
  r.get(
    '/v1/coupon_package/list',
    { preHandler, schema: { tags, summary: '券包列表', querystring: CardNumQuery, response: { 200: envelope(CouponPackageListAnswer) } } },
    async (req) => ok(await couponPackageList(ctx, authOf(req), req.query.custom_num)),
  );
  r.get(
    '/v1/recharge/options',
    { preHandler, schema: { tags, summary: '余额充值选项与首充优惠', querystring: CardNumQuery, response: { 200: envelope(RechargeOptions) } } },
    async (req) => ok(await rechargeOptions(ctx, authOf(req), req.query.custom_num)),
  );
}
