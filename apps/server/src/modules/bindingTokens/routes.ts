import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoint';
import { authOf } from '../auth';
import { bindByBoxToken, checkBoxToken } from './service';

export async function bindingTokensRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'qrBindCheck', async (req) => checkBoxToken(ctx, req.query.custom_num, req.query.token, req.ip));
  serve(api, 'qrBind', async (req) => bindByBoxToken(ctx, authOf(req), req.body.custom_num, req.body.token, req.ip));
}
