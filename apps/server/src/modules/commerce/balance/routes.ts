import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { serve } from '../../../lib/endpoint';
import { authOf } from '../../auth';
import { balanceLedger } from './service';

export async function balanceRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'balanceLedger', async (req) =>
    balanceLedger(ctx, authOf(req), req.query.custom_num, req.query.direction, req.query.before_id),
  );
}
