import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { serve } from '../../../lib/endpoint';
import { authOf } from '../../auth';
import { upgradeOptions, upgradeQuote } from './service';

export async function upgradeRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'upgradeOptions', async (req) => upgradeOptions(ctx, authOf(req), req.query.custom_num));
  serve(api, 'upgradeQuote', async (req) => upgradeQuote(ctx, authOf(req), req.query.custom_num, req.query.package_id));
}
