import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, UsableVoucherQuery, VoucherListAnswer, VoucherListQuery } from '@portal/contract';
import type { AppContext } from '../../../context';
import { authOf, requireAuth } from '../../auth';
import { ok } from '../../../lib/envelope';
import { usableVouchers, voucherList } from './service';

export async function voucherRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireAuth(ctx);
  r.get(
    '/v1/voucher/list',
    { preHandler, schema: { tags: ['commerce'], summary: '卡的优惠券（可用 / 已失效）', querystring: VoucherListQuery, response: { 200: envelope(VoucherListAnswer) } } },
    async (req) => ok(await voucherList(ctx, authOf(req), req.query.custom_num, req.query.status)),
  );
  r.get(
    '/v1/voucher/usable',
    { preHandler, schema: { tags: ['commerce'], summary: '当前可用于该套餐的优惠券（最优在前）', querystring: UsableVoucherQuery, response: { 200: envelope(VoucherListAnswer) } } },
    async (req) => ok(await usableVouchers(ctx, authOf(req), req.query.custom_num, req.query.package_id)),
  );
}
