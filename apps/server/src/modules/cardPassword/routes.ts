import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoint';
import { authOf } from '../auth';
import { bindCheck, hasPassword, resetCardPassword, sendCardPasswordCode } from './service';

export async function cardPasswordRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'hasPassword', async (req) => hasPassword(ctx, authOf(req), req.query.custom_num));
  serve(api, 'bindCheck', async (req) => bindCheck(ctx, authOf(req), req.query.custom_num));
  // open: a forgotten card password is reset by an SMS code to the card's bound mobile
  serve(api, 'cardPasswordSms', async (req) => sendCardPasswordCode(ctx, req.body.custom_num, req.ip));
  serve(api, 'cardPasswordReset', async (req) => resetCardPassword(ctx, req.body, req.ip));
}
