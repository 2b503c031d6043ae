import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BalanceLedgerAnswer, CardNumQuery, envelope } from '@portal/contract';
import type { AppContext } from '../../../context';
import { authOf, requireAuth } from '../../auth';
import { ok } from '../../../lib/envelope';
import { balanceLedger } from './service';

export async function balanceRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v1/balance/ledger',
    {
      preHandler: requireAuth(ctx),
      schema: { tags: ['commerce'], summary: '余额与余额明细（最近100条）', querystring: CardNumQuery, response: { 200: envelope(BalanceLedgerAnswer) } },
    },
    async (req) => ok(await balanceLedger(ctx, authOf(req), req.query.custom_num)),
  );
}
