import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoint';
import { authOf } from '../auth';
import { realNameData, realNameStatus, saveCardRealName, startRealName } from './service';

export async function realNameRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  // the same data under its v1 and v2 paths (docs/spec/portal-spec.md §7)
  serve(api, 'realNameDataV1', async (req) => realNameData(ctx, authOf(req), req.query.custom_num));
  serve(api, 'realNameData', async (req) => realNameData(ctx, authOf(req), req.query.custom_num));
  serve(api, 'cardRealName', async (req) => saveCardRealName(ctx, authOf(req), req.body));
  serve(api, 'realNameStart', async (req) => startRealName(ctx, authOf(req), req.body.custom_num, req.body.return_path));
  serve(api, 'realNameStatus', async (req) => realNameStatus(ctx, authOf(req), req.query.custom_num));
}
