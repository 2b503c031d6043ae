import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { serve } from '../../../lib/endpoint';
import { authOf } from '../../auth';
import { paySettingFor } from './service';

export async function payRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'paySetting', async (req) => paySettingFor(ctx, authOf(req), req.query.custom_num));
}
